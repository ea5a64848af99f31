import { Button } from 'antd';
import { useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';

/** A page failed to load or render (a stale chunk after a deploy, a bug): offer a reload. */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  console.error(error);
  return (
    <div role="alert" style={{ padding: '64px 24px', textAlign: 'center' }}>
      <h1 style={{ fontSize: 20, fontWeight: 600 }}>{t('common.failed')}</h1>
      <p style={{ color: 'rgba(0,0,0,0.45)' }}>{error instanceof Error ? error.message : ''}</p>
      <Button type="primary" onClick={() => window.location.reload()}>
        {t('common.retry')}
      </Button>
    </div>
  );
}
