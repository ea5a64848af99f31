import { Drawer, Empty, List, Spin, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDate, type HealthPlanDetail, type HealthPlanTask } from '@health/contract';
import { DetailView } from '../../../shared/components/detail';
import { useAppStore } from '../../../shared/stores/app';
import { HEALTH_PLANS_NS } from './locales';
import { usePlanDetail } from './api';

const DAY = '{y}-{m}-{d}';
const MINUTES = '{y}-{m}-{d} {h}:{i}';
const time = (v: number | null, pattern = MINUTES) => (v === null ? '-' : formatDate(v, pattern));

/** Tag colours of task statuses (as the task pages show them). */
const TASK_COLORS: Record<HealthPlanTask['status'], string> = {
  to_assign: 'orange',
  to_book: 'blue',
  booked: 'cyan',
  done: 'green',
  cancelled: 'default',
};

/** A plan: its member, goals, diet, exercise, medications, schedule, and the tasks it made. */
export function PlanDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation(HEALTH_PLANS_NS);
  const mobile = useAppStore((s) => s.device === 'mobile');
  const detail = usePlanDetail(id);
  const d: HealthPlanDetail | undefined = detail.data;
  const s = d?.schedule ?? null;
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      width={mobile ? '100%' : 820}
      title={d ? <span translate="no">{d.title}</span> : t('detail')}
      destroyOnHidden
    >
      {detail.isLoading || !d ? (
        <Spin />
      ) : (
        <>
          <DetailView
            column={mobile ? 1 : 2}
            sections={[
              {
                items: [
                  {
                    label: t('member'),
                    value: (
                      <span translate="no">
                        {d.memberName}{' '}
                        <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
                          {d.memberPhone}
                        </Typography.Text>
                      </span>
                    ),
                  },
                  {
                    label: t('statusLabel'),
                    value: (
                      <Tag color={d.status === 'active' ? 'green' : 'default'}>
                        {t(`status.${d.status}`)}
                      </Tag>
                    ),
                  },
                  {
                    label: t('createdBy'),
                    value: (
                      <>
                        <span translate="no">{d.createdBy}</span> · {time(d.createdAt)}
                      </>
                    ),
                  },
                  {
                    label: d.status === 'ended' ? t('endedAt') : t('nextFollowUp'),
                    value: d.status === 'ended' ? time(d.endedAt) : time(d.nextFollowUpAt),
                  },
                  {
                    label: t('goals'),
                    span: 2,
                    value:
                      d.goals.length === 0 ? null : (
                        <ol style={{ margin: 0, paddingInlineStart: 20 }} translate="no">
                          {d.goals.map((g, i) => (
                            <li key={i}>{g}</li>
                          ))}
                        </ol>
                      ),
                  },
                  {
                    label: t('diet'),
                    span: 2,
                    value: d.diet ? (
                      <span translate="no" style={{ whiteSpace: 'pre-wrap' }}>
                        {d.diet}
                      </span>
                    ) : null,
                  },
                  {
                    label: t('exercise'),
                    span: 2,
                    value: d.exercise ? (
                      <span translate="no" style={{ whiteSpace: 'pre-wrap' }}>
                        {d.exercise}
                      </span>
                    ) : null,
                  },
                  {
                    label: t('medications'),
                    span: 2,
                    value:
                      d.medications.length === 0 ? null : (
                        <List
                          size="small"
                          split={false}
                          dataSource={d.medications}
                          renderItem={(m, i) => (
                            <List.Item key={i} style={{ padding: '2px 0' }}>
                              <span translate="no">
                                <Typography.Text strong>{m.drug}</Typography.Text>
                                {m.dose && ` ${m.dose}`}
                                {' · '}
                                {m.times.join('、')}
                                {m.note && (
                                  <Typography.Text type="secondary"> · {m.note}</Typography.Text>
                                )}
                              </span>
                            </List.Item>
                          )}
                        />
                      ),
                  },
                  {
                    label: t('schedule'),
                    span: 2,
                    value: s ? (
                      <span>
                        {t('scheduleText', {
                          kind: t(`taskKind.${s.kind}`),
                          every: s.everyDays,
                          n: s.occurrences,
                          start: formatDate(s.startAt, DAY),
                        })}
                        {s.assigneeName && (
                          <>
                            {' · '}
                            {t('assignee')}：<span translate="no">{s.assigneeName}</span>
                          </>
                        )}
                      </span>
                    ) : (
                      t('noSchedule')
                    ),
                  },
                ],
              },
            ]}
          />
          <Typography.Title level={5} style={{ marginTop: 24 }}>
            {t('tasks')}
          </Typography.Title>
          {d.tasks.length === 0 ? (
            <Empty description={t('noTasks')} image={Empty.PRESENTED_IMAGE_SIMPLE} />
          ) : (
            <Table<HealthPlanTask>
              data-testid="plan-tasks"
              size="small"
              rowKey="id"
              pagination={false}
              scroll={{ x: 'max-content' }}
              dataSource={d.tasks}
              columns={[
                {
                  title: t('taskTitle'),
                  dataIndex: 'title',
                  render: (v: string, r) => (
                    <span style={{ whiteSpace: 'nowrap' }}>
                      <span translate="no">{v}</span>
                      <br />
                      <Typography.Text type="secondary">{t(`taskKind.${r.kind}`)}</Typography.Text>
                    </span>
                  ),
                },
                {
                  title: t('statusLabel'),
                  dataIndex: 'status',
                  render: (v: HealthPlanTask['status']) => (
                    <Tag color={TASK_COLORS[v]}>{t(`taskStatus.${v}`)}</Tag>
                  ),
                },
                {
                  title: t('dueAt'),
                  dataIndex: 'dueAt',
                  render: (v: number | null) => (
                    <span style={{ whiteSpace: 'nowrap' }}>{time(v)}</span>
                  ),
                },
                {
                  title: t('appointmentAt'),
                  dataIndex: 'appointmentAt',
                  render: (v: number | null) => (
                    <span style={{ whiteSpace: 'nowrap' }}>{time(v)}</span>
                  ),
                },
                {
                  title: t('assignee'),
                  dataIndex: 'assigneeName',
                  render: (v: string | null) => (
                    <span translate="no" style={{ whiteSpace: 'nowrap' }}>
                      {v ?? '-'}
                    </span>
                  ),
                },
              ]}
            />
          )}
        </>
      )}
    </Drawer>
  );
}
