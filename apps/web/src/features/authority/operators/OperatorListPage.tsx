import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, Dropdown, Modal, Space, Switch, Tag, Tooltip } from 'antd';
import { MoreOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  formatDate,
  staffRoleSchema,
  type InitialPasswordResponse,
  type OperatorListItem,
  PAGES,
} from '@health/contract';
import {
  AddButton,
  ConfirmAction,
  ListPage,
  type ListColumn,
} from '../../../shared/components/list-page';
import { toast } from '../../../shared/feedback/feedback';
import { usePageActions } from '../../../shared/stores/permission';
import { useGroupOptions } from '../groups/api';
import { fetchOperators, operatorKeys, useDeleteOperator, useSetOperatorEnabled } from './api';
import { PhoneCell } from './components/PhoneCell';
import { ResetPasswordDialog } from './components/ResetPasswordDialog';
import { SessionsDrawer } from './components/SessionsDrawer';
import { showInitialPassword } from './components/initial-password';
import { AUTHORITY_NS } from '../locales';
import { useFrontPath } from '../../../shared/routing/route-handle';

const displayName = (o: OperatorListItem) => o.realName || o.username;
/** A super-admin's account, seen by a caller that is not one: nothing of it may be opened. */
const superOnly = (o: OperatorListItem) => o.groupBuiltin && !o.manageable;

