import { useMemo, useState } from 'react';
import { Button, Dropdown, Space, Tag, Typography } from 'antd';
import { DownOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  HealthTaskPaths,
  PAGES,
  TASK_KINDS,
  TASK_SOURCES,
  TASK_STATUSES,
  formatDate,
  type HealthTask,
  type HealthTaskStatus,
} from '@health/contract';
import {
  AddButton,
  exportIf,
  ListPage,
  memberColumn,
  timeColumn,
  type ListColumn,
} from '../../../shared/components/list-page';
import { useFrontPath } from '../../../shared/routing/route-handle';
import { usePageActions } from '../../../shared/stores/permission';
import { HEALTH_TASKS_NS } from './locales';
import { fetchTasks, taskKeys, useTaskCounts } from './api';
import { TaskDialog, TaskStepDialog, type StepRequest } from './TaskDialogs';
import { TaskDrawer } from './TaskDrawer';
import { MINUTES, TASK_STATUS_COLORS, useTaskSteps } from './steps';

/** The page's fixed status: 待分配 and 待预约 are views of the one task list. */
const VIEW_STATUS: Partial<Record<string, HealthTaskStatus>> = {
  [PAGES.taskAssign]: 'to_assign',
  [PAGES.taskBooking]: 'to_book',
};
const VIEW_TITLE = {
  [PAGES.taskAssign]: 'taskAssign',
  [PAGES.taskBooking]: 'taskBooking',
  [PAGES.tasks]: 'tasks',
} as const;

/**
 * /health_tasks/health_assign 待分配, health_order 待预约 and health_alltasks 全部任务: one list of
 * health tasks seen from where they stand, with the steps of the workflow each operator may take
 * (from the contract's TASK_STEPS and the actions held on the step's page) and the task's timeline.
 */
