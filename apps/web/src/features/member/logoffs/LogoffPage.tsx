import { useEffect, useMemo, useState } from 'react';
import { Button, Form, Input, Modal, Popconfirm, Space, Tag, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  LOGOFF_STATUS_LABELS,
  LOGOFF_STATUSES,
  MemberAdminMessages,
  formatDate,
  type LogoffItem,
} from '@health/contract';
import { ListPage, type ListColumn } from '../../../shared/components/list-page';
import { toast } from '../../../shared/feedback/feedback';
import { usePageActions } from '../../../shared/stores/permission';
import { applyFieldErrors } from '../../../shared/utils/form';
import { approveLogoff, fetchLogoff, memberAdminKeys, rejectLogoff } from '../grades/api';
import { MEMBER_ADMIN_NS } from '../admin-locales';
import { useFrontPath } from '../../../shared/routing/route-handle';

const STATUS_COLORS = { pending: 'orange', approved: 'green', rejected: 'red' } as const;

function RejectDialog({
  item,
  onClose,
  onDone,
}: {
  item: LogoffItem | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation(MEMBER_ADMIN_NS);
  const [form] = Form.useForm<{ rejectReason: string }>();
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (item) form.resetFields();
  }, [form, item]);
  const submit = async () => {
    if (!item) return;
    let values: { rejectReason: string };
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    try {
      await rejectLogoff(item.id, values.rejectReason);
      toast.success(MemberAdminMessages.rejected);
      onDone();
    } catch (error) {
      applyFieldErrors(form, error);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      title={t('logoff.rejectTitle')}
      open={item !== null}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('logoff.reject')}
      okButtonProps={{ danger: true }}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      destroyOnHidden
      forceRender
    >
      {item && (
        <Typography.Paragraph type="secondary">
          {item.memberName} {item.memberPhone}：{item.reason}
        </Typography.Paragraph>
      )}
      <Form form={form} layout="vertical" name="logoffReject" initialValues={{ rejectReason: '' }}>
        <Form.Item
          name="rejectReason"
          label={t('logoff.rejectReason')}
          rules={[{ required: true, whitespace: true, message: t('logoff.rejectReasonRequired') }]}
        >
          <Input.TextArea
            rows={3}
            maxLength={200}
            showCount
            placeholder={t('logoff.rejectPlaceholder')}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** /member_manage/logoff: approve (anonymise) or reject members' log-off requests. */
export default function LogoffPage() {
  const { t } = useTranslation(MEMBER_ADMIN_NS);
  const actions = usePageActions(useFrontPath<'logoffs'>());
  const queryClient = useQueryClient();
  const [rejecting, setRejecting] = useState<LogoffItem | null>(null);
  const canAudit = actions.includes('audit');

  const columns = useMemo<ListColumn<LogoffItem>[]>(() => {
    const approve = async (id: number) => {
      try {
        await approveLogoff(id);
        toast.success(MemberAdminMessages.approved);
        await queryClient.invalidateQueries({ queryKey: ['member'] });
      } catch {
        // Toasted by the api client.
      }
    };
    return [
      {
        title: t('common.member'),
        dataIndex: 'memberName',
        width: 120,
        search: { type: 'text', name: 'name', label: t('common.name') },
      },
      {
        title: t('common.phone'),
        dataIndex: 'memberPhone',
        width: 130,
        search: { type: 'text', name: 'phone' },
        render: (v: string) => v || '-',
      },
      { title: t('logoff.reason'), dataIndex: 'reason', ellipsis: true },
      {
        title: t('logoff.status'),
        dataIndex: 'status',
        width: 100,
        search: {
          type: 'select',
          options: LOGOFF_STATUSES.map((s) => ({ label: LOGOFF_STATUS_LABELS[s], value: s })),
        },
        render: (v: LogoffItem['status']) => (
          <Tag color={STATUS_COLORS[v]}>{LOGOFF_STATUS_LABELS[v]}</Tag>
        ),
      },
      {
        title: t('logoff.rejectReason'),
        dataIndex: 'rejectReason',
        ellipsis: true,
        render: (v: string) => v || '-',
      },
      {
        title: t('logoff.appliedAt'),
        dataIndex: 'createdAt',
        width: 170,
        sorter: true,
        render: (v: number) => formatDate(v),
        search: { type: 'dateRange' },
      },
      {
        title: t('logoff.handler'),
        dataIndex: 'handledByName',
        width: 110,
        render: (v: string) => v || '-',
      },
      {
        title: t('logoff.handledAt'),
        dataIndex: 'handledAt',
        width: 170,
        sorter: true,
        render: (v: number | null) => (v ? formatDate(v) : '-'),
      },
      {
        title: t('common.op'),
        key: 'op',
        width: 130,
        fixed: 'right',
        render: (_: unknown, r) =>
          canAudit && r.status === 'pending' ? (
            <Space>
              <Popconfirm
                title={t('logoff.approveTitle')}
                description={<div style={{ maxWidth: 280 }}>{t('logoff.approveDesc')}</div>}
                okText={t('logoff.approve')}
                cancelText={t('common.cancel')}
                onConfirm={() => approve(r.id)}
              >
                <Button type="link" size="small">
                  {t('logoff.approve')}
                </Button>
              </Popconfirm>
              <Button type="link" size="small" danger onClick={() => setRejecting(r)}>
                {t('logoff.reject')}
              </Button>
            </Space>
          ) : (
            '-'
          ),
      },
    ];
  }, [canAudit, queryClient, t]);

  return (
    <>
      <ListPage<LogoffItem>
        columns={columns}
        rowKey="id"
        queryKey={memberAdminKeys.logoff}
        request={fetchLogoff}
        defaultSort={{ field: 'createdAt', order: 'descend' }}
        headerTitle={t('logoff.title')}
        scroll={{ x: 1300 }}
      />
      <RejectDialog
        item={rejecting}
        onClose={() => setRejecting(null)}
        onDone={() => {
          setRejecting(null);
          void queryClient.invalidateQueries({ queryKey: memberAdminKeys.logoff });
        }}
      />
    </>
  );
}
