import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { SettingsForm } from '../../../shared/components/settings-form';
import { ImageUpload } from '../../../shared/components/upload';
import { useSettingsStore } from '../../../shared/stores/settings';
import { SYSTEM_NS } from '../locales';

/** /sysset_setting/site_info 站点配置: the platform name is also the product title of every page. */
export default function SiteInfoPage() {
  const { t } = useTranslation(SYSTEM_NS);
  const setTitle = useSettingsStore((s) => s.setTitle);
  const setLogo = useSettingsStore((s) => s.setLogo);
  return (
    <SettingsForm
      section="site_info"
      onSaved={(value) => {
        setTitle(value.platformName);
        setLogo(value.adminLogo || value.logo);
      }}
    >
      {({ canEdit }) => (
        <>
          <Form.Item
            name="platformName"
            label={t('site.platformName')}
            required
            extra={t('site.platformNameHint')}
          >
            <Input count={{ show: true, max: 30 }} />
          </Form.Item>
          <Form.Item name="logo" label={t('site.logo')}>
            <ImageUpload label={t('site.logo')} disabled={!canEdit} />
          </Form.Item>
          <Form.Item name="adminLogo" label={t('site.adminLogo')}>
            <ImageUpload label={t('site.adminLogo')} disabled={!canEdit} />
          </Form.Item>
          <Form.Item name="servicePhone" label={t('site.servicePhone')}>
            <Input placeholder="400-820-1234" />
          </Form.Item>
          <Form.Item name="icpNumber" label={t('site.icpNumber')}>
            <Input />
          </Form.Item>
          <Form.Item name="copyright" label={t('site.copyright')}>
            <Input />
          </Form.Item>
          <Form.Item name="h5Domain" label={t('site.h5Domain')}>
            <Input placeholder="https://" />
          </Form.Item>
        </>
      )}
    </SettingsForm>
  );
}
