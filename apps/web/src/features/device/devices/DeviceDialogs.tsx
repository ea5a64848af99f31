import { Alert, Button, Form, Input, Modal, Select, Typography } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  REASON_REQUIRED,
  DEVICE_TRANSITIONS,
  deviceAddRequestSchema,
  deviceCodeRedeemRequestSchema,
  deviceTransitionRequestSchema,
  deviceUpdateRequestSchema,
  formatDate,
  type Device,
  type DeviceSecret,
  type DeviceTransition,
} from '@health/contract';
import { FormDialog, type DialogCallbacks } from '../../../shared/components/form-dialog';
import { toast } from '../../../shared/feedback/feedback';
import { copyText } from '../../../shared/utils/clipboard';
import { MemberPicker } from '../../../shared/components/MemberPicker';
import { useDeviceModelOptions } from '../models/api';
import { DEVICE_ENUMS_NS } from '../../../shared/i18n/device-enums';
import { DEVICE_NS } from '../locales';
import { useDeviceMemberOptions, useDeviceTransition, useRedeemCode, useSaveDevice } from './api';

/** Add a device (its secret is then shown once) or edit its model, firmware and remark. */
export function DeviceDialog({
  device,
  open,
  onClose,
  onDone,
  onSecret,
}: {
  device: Device | null;
  open: boolean;
  onSecret: (s: DeviceSecret) => void;
} & DialogCallbacks) {
  const { t } = useTranslation(DEVICE_NS);
  const models = useDeviceModelOptions();
  const save = useSaveDevice(device?.id ?? null);
  return (
    <FormDialog
      title={device ? t('device.editTitle') : t('device.addTitle')}
      open={open}
      onClose={onClose}
      onDone={(answer) => {
        toast.success(t('common.saved'));
        if (!device && 'secret' in answer) onSecret(answer as DeviceSecret);
        onDone();
      }}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      modalProps={{ forceRender: true }}
      name="device"
      schema={device ? deviceUpdateRequestSchema.omit({ id: true }) : deviceAddRequestSchema}
      initialValues={
        device
          ? { modelId: device.modelId, firmware: device.firmware, remark: device.remark }
          : { serial: '', modelId: undefined, firmware: '', remark: '' }
      }
      mutation={save}
    >
      {!device && (
        <Form.Item name="serial" label={t('device.serial')} extra={t('device.serialHint')} required>
          <Input />
        </Form.Item>
      )}
      <Form.Item name="modelId" label={t('device.model')} required>
        <Select
          loading={models.isLoading}
          showSearch
          optionFilterProp="label"
          options={(models.data ?? []).map((m) => ({ value: m.id, label: m.name }))}
        />
      </Form.Item>
      <Form.Item name="firmware" label={t('device.firmware')}>
        <Input />
      </Form.Item>
      <Form.Item name="remark" label={t('common.remark')}>
        <Input.TextArea rows={2} count={{ show: true, max: 200 }} />
      </Form.Item>
    </FormDialog>
  );
}

/** One step of a device's lifecycle: the member for bind and lend, the reason where it is asked. */
export function TransitionDialog({
  device,
  name,
  onClose,
  onDone,
}: { device: Device | null; name: DeviceTransition | null } & DialogCallbacks) {
  const { t } = useTranslation(DEVICE_NS);
  const { t: te } = useTranslation(DEVICE_ENUMS_NS);
  const transition = useDeviceTransition(name ?? 'bind');
  const needsMember = name !== null && DEVICE_TRANSITIONS[name].member === 'set';
  const needsReason = name !== null && REASON_REQUIRED.has(name);
  const action = name ? te(`transition.${name}`) : '';
  return (
    <FormDialog
      title={t('device.transitionTitle', { action, serial: device?.serial ?? '' })}
      open={device !== null && name !== null}
      onClose={onClose}
      onDone={() => {
        toast.success(t('device.transitionDone', { action }));
        onDone();
      }}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      name="deviceTransition"
      schema={deviceTransitionRequestSchema}
      adapt={{ toInput: (values: object) => ({ ...values, id: device?.id }) }}
      initialValues={{ memberId: undefined, remark: '' }}
      mutation={{
        isPending: transition.isPending,
        mutateAsync: (values: { memberId?: number; remark: string }) =>
          transition.mutateAsync({ ...values, id: device?.id ?? 0 }),
      }}
      intro={
        name === 'lend' ? (
          <Alert
            type="info"
            showIcon
            message={t('device.lendTerms')}
            style={{ marginBottom: 16 }}
          />
        ) : undefined
      }
    >
      {needsMember && (
        <Form.Item name="memberId" label={t('device.memberPick')} required>
          <MemberPicker
            useOptions={useDeviceMemberOptions}
            placeholder={t('device.memberSearch')}
          />
        </Form.Item>
      )}
      <Form.Item
        name="remark"
        label={needsReason ? t('device.reason') : t('common.remark')}
        required={needsReason}
        rules={needsReason ? [{ required: true, message: t('device.reasonRequired') }] : []}
      >
        <Input.TextArea rows={2} count={{ show: true, max: 200 }} />
      </Form.Item>
    </FormDialog>
  );
}

