import { useEffect, useRef } from 'react';
import { Alert, Button, Card, Form, Input, Result, Skeleton, Switch, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  formatDate,
  PAY_CHANNEL_FIELDS,
  payConfigUpdateSchema,
  type PayConfig,
  type PayConfigUpdate,
} from '@health/contract';
import { isApiError } from '../../../shared/api/errors';
import { toast } from '../../../shared/feedback/feedback';
import { usePageActions } from '../../../shared/stores/permission';
import { checkWithSchema, setNestedFieldErrors } from '../../../shared/utils/form';
import { usePayConfigs, useSavePayConfig } from './api';
import { SYSTEM_NS } from '../locales';
import './payment.css';
import { useFrontPath } from '../../../shared/routing/route-handle';

const MULTILINE = new Set(['privateKey', 'certificate', 'publicKey']);

/** One channel: enabled, ids, and write-only keys ("已设置" / blank = unchanged). */
function ChannelCard({ config, canEdit }: { config: PayConfig; canEdit: boolean }) {
  const { t } = useTranslation(SYSTEM_NS);
  const [form] = Form.useForm<PayConfigUpdate>();
  const save = useSavePayConfig();
  const fields = PAY_CHANNEL_FIELDS[config.channel];
  /** Fields showing an error (cleared when they pass the next check). */
  const failing = useRef<string[]>([]);

  useEffect(() => {
    form.setFieldsValue({
      channel: config.channel,
      enabled: config.enabled,
      merchantId: config.merchantId,
      appId: config.appId,
      ...Object.fromEntries(fields.secrets.map((f) => [f, ''])),
    });
  }, [form, config, fields.secrets]);

  const onFinish = async () => {
    const checked = checkWithSchema(form, payConfigUpdateSchema, failing.current, {
      toInput: (values: PayConfigUpdate) => ({ ...values, channel: config.channel }),
    });
    failing.current = checked.failing;
    if (checked.value === null) return;
    try {
      await save.mutateAsync(checked.input as PayConfigUpdate);
      toast.success(t('payment.saved'));
    } catch (error) {
      if (isApiError(error)) {
        setNestedFieldErrors(form, error.fieldErrors);
        failing.current = error.fieldErrors.map((e) => e.field);
      }
    }
  };

  return (
    <Card
      size="small"
      className="payment-card"
      title={t(`payment.channels.${config.channel}`)}
      data-testid={`pay-${config.channel}`}
      extra={
        config.updatedAt ? (
          <span className="pay-updated">
            {t('payment.updatedAt', { at: formatDate(config.updatedAt) })}
          </span>
        ) : null
      }
    >
      <Form
        form={form}
        layout="horizontal"
        labelCol={{ flex: '120px' }}
        wrapperCol={{ flex: 'minmax(0, 560px)' }}
        disabled={!canEdit}
        onFinish={() => void onFinish()}
        autoComplete="off"
      >
        <Form.Item name="enabled" label={t('payment.enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
        {fields.ids.length === 0 && <p className="pay-none">{t('payment.none')}</p>}
        {fields.ids.map((id) => (
          <Form.Item key={id} name={id} label={t(`payment.fields.${id}`)}>
            <Input />
          </Form.Item>
        ))}
        {fields.secrets.map((secret) => {
          const set = config.secrets[secret]?.set ?? false;
          const placeholder = set
            ? t('payment.keepBlank')
            : t('payment.enterNew', { field: t(`payment.fields.${secret}`) });
          return (
            <Form.Item
              key={secret}
              label={t(`payment.fields.${secret}`)}
              required={false}
              extra={
                <Tag
                  color={set ? 'green' : 'default'}
                  data-testid={`secret-${config.channel}-${secret}`}
                >
                  {set ? t('payment.set') : t('payment.notSet')}
                </Tag>
              }
            >
              <Form.Item name={secret} noStyle>
                {MULTILINE.has(secret) ? (
                  <Input.TextArea
                    placeholder={placeholder}
                    autoSize={{ minRows: 2, maxRows: 6 }}
                    spellCheck={false}
                    aria-label={t(`payment.fields.${secret}`)}
                  />
                ) : (
                  <Input.Password
                    placeholder={placeholder}
                    autoComplete="new-password"
                    visibilityToggle={false}
                    aria-label={t(`payment.fields.${secret}`)}
                  />
                )}
              </Form.Item>
            </Form.Item>
          );
        })}
        {canEdit && (
          <Form.Item label=" " colon={false}>
            <Button type="primary" htmlType="submit" loading={save.isPending}>
              {t('payment.save')}
            </Button>
          </Form.Item>
        )}
      </Form>
    </Card>
  );
}

/** /sysset_setting/payment 支付配置 (spec §7 sysPayConfig): WeChat Pay, Alipay, balance. */
export default function PaymentPage() {
  const { t } = useTranslation(SYSTEM_NS);
  const canEdit = usePageActions(useFrontPath<'payments'>()).includes('edit');
  const configs = usePayConfigs();

  if (configs.isPending) {
    return (
      <div className="panel payment-page" aria-busy="true">
        <Skeleton active paragraph={{ rows: 10 }} />
      </div>
    );
  }
  if (configs.isError) {
    return (
      <div className="panel payment-page">
        <Result
          status="error"
          title={t('payment.loadError')}
          extra={
            <Button type="primary" onClick={() => void configs.refetch()}>
              {t('payment.retry')}
            </Button>
          }
        />
      </div>
    );
  }
  return (
    <div className="panel payment-page">
      <Alert type="info" showIcon message={t('payment.secretsHint')} className="payment-alert" />
      {!canEdit && (
        <Alert type="info" showIcon message={t('payment.readOnly')} className="payment-alert" />
      )}
      {configs.data.map((config) => (
        <ChannelCard key={config.channel} config={config} canEdit={canEdit} />
      ))}
    </div>
  );
}
