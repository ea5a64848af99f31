import { useMemo, useState } from 'react';
import { Button, Form, Input, Modal, Space, Spin, Switch, Tag, Typography } from 'antd';
import { DownloadOutlined, QrcodeOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  channelSaveRequestSchema,
  formatDate,
  type ChannelSaveRequest,
  type MemberChannel,
} from '@health/contract';
import {
  AddButton,
  ConfirmAction,
  ListPage,
  type ListColumn,
} from '../../../shared/components/list-page';
import { toast } from '../../../shared/feedback/feedback';
import { usePageActions } from '../../../shared/stores/permission';
import { type DialogCallbacks, FormDialog } from '../../../shared/components/form-dialog';
import {
  channelKeys,
  fetchChannelQrcode,
  fetchChannels,
  useDeleteChannel,
  useSaveChannel,
} from './api';
import { MEMBER_ADMIN_NS } from '../admin-locales';
import { useEditDialogProps } from '../edit-dialog';
import { useFrontPath } from '../../../shared/routing/route-handle';

function ChannelDialog({
  channel,
  open,
  onClose,
  onDone,
}: { channel: MemberChannel | null; open: boolean } & DialogCallbacks) {
  const { t } = useTranslation(MEMBER_ADMIN_NS);
  const save = useSaveChannel(channel?.id ?? null);
  const dialogProps = useEditDialogProps(onDone);
  return (
    <FormDialog
      {...dialogProps}
      title={channel ? t('channel.editTitle') : t('channel.addTitle')}
      open={open}
      onClose={onClose}
      name="memberChannel"
      schema={channelSaveRequestSchema}
      adapt={{
        toInput: (values: ChannelSaveRequest) => ({ ...values, remark: values.remark ?? '' }),
      }}
      initialValues={
        channel
          ? {
              name: channel.name,
              code: channel.code,
              remark: channel.remark,
              enabled: channel.enabled,
            }
          : { name: '', code: '', remark: '', enabled: true }
      }
      mutation={save}
    >
      <Form.Item name="name" label={t('channel.name')} required>
        <Input />
      </Form.Item>
      <Form.Item name="code" label={t('channel.code')} extra={t('channel.codeHint')} required>
        <Input />
      </Form.Item>
      <Form.Item name="remark" label={t('channel.remark')}>
        <Input.TextArea rows={3} count={{ show: true, max: 200 }} />
      </Form.Item>
      <Form.Item name="enabled" label={t('common.status')} valuePropName="checked">
        <Switch checkedChildren={t('common.enabled')} unCheckedChildren={t('common.disabled')} />
      </Form.Item>
    </FormDialog>
  );
}

function QrcodeDialog({
  channel,
  onClose,
}: {
  channel: MemberChannel | null;
  onClose: () => void;
}) {
  const { t } = useTranslation(MEMBER_ADMIN_NS);
  const qr = useQuery({
    queryKey: [...channelKeys.all, 'qrcode', channel?.id, channel?.code],
    queryFn: () => fetchChannelQrcode(channel?.id ?? 0),
    enabled: channel !== null,
    retry: false,
  });
  const download = () => {
    if (!qr.data) return;
    const link = document.createElement('a');
    link.href = qr.data.dataUrl;
    link.download = qr.data.fileName;
    document.body.appendChild(link);
    link.click();
    link.remove();
  };
  return (
    <Modal
      title={`${t('channel.qrTitle')}：${channel?.name ?? ''}`}
      open={channel !== null}
      onCancel={onClose}
      footer={
        <Button type="primary" icon={<DownloadOutlined />} disabled={!qr.data} onClick={download}>
          {t('channel.download')}
        </Button>
      }
      destroyOnHidden
    >
      <div style={{ textAlign: 'center', minHeight: 240 }}>
        {qr.isLoading ? (
          <Spin />
        ) : qr.data ? (
          <>
            <img
              src={qr.data.dataUrl}
              alt={t('channel.qrcode')}
              width={240}
              height={240}
              data-testid="channel-qrcode"
            />
            <Typography.Paragraph
              copyable={{ text: qr.data.link }}
              style={{ marginTop: 12, wordBreak: 'break-all' }}
            >
              {qr.data.link}
            </Typography.Paragraph>
          </>
        ) : (
          <Typography.Text type="secondary">
            {qr.error ? (qr.error as Error).message : ''}
          </Typography.Text>
        )}
      </div>
    </Modal>
  );
}

