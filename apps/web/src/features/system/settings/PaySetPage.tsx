import { Form, InputNumber, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { SettingsForm } from '../../../shared/components/settings-form';
import { SYSTEM_NS } from '../locales';

/** /sysset_setting/pay_set 支付设置: payment timeout, refund approval, points deduction. */
export default function PaySetPage() {
  const { t } = useTranslation(SYSTEM_NS);
  return (
    <SettingsForm section="pay_set">
      <Form.Item name="paymentTimeoutMinutes" label={t('paySet.paymentTimeoutMinutes')} required>
        <InputNumber precision={0} addonAfter={t('common.minutes')} />
      </Form.Item>
      <Form.Item
        name="refundApprovalRequired"
        label={t('paySet.refundApprovalRequired')}
        valuePropName="checked"
      >
        <Switch />
      </Form.Item>
      <Form.Item name="pointsPerYuan" label={t('paySet.pointsPerYuan')} required>
        <InputNumber precision={0} addonAfter={t('paySet.pointsPerYuanUnit')} />
      </Form.Item>
      <Form.Item
        name="deductionCapPercent"
        label={t('paySet.deductionCapPercent')}
        required
        extra={t('paySet.deductionCapHint')}
      >
        <InputNumber precision={0} addonAfter="%" />
      </Form.Item>
    </SettingsForm>
  );
}