/** /sysset_authority/authority_member: operator accounts. */
export default function OperatorListPage() {
  const { t } = useTranslation(AUTHORITY_NS);
  const actions = usePageActions(useFrontPath<'operators'>());
  const navigate = useNavigate();
  const groups = useGroupOptions();
  const setOperatorEnabled = useSetOperatorEnabled().mutateAsync;
  const deleteOperator = useDeleteOperator().mutateAsync;
  const [modal, modalHolder] = Modal.useModal();
  const [resetting, setResetting] = useState<OperatorListItem | null>(null);
  const [sessionsOf, setSessionsOf] = useState<OperatorListItem | null>(null);
  const [busy, setBusy] = useState<number | null>(null);

  const columns = useMemo<ListColumn<OperatorListItem>[]>(() => {
    // The staff roles' labels are the shell's (the profile page shows them too).
    const staffRoleOptions = staffRoleSchema.options.map((r) => ({
      value: r,
      label: t(`translation:staffRole.${r}`),
    }));
    const run = async (id: number, work: () => Promise<void>) => {
      setBusy(id);
      try {
        await work();
      } catch {
        // The api client has shown the server's message.
      } finally {
        setBusy(null);
      }
    };
    const setEnabled = (o: OperatorListItem, enabled: boolean) => {
      if (enabled) {
        void run(o.id, async () => {
          await setOperatorEnabled({ id: o.id, enabled: true });
          toast.success(t('operator.enabledDone'));
        });
        return;
      }
      void modal.confirm({
        title: t('operator.disableConfirm', { name: displayName(o) }),
        okButtonProps: { danger: true },
        onOk: () =>
          run(o.id, async () => {
            const { count } = await setOperatorEnabled({ id: o.id, enabled: false });
            toast.success(t('operator.disabled', { count }));
          }),
      });
    };
    const remove = (o: OperatorListItem) =>
      run(o.id, async () => {
        await deleteOperator(o.id);
        toast.success(t('operator.deleted'));
      });
    const canEdit = actions.includes('edit');

    return [
      {
        title: t('operator.keyword'),
        key: 'keyword',
        hideInTable: true,
        search: { type: 'text', placeholder: t('operator.keywordPlaceholder') },
      },
      {
        title: t('operator.username'),
        dataIndex: 'username',
        sorter: true,
        render: (v: string, o) => (
          <Space size={4}>
            <span>{v}</span>
            {o.isSelf && <Tag color="blue">{t('operator.self')}</Tag>}
          </Space>
        ),
      },
      { title: t('operator.realName'), dataIndex: 'realName', render: (v: string) => v || '-' },
      {
        title: t('operator.phone'),
        dataIndex: 'phone',
        width: 170,
        render: (v: string, o) => (
          <PhoneCell id={o.id} masked={v} canReveal={actions.includes('reveal') && !superOnly(o)} />
        ),
      },
      {
        title: t('operator.group'),
        dataIndex: 'groupName',
        search: {
          type: 'select',
          name: 'groupId',
          options: (groups.data ?? []).map((g) => ({ value: g.id, label: g.name })),
        },
        render: (v: string, o) =>
          o.groupBuiltin ? (
            <Tag color="gold" translate="no">
              {v}
            </Tag>
          ) : (
            v
          ),
      },
      {
        title: t('operator.staffRole'),
        dataIndex: 'staffRole',
        width: 100,
        search: { type: 'select', options: staffRoleOptions },
        render: (v: OperatorListItem['staffRole']) => t(`translation:staffRole.${v}`),
      },
      {
        title: t('operator.enabled'),
        dataIndex: 'enabled',
        width: 120,
        search: {
          type: 'select',
          options: [
            { value: '1', label: t('operator.enabledOn') },
            { value: '0', label: t('operator.enabledOff') },
          ],
        },
        render: (enabled: boolean, o) => (
          <Space size={4}>
            {canEdit && !o.isSelf && o.manageable ? (
              <Switch
                size="small"
                checked={enabled}
                loading={busy === o.id}
                aria-label={enabled ? t('operator.enabledOn') : t('operator.enabledOff')}
                onChange={(next) => setEnabled(o, next)}
              />
            ) : (
              <Tag color={enabled ? 'green' : 'default'}>
                {enabled ? t('operator.enabledOn') : t('operator.enabledOff')}
              </Tag>
            )}
            {o.needChangeType === 'first' && (
              <Tooltip title={t('operator.mustChange')}>
                <Tag color="orange" style={{ marginInlineEnd: 0 }}>
                  {t('operator.mustChange')}
                </Tag>
              </Tooltip>
            )}
          </Space>
        ),
      },
      {
        title: t('operator.lastLogin'),
        dataIndex: 'lastLoginAt',
        width: 170,
        sorter: true,
        render: (v: number | null) => (v ? formatDate(v) : t('operator.neverLoggedIn')),
      },
      {
        title: t('operator.createdAt'),
        dataIndex: 'createdAt',
        width: 170,
        sorter: true,
        render: (v: number) => formatDate(v),
      },
      {
        title: t('group.actions'),
        key: 'op',
        width: 200,
        fixed: 'right',
        render: (_: unknown, o) => {
          // An account whose group holds more than the caller is read-only to it (the server
          // refuses too): only its sessions can be looked at — a super-admin's not even those.
          const more = [
            ...(actions.includes('reset') && o.manageable
              ? [{ key: 'reset', label: t('operator.resetPwd'), onClick: () => setResetting(o) }]
              : []),
            ...(actions.includes('session') && !superOnly(o)
              ? [{ key: 'session', label: t('operator.sessions'), onClick: () => setSessionsOf(o) }]
              : []),
          ];
          return (
            <Space size={0}>
              {canEdit && o.manageable && (
                <Button
                  type="link"
                  size="small"
                  onClick={() => void navigate(`${PAGES.operatorEdit}?id=${o.id}`)}
                >
                  {t('operator.edit')}
                </Button>
              )}
              {!o.manageable && (
                <Tooltip title={t('operator.notManageableHint')}>
                  <Tag style={{ marginInline: 8 }}>{t('operator.notManageable')}</Tag>
                </Tooltip>
              )}
              {actions.includes('delete') && !o.isSelf && o.manageable && (
                <ConfirmAction
                  title={t('operator.deleteConfirm', { name: displayName(o) })}
                  danger
                  dangerOk
                  onConfirm={() => remove(o)}
                >
                  {t('operator.delete')}
                </ConfirmAction>
              )}
              {more.length > 0 && (
                <Dropdown menu={{ items: more }} trigger={['click']}>
                  <Button type="link" size="small" icon={<MoreOutlined />}>
                    {t('operator.more')}
                  </Button>
                </Dropdown>
              )}
            </Space>
          );
        },
      },
    ];
  }, [actions, busy, deleteOperator, groups.data, modal, navigate, setOperatorEnabled, t]);

  const onReset = async (o: OperatorListItem, answer: InitialPasswordResponse) => {
    setResetting(null);
    toast.success(t('operator.resetDone', { count: answer.endedSessions }));
    if (answer.generatedPassword)
      await showInitialPassword(modal, displayName(o), answer.generatedPassword);
  };

  return (
    <>
      {modalHolder}
      <ListPage<OperatorListItem>
        columns={columns}
        rowKey="id"
        queryKey={operatorKeys.all}
        request={fetchOperators}
        defaultSort={{ field: 'createdAt', order: 'descend' }}
        headerTitle={t('operator.title')}
        toolbar={
          actions.includes('add') && (
            <AddButton onClick={() => void navigate(PAGES.operatorEdit)}>
              {t('operator.add')}
            </AddButton>
          )
        }
      />
      <ResetPasswordDialog
        operator={resetting}
        onClose={() => setResetting(null)}
        onDone={(o, answer) => void onReset(o, answer)}
      />
      <SessionsDrawer operator={sessionsOf} onClose={() => setSessionsOf(null)} />
    </>
  );
}