/** /member_manage/channel: acquisition channels, their registration link and QR code, members per channel. */
export default function ChannelPage() {
  const { t } = useTranslation(MEMBER_ADMIN_NS);
  const actions = usePageActions(useFrontPath<'channels'>());
  const deleteChannel = useDeleteChannel().mutateAsync;
  const [editing, setEditing] = useState<{ channel: MemberChannel | null } | null>(null);
  const [showing, setShowing] = useState<MemberChannel | null>(null);

  const columns = useMemo<ListColumn<MemberChannel>[]>(() => {
    const remove = async (id: number) => {
      try {
        await deleteChannel(id);
        toast.success(t('common.deleted'));
      } catch {
        // Toasted by the api client.
      }
    };
    return [
      { title: t('channel.name'), dataIndex: 'name', width: 150, search: { type: 'text' } },
      {
        title: t('channel.code'),
        dataIndex: 'code',
        width: 130,
        search: { type: 'text' },
        render: (v: string) => <Typography.Text code>{v}</Typography.Text>,
      },
      {
        title: t('channel.link'),
        dataIndex: 'link',
        render: (v: string) =>
          v ? (
            <Typography.Text copyable style={{ wordBreak: 'break-all' }}>
              {v}
            </Typography.Text>
          ) : (
            <Typography.Text type="secondary">{t('channel.noLink')}</Typography.Text>
          ),
      },
      { title: t('channel.memberCount'), dataIndex: 'memberCount', width: 100, sorter: true },
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
        render: (v: boolean) =>
          v ? <Tag color="green">{t('common.enabled')}</Tag> : <Tag>{t('common.disabled')}</Tag>,
      },
      { title: t('channel.remark'), dataIndex: 'remark', ellipsis: true, width: 160 },
      {
        title: t('common.createdAt'),
        dataIndex: 'createdAt',
        width: 170,
        sorter: true,
        render: (v: number) => formatDate(v),
      },
      {
        title: t('common.op'),
        key: 'op',
        width: 200,
        fixed: 'right',
        render: (_: unknown, r) => (
          <Space size={0}>
            <Button
              type="link"
              size="small"
              icon={<QrcodeOutlined />}
              onClick={() => setShowing(r)}
            >
              {t('channel.qrcode')}
            </Button>
            {actions.includes('edit') && (
              <Button type="link" size="small" onClick={() => setEditing({ channel: r })}>
                {t('common.edit')}
              </Button>
            )}
            {actions.includes('delete') && (
              <ConfirmAction
                title={t('common.deleteConfirm')}
                description={t('channel.deleteHint')}
                danger
                onConfirm={() => remove(r.id)}
              >
                {t('common.delete')}
              </ConfirmAction>
            )}
          </Space>
        ),
      },
    ];
  }, [actions, deleteChannel, t]);

  return (
    <>
      <ListPage<MemberChannel>
        columns={columns}
        rowKey="id"
        queryKey={channelKeys.all}
        request={fetchChannels}
        defaultSort={{ field: 'createdAt', order: 'descend' }}
        headerTitle={t('channel.title')}
        toolbar={
          actions.includes('add') && (
            <AddButton onClick={() => setEditing({ channel: null })}>{t('common.add')}</AddButton>
          )
        }
      />
      <ChannelDialog
        open={editing !== null}
        channel={editing?.channel ?? null}
        onClose={() => setEditing(null)}
        onDone={() => setEditing(null)}
      />
      <QrcodeDialog channel={showing} onClose={() => setShowing(null)} />
    </>
  );
}
