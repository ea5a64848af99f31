import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Form, Input, Result, Select, Skeleton, Steps, Typography } from 'antd';
import { EnvironmentOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { DEVICE_ENUMS_NS } from '../../../shared/i18n/device-enums';
import {
  COURIERS,
  deviceReturnFileRequestSchema,
  type DeviceReturnFileRequest,
  type DeviceReturnFiled,
  type PublicReturnAddress,
} from '@health/contract';
import { isApiError } from '../../../shared/api/errors';
import { LanguageSwitch } from '../../../shared/i18n/LanguageSwitch';
import { localMessage } from '../../../shared/i18n/messages';
import { usePageTitle } from '../../../shared/routing/page-title';
import { applyFieldErrors, checkWithSchema } from '../../../shared/utils/form';
import { fetchReturnAddress, fileReturn } from './api';
import { DEVICE_RETURN_NS } from './locales';
import './return-address.css';
import { usePublicLoad } from '../../../shared/hooks/use-public-load';

const EMPTY_FORM = { phone: '', serial: '', courier: undefined, trackingNo: '' };

/**
 * /equipment-return-address (public, outside the layout, no login): where a member sends a lent or
 * bound device back (the return address of 基础设置), and the form that files the return (phone,
 * serial, courier, tracking number). The device page shows the filing; the overview counts it
 * until the device is received. A phone and serial that do not belong together get one message
 * that does not say which part is wrong.
 */
export default function ReturnAddressPage() {
  const { t } = useTranslation(DEVICE_RETURN_NS);
  const [state, retry] = usePublicLoad(fetchReturnAddress);

  usePageTitle(t('pageTitle'));

  return (
    <main className="return-page">
      <div className="return-page-top">
        <LanguageSwitch />
      </div>
      <div className="return-page-body">
        <header className="return-page-head">
          <h1>{t('pageTitle')}</h1>
          <p>{t('tagline')}</p>
        </header>
        <Steps
          className="return-page-steps"
          size="small"
          current={-1}
          // Titles under their numbers on wide screens, so none is cut; a list on a phone.
          labelPlacement="vertical"
          items={[
            { title: t('steps.pack') },
            { title: t('steps.send') },
            { title: t('steps.file') },
          ]}
        />
        <section className="return-card" aria-labelledby="return-address-title">
          <h2 id="return-address-title">
            <EnvironmentOutlined /> {t('addressTitle')}
          </h2>
          {state.kind === 'loading' && (
            <Skeleton active paragraph={{ rows: 2 }} aria-label={t('loading')} />
          )}
          {state.kind === 'error' && (
            <Result
              status="error"
              title={t('error')}
              subTitle={localMessage(state.msg)}
              extra={
                <Button type="primary" onClick={retry}>
                  {t('retry')}
                </Button>
              }
            />
          )}
          {state.kind === 'ok' && <AddressBlock address={state.value} />}
        </section>
        <ReturnForm />
      </div>
    </main>
  );
}

function AddressBlock({ address }: { address: PublicReturnAddress }) {
  const { t } = useTranslation(DEVICE_RETURN_NS);
  if (!address.configured)
    return <Alert type="warning" showIcon message={t('addressMissing')} data-testid="no-address" />;
  const whole = `${address.receiver} ${address.phone} ${address.address}`;
  return (
    <dl className="return-address" data-testid="return-address">
      <dt>{t('receiver')}</dt>
      <dd translate="no">{address.receiver}</dd>
      <dt>{t('receiverPhone')}</dt>
      <dd translate="no">
        <a href={`tel:${address.phone}`}>{address.phone}</a>
      </dd>
      <dt>{t('address')}</dt>
      <dd>
        <Typography.Text
          translate="no"
          copyable={{ text: whole, tooltips: [t('copyAddress'), t('copyAddress')] }}
        >
          {address.address}
        </Typography.Text>
      </dd>
    </dl>
  );
}

function ReturnForm() {
  const { t } = useTranslation(DEVICE_RETURN_NS);
  const [form] = Form.useForm();
  const failing = useRef<string[]>([]);
  const checked = useRef(false);
  const [submitting, setSubmitting] = useState(false);
  const [refusal, setRefusal] = useState('');
  const [filed, setFiled] = useState<DeviceReturnFiled | null>(null);
  const filedRef = useRef<HTMLElement>(null);
  // The answer replaces the form: bring it into view (below the address on a phone).
  useEffect(() => {
    if (filed) filedRef.current?.scrollIntoView({ block: 'nearest' });
  }, [filed]);

  const check = () => {
    const result = checkWithSchema(form, deviceReturnFileRequestSchema, failing.current);
    failing.current = result.failing;
    return result.value === null ? null : (result.input as DeviceReturnFileRequest);
  };

  const submit = async () => {
    checked.current = true;
    setRefusal('');
    const request = check();
    if (!request) return;
    setSubmitting(true);
    try {
      setFiled(await fileReturn(request));
    } catch (error) {
      if (!applyFieldErrors(form, error)) setRefusal(isApiError(error) ? error.msg : String(error));
    } finally {
      setSubmitting(false);
    }
  };

  if (filed) {
    return (
      <section className="return-card" aria-live="polite" data-testid="return-filed" ref={filedRef}>
        <Result
          status="success"
          title={t(filed.duplicate ? 'duplicateTitle' : 'successTitle')}
          subTitle={
            <>
              <div translate="no" className="return-filed-detail">
                {t('successDetail', {
                  serial: filed.serial,
                  courier: t(`courier.${filed.courier}`, { ns: DEVICE_ENUMS_NS }),
                  trackingNo: filed.trackingNo,
                })}
              </div>
              <div>{t('nextSteps')}</div>
            </>
          }
          extra={
            <Button
              onClick={() => {
                setFiled(null);
                form.setFieldsValue(EMPTY_FORM);
              }}
            >
              {t('fileAnother')}
            </Button>
          }
        />
      </section>
    );
  }

  return (
    <section className="return-card" aria-labelledby="return-form-title">
      <h2 id="return-form-title">{t('formTitle')}</h2>
      <p className="return-card-intro">{t('formIntro')}</p>
      {refusal && (
        <Alert
          type="error"
          showIcon
          message={localMessage(refusal)}
          className="return-refusal"
          data-testid="return-refusal"
        />
      )}
      <Form
        form={form}
        name="deviceReturn"
        layout="vertical"
        initialValues={EMPTY_FORM}
        onFinish={() => void submit()}
        onValuesChange={() => {
          if (checked.current) check();
        }}
        requiredMark
      >
        <Form.Item name="phone" label={t('phone')} required>
          <Input inputMode="tel" autoComplete="tel" placeholder={t('phonePlaceholder')} />
        </Form.Item>
        <Form.Item name="serial" label={t('serial')} required>
          <Input autoCapitalize="characters" placeholder={t('serialPlaceholder')} />
        </Form.Item>
        <Form.Item name="courier" label={t('courier')} required>
          <Select
            placeholder={t('courierPlaceholder')}
            options={COURIERS.map((c) => ({
              value: c,
              label: t(`courier.${c}`, { ns: DEVICE_ENUMS_NS }),
            }))}
          />
        </Form.Item>
        <Form.Item name="trackingNo" label={t('trackingNo')} required>
          <Input autoCapitalize="characters" placeholder={t('trackingPlaceholder')} />
        </Form.Item>
        <Button type="primary" htmlType="submit" size="large" block loading={submitting}>
          {t('submit')}
        </Button>
      </Form>
    </section>
  );
}
