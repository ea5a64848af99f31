import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { changeRatio, thousands, type HomeHeadline } from '@health/contract';
import { LinkButton } from '../../../../shared/components/LinkButton';

/** "↑12.5%" / "↓3%" / "持平" against yesterday at the same time; "—" when yesterday had none. */
function useChangeText() {
  const { t } = useTranslation();
  return (value: number, previous: number) => {
    const ratio = changeRatio(value, previous);
    if (ratio === null) return { text: t('home.headline.noPrevious'), tone: '' };
    if (ratio === 0) return { text: t('home.headline.same'), tone: '' };
    // changeRatio is already in percent, to one decimal.
    const pct = Math.abs(ratio);
    return ratio > 0
      ? { text: t('home.headline.up', { pct }), tone: 'headline-up' }
      : { text: t('home.headline.down', { pct }), tone: 'headline-down' };
  };
}

/**
 * The business today (统计中心's glossary): a card per headline metric the operator may read, its
 * value with yesterday up to the same time, its definition on hover, a line of its parts or of
 * what waits, and a link to its statistics page. Plain markup: the landing page is budgeted.
 */
export function Headlines({
  headlines,
  canOpen,
}: {
  headlines: HomeHeadline[];
  canOpen: (path: string) => boolean;
}) {
  const { t, i18n } = useTranslation();
  const en = i18n.language === 'en-US';
  const change = useChangeText();
  if (headlines.length === 0) return null;
  return (
    <section aria-labelledby="overview-headlines" className="overview-headlines">
      <h2 className="overview-section-title" id="overview-headlines">
        {t('home.headline.title')}
      </h2>
      <ul className="overview-kpis">
        {headlines.map((h) => {
          const name = en ? h.nameEn : h.name;
          const unit = en ? h.unitEn : h.unit;
          const { text, tone } = change(h.value, h.previous);
          return (
            <li key={h.key} className="panel kpi-card" data-testid={`headline-${h.key}`}>
              <h3 className="kpi-head">
                <span title={en ? h.definitionEn : h.definition} className="headline-name">
                  {name}
                </span>
                {canOpen(h.link) && (
                  <LinkButton to={h.link} size="small" aria-label={t('home.open', { title: name })}>
                    {t('home.view')}
                  </LinkButton>
                )}
              </h3>
              <div className="kpi-today">
                {thousands(h.value)}
                {unit && <span className="headline-unit">{unit}</span>}
              </div>
              <div className={`headline-change ${tone}`}>{text}</div>
              {h.details.length > 0 && (
                <div className="kpi-week headline-details">
                  {h.details.map((d) => {
                    const body = (
                      <>
                        {en ? d.labelEn : d.label} <b>{thousands(d.value)}</b>
                      </>
                    );
                    return (
                      <span key={d.key} data-testid={`headline-${h.key}-${d.key}`}>
                        {d.link && canOpen(d.link) ? (
                          <Link
                            className="headline-detail-link"
                            to={d.query ? `${d.link}?${d.query}` : d.link}
                          >
                            {body}
                          </Link>
                        ) : (
                          body
                        )}
                      </span>
                    );
                  })}
                </div>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