export default function TaskListPage() {
  const { t } = useTranslation(HEALTH_TASKS_NS);
  const frontPath = useFrontPath<'taskAssign' | 'taskBooking' | 'tasks'>();
  const fixedStatus = VIEW_STATUS[frontPath];
  const canAdd = (usePageActions(PAGES.taskAssign) as readonly string[]).includes('add');
  const allActions = usePageActions(PAGES.tasks) as readonly string[];
  const stepsOf = useTaskSteps();
  const counts = useTaskCounts();
  const [editing, setEditing] = useState<{ task: HealthTask | null } | null>(null);
  const [stepping, setStepping] = useState<StepRequest | null>(null);
  const [viewing, setViewing] = useState<number | null>(null);

  const columns = useMemo<ListColumn<HealthTask>[]>(() => {
    const now = Date.now();
    return [
      {
        title: t('task'),
        dataIndex: 'title',
        render: (_: unknown, r) => (
          <span style={{ whiteSpace: 'nowrap' }}>
            <Typography.Link onClick={() => setViewing(r.id)} translate="no">
              {r.title}
            </Typography.Link>
            <br />
            <Space size={4}>
              <Tag>{t(`kind.${r.kind}`)}</Tag>
              {r.alertLevel && (
                <Tag color={r.alertLevel === 'urgent' ? 'red' : 'orange'}>
                  {t(`level.${r.alertLevel}`)}
                </Tag>
              )}
            </Space>
          </span>
        ),
      },
      {
        title: t('kindLabel'),
        dataIndex: 'kind',
        hideInTable: true,
        search: {
          type: 'select',
          options: TASK_KINDS.map((v) => ({ value: v, label: t(`kind.${v}`) })),
        },
      },
      memberColumn<HealthTask>(t('member')),
      { title: t('phone'), dataIndex: 'phone', hideInTable: true, search: { type: 'text' } },
      { title: t('name'), dataIndex: 'name', hideInTable: true, search: { type: 'text' } },
      {
        title: t('statusLabel'),
        dataIndex: 'status',
        hideInTable: fixedStatus !== undefined,
        search: fixedStatus
          ? undefined
          : {
              type: 'select',
              options: TASK_STATUSES.map((v) => ({ value: v, label: t(`status.${v}`) })),
            },
        render: (v: HealthTaskStatus) => (
          <Tag color={TASK_STATUS_COLORS[v]}>{t(`status.${v}`)}</Tag>
        ),
      },
      {
        title: t('sourceLabel'),
        dataIndex: 'source',
        search: {
          type: 'select',
          options: TASK_SOURCES.map((v) => ({ value: v, label: t(`source.${v}`) })),
        },
        render: (v: HealthTask['source']) => (
          <span style={{ whiteSpace: 'nowrap' }}>{t(`source.${v}`)}</span>
        ),
      },
      {
        title: t('assignee'),
        dataIndex: 'assigneeName',
        hideInTable: frontPath === PAGES.taskAssign,
        render: (v: string | null) =>
          v ? (
            <span translate="no" style={{ whiteSpace: 'nowrap' }}>
              {v}
            </span>
          ) : (
            '-'
          ),
      },
      {
        title: t('mineOnly'),
        dataIndex: 'mine',
        hideInTable: true,
        search: { type: 'select', options: [{ value: 'true', label: t('yes') }] },
      },
      {
        title: t('dueAt'),
        dataIndex: 'dueAt',
        render: (v: number | null, r) =>
          v === null ? (
            '-'
          ) : (
            <span style={{ whiteSpace: 'nowrap' }}>
              {formatDate(v, MINUTES)}
              {v < now && ['to_assign', 'to_book', 'booked'].includes(r.status) && (
                <>
                  <br />
                  <Tag color="red">{t('overdueTag')}</Tag>
                </>
              )}
            </span>
          ),
      },
      {
        title: t('overdueOnly'),
        dataIndex: 'overdue',
        hideInTable: true,
        search: { type: 'select', options: [{ value: 'true', label: t('yes') }] },
      },
      {
        title: t('appointmentAt'),
        dataIndex: 'appointmentAt',
        hideInTable: frontPath === PAGES.taskAssign,
        render: (v: number | null) =>
          v === null ? '-' : <span style={{ whiteSpace: 'nowrap' }}>{formatDate(v, MINUTES)}</span>,
      },
      timeColumn<HealthTask>(t('createdAt'), {
        sorter: false,
        render: (v: number, r) => (
          <span style={{ whiteSpace: 'nowrap' }}>
            {formatDate(v)}
            <br />
            <Typography.Text type="secondary" translate="no">
              {r.createdBy}
            </Typography.Text>
          </span>
        ),
      }),
      {
        title: t('op'),
        key: 'op',
        fixed: 'right',
        render: (_: unknown, r) => {
          const steps = stepsOf(r.status);
          const items = [
            ...(allActions.includes('edit') && steps.length > 0
              ? [{ key: 'edit', label: t('edit') }]
              : []),
            ...steps.map((name) => ({ key: name, label: t(`step.${name}`) })),
          ];
          // The step a view is for is a button; the rest are in "more".
          const main = items.find(
            (i) => i.key === (fixedStatus === 'to_assign' ? 'assign' : 'book'),
          );
          const rest = items.filter((i) => i !== main);
          const open = (key: string) =>
            key === 'edit'
              ? setEditing({ task: r })
              : setStepping({ task: r, step: key as StepRequest['step'] });
          return (
            <Space size={0}>
              <Button type="link" size="small" onClick={() => setViewing(r.id)}>
                {t('detail')}
              </Button>
              {main && fixedStatus && (
                <Button type="link" size="small" onClick={() => open(main.key)}>
                  {main.label}
                </Button>
              )}
              {(fixedStatus ? rest : items).length > 0 && (
                <Dropdown
                  trigger={['click']}
                  menu={{
                    items: fixedStatus ? rest : items,
                    onClick: ({ key }) => open(key),
                  }}
                >
                  <Button type="link" size="small">
                    {t('more')} <DownOutlined />
                  </Button>
                </Dropdown>
              )}
            </Space>
          );
        },
      },
    ];
  }, [allActions, fixedStatus, frontPath, stepsOf, t]);

  const c = counts.data;
  const title = (
    <Space size={12} wrap>
      <span>{t(`title.${VIEW_TITLE[frontPath]}`)}</span>
      {c && (
        <Space size={4} wrap>
          <Tag color="orange">
            {t('counts.toAssign')} {c.toAssign}
          </Tag>
          <Tag color="blue">
            {t('counts.toBook')} {c.toBook}
          </Tag>
          <Tag color="cyan">
            {t('counts.booked')} {c.booked}
          </Tag>
          <Tag>
            {t('counts.mine')} {c.mine}
          </Tag>
          {c.overdue > 0 && (
            <Tag color="red">
              {t('counts.overdue')} {c.overdue}
            </Tag>
          )}
        </Space>
      )}
    </Space>
  );

  return (
    <>
      <ListPage<HealthTask>
        columns={columns}
        rowKey="id"
        queryKey={[...taskKeys.all, 'list', frontPath]}
        request={fetchTasks}
        params={fixedStatus ? { status: fixedStatus } : undefined}
        headerTitle={title}
        emptyText={t('empty')}
        exportSpec={
          frontPath === PAGES.tasks
            ? exportIf(allActions, HealthTaskPaths.export, t('exportFile'))
            : undefined
        }
        toolbar={
          canAdd &&
          frontPath !== PAGES.taskBooking && (
            <AddButton onClick={() => setEditing({ task: null })}>{t('add')}</AddButton>
          )
        }
      />
      <TaskDialog
        open={editing !== null}
        task={editing?.task ?? null}
        onClose={() => setEditing(null)}
        onDone={() => setEditing(null)}
      />
      <TaskStepDialog
        request={stepping}
        onClose={() => setStepping(null)}
        onDone={() => setStepping(null)}
      />
      <TaskDrawer
        id={viewing}
        onClose={() => setViewing(null)}
        onStep={(request) => setStepping(request)}
      />
    </>
  );
}
