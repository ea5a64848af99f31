import { Alert, Form, Input, Modal, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  MAINLAND_PHONE,
  STAFF_ROLE_LABELS,
  USERNAME_PATTERN,
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

const STAFF_ROLE_OPTIONS = staffRoleSchema.options.map((r) => ({
  value: r,
  label: STAFF_ROLE_LABELS[r],
}));

/** /sysset_authority/authority_member_edit (hidden): add or edit an operator. */
export default function OperatorEditPage() {
  const { t } = useTranslation(AUTHORITY_NS);
  const groups = useGroupOptions();
  const [modal, modalHolder] = Modal.useModal();

  const submit = async (values: Values, id: string | null) => {
    const common = {
      username: values.username.trim(),
      realName: values.realName.trim(),
      groupId: values.groupId ?? 0,
      staffRole: values.staffRole ?? 'operator',
      introduction: values.introduction ?? '',
    };
    const phone = (values.phone ?? '').trim();
    if (id) {
      // An empty phone field keeps the stored number (it is only shown masked).
      await updateOperator({ ...common, id: Number(id), ...(phone ? { phone } : {}) });
      return;
    }
    const answer = await addOperator({
      ...common,
      phone,
      enabled: values.enabled,
      ...(values.password ? { password: values.password } : {}),
    });
    if (answer.generatedPassword) {
      await showInitialPassword(
        modal,
        common.realName || common.username,
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
        submit={(values, { id }) => submit(values, id)}
        invalidate={[operatorKeys.all, groupKeys.all]}
        title={{ add: t('operator.addTitle'), edit: t('operator.editTitle') }}
        // An account whose group holds more than the caller (or a super-admin's, for anyone but
        // a super-admin) can be looked at, not changed; the server refuses too.
        readOnly={(record) => !!record && !record.manageable}
      >
        {({ isNew, record }) => (
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
              rules={[
                { required: true, whitespace: true, message: t('operator.usernameRequired') },
                {
                  validator: (_, v: string | undefined) =>
                    !v || USERNAME_PATTERN.test(v.trim())
                      ? Promise.resolve()
                      : Promise.reject(new Error(t('operator.usernameRule'))),
                },
              ]}
            >
              <Input maxLength={32} autoComplete="off" />
            </Form.Item>
            <Form.Item
              name="realName"
              label={t('operator.realName')}
              rules={[
                { required: true, whitespace: true, message: t('operator.realNameRequired') },
              ]}
            >
              <Input maxLength={30} />
            </Form.Item>
            <Form.Item
              name="phone"
              label={t('operator.phone')}
              extra={
                !isNew && record?.phone
                  ? t('operator.phoneKeep', { phone: record.phone })
                  : undefined
              }
              rules={[
                {
                  validator: (_, v: string | undefined) =>
                    !v || MAINLAND_PHONE.test(v.trim())
                      ? Promise.resolve()
                      : Promise.reject(new Error(t('operator.phoneRule'))),
                },
              ]}
            >
              <Input
                maxLength={11}
                placeholder={!isNew && record?.phone ? record.phone : undefined}
              />
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
              />
            </Form.Item>
            <Form.Item
              name="staffRole"
              label={t('operator.staffRole')}
              rules={[{ required: true, message: t('operator.staffRoleRequired') }]}
            >
              <Select options={STAFF_ROLE_OPTIONS} />
            </Form.Item>
            <Form.Item name="introduction" label={t('operator.introduction')}>
              <Input.TextArea maxLength={200} showCount autoSize={{ minRows: 2, maxRows: 4 }} />
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
                    maxLength={20}
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
