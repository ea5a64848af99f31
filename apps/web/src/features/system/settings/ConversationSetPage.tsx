import { Form, Input, InputNumber, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { SettingsForm } from '../../../shared/components/settings-form';
import { useDoctorOptions } from './doctor-options';
import { HourMinuteInput } from '../../../shared/components/form-fields/fields';
import { SYSTEM_NS } from '../locales';

/** /sysset_setting/conversation_set 问诊配置: online consultation and the doctors who take it. */
export default function ConversationSetPage() {
  const { t } = useTranslation(SYSTEM_NS);
  const doctors = useDoctorOptions();
  return (
    <SettingsForm section="conversation_set">
      {({ canEdit }) => (
        <>
          <Form.Item name="enabled" label={t('conversation.enabled')} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="serviceStart" label={t('conversation.serviceStart')} required>
            <HourMinuteInput disabled={!canEdit} />
          </Form.Item>
          <Form.Item name="serviceEnd" label={t('conversation.serviceEnd')} required>
            <HourMinuteInput disabled={!canEdit} />
          </Form.Item>
          <Form.Item name="feePoints" label={t('conversation.feePoints')} required>
            <InputNumber precision={0} addonAfter={t('conversation.feeUnit')} />
          </Form.Item>
          <Form.Item name="freeQuotaPerMonth" label={t('conversation.freeQuotaPerMonth')} required>
            <InputNumber precision={0} addonAfter={t('conversation.times')} />
          </Form.Item>
          <Form.Item
            name="autoCloseIdleMinutes"
            label={t('conversation.autoCloseIdleMinutes')}
            required
          >
            <InputNumber precision={0} addonAfter={t('common.minutes')} />
          </Form.Item>
          <Form.Item name="welcomeText" label={t('conversation.welcomeText')}>
            <Input.TextArea
              count={{ show: true, max: 200 }}
              autoSize={{ minRows: 2, maxRows: 5 }}
            />
          </Form.Item>
          <Form.Item name="doctorIds" label={t('conversation.doctorIds')}>
            <Select
              mode="multiple"
              allowClear
              loading={doctors.isPending}
              placeholder={t('conversation.doctorsPlaceholder')}
              notFoundContent={t('conversation.noDoctors')}
              options={(doctors.data ?? []).map((d) => ({ value: d.id, label: d.name }))}
              optionFilterProp="label"
            />
          </Form.Item>
        </>
      )}
    </SettingsForm>
  );
}
