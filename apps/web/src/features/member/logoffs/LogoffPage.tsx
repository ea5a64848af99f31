import { useMemo, useState } from 'react';
import { Button, Form, Input, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  LOGOFF_STATUSES,
  formatDate,
  logoffRejectRequestSchema,
  type LogoffItem,
  LogoffMessages,
} from '@health/contract';
import {
  ConfirmAction,
  timeColumn,
  ListPage,
  type ListColumn,
} from '../../../shared/components/list-page';
import { toast } from '../../../shared/feedback/feedback';
import { usePageActions } from '../../../shared/stores/permission';
import { type DialogCallbacks, FormDialog } from '../../../shared/components/form-dialog';
import { fetchLogoffs, logoffKeys, useApproveLogoff, useRejectLogoff } from './api';
import { MEMBER_ADMIN_NS } from '../admin-locales';
import { memberColumns } from '../member-columns';
import { useFrontPath } from '../../../shared/routing/route-handle';
import { MEMBER_ENUMS_NS } from '../enum-locales';

const STATUS_COLORS = { pending: 'orange', approved: 'green', rejected: 'red' } as const;

const rejectSchema = logoffRejectRequestSchema.pick({ rejectReason: true });

function RejectDialog({ item, onClose, onDone }: { item: LogoffItem | null } & DialogCallbacks) {
  const { t } = useTranslation(MEMBER_ADMIN_NS);
  const reject = useRejectLogoff(item?.id ?? 0);
  return (
    <FormDialog
      title={t('logoff.rejectTitle')}
      open={item !== null}
      onClose={onClose}
      okText={t('logoff.reject')}
      okButtonProps={{ danger: true }}
      cancelText={t('common.cancel')}
      modalProps={{ forceRender: true }}
      name="logoffReject"
      schema={rejectSchema}
      initialValues={{ rejectReason: '' }}
      mutation={reject}
      onDone={() => {
        toast.success(LogoffMessages.rejected);
        onDone();
      }}
      intro={
        item && (
          <Typography.Paragraph type="secondary">
            {item.memberName} {item.memberPhone}：{item.reason}
          </Typography.Paragraph>
        )
      }
    >
      <Form.Item name="rejectReason" label={t('logoff.rejectReason')} required>
        <Input.TextArea
          rows={3}
          count={{ show: true, max: 200 }}
          placeholder={t('logoff.rejectPlaceholder')}
        />
      </Form.Item>
    </FormDialog>
  );
}

/** /member_manage/logoff: approve (anonymise) or reject members' log-off requests. */
export default function LogoffPage() {
  const { t } = useTranslation(MEMBER_ADMIN_NS);
  const actions = usePageActions(useFrontPath<'logoffs'>());
  const approveLogoff = useApproveLogoff().mutateAsync;
  const [rejecting, setRejecting] = useState<LogoffItem | null>(null);
  const canAudit = actions.includes('audit');

  const { t: label } = useTranslation(MEMBER_ENUMS_NS);
  const columns = useMemo<ListColumn<LogoffItem>[]>(() => {
    const approve = async (id: number) => {
      try {
        await approveLogoff(id);
        toast.success(LogoffMessages.approved);
      } catch {
        // Toasted by the api client.
      }
    };
    return [
      ...memberColumns<LogoffItem>(t, 120),
      { title: t('logoff.reason'), dataIndex: 'reason', ellipsis: true },
      {
        title: t('logoff.status'),
        dataIndex: 'status',
        width: 100,
        search: {
          type: 'select',
          options: LOGOFF_STATUSES.map((s) => ({ label: label(`logoffStatus.${s}`), value: s })),
        },
        render: (v: LogoffItem['status']) => (
          <Tag color={STATUS_COLORS[v]}>{label(`logoffStatus.${v}`)}</Tag>
        ),
      },
      {
        title: t('logoff.rejectReason'),
        dataIndex: 'rejectReason',
        ellipsis: true,
        render: (v: string) => v || '-',
      },
      timeColumn(t('logoff.appliedAt')),
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
            <Space size={0} wrap>
              <ConfirmAction
                title={t('logoff.approveTitle')}
                description={<div style={{ maxWidth: 280 }}>{t('logoff.approveDesc')}</div>}
                okText={t('logoff.approve')}
                cancelText={t('common.cancel')}
                onConfirm={() => approve(r.id)}
              >
                {t('logoff.approve')}
              </ConfirmAction>
              <Button type="link" size="small" danger onClick={() => setRejecting(r)}>
                {t('logoff.reject')}
              </Button>
            </Space>
          ) : (
            '-'
          ),
      },
    ];
  }, [approveLogoff, canAudit, t, label]);

  return (
    <>
      <ListPage<LogoffItem>
        columns={columns}
        rowKey="id"
        queryKey={logoffKeys.all}
        request={fetchLogoffs}
        defaultSort={{ field: 'createdAt', order: 'descend' }}
        headerTitle={t('logoff.title')}
      />
      <RejectDialog
        item={rejecting}
        onClose={() => setRejecting(null)}
        onDone={() => setRejecting(null)}
      />
    </>
  );
}
