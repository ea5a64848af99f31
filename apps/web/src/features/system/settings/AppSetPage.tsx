import { Card, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { SettingsForm } from '../../../shared/components/settings-form';
import { ImageUpload } from '../../../shared/components/upload';
import { SYSTEM_NS } from '../locales';

/** /sysset_setting/app_set APP配置: versions, download URLs and the app's name and icon (/openinstall). */
export default function AppSetPage() {
  const { t } = useTranslation(SYSTEM_NS);
  return (
    <SettingsForm section="app_set">
      {({ canEdit }) => (
        <>
          <Form.Item name="appName" label={t('app.appName')} required>
            <Input />
          </Form.Item>
          <Form.Item name="appIcon" label={t('app.appIcon')}>
            <ImageUpload label={t('app.appIcon')} disabled={!canEdit} />
          </Form.Item>
          {(['android', 'ios'] as const).map((platform) => (
            <Card
              key={platform}
              size="small"
              title={t(`app.${platform}`)}
              className="settings-card"
              data-testid={`app-${platform}`}
            >
              <Form.Item name={[platform, 'latestVersion']} label={t('app.latestVersion')} required>
                <Input placeholder="2.3.0" style={{ width: 200 }} />
              </Form.Item>
              <Form.Item
                name={[platform, 'minVersion']}
                label={t('app.minVersion')}
                required
                extra={t('app.minVersionHint')}
              >
                <Input placeholder="2.0.0" style={{ width: 200 }} />
              </Form.Item>
              <Form.Item name={[platform, 'downloadUrl']} label={t('app.downloadUrl')}>
                <Input placeholder="https://" />
              </Form.Item>
              <Form.Item name={[platform, 'releaseNotes']} label={t('app.releaseNotes')}>
                <Input.TextArea
                  count={{ show: true, max: 1000 }}
                  autoSize={{ minRows: 3, maxRows: 8 }}
                />
              </Form.Item>
            </Card>
          ))}
        </>
      )}
    </SettingsForm>
  );
}
