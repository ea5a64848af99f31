import { Button, Result, Space } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';

/** Full-page 401 / 404 with a way back. */
export function ErrorPage({ status }: { status: '401' | '404' }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const is401 = status === '401';
  return (
    <main
      style={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
      }}
    >
      <Result
        status={is401 ? '403' : '404'}
        title={is401 ? t('errors.unauthorizedTitle') : t('errors.notFoundTitle')}
        subTitle={is401 ? t('errors.unauthorized') : t('errors.notFound')}
        extra={
          <Space>
            <Button onClick={() => void navigate(-1)}>{t('common.back')}</Button>
            <Button type="primary" onClick={() => void navigate('/', { replace: true })}>
              {t('common.backHome')}
            </Button>
          </Space>
        }
      />
    </main>
  );
}
