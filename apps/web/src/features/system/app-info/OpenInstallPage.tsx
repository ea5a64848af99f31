import { useEffect, useState } from 'react';
import { Alert, Button, Result, Skeleton, Tag } from 'antd';
import { AndroidFilled, AppleFilled, DownloadOutlined, MobileOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  APP_PLATFORMS,
  appPlatformOf,
  type AppPlatform,
  type PublicAppPlatform,
} from '@health/contract';
import { localMessage } from '../../../shared/i18n/messages';
import { LanguageSwitch } from '../../../shared/i18n/LanguageSwitch';
import { useSettingsStore } from '../../../shared/stores/settings';
import { fetchAppInfo } from './api';
import { APP_INFO_NS } from './locales';
import './open-install.css';
import { usePublicLoad } from '../../../shared/hooks/use-public-load';

const PLATFORM_ICONS = { android: <AndroidFilled />, ios: <AppleFilled /> };

/** The visitor's platform, once: a phone's user agent does not change while the page is open. */
function visitorPlatform(): AppPlatform | null {
  if (typeof navigator === 'undefined') return null;
  return appPlatformOf(navigator.userAgent, navigator.maxTouchPoints);
}

/**
 * /openinstall (public, outside the layout, no login): the app download page of APP配置. A phone
 * sees its own platform first with the download button; the other platform follows with a QR code
 * to scan with that phone. A desktop sees both, each with its button and QR code. A platform
 * without a download link says so instead of offering a dead button.
 */
export default function OpenInstallPage() {
  const { t } = useTranslation(APP_INFO_NS);
  const productTitle = useSettingsStore((s) => s.title);
  const [state, retry] = usePublicLoad(fetchAppInfo);
  const [mine] = useState(visitorPlatform);
  // An icon that does not load (a removed upload, a dead link) gives way to the default one.
  const [iconFailed, setIconFailed] = useState(false);
  const inWeChat = typeof navigator !== 'undefined' && /MicroMessenger/i.test(navigator.userAgent);

  const appName = state.kind === 'ok' ? state.value.appName : '';
  useEffect(() => {
    if (appName) document.title = `${t('pageTitle', { appName })} - ${productTitle}`;
  }, [appName, productTitle, t]);

  let body;
  if (state.kind === 'loading') {
    body = (
      <div className="open-install-card">
        <Skeleton active avatar paragraph={{ rows: 4 }} aria-label={t('loading')} />
      </div>
    );
  } else if (state.kind === 'error') {
    body = (
      <Result
        status="error"
        title={t('error')}
        subTitle={localMessage(state.msg)}
        extra={
          <Button type="primary" onClick={retry}>
            {t('retry')}
          </Button>
        }
      />
    );
  } else {
    const info = state.value;
    // The visitor's platform first; on a desktop both, in the usual order.
    const order = mine ? [mine, ...APP_PLATFORMS.filter((p) => p !== mine)] : [...APP_PLATFORMS];
    body = (
      <>
        <header className="open-install-head">
          {info.appIcon && !iconFailed ? (
            <img
              className="open-install-icon"
              src={info.appIcon}
              alt=""
              onError={() => setIconFailed(true)}
            />
          ) : (
            <span className="open-install-icon open-install-icon-default" aria-hidden>
              <MobileOutlined />
            </span>
          )}
          <h1>{info.appName}</h1>
          <p>{t('tagline')}</p>
        </header>
        {inWeChat && <Alert type="warning" showIcon message={t('wechat')} />}
        <div className={`open-install-platforms${mine ? '' : ' is-desktop'}`}>
          {order.map((platform) => (
            <PlatformCard
              key={platform}
              platform={platform}
              info={info[platform]}
              mine={platform === mine}
              // A phone scans the other platform's code; a desktop offers both codes.
              showQr={platform !== mine}
              primary={!mine || platform === mine}
            />
          ))}
        </div>
      </>
    );
  }

  return (
    <main className="open-install">
      <div className="open-install-top">
        <LanguageSwitch />
      </div>
      <div className="open-install-body">{body}</div>
    </main>
  );
}

function PlatformCard({
  platform,
  info,
  mine,
  showQr,
  primary,
}: {
  platform: AppPlatform;
  info: PublicAppPlatform;
  mine: boolean;
  showQr: boolean;
  primary: boolean;
}) {
  const { t } = useTranslation(APP_INFO_NS);
  const headingId = `open-install-${platform}`;
  return (
    <section
      className={`open-install-card${mine ? ' is-mine' : ''}`}
      aria-labelledby={headingId}
      data-testid={`platform-${platform}`}
    >
      <div className="open-install-card-head">
        <span className="open-install-platform-icon">{PLATFORM_ICONS[platform]}</span>
        <h2 id={headingId}>{t(platform)}</h2>
        {mine && <Tag color="blue">{t('yourDevice')}</Tag>}
      </div>
      <div className="open-install-version">
        {t('latestVersion', { version: info.latestVersion })}
      </div>
      {info.downloadUrl ? (
        <Button
          type={primary ? 'primary' : 'default'}
          size="large"
          block
          icon={<DownloadOutlined />}
          href={info.downloadUrl}
          rel="noopener noreferrer"
        >
          {t(`download.${platform}`)}
        </Button>
      ) : (
        <div className="open-install-unavailable" role="status">
          <strong>{t('unavailable')}</strong>
          <span>{t('unavailableHint')}</span>
        </div>
      )}
      {showQr && info.qrCode && (
        <figure className="open-install-qr">
          <img src={info.qrCode} alt={t(`qrAlt.${platform}`)} width={160} height={160} />
          <figcaption>{t(`scanFor.${platform}`)}</figcaption>
        </figure>
      )}
      <div className="open-install-notes">
        <h3>{t('releaseNotes')}</h3>
        <p>{info.releaseNotes || t('noNotes')}</p>
      </div>
    </section>
  );
}
