import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Alert, Button, Form, Modal, Result, Skeleton, Space, Tag } from 'antd';
import type { FormInstance, FormProps } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  formatDate,
  SETTINGS_SCHEMAS,
  settingsPageOf,
  type FrontPath,
  type SettingsSection,
  type SettingsValue,
} from '@health/contract';
import { isApiError } from '../../api/errors';
import { toast } from '../../feedback/feedback';
import { usePageActions } from '../../stores/permission';
import {
  checkWithSchema,
  namePathOf,
  setNestedFieldErrors,
  type FormSchema,
} from '../../utils/form';
import { useSaveSettings, useSettingsSection } from './settings-api';
import { SETTINGS_FORM_NS } from './locales';
import { useLeaveGuard } from '../../hooks/use-leave-guard';
import './settings-form.css';
import { localMessage } from '../../i18n/messages';

export interface SettingsFormContext<S extends SettingsSection> {
  form: FormInstance<SettingsValue<S>>;
  /** The operator holds the page's edit action: inputs editable, save shown. */
  canEdit: boolean;
  /** The value as last loaded or saved. */
  saved: SettingsValue<S>;
}

export interface SettingsFormProps<S extends SettingsSection> {
  section: S;
  /** The section's fields (Form.Items named by their path in the section's value). */
  children: ReactNode | ((ctx: SettingsFormContext<S>) => ReactNode);
  /** After a successful save, with the saved value (e.g. site_info sets the product title). */
  onSaved?: (value: SettingsValue<S>) => void;
  formProps?: Omit<FormProps, 'form' | 'onFinish' | 'onValuesChange' | 'disabled'>;
}

/**
 * The settings-form pattern: one settings section (setting/info → setting/update) in an antd Form.
 * The section's zod schema from the contract checks the values in the browser with the messages the
 * server uses; server field errors land on the same fields. Save is shown only with the page's edit
 * action; "已保存" on success; reset to the last saved value; unsaved changes guard leaving.
 */
export function SettingsForm<S extends SettingsSection>(props: SettingsFormProps<S>) {
  const { section } = props;
  const { t } = useTranslation(SETTINGS_FORM_NS);
  const [form] = Form.useForm<SettingsValue<S>>();
  const [modal, modalHolder] = Modal.useModal();
  const canEdit = usePageActions(settingsPageOf(section) as FrontPath).includes('edit');
  const loaded = useSettingsSection(section);
  const save = useSaveSettings(section);
  const schema = SETTINGS_SCHEMAS[section];

  const savedValue = loaded.data?.value as SettingsValue<S> | undefined;
  const savedJson = useMemo(() => JSON.stringify(savedValue ?? null), [savedValue]);
  const [dirty, setDirty] = useState(false);
  const [errorCount, setErrorCount] = useState(0);
  /** After the first save attempt, the values are checked again on every change. */
  const checking = useRef(false);
  const errorFields = useRef<string[]>([]);

  useEffect(() => {
    if (!savedValue) return;
    form.resetFields();
    form.setFieldsValue(savedValue as never);
    setDirty(false);
    setErrorCount(0);
    checking.current = false;
    errorFields.current = [];
  }, [form, savedValue]);

  useLeaveGuard(dirty, modal, {
    title: t('leaveTitle'),
    content: t('leaveContent'),
    ok: t('leave'),
    cancel: t('stay'),
  });

  /** Check the whole value with the section's schema; show (and clear) field errors. */
  const validate = useCallback((): SettingsValue<S> | null => {
    const { value, failing } = checkWithSchema(
      form as FormInstance,
      schema as FormSchema<SettingsValue<S>>,
      errorFields.current,
    );
    errorFields.current = failing;
    setErrorCount(failing.length);
    return value;
  }, [form, schema]);

  const onValuesChange = () => {
    setDirty(JSON.stringify(form.getFieldsValue(true)) !== savedJson);
    if (checking.current) validate();
  };

  const onSubmit = async () => {
    checking.current = true;
    const value = validate();
    if (!value) {
      const first = errorFields.current[0];
      if (first) form.scrollToField(namePathOf(first), { block: 'center' });
      return;
    }
    try {
      const saved = await save.mutateAsync(value);
      toast.success(t('saved'));
      props.onSaved?.(saved.value);
    } catch (error) {
      // The api client has shown the message; field errors go onto their fields.
      if (isApiError(error)) {
        const landed = setNestedFieldErrors(form, error.fieldErrors, 'value.');
        if (landed > 0) {
          errorFields.current = error.fieldErrors.map((e) => e.field.replace(/^value\./, ''));
          setErrorCount(landed);
        }
      }
    }
  };

  const onReset = () => {
    if (!savedValue) return;
    form.resetFields();
    form.setFieldsValue(savedValue as never);
    errorFields.current = [];
    checking.current = false;
    setErrorCount(0);
    setDirty(false);
  };

  if (loaded.isPending) {
    return (
      <div className="panel settings-form" aria-busy="true" data-testid="settings-loading">
        <Skeleton active paragraph={{ rows: 8 }} />
      </div>
    );
  }
  if (loaded.isError || !savedValue) {
    return (
      <div className="panel settings-form">
        <Result
          status="error"
          title={t('loadError')}
          subTitle={loaded.error instanceof Error ? localMessage(loaded.error.message) : undefined}
          extra={
            <Button type="primary" onClick={() => void loaded.refetch()}>
              {t('retry')}
            </Button>
          }
        />
      </div>
    );
  }

  const info = loaded.data;
  const ctx: SettingsFormContext<S> = { form, canEdit, saved: savedValue };
  return (
    <div className="panel settings-form" data-testid={`settings-form-${section}`}>
      {modalHolder}
      <div className="settings-form-status">
        {info.updatedAt ? (
          <span>
            {t('savedAt', { at: formatDate(info.updatedAt) })}
            {info.updatedBy ? (
              <span translate="no">{t('savedBy', { by: info.updatedBy })}</span>
            ) : (
              ''
            )}
          </span>
        ) : (
          <span>{t('neverSaved')}</span>
        )}
        {dirty && <Tag color="orange">{t('dirty')}</Tag>}
      </div>
      {!canEdit && (
        <Alert type="info" showIcon message={t('readOnly')} className="settings-form-alert" />
      )}
      {errorCount > 0 && (
        <Alert
          type="error"
          showIcon
          message={t('invalid', { count: errorCount })}
          className="settings-form-alert"
          role="alert"
        />
      )}
      <Form
        form={form}
        layout="horizontal"
        labelCol={{ flex: '160px' }}
        wrapperCol={{ flex: 'minmax(0, 640px)' }}
        labelWrap
        {...props.formProps}
        disabled={!canEdit}
        onValuesChange={onValuesChange}
        onFinish={() => void onSubmit()}
      >
        {typeof props.children === 'function' ? props.children(ctx) : props.children}
        {canEdit && (
          <div className="settings-form-actions">
            <Space>
              <Button type="primary" htmlType="submit" loading={save.isPending}>
                {t('save')}
              </Button>
              <Button onClick={onReset} disabled={!dirty || save.isPending}>
                {t('reset')}
              </Button>
            </Space>
          </div>
        )}
      </Form>
    </div>
  );
}
