import { Alert, Form, Input, Modal, Select, Switch } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import {
  operatorAddRequestSchema,
  operatorUpdateRequestSchema,
  staffRoleSchema,
  type OperatorDetail,
  type StaffRole,
} from '@health/contract';
import { EditPage } from '../../../shared/components/edit-page';
import { groupKeys, useGroupOptions } from '../groups/api';
import { addOperator, fetchOperator, operatorKeys, updateOperator } from './api';
import { showInitialPassword } from './components/initial-password';
import { AUTHORITY_NS } from '../locales';

interface Values {
  username: string;
  realName: string;
  phone: string;
  groupId?: number;
  staffRole?: StaffRole;
  introduction: string;
  enabled: boolean;
  password: string;
}

const common = (values: Values) => ({
  username: (values.username ?? '').trim(),
  realName: (values.realName ?? '').trim(),
  groupId: values.groupId ?? 0,
  staffRole: values.staffRole ?? 'operator',
  introduction: values.introduction ?? '',
});

/** An empty phone field keeps the stored number (it is only shown masked). */
const toUpdate = (values: Values) => {
  const phone = (values.phone ?? '').trim();
  return { ...common(values), ...(phone ? { phone } : {}) };
};

const toAdd = (values: Values) => ({
  ...common(values),
  phone: (values.phone ?? '').trim(),
  enabled: values.enabled,
  ...(values.password ? { password: values.password } : {}),
});

const updateSchema = operatorUpdateRequestSchema.omit({ id: true });

/** /sysset_authority/authority_member_edit (hidden): add or edit an operator. */
export default function OperatorEditPage() {
  const { t } = useTranslation(AUTHORITY_NS);
  // The staff roles' labels are the shell's (the profile page shows them too).
  const staffRoleOptions = staffRoleSchema.options.map((r) => ({
    value: r,
    label: t(`translation:staffRole.${r}`),
  }));
  const groups = useGroupOptions();
  const [modal, modalHolder] = Modal.useModal();
  const isNew = !useSearchParams()[0].get('id');
  /** The 岗位 was picked by hand: choosing a group no longer sets it (antd's "touched" is set by
   * the form's own initial values, so it cannot tell). */
  const rolePicked = useRef(false);

  const submit = async (values: Values, id: string | null) => {
    if (id) {
      await updateOperator({ ...toUpdate(values), id: Number(id) });
      return;
    }
    const request = toAdd(values);
    const answer = await addOperator(request);
    if (answer.generatedPassword) {
      await showInitialPassword(
        modal,
        request.realName || request.username,
        answer.generatedPassword,
      );
    }
  };

  return (
    <>
      {modalHolder}
      <EditPage<OperatorDetail, Values>
        queryKey={operatorKeys.all}
        load={fetchOperator}
        toValues={(o) => ({
          username: o.username,
          realName: o.realName,
          phone: '',
          groupId: o.groupId,
          staffRole: o.staffRole,
          introduction: o.introduction,
          enabled: o.enabled,
          password: '',
        })}
        initialValues={{
          username: '',
          realName: '',
          phone: '',
          introduction: '',
          enabled: true,
          password: '',
          staffRole: 'operator',
        }}
        schema={isNew ? operatorAddRequestSchema : updateSchema}
        adapt={{ toInput: isNew ? toAdd : toUpdate }}
        submit={(values, { id }) => submit(values, id)}
        invalidate={[operatorKeys.all, groupKeys.all]}
        title={{ add: t('operator.addTitle'), edit: t('operator.editTitle') }}
        // An account whose group holds more than the caller (or a super-admin's, for anyone but
        // a super-admin) can be looked at, not changed; the server refuses too.
        readOnly={(record) => !!record && !record.manageable}
      >
        {({ isNew, record, form }) => (
          <>
            {record && !record.manageable && (
              <Alert
                type="info"
                showIcon
                message={t('operator.notManageableHint')}
                style={{ marginBottom: 16 }}
              />
            )}
            <Form.Item
              name="username"
              label={t('operator.username')}
              extra={t('operator.usernameHint')}
              required
            >
              <Input autoComplete="off" />
            </Form.Item>
            <Form.Item name="realName" label={t('operator.realName')} required>
              <Input />
            </Form.Item>
            <Form.Item
              name="phone"
              label={t('operator.phone')}
              extra={
                !isNew && record?.phone
                  ? t('operator.phoneKeep', { phone: record.phone })
                  : undefined
              }
            >
              <Input placeholder={!isNew && record?.phone ? record.phone : undefined} />
            </Form.Item>
            <Form.Item
              name="groupId"
              label={t('operator.group')}
              rules={[{ required: true, message: t('operator.groupRequired') }]}
              extra={record?.isSelf ? t('operator.ownGroupHint') : t('operator.groupAssignHint')}
            >
              <Select
                loading={groups.isPending}
                // Nobody changes its own group; a group holding more than the caller is offered
                // greyed out (the server refuses it too).
                disabled={record?.isSelf}
                options={(groups.data ?? []).map((g) => ({
                  value: g.id,
                  label: g.assignable ? g.name : `${g.name}（${t('operator.groupNotHeld')}）`,
                  disabled: !g.assignable,
                }))}
                showSearch
                optionFilterProp="label"
                // A new operator takes the 岗位 of the group it is put into, unless one was picked.
                onChange={(groupId: number) => {
                  const role = groups.data?.find((g) => g.id === groupId)?.staffRole;
                  if (isNew && role && !rolePicked.current) form.setFieldValue('staffRole', role);
                }}
              />
            </Form.Item>
            <Form.Item
              name="staffRole"
              label={t('operator.staffRole')}
              rules={[{ required: true, message: t('operator.staffRoleRequired') }]}
            >
              <Select options={staffRoleOptions} onChange={() => (rolePicked.current = true)} />
            </Form.Item>
            <Form.Item name="introduction" label={t('operator.introduction')}>
              <Input.TextArea
                count={{ show: true, max: 200 }}
                autoSize={{ minRows: 2, maxRows: 4 }}
              />
            </Form.Item>
            {isNew && (
              <>
                <Form.Item
                  name="enabled"
                  label={t('operator.enabledField')}
                  valuePropName="checked"
                >
                  <Switch />
                </Form.Item>
                <Form.Item
                  name="password"
                  label={t('operator.password')}
                  extra={t('operator.passwordHint')}
                >
                  <Input.Password
                    placeholder={t('operator.passwordPlaceholder')}
                    autoComplete="new-password"
                  />
                </Form.Item>
              </>
            )}
          </>
        )}
      </EditPage>
    </>
  );
}
