import { Button, Drawer, Space, Spin, Tag, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDate, type HealthTaskDetail } from '@health/contract';
import { DetailView } from '../../../shared/components/detail';
import { useAppStore } from '../../../shared/stores/app';
import { HEALTH_TASKS_NS } from './locales';
import { useTaskDetail } from './api';
import type { StepRequest } from './TaskDialogs';
import { MINUTES, TASK_STATUS_COLORS, useTaskSteps } from './steps';

const time = (v: number | null) => (v === null ? null : formatDate(v, MINUTES));

/** A task: what, for whom, who does it, when — its timeline, and the steps the operator may take. */
export function TaskDrawer({
  id,
  onClose,
  onStep,
}: {
  id: number | null;
  onClose: () => void;
  onStep: (request: StepRequest) => void;
}) {
  const { t } = useTranslation(HEALTH_TASKS_NS);
  const mobile = useAppStore((s) => s.device === 'mobile');
  const detail = useTaskDetail(id);
  const stepsOf = useTaskSteps();
  const d: HealthTaskDetail | undefined = detail.data;
  const steps = d ? stepsOf(d.status) : [];
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      width={mobile ? '100%' : 760}
      title={d ? <span translate="no">{d.title}</span> : t('detail')}
      destroyOnHidden
      extra={
        d &&
        steps.length > 0 && (
          <Space size={4} wrap>
            {steps.map((step) => (
              <Button
                key={step}
                size="small"
                danger={step === 'cancel'}
                type={step === 'complete' ? 'primary' : 'default'}
                onClick={() => onStep({ task: d, step })}
              >
                {t(`step.${step}`)}
              </Button>
            ))}
          </Space>
        )
      }
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
                  { label: t('kindLabel'), value: t(`kind.${d.kind}`) },
                  {
                    label: t('statusLabel'),
                    value: (
                      <Tag color={TASK_STATUS_COLORS[d.status]}>{t(`status.${d.status}`)}</Tag>
                    ),
                  },
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
                    label: t('sourceLabel'),
                    value: (
                      <>
                        {t(`source.${d.source}`)}
                        {d.alertLevel && (
                          <Tag
                            color={d.alertLevel === 'urgent' ? 'red' : 'orange'}
                            style={{ marginLeft: 8 }}
                          >
                            {t(`level.${d.alertLevel}`)}
                          </Tag>
                        )}
                      </>
                    ),
                  },
                  { label: t('assignee'), value: <span translate="no">{d.assigneeName}</span> },
                  { label: t('dueAt'), value: time(d.dueAt) },
                  { label: t('appointmentAt'), value: time(d.appointmentAt) },
                  { label: t('completedAt'), value: time(d.completedAt) },
                  {
                    label: t('points'),
                    value: d.status === 'done' ? String(d.pointsAwarded) : null,
                  },
                  {
                    label: t('createdBy'),
                    value: (
                      <>
                        <span translate="no">{d.createdBy}</span> · {time(d.createdAt)}
                      </>
                    ),
                  },
                  { label: t('note'), value: <span translate="no">{d.note}</span>, span: 2 },
                  { label: t('outcome'), value: <span translate="no">{d.outcome}</span>, span: 2 },
                  ...(d.status === 'cancelled'
                    ? [
                        {
                          label: t('reason'),
                          value: <span translate="no">{d.cancelReason}</span>,
                          span: 2,
                        },
                      ]
                    : []),
                ],
              },
            ]}
          />
          <Typography.Title level={5} style={{ marginTop: 24 }}>
            {t('timeline')}
          </Typography.Title>
          <Timeline
            data-testid="task-events"
            items={d.events.map((e) => ({
              key: e.id,
              color: e.action === 'cancel' ? 'red' : e.action === 'complete' ? 'green' : 'blue',
              children: (
                <div>
                  <Typography.Text strong>{t(`step.${e.action}`)}</Typography.Text>{' '}
                  {e.fromStatus && e.fromStatus !== e.toStatus && (
                    <Typography.Text type="secondary">
                      {t(`status.${e.fromStatus}`)} → {t(`status.${e.toStatus}`)}
                    </Typography.Text>
                  )}
                  <br />
                  <Typography.Text type="secondary">
                    {formatDate(e.createdAt)} · <span translate="no">{e.operatorName}</span>
                  </Typography.Text>
                  {e.remark && (
                    <div>
                      <Typography.Text translate="no">
                        {e.action === 'create' ? t(`source.${d.source}`) : e.remark}
                      </Typography.Text>
                    </div>
                  )}
                </div>
              ),
            }))}
          />
        </>
      )}
    </Drawer>
  );
}
