import { useMemo, useState } from 'react';
import { Button, Popconfirm, Space, Switch, Tabs, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { SMS_SCENES, formatDate, type SmsOutboxEntry, type SmsTemplate } from '@health/contract';
import {
  AddButton,
  ConfirmAction,
  ListPage,
  type ListColumn,
} from '../../../shared/components/list-page';
import { toast } from '../../../shared/feedback/feedback';
import { usePageActions } from '../../../shared/stores/permission';
import {
  fetchSmsOutbox,
  fetchSmsTemplates,
  smsKeys,
  useDeleteSmsTemplates,
  useSetSmsTemplateEnabled,
} from './api';
import { SmsTemplateDialog } from './components/SmsTemplateDialog';
import { SmsTestSendDialog } from './components/SmsTestSendDialog';
import { CONTENT_NS } from '../content-locales';
import { useFrontPath } from '../../../shared/routing/route-handle';

type Editing = { template: SmsTemplate | null } | null;

function OutboxList() {
  const { t } = useTranslation(CONTENT_NS);
  const columns = useMemo<ListColumn<SmsOutboxEntry>[]>(
    () => [
      {
        title: t('sms.outbox.time'),
        dataIndex: 'createdAt',
        width: 170,
        render: (v: number) => formatDate(v),
      },
      {
        title: t('sms.outbox.phone'),
        dataIndex: 'phone',
        width: 130,
        search: { type: 'text', label: t('sms.outbox.phoneFilter') },
      },
      {
        title: t('sms.outbox.template'),
        dataIndex: 'templateCode',
        width: 180,
        search: { type: 'text', label: t('sms.outbox.templateFilter') },
        render: (code: string, r) => (
          <Space direction="vertical" size={0}>
            <span>{r.templateName || code}</span>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {code}
            </Typography.Text>
          </Space>
        ),
      },
      { title: t('sms.outbox.content'), dataIndex: 'content' },
      {
        title: t('sms.outbox.provider'),
        dataIndex: 'provider',
        width: 110,
        render: (v: string) => (v === 'outbox' ? t('sms.outbox.outboxProvider') : v),
      },
      {
        title: t('sms.outbox.status'),
        dataIndex: 'status',
        width: 90,
        render: (v: SmsOutboxEntry['status'], r) =>
          v === 'sent' ? (
            <Tag color="green">{t('sms.outbox.sent')}</Tag>
          ) : (
            <Tooltip title={r.error}>
              <Tag color="red">{t('sms.outbox.failed')}</Tag>
            </Tooltip>
          ),
      },
      {
        title: t('sms.outbox.operator'),
        dataIndex: 'operatorName',
        width: 100,
        render: (v: string) => v || t('sms.outbox.system'),
      },
    ],
    [t],
  );
  return (
    <ListPage<SmsOutboxEntry>
      columns={columns}
      rowKey="id"
      queryKey={smsKeys.outbox}
      request={fetchSmsOutbox}
      syncUrl={false}
    />
  );
}

/** /sysset_notice_set/msg_tpl: SMS templates, their test send, and the outbox. */
export default function SmsTemplatePage() {
  const { t } = useTranslation(CONTENT_NS);
  const actions = usePageActions(useFrontPath<'smsTemplates'>());
  const deleteSmsTemplates = useDeleteSmsTemplates().mutateAsync;
  const setSmsTemplateEnabled = useSetSmsTemplateEnabled().mutateAsync;
  const [tab, setTab] = useState('templates');
  const [editing, setEditing] = useState<Editing>(null);
  const [testing, setTesting] = useState<SmsTemplate | null>(null);

  const columns = useMemo<ListColumn<SmsTemplate>[]>(() => {
    const remove = async (ids: number[]) => {
      try {
        await deleteSmsTemplates(ids);
        toast.success(t('common.deleted'));
      } catch {
        // Toasted by the api client.
      }
    };
    const toggle = async (template: SmsTemplate, enabled: boolean) => {
      try {
        await setSmsTemplateEnabled({ id: template.id, enabled });
        toast.success(enabled ? t('sms.enabledDone') : t('sms.disabledDone'));
      } catch {
        // Toasted by the api client.
      }
    };
    return [
      {
        title: t('sms.name'),
        dataIndex: 'name',
        width: 170,
        search: { type: 'text', name: 'keyword', label: t('sms.keyword') },
        render: (name: string, r) => (
          <Space direction="vertical" size={0}>
            <span>{name}</span>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {r.code}
            </Typography.Text>
          </Space>
        ),
      },
      {
        title: t('sms.scene'),
        dataIndex: 'scene',
        width: 110,
        search: {
          type: 'select',
          options: SMS_SCENES.map((v) => ({ value: v, label: t(`sms.scenes.${v}`) })),
        },
        render: (v: SmsTemplate['scene']) => t(`sms.scenes.${v}`),
      },
      { title: t('sms.content'), dataIndex: 'content' },
      {
        title: t('sms.params'),
        dataIndex: 'params',
        width: 150,
        render: (names: string[]) =>
          names.length === 0 ? (
            <Typography.Text type="secondary">{t('sms.noParams')}</Typography.Text>
          ) : (
            <Space size={[0, 4]} wrap>
              {names.map((n) => (
                <Tag key={n}>{n}</Tag>
              ))}
            </Space>
          ),
      },
      {
        title: t('common.status'),
        dataIndex: 'enabled',
        width: 90,
        search: {
          type: 'select',
          options: [
            { label: t('common.enabled'), value: '1' },
            { label: t('common.disabled'), value: '0' },
          ],
        },
        render: (enabled: boolean, r) =>
          actions.includes('edit') ? (
            <Popconfirm
              title={enabled ? t('sms.disableConfirm') : t('sms.enableConfirm')}
              onConfirm={() => toggle(r, !enabled)}
            >
              <Switch
                size="small"
                checked={enabled}
                checkedChildren={t('common.enabled')}
                unCheckedChildren={t('common.disabled')}
              />
            </Popconfirm>
          ) : (
            <Tag color={enabled ? 'green' : 'default'}>
              {enabled ? t('common.enabled') : t('common.disabled')}
            </Tag>
          ),
      },
      {
        title: t('common.updatedAt'),
        dataIndex: 'updatedAt',
        width: 170,
        render: (v: number, r) => (
          <Space direction="vertical" size={0}>
            <span>{formatDate(v)}</span>
            {r.updatedBy && (
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {r.updatedBy}
              </Typography.Text>
            )}
          </Space>
        ),
      },
      {
        title: t('common.op'),
        key: 'op',
        width: 180,
        render: (_: unknown, r) => (
          <Space size={0}>
            {actions.includes('edit') && (
              <Button type="link" size="small" onClick={() => setEditing({ template: r })}>
                {t('common.edit')}
              </Button>
            )}
            {actions.includes('test') && (
              <Tooltip title={r.enabled ? undefined : t('sms.testDisabled')}>
                <Button
                  type="link"
                  size="small"
                  disabled={!r.enabled}
                  onClick={() => setTesting(r)}
                >
                  {t('sms.testSend')}
                </Button>
              </Tooltip>
            )}
            {actions.includes('delete') && (
              <ConfirmAction
                title={t('sms.deleteConfirm', { name: r.name })}
                danger
                dangerOk
                onConfirm={() => remove([r.id])}
              >
                {t('common.delete')}
              </ConfirmAction>
            )}
          </Space>
        ),
      },
    ];
  }, [actions, deleteSmsTemplates, setSmsTemplateEnabled, t]);

  const templates = (
    <ListPage<SmsTemplate>
      columns={columns}
      rowKey="id"
      queryKey={smsKeys.templates}
      request={fetchSmsTemplates}
      toolbar={
        actions.includes('add') && (
          <AddButton onClick={() => setEditing({ template: null })}>{t('sms.add')}</AddButton>
        )
      }
    />
  );

  return (
    <div className="sms-template-page">
      <Tabs
        activeKey={tab}
        onChange={setTab}
        destroyOnHidden
        items={[
          { key: 'templates', label: t('sms.templatesTab'), children: templates },
          { key: 'outbox', label: t('sms.outboxTab'), children: <OutboxList /> },
        ]}
      />
      <SmsTemplateDialog
        open={editing !== null}
        template={editing?.template ?? null}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          toast.success(t('sms.saved'));
        }}
      />
      <SmsTestSendDialog
        template={testing}
        onClose={() => setTesting(null)}
        onSent={() => {
          setTesting(null);
          toast.success(t('sms.testSent'));
        }}
      />
    </div>
  );
}
