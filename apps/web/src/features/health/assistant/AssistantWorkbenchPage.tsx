import { useState, type ReactNode } from 'react';
import {
  Alert,
  Badge,
  Button,
  Card,
  Form,
  Input,
  Radio,
  Space,
  Table,
  Tabs,
  Tag,
  Typography,
  type TableColumnsType,
} from 'antd';
import { useTranslation } from 'react-i18next';
import { DEVICE_ENUMS_NS } from '../../../shared/i18n/device-enums';
import {
  assistantCallSchema,
  formatDate,
  PAGES,
  TASK_OUTCOME_MAX,
  type AssistantReturn,
  type CallResult,
  type HealthTask,
} from '@health/contract';
import {
  FormDialog,
  type DialogCallbacks,
  type DialogMutation,
} from '../../../shared/components/form-dialog';
import { DeviceStatusTag } from '../../../shared/components/DeviceStatusTag';
import { ConfirmAction } from '../../../shared/components/list-page';
import { toast } from '../../../shared/feedback/feedback';
import { usePageActions } from '../../../shared/stores/permission';
import { TaskStepDialog, type StepRequest } from '../tasks/TaskDialogs';
import { MINUTES, TASK_STATUS_COLORS } from '../tasks/steps';
import { HEALTH_TASKS_NS } from '../tasks/locales';
import { HEALTH_ASSISTANT_NS } from './locales';
import { useAssistantBook, useAssistantOverview, useReceiveReturn, useRecordCall } from './api';

const time = (v: number | null) => (v === null ? '-' : formatDate(v, MINUTES));

/** One of the workbench's lists: all its rows (the server caps them), scrolling sideways on a phone. */
function AssistantTable<T extends { id: number }>(props: {
  rows: T[] | undefined;
  loading: boolean;
  columns: TableColumnsType<T>;
}) {
  const { t } = useTranslation(HEALTH_ASSISTANT_NS);
  return (
    <Table<T>
      rowKey="id"
      size="middle"
      pagination={false}
      scroll={{ x: 'max-content' }}
      dataSource={props.rows}
      loading={props.loading}
      locale={{ emptyText: t('empty') }}
      columns={props.columns}
    />
  );
}

/** A call to a member: reached (the outcome completes the task) or not answered (an attempt). */
function CallDialog({ task, onClose, onDone }: { task: HealthTask | null } & DialogCallbacks) {
  const { t } = useTranslation(HEALTH_ASSISTANT_NS);
  const record = useRecordCall();
  return (
    <FormDialog
      title={t('callTitle', { name: task?.memberName ?? '' })}
      open={task !== null}
      onClose={onClose}
      onDone={() => {
        toast.success(t('callDone'));
        onDone();
      }}
      okText={t('ok')}
      cancelText={t('cancel')}
      name="assistantCall"
      schema={assistantCallSchema}
      adapt={{ toInput: (v: { result: CallResult; outcome?: string }) => ({ ...v, id: task?.id }) }}
      initialValues={{ result: 'reached', outcome: '' }}
      mutation={record}
    >
      {task && (
        <Typography.Paragraph type="secondary" translate="no">
          {task.memberPhone} · {task.title}
          {task.note ? ` · ${task.note}` : ''}
        </Typography.Paragraph>
      )}
      <Form.Item name="result" label={t('result')} required>
        <Radio.Group
          options={[
            { value: 'reached', label: t('reached') },
            { value: 'unreachable', label: t('unreachable') },
          ]}
        />
      </Form.Item>
      <OutcomeField />
    </FormDialog>
  );
}

/** The call's notes: required, with their own hint, only when the member was reached. */
function OutcomeField() {
  const { t } = useTranslation(HEALTH_ASSISTANT_NS);
  const result = (Form.useWatch('result') as CallResult | undefined) ?? 'reached';
  return (
    <Form.Item name="outcome" label={t('outcome')} required={result === 'reached'}>
      <Input.TextArea
        rows={3}
        placeholder={result === 'reached' ? t('outcomeReached') : t('outcomeMissed')}
        count={{ show: true, max: TASK_OUTCOME_MAX }}
      />
    </Form.Item>
  );
}

/**
 * /health_medical_studio/assistant-workbench 助理工作台: the follow-up calls of abnormal results
 * assigned to me (record each call), my tasks to book, and the devices members posted back
 * (receive them) — each list with its count on its tab.
 */
