import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, Dropdown, Modal, Popconfirm, Space, Switch, Tag, Tooltip } from 'antd';
import { MoreOutlined, PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  STAFF_ROLE_LABELS,
  formatDate,
  staffRoleSchema,
  type InitialPasswordResponse,
  type OperatorListItem,
} from '@health/contract';
import { ListPage, type ListColumn } from '../../../shared/components/list-page';
import { toast } from '../../../shared/feedback/feedback';
import { usePageActions } from '../../../shared/stores/permission';
import {
  authorityKeys,
  deleteMember,
  disableMember,
  enableMember,
  fetchMembers,
  useGroupOptions,
} from '../api/authority-api';
import { PhoneCell } from '../components/PhoneCell';
import { ResetPasswordDialog } from '../components/ResetPasswordDialog';
import { SessionsDrawer } from '../components/SessionsDrawer';
import { showInitialPassword } from '../components/initial-password';
import { AUTHORITY_NS } from '../locales';

const PAGE = '/sysset_authority/authority_member';
const EDIT_PAGE = '/sysset_authority/authority_member_edit';

const STAFF_ROLE_OPTIONS = staffRoleSchema.options.map((r) => ({
  value: r,
  label: STAFF_ROLE_LABELS[r],
}));

const displayName = (o: OperatorListItem) => o.realName || o.username;

