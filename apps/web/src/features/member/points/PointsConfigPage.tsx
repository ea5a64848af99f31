import { Divider, Form, InputNumber, Radio, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { EXPIRY_POLICIES } from '@health/contract';
import { SettingsForm } from '../../../shared/components/settings-form';
import { POINTS_NS } from './locales';
import { MEMBER_ENUMS_NS } from '../enum-locales';

/** /member_integral/integral_configuration 积分配置: earning rules, daily cap, expiry policy. */
export default function PointsConfigPage() {
  const { t } = useTranslation(POINTS_NS);
  const { t: label } = useTranslation(MEMBER_ENUMS_NS);
  const points = t('config.points');
  return (
    <SettingsForm section="integral">
      {({ form }) => (
        <>
          <Divider orientation="left" orientationMargin={0}>
            {t('config.earning')}
          </Divider>
          <Form.Item name="registerPoints" label={t('config.registerPoints')} required>
            <InputNumber precision={0} addonAfter={points} />
          </Form.Item>
          <Form.Item label={t('config.checkInPoints')}>
            {/* One place for check-in points: the check-in page (settings section "sign"). */}
            <Typography.Text type="secondary">{t('config.checkInHint')}</Typography.Text>
          </Form.Item>
          <Form.Item name="measurementPoints" label={t('config.measurementPoints')} required>
            <InputNumber precision={0} addonAfter={points} />
          </Form.Item>
          <Form.Item name="healthTaskPoints" label={t('config.healthTaskPoints')} required>
            <InputNumber precision={0} addonAfter={points} />
          </Form.Item>
          <Form.Item name="pointsPerYuan" label={t('config.pointsPerYuan')} required>
            <InputNumber precision={0} addonAfter={points} />
          </Form.Item>
          <Divider orientation="left" orientationMargin={0}>
            {t('config.limits')}
          </Divider>
          <Form.Item
            name="dailyCap"
            label={t('config.dailyCap')}
            required
            extra={t('config.dailyCapHint')}
          >
            <InputNumber precision={0} addonAfter={points} />
          </Form.Item>
          <Form.Item name="expiryPolicy" label={t('config.expiryPolicy')} required>
            <Radio.Group>
              {EXPIRY_POLICIES.map((p) => (
                <Radio key={p} value={p} style={{ display: 'block', marginBottom: 8 }}>
                  {label(`expiryPolicy.${p}`)}
                </Radio>
              ))}
            </Radio.Group>
          </Form.Item>
          <Form.Item noStyle shouldUpdate={(a, b) => a.expiryPolicy !== b.expiryPolicy}>
            {() =>
              form.getFieldValue('expiryPolicy') === 'rolling' ? (
                <Form.Item
                  name="expiryMonths"
                  label={t('config.expiryMonths')}
                  required
                  extra={t('config.expiryMonthsHint')}
                >
                  <InputNumber precision={0} addonAfter={t('config.months')} />
                </Form.Item>
              ) : null
            }
          </Form.Item>
        </>
      )}
    </SettingsForm>
  );
}
