import { useMemo, useRef, useState } from 'react';
import { Button, DatePicker, Form, Space, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { dayjs } from '../../../shared/utils/dayjs';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import {
  formatDate,
  NOTICE_STATUSES,
  noticeScheduleRequestSchema,
  type Notice,
  type NoticeListItem,
  type NoticeStatusKind,
  PAGES,
} from '@health/contract';
import {
  ConfirmAction,
  ListPage,
  type ListColumn,
  type ListPageAction,
} from '../../../shared/components/list-page';
import { toast } from '../../../shared/feedback/feedback';
import { usePageActions } from '../../../shared/stores/permission';
import { type DialogCallbacks, FormDialog } from '../../../shared/components/form-dialog';
import { fetchNotices, noticeKeys, useChangeNotice, useScheduleNotice } from './api';
import { SIGN_NS } from '../sign-locales';
import { useFrontPath } from '../../../shared/routing/route-handle';
import { MEMBER_ENUMS_NS } from '../enum-locales';

const STATUS_COLORS: Record<NoticeStatusKind, string> = {
  draft: 'default',
  scheduled: 'processing',
  sent: 'success',
  withdrawn: 'warning',
};

const scheduleSchema = noticeScheduleRequestSchema.pick({ scheduledAt: true });

function ScheduleModal({
  notice,
  onClose,
  onDone,
}: { notice: NoticeListItem | null } & DialogCallbacks) {
  const { t } = useTranslation(SIGN_NS);
  const schedule = useScheduleNotice(notice?.id ?? 0);
  return (
    <FormDialog
      open={notice !== null}
      title={`${t('notice.scheduleTitle')}：${notice?.title ?? ''}`}
      okText={t('notice.ok')}
      cancelText={t('notice.cancel')}
      schema={scheduleSchema}
      adapt={{
        toInput: ({ scheduledAt }: { scheduledAt?: Dayjs | null }) => ({
          scheduledAt: scheduledAt?.valueOf(),
        }),
      }}
      initialValues={{
        scheduledAt: notice?.scheduledAt ? dayjs(notice.scheduledAt) : undefined,
      }}
      mutation={schedule}
      onClose={onClose}
      onDone={() => {
        toast.success();
        onDone();
      }}
      intro={
        <Typography.Paragraph type="secondary">{t('notice.scheduleHint')}</Typography.Paragraph>
      }
    >
      <Form.Item name="scheduledAt" label={t('notice.scheduledAt')} required>
        <DatePicker
          showTime={{ format: 'HH:mm:ss' }}
          format="YYYY-MM-DD HH:mm:ss"
          disabledDate={(d) => d.isBefore(dayjs(), 'day')}
          style={{ width: 240 }}
        />
      </Form.Item>
    </FormDialog>
  );
}

/** /member_sign/activity 消息通知: notices with status, send / schedule / withdraw by permission. */
export default function NoticeListPage() {
  const { t } = useTranslation(SIGN_NS);
  const navigate = useNavigate();
  const actions = usePageActions(useFrontPath<'notices'>());
  const canPublish = actions.includes('publish');
  const ref = useRef<ListPageAction>(null);
  const [scheduling, setScheduling] = useState<NoticeListItem | null>(null);
  const changeNotice = useChangeNotice().mutateAsync;

  const { t: label } = useTranslation(MEMBER_ENUMS_NS);
  const columns = useMemo<ListColumn<NoticeListItem>[]>(() => {
    const run = async (change: 'send' | 'withdraw' | 'delete', id: number) => {
      const answer = await changeNotice({ change, id });
      // What happened, as the server counted it ("已发送给377位会员"), not a bare "操作成功".
      toast.success(
        change === 'send'
          ? t('notice.sentTo', { count: (answer as Notice).recipients })
          : t(change === 'withdraw' ? 'notice.withdrawn' : 'notice.deleted'),
      );
    };
    return [
      {
        title: t('notice.titleLabel'),
        dataIndex: 'title',
        search: { type: 'text' },
        render: (v: string, r) => (
          <Link to={`${PAGES.noticeEdit}?id=${r.id}`} data-testid={`notice-${r.id}`}>
            {v}
          </Link>
        ),
      },
      {
        title: t('notice.target'),
        dataIndex: 'targetType',
        render: (_: unknown, r) =>
          r.targetType === 'all'
            ? label('noticeTarget.all')
            : label('noticeTarget.withNames', {
                target: label(`noticeTarget.${r.targetType}`),
                names: r.targetNames.join(label('listSeparator')),
              }),
      },
      {
        title: t('notice.status'),
        dataIndex: 'status',
        search: {
          type: 'select',
          options: NOTICE_STATUSES.map((s) => ({ label: label(`noticeStatus.${s}`), value: s })),
        },
        render: (v: NoticeStatusKind) => (
          <Tag color={STATUS_COLORS[v]} data-testid="notice-status">
            {label(`noticeStatus.${v}`)}
          </Tag>
        ),
      },
      {
        title: t('notice.scheduledAt'),
        dataIndex: 'scheduledAt',
        render: (v: number | null, r) => (r.status === 'scheduled' && v ? formatDate(v) : '-'),
      },
      {
        title: t('notice.sentAt'),
        dataIndex: 'sentAt',
        render: (v: number | null) => (v ? formatDate(v) : '-'),
      },
      { title: t('notice.recipients'), dataIndex: 'recipients' },
      {
        title: t('notice.createdAt'),
        dataIndex: 'createdAt',
        render: (v: number) => formatDate(v),
        search: { type: 'dateRange', names: ['startTime', 'endTime'] },
      },
      {
        title: t('notice.op'),
        key: 'op',
        fixed: 'right',
        width: 260,
        render: (_: unknown, r) => {
          const editable = r.status === 'draft' || r.status === 'scheduled';
          return (
            <Space size={4} wrap>
              <Link to={`${PAGES.noticeEdit}?id=${r.id}`}>
                {editable && actions.includes('edit') ? t('notice.edit') : t('notice.view')}
              </Link>
              {canPublish && editable && (
                <ConfirmAction
                  title={t('notice.sendConfirm', { title: r.title })}
                  okText={t('notice.ok')}
                  cancelText={t('notice.cancel')}
                  onConfirm={() => run('send', r.id)}
                >
                  {t('notice.send')}
                </ConfirmAction>
              )}
              {canPublish && r.status === 'draft' && (
                <Button type="link" size="small" onClick={() => setScheduling(r)}>
                  {t('notice.schedule')}
                </Button>
              )}
              {canPublish && r.status === 'sent' && (
                <ConfirmAction
                  title={t('notice.withdrawConfirm', { title: r.title })}
                  okText={t('notice.ok')}
                  cancelText={t('notice.cancel')}
                  danger
                  onConfirm={() => run('withdraw', r.id)}
                >
                  {t('notice.withdraw')}
                </ConfirmAction>
              )}
              {actions.includes('delete') && r.status !== 'sent' && (
                <ConfirmAction
                  title={t('notice.deleteConfirm', { title: r.title })}
                  okText={t('notice.ok')}
                  cancelText={t('notice.cancel')}
                  danger
                  onConfirm={() => run('delete', r.id)}
                >
                  {t('notice.delete')}
                </ConfirmAction>
              )}
            </Space>
          );
        },
      },
    ];
  }, [t, label, actions, canPublish, changeNotice]);

  return (
    <>
      <ListPage<NoticeListItem>
        columns={columns}
        rowKey="id"
        queryKey={noticeKeys.all}
        request={fetchNotices}
        actionRef={ref}
        headerTitle={t('notice.title')}
        toolbar={
          actions.includes('add') && (
            <Button type="primary" onClick={() => navigate(PAGES.noticeEdit)}>
              {t('notice.add')}
            </Button>
          )
        }
      />
      <ScheduleModal
        notice={scheduling}
        onClose={() => setScheduling(null)}
        onDone={() => setScheduling(null)}
      />
    </>
  );
}
