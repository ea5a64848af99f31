import { useMemo } from 'react';
import { Alert, Button, Empty, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDate, thousands, type HomeOverview } from '@health/contract';
import { LinkButton } from '../../../shared/components/LinkButton';
import { localMessage } from '../../../shared/i18n';
import { usePermissionStore } from '../../../shared/stores/permission';
import { useHomeOverview } from './api';
import { pivotTrend } from './trend';
import { Headlines } from './components/Headlines';
import { TodoList } from './components/TodoList';
import TrendChart from './components/TrendChart';
import './overview.css';

// The landing page is budgeted (issue 16: ≤ 400 KB gzip with the shell), so its cards are plain
// markup and CSS rather than antd Card/Statistic/Typography, and its trend chart is a small SVG.

type Kpi = HomeOverview['kpis'][number];

function KpiCard({ kpi }: { kpi: Kpi }) {
  const { t } = useTranslation();
  const title = t(`home.kpi.${kpi.key}`, { defaultValue: kpi.title });
  const canOpen = usePermissionStore(
    (s) => !!kpi.link && s.routes.some((r) => r.path === kpi.link),
  );
  return (
    <li className="panel kpi-card" data-testid={`kpi-${kpi.key}`} aria-label={title}>
      <h2 className="kpi-head">
        <span>{title}</span>
        {canOpen && kpi.link && (
          <LinkButton to={kpi.link} size="small" aria-label={t('home.open', { title })}>
            {t('home.view')}
          </LinkButton>
        )}
      </h2>
      <div className="kpi-label">{t('home.today')}</div>
      <div className="kpi-today">{thousands(kpi.today)}</div>
      <div className="kpi-week">
        {t('home.last7Days')}: {thousands(kpi.last7Days)}
      </div>
    </li>
  );
}

/** /sysset_home/basic: today's and 7-day KPIs and a 7-day trend, exactly what the server returns. */
export default function OverviewPage() {
  const { t, i18n } = useTranslation();
  const overview = useHomeOverview();
  const language = i18n.language;
  // The series are named by the server (in Chinese): shown in the current language.
  const trend = useMemo(() => {
    const pivoted = pivotTrend(overview.data?.trend ?? []);
    const series = pivoted.series.map((s) => ({ ...s, name: localMessage(s.name) }));
    return { ...pivoted, series, language };
  }, [overview.data, language]);
  const routes = usePermissionStore((s) => s.routes);
  const canOpen = (path: string) => routes.some((r) => r.path === path);

  if (overview.isPending) {
    return (
      <div aria-busy="true" data-testid="overview-loading">
        <ul className="overview-kpis">
          {[0, 1, 2, 3].map((i) => (
            <li key={i} className="panel kpi-card">
              <Skeleton active paragraph={{ rows: 2 }} />
            </li>
          ))}
        </ul>
        <section className="panel panel-body">
          <Skeleton active paragraph={{ rows: 6 }} />
        </section>
      </div>
    );
  }

  if (overview.isError) {
    return (
      <Alert
        type="error"
        showIcon
        message={t('home.loadError')}
        description={localMessage(overview.error.message)}
        action={
          <Button onClick={() => void overview.refetch()} loading={overview.isFetching}>
            {t('common.retry')}
          </Button>
        }
      />
    );
  }

  const { headlines, kpis, todos, generatedAt } = overview.data;
  if (
    headlines.length === 0 &&
    kpis.length === 0 &&
    todos.length === 0 &&
    trend.dates.length === 0
  ) {
    return (
      <section className="panel panel-body">
        <Empty description={t('home.empty')} />
      </section>
    );
  }

  return (
    <div>
      <p className="overview-meta">{t('home.generatedAt', { time: formatDate(generatedAt) })}</p>
      <Headlines headlines={headlines} canOpen={canOpen} />
      {kpis.length > 0 && headlines.length > 0 && (
        <h2 className="overview-section-title">{t('home.activity')}</h2>
      )}
      {kpis.length > 0 && (
        <ul className="overview-kpis">
          {kpis.map((kpi) => (
            <KpiCard key={kpi.key} kpi={kpi} />
          ))}
        </ul>
      )}
      <TodoList todos={todos} canOpen={canOpen} />
      {trend.dates.length > 0 && (
        <section className="panel" aria-labelledby="overview-trend">
          <h2 className="panel-head" id="overview-trend">
            {t('home.trend')}
          </h2>
          <div className="panel-body" style={{ minHeight: 340 }}>
            <TrendChart
              dates={trend.dates}
              series={trend.series}
              label={t('home.chartLabel')}
              dateLabel={t('home.date')}
            />
          </div>
        </section>
      )}
    </div>
  );
}
