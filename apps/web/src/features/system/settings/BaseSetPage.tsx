import { Form, Input, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { SettingsForm } from '../../../shared/components/settings-form';
import { HourMinuteInput } from '../../../shared/components/form-fields/fields';
import { SYSTEM_NS } from '../locales';

/** /sysset_setting/base_set 基础设置. */
export default function BaseSetPage() {
  const { t } = useTranslation(SYSTEM_NS);
  return (
    <SettingsForm section="base_set">
      {({ canEdit }) => (
        <>
          <Form.Item
            name="registrationOpen"
            label={t('base.registrationOpen')}
            valuePropName="checked"
          >
            <Switch />
          </Form.Item>
          <Form.Item name="defaultGrade" label={t('base.defaultGrade')} required>
            <Input />
          </Form.Item>
          <Form.Item name="pointsName" label={t('base.pointsName')} required>
            <Input />
          </Form.Item>
          <Form.Item name="serviceStart" label={t('base.serviceStart')} required>
            <HourMinuteInput disabled={!canEdit} />
          </Form.Item>
          <Form.Item name="serviceEnd" label={t('base.serviceEnd')} required>
            <HourMinuteInput disabled={!canEdit} />
          </Form.Item>
          <Form.Item label={t('base.returnAddress')} extra={t('base.returnHint')}>
            <Form.Item name={['returnAddress', 'receiver']} label={t('base.receiver')}>
              <Input />
            </Form.Item>
            <Form.Item name={['returnAddress', 'phone']} label={t('base.phone')}>
              <Input />
            </Form.Item>
            <Form.Item name={['returnAddress', 'address']} label={t('base.address')}>
              <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} />
            </Form.Item>
          </Form.Item>
        </>
      )}
    </SettingsForm>
  );
}