/** Bind an in-stock device with the binding code the member holds (the code is used up). */
export function CodeBindDialog({
  device,
  onClose,
  onDone,
}: { device: Device | null } & DialogCallbacks) {
  const { t } = useTranslation(DEVICE_NS);
  const redeem = useRedeemCode();
  return (
    <FormDialog
      title={t('device.codeBindTitle', { serial: device?.serial ?? '' })}
      open={device !== null}
      onClose={onClose}
      onDone={() => {
        toast.success(t('device.codeBound'));
        onDone();
      }}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      name="deviceCodeBind"
      schema={deviceCodeRedeemRequestSchema}
      adapt={{ toInput: (values: object) => ({ ...values, serial: device?.serial }) }}
      initialValues={{ code: '', memberId: undefined }}
      mutation={{
        isPending: redeem.isPending,
        mutateAsync: (values: { code: string; memberId: number }) =>
          redeem.mutateAsync({ ...values, serial: device?.serial ?? '' }),
      }}
      intro={
        <Alert
          type="info"
          showIcon
          message={t('device.codeBindHint')}
          style={{ marginBottom: 16 }}
        />
      }
    >
      <Form.Item name="code" label={t('device.bindCode')} required>
        <Input placeholder="ABCD-EFGH-JKMN" />
      </Form.Item>
      <Form.Item name="memberId" label={t('device.memberPick')} required>
        <MemberPicker useOptions={useDeviceMemberOptions} placeholder={t('device.memberSearch')} />
      </Form.Item>
    </FormDialog>
  );
}

/** A new secret, shown this once (like an API key). */
export function SecretModal({
  secret,
  onClose,
}: {
  secret: DeviceSecret | null;
  onClose: () => void;
}) {
  const { t } = useTranslation(DEVICE_NS);
  const copy = async () => {
    if (!secret) return;
    if (await copyText(secret.secret)) toast.success(t('device.copied'));
    else toast.error(t('translation:common.copyFailed'));
  };
  return (
    <Modal
      open={secret !== null}
      title={t('device.secretTitle', { serial: secret?.serial ?? '' })}
      onCancel={onClose}
      maskClosable={false}
      footer={[
        <Button key="copy" icon={<CopyOutlined />} onClick={() => void copy()}>
          {t('device.copy')}
        </Button>,
        <Button key="close" type="primary" onClick={onClose}>
          {t('common.close')}
        </Button>,
      ]}
      destroyOnHidden
    >
      <Alert
        type="warning"
        showIcon
        message={t('device.secretOnce')}
        style={{ marginBottom: 16 }}
      />
      <Typography.Paragraph>
        <Typography.Text
          code
          data-testid="device-secret"
          translate="no"
          style={{ wordBreak: 'break-all' }}
        >
          {secret?.secret}
        </Typography.Text>
      </Typography.Paragraph>
      {secret?.previousSecretUntil && (
        <Typography.Text type="secondary">
          {t('device.secretPrevious', { time: formatDate(secret.previousSecretUntil) })}
        </Typography.Text>
      )}
    </Modal>
  );
}
