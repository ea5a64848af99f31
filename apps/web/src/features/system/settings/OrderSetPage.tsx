import { Form, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import { SettingsForm } from '../../../shared/components/settings-form';
import { YuanInput } from '../../../shared/components/form-fields/fields';
import { SYSTEM_NS } from '../locales';

/** /sysset_setting/order 运营配置: order and device-lending time limits and the deposit. */
export default function OrderSetPage() {
  const { t } = useTranslation(SYSTEM_NS);
  const minutes = t('common.minutes');
  const days = t('common.days');
  return (
    <SettingsForm section="order">
      {({ canEdit }) => (
        <>
          <Form.Item name="autoCancelMinutes" label={t('order.autoCancelMinutes')} required>
            <InputNumber precision={0} addonAfter={minutes} />
          </Form.Item>
          <Form.Item name="autoConfirmDays" label={t('order.autoConfirmDays')} required>
            <InputNumber precision={0} addonAfter={days} />
          </Form.Item>
          <Form.Item
            name="afterSaleDays"
            label={t('order.afterSaleDays')}
            required
            extra={t('order.afterSaleHint')}
          >
            <InputNumber precision={0} addonAfter={days} />
          </Form.Item>
          <Form.Item name="deviceDepositFen" label={t('order.deviceDeposit')} required>
            <YuanInput suffix={t('common.yuan')} disabled={!canEdit} />
          </Form.Item>
          <Form.Item name="returnDeadlineDays" label={t('order.returnDeadlineDays')} required>
            <InputNumber precision={0} addonAfter={days} />
          </Form.Item>
          <Form.Item
            name="deviceOnlineHours"
            label={t('order.deviceOnlineHours')}
            required
            extra={t('order.deviceOnlineHint')}
          >
            <InputNumber precision={0} addonAfter={t('order.hours')} />
          </Form.Item>
          <Form.Item
            name="claimMinutes"
            label={t('order.claimMinutes')}
            required
            extra={t('order.claimHint')}
          >
            <InputNumber precision={0} addonAfter={t('order.minutes')} />
          </Form.Item>
          <Form.Item
            name="queueWaitLimitMinutes"
            label={t('order.queueWaitLimitMinutes')}
            required
            extra={t('order.queueWaitHint')}
          >
            <InputNumber precision={0} addonAfter={t('order.minutes')} />
          </Form.Item>
        </>
      )}
    </SettingsForm>
  );
}