export default function AssistantWorkbenchPage() {
  const { t } = useTranslation(HEALTH_ASSISTANT_NS);
  const { t: tt } = useTranslation(HEALTH_TASKS_NS);
  const canAct = (usePageActions(PAGES.assistantWorkbench) as readonly string[]).includes('edit');
  const overview = useAssistantOverview();
  const book = useAssistantBook();
  const receive = useReceiveReturn();
  const [calling, setCalling] = useState<HealthTask | null>(null);
  const [booking, setBooking] = useState<StepRequest | null>(null);
  const data = overview.data;
  // The page opens on the first list with work in it (then stays where the assistant goes).
  const [picked, setPicked] = useState<string | null>(null);
  const firstWithWork = !data
    ? 'followUps'
    : ((['followUps', 'toBook', 'returns'] as const).find((k) => data.counts[k] > 0) ??
      'followUps');
  const activeKey = picked ?? firstWithWork;

  const taskColumn = {
    title: t('task'),
    key: 'task',
    render: (_: unknown, r: HealthTask) => (
      <span style={{ whiteSpace: 'nowrap' }}>
        <Typography.Text strong translate="no">
          {r.title}
        </Typography.Text>
        <br />
        <Space size={4}>
          <Tag color={TASK_STATUS_COLORS[r.status]}>{tt(`status.${r.status}`)}</Tag>
          {r.alertLevel && (
            <Tag color={r.alertLevel === 'urgent' ? 'red' : 'orange'}>
              {tt(`level.${r.alertLevel}`)}
            </Tag>
          )}
        </Space>
      </span>
    ),
  };
  const memberColumn = {
    title: t('member'),
    key: 'member',
    render: (_: unknown, r: { memberName: string | null; memberPhone: string | null }) => (
      <span translate="no" style={{ whiteSpace: 'nowrap' }}>
        {r.memberName ?? '-'}
        <br />
        <Typography.Text type="secondary">{r.memberPhone}</Typography.Text>
      </span>
    ),
  };
  const noteColumn = {
    title: t('note'),
    dataIndex: 'note',
    render: (v: string) => (
      <Typography.Paragraph
        translate="no"
        ellipsis={{ rows: 2 }}
        style={{ margin: 0, minWidth: 160 }}
      >
        {v || '-'}
      </Typography.Paragraph>
    ),
  };

  const followUps = (
    <AssistantTable<HealthTask>
      rows={data?.followUps}
      loading={overview.isPending}
      columns={[
        taskColumn,
        memberColumn,
        { title: t('appointment'), dataIndex: 'appointmentAt', render: time },
        { title: t('due'), dataIndex: 'dueAt', render: time },
        noteColumn,
        {
          title: t('op'),
          key: 'op',
          render: (_: unknown, r) => (
            <Space size={0}>
              {canAct && (
                <Button type="link" size="small" onClick={() => setCalling(r)}>
                  {t('call')}
                </Button>
              )}
              {canAct && r.status === 'to_book' && (
                <Button
                  type="link"
                  size="small"
                  onClick={() => setBooking({ task: r, step: 'book' })}
                >
                  {t('book')}
                </Button>
              )}
            </Space>
          ),
        },
      ]}
    />
  );

  const toBook = (
    <AssistantTable<HealthTask>
      rows={data?.toBook}
      loading={overview.isPending}
      columns={[
        taskColumn,
        {
          title: tt('kindLabel'),
          dataIndex: 'kind',
          render: (v: HealthTask['kind']) => tt(`kind.${v}`),
        },
        memberColumn,
        { title: t('due'), dataIndex: 'dueAt', render: time },
        noteColumn,
        {
          title: t('op'),
          key: 'op',
          render: (_: unknown, r) =>
            canAct && (
              <Button
                type="link"
                size="small"
                onClick={() => setBooking({ task: r, step: 'book' })}
              >
                {t('book')}
              </Button>
            ),
        },
      ]}
    />
  );

  const returns = (
    <AssistantTable<AssistantReturn>
      rows={data?.returns}
      loading={overview.isPending}
      columns={[
        {
          title: t('serial'),
          dataIndex: 'serial',
          render: (v: string) => <span translate="no">{v}</span>,
        },
        {
          title: t('deviceStatus'),
          dataIndex: 'deviceStatus',
          render: (v: AssistantReturn['deviceStatus']) => <DeviceStatusTag status={v} />,
        },
        memberColumn,
        {
          title: t('courier'),
          key: 'courier',
          render: (_: unknown, r) => (
            <span style={{ whiteSpace: 'nowrap' }}>
              {t(`courier.${r.courier}`, { ns: DEVICE_ENUMS_NS })}
              <br />
              <Typography.Text type="secondary" translate="no">
                {r.trackingNo}
              </Typography.Text>
            </span>
          ),
        },
        { title: t('filedAt'), dataIndex: 'filedAt', render: time },
        {
          title: t('op'),
          key: 'op',
          render: (_: unknown, r) =>
            canAct && (
              <ConfirmAction
                title={t('receiveConfirm', { serial: r.serial })}
                okText={t('ok')}
                cancelText={t('cancel')}
                onConfirm={() =>
                  receive
                    .mutateAsync({ id: r.id, remark: '' })
                    .then(() => toast.success(t('received')))
                    .catch(() => undefined)
                }
              >
                {t('receive')}
              </ConfirmAction>
            ),
        },
      ]}
    />
  );

  const tab = (
    key: string,
    label: string,
    count: number | undefined,
    hint: string,
    body: ReactNode,
  ) => ({
    key,
    label: (
      <Space size={6}>
        {label}
        <Badge
          count={count ?? 0}
          showZero
          overflowCount={999}
          color={count ? '#1677ff' : '#bfbfbf'}
        />
      </Space>
    ),
    children: (
      <Space direction="vertical" size={12} style={{ width: '100%' }}>
        <Alert type="info" showIcon message={hint} />
        {body}
      </Space>
    ),
  });

  return (
    <Card>
      <Tabs
        // Only the open list is in the page (the others load when opened).
        destroyOnHidden
        activeKey={activeKey}
        onChange={setPicked}
        items={[
          tab('followUps', t('followUps'), data?.counts.followUps, t('followUpsHint'), followUps),
          tab('toBook', t('toBook'), data?.counts.toBook, t('toBookHint'), toBook),
          tab('returns', t('returns'), data?.counts.returns, t('returnsHint'), returns),
        ]}
      />
      <CallDialog task={calling} onClose={() => setCalling(null)} onDone={() => setCalling(null)} />
      <TaskStepDialog
        request={booking}
        via={book as DialogMutation<object, unknown>}
        onClose={() => setBooking(null)}
        onDone={() => setBooking(null)}
      />
    </Card>
  );
}
