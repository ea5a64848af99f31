import { Card, Empty } from 'antd';
import { useTranslation } from 'react-i18next';

/** The root when the operator holds no page this build has (spec §2: empty landing path). */
export default function NoPage() {
  const { t } = useTranslation();
  return (
    <Card>
      <Empty description={t('landing.noPageTip')}>
        <strong>{t('landing.noPage')}</strong>
      </Empty>
    </Card>
  );
}
