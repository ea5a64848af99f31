import { Alert, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { SettingsForm } from '../../../shared/components/settings-form';
import { ImageUpload } from '../../../shared/components/upload';
import { SYSTEM_NS } from '../locales';

const FIELDS = ['goodsPlaceholder', 'memberAvatar', 'deviceImage', 'shareImage'] as const;

/** /sysset_setting/pic_set 图片配置: default images with upload and preview. */
export default function PicSetPage() {
  const { t } = useTranslation(SYSTEM_NS);
  return (
    <SettingsForm section="pic_set">
      {({ canEdit }) => (
        <>
          <Alert type="info" showIcon message={t('pic.hint')} style={{ marginBottom: 16 }} />
          {FIELDS.map((field) => (
            <Form.Item key={field} name={field} label={t(`pic.${field}`)}>
              <ImageUpload label={t(`pic.${field}`)} disabled={!canEdit} size={120} />
            </Form.Item>
          ))}
        </>
      )}
    </SettingsForm>
  );
}