/** /sysset_authority/authority_member: operator accounts. */
export default function MemberListPage() {
  const { t } = useTranslation(AUTHORITY_NS);
  const actions = usePageActions(PAGE);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const groups = useGroupOptions();
  const [modal, modalHolder] = Modal.useModal();
  const [resetting, setResetting] = useState<OperatorListItem | null>(null);
  const [sessionsOf, setSessionsOf] = useState<OperatorListItem | null>(null);
  const [busy, setBusy] = useState<number | null>(null);

  const columns = useMemo<ListColumn<OperatorListItem>[]>(() => {
    const reload = () => queryClient.invalidateQueries({ queryKey: authorityKeys.members });
    const run = async (id: number, work: () => Promise<void>) => {
      setBusy(id);
      try {
        await work();
        await reload();
      } catch {
        // The api client has shown the server's message.
      } finally {
        setBusy(null);
      }
    };
    const setEnabled = (o: OperatorListItem, enabled: boolean) => {
      if (enabled) {
        void run(o.id, async () => {
          await enableMember(o.id);
          toast.success(t('member.enabledDone'));
        });
        return;
      }
      void modal.confirm({
        title: t('member.disableConfirm', { name: displayName(o) }),
        okButtonProps: { danger: true },
        onOk: () =>
          run(o.id, async () => {
            const { count } = await disableMember(o.id);
            toast.success(t('member.disabled', { count }));
          }),
      });
    };
    const remove = (o: OperatorListItem) =>
      run(o.id, async () => {
        await deleteMember(o.id);
        toast.success(t('member.deleted'));
        await queryClient.invalidateQueries({ queryKey: authorityKeys.groups });
      });
    const canEdit = actions.includes('edit');

    return [
      {
        title: t('member.keyword'),
        key: 'keyword',
        hideInTable: true,
        search: { type: 'text', placeholder: t('member.keywordPlaceholder') },
      },
      {
        title: t('member.username'),
        dataIndex: 'username',
        sorter: true,
        render: (v: string, o) => (
          <Space size={4}>
            <span>{v}</span>
            {o.isSelf && <Tag color="blue">{t('member.self')}</Tag>}
          </Space>
        ),
      },
      { title: t('member.realName'), dataIndex: 'realName', render: (v: string) => v || '-' },
      {
        title: t('member.phone'),
        dataIndex: 'phone',
        width: 170,
        render: (v: string, o) => (
          <PhoneCell id={o.id} masked={v} canReveal={actions.includes('reveal')} />
        ),
      },
      {
        title: t('member.group'),
        dataIndex: 'groupName',
        search: {
          type: 'select',
          name: 'groupId',
          options: (groups.data ?? []).map((g) => ({ value: g.id, label: g.name })),
        },
        render: (v: string, o) => (o.groupBuiltin ? <Tag color="gold">{v}</Tag> : v),
      },
      {
        title: t('member.staffRole'),
        dataIndex: 'staffRole',
        width: 100,
        search: { type: 'select', options: STAFF_ROLE_OPTIONS },
        render: (v: OperatorListItem['staffRole']) => STAFF_ROLE_LABELS[v],
      },
      {
        title: t('member.enabled'),
        dataIndex: 'enabled',
        width: 120,
        search: {
          type: 'select',
          options: [
            { value: '1', label: t('member.enabledOn') },
            { value: '0', label: t('member.enabledOff') },
          ],
        },
        render: (enabled: boolean, o) => (
          <Space size={4}>
            {canEdit && !o.isSelf && o.manageable ? (
              <Switch
                size="small"
                checked={enabled}
                loading={busy === o.id}
                aria-label={enabled ? t('member.enabledOn') : t('member.enabledOff')}
                onChange={(next) => setEnabled(o, next)}
              />
            ) : (
              <Tag color={enabled ? 'green' : 'default'}>
                {enabled ? t('member.enabledOn') : t('member.enabledOff')}
              </Tag>
            )}
            {o.needChangeType === 'first' && (
              <Tooltip title={t('member.mustChange')}>
                <Tag color="orange" style={{ marginInlineEnd: 0 }}>
                  {t('member.mustChange')}
                </Tag>
              </Tooltip>
            )}
          </Space>
        ),
      },
      {
        title: t('member.lastLogin'),
        dataIndex: 'lastLoginAt',
        width: 170,
        sorter: true,
        render: (v: number | null) => (v ? formatDate(v) : t('member.neverLoggedIn')),
      },
      {
        title: t('member.createdAt'),
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
          // refuses too): only its sessions can be looked at.
          const more = [
            ...(actions.includes('reset') && o.manageable
              ? [{ key: 'reset', label: t('member.resetPwd'), onClick: () => setResetting(o) }]
              : []),
            ...(actions.includes('session')
              ? [{ key: 'session', label: t('member.sessions'), onClick: () => setSessionsOf(o) }]
              : []),
          ];
          return (
            <Space size={0}>
              {canEdit && o.manageable && (
                <Button
                  type="link"
                  size="small"
                  onClick={() => void navigate(`${EDIT_PAGE}?id=${o.id}`)}
                >
                  {t('member.edit')}
                </Button>
              )}
              {!o.manageable && (
                <Tooltip title={t('member.notManageableHint')}>
                  <Tag style={{ marginInline: 8 }}>{t('member.notManageable')}</Tag>
                </Tooltip>
              )}
              {actions.includes('delete') && !o.isSelf && o.manageable && (
                <Popconfirm
                  title={t('member.deleteConfirm', { name: displayName(o) })}
                  okButtonProps={{ danger: true }}
                  onConfirm={() => remove(o)}
                >
                  <Button type="link" size="small" danger>
                    {t('member.delete')}
                  </Button>
                </Popconfirm>
              )}
              {more.length > 0 && (
                <Dropdown menu={{ items: more }} trigger={['click']}>
                  <Button type="link" size="small" icon={<MoreOutlined />}>
                    {t('member.more')}
                  </Button>
                </Dropdown>
              )}
            </Space>
          );
        },
      },
    ];
  }, [actions, busy, groups.data, modal, navigate, queryClient, t]);

  const onReset = async (o: OperatorListItem, answer: InitialPasswordResponse) => {
    setResetting(null);
    toast.success(t('member.resetDone', { count: answer.endedSessions }));
    await queryClient.invalidateQueries({ queryKey: authorityKeys.members });
    if (answer.generatedPassword)
      await showInitialPassword(modal, displayName(o), answer.generatedPassword);
  };

  return (
    <>
      {modalHolder}
      <ListPage<OperatorListItem>
        columns={columns}
        rowKey="id"
        queryKey={authorityKeys.members}
        request={fetchMembers}
        defaultSort={{ field: 'createdAt', order: 'descend' }}
        headerTitle={t('member.title')}
        scroll={{ x: 1300 }}
        toolbar={
          actions.includes('add') && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate(EDIT_PAGE)}>
              {t('member.add')}
            </Button>
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
