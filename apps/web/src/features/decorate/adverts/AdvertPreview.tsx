import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { ADVERT_POSITIONS, type AdvertPosition } from '@health/contract';
import { DECORATE_NS } from '../locales';

/** The app screen's width in CSS px (an iPhone 8's): the frame is this wide. */
export const PHONE_WIDTH = 375;

/** The slot's image at its position's aspect ratio (or an empty box saying what to do). */
function Slot({
  position,
  image,
  title,
  style,
}: {
  position: AdvertPosition;
  image: string;
  title: string;
  style?: CSSProperties;
}) {
  const { t } = useTranslation(DECORATE_NS);
  const { width, height } = ADVERT_POSITIONS[position];
  return (
    <div
      className={`advert-phone-slot${image ? '' : ' advert-phone-slot-empty'}`}
      style={{ aspectRatio: `${width} / ${height}`, ...style }}
      data-testid="advert-preview-slot"
    >
      {image ? (
        <img src={image} alt={title} translate="no" />
      ) : (
        <span>{t('advert.previewEmpty')}</span>
      )}
    </div>
  );
}

/** Grey bars standing for the rest of the app's screen around the slot. */
function Filler({ rows }: { rows: number }) {
  return (
    <div className="advert-phone-filler" aria-hidden>
      <div className="advert-phone-icons">
        {Array.from({ length: 4 }, (_, i) => (
          <i key={i} />
        ))}
      </div>
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="advert-phone-card">
          <i />
          <span>
            <b />
            <b />
          </span>
        </div>
      ))}
    </div>
  );
}

function TitleBar({ children }: { children: string }) {
  return <div className="advert-phone-title">{children}</div>;
}

/**
 * How a slot looks in the member app at its position: a phone frame 375 px wide with the image at
 * the position's aspect ratio — the whole splash screen, the pop-up over the dimmed home page, or
 * the banner at the top of the home, mall or video page.
 */
export function AdvertPreview({
  position,
  image,
  title,
}: {
  position: AdvertPosition;
  image: string;
  title: string;
}) {
  const { t } = useTranslation(DECORATE_NS);
  const slot = <Slot position={position} image={image} title={title} />;
  let screen;
  switch (position) {
    case 'splash':
      screen = (
        <div className="advert-phone-splash">
          {slot}
          <span className="advert-phone-skip">{t('advert.phone.skip')}</span>
        </div>
      );
      break;
    case 'home_popup':
      screen = (
        <div className="advert-phone-popup-screen">
          <TitleBar>{t('advert.phone.home')}</TitleBar>
          <Filler rows={4} />
          <div className="advert-phone-mask">
            <Slot position={position} image={image} title={title} style={{ width: '75%' }} />
            <span className="advert-phone-close" aria-label={t('advert.phone.close')}>
              ×
            </span>
          </div>
        </div>
      );
      break;
    default:
      screen = (
        <>
          <TitleBar>
            {t(
              position === 'mall_carousel'
                ? 'advert.phone.mall'
                : position === 'video_banner'
                  ? 'advert.phone.videos'
                  : 'advert.phone.home',
            )}
          </TitleBar>
          <div className="advert-phone-banner">
            {slot}
            {position !== 'video_banner' && (
              <div className="advert-phone-dots" aria-hidden>
                <i className="active" />
                <i />
                <i />
              </div>
            )}
          </div>
          <Filler rows={3} />
        </>
      );
  }
  return (
    <figure className="advert-preview" data-testid="advert-preview">
      <figcaption>
        {t('advert.previewOf', { position: t(`advert.positions.${position}`) })}
      </figcaption>
      <div className={`advert-phone advert-phone-${position}`} style={{ width: PHONE_WIDTH }}>
        {screen}
      </div>
    </figure>
  );
}
