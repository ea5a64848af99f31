import { useMemo, useState } from 'react';
import { Button, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  PAGES,
  PLAN_STATUSES,
  formatDate,
  type HealthPlan,
  type HealthPlanStatus,
} from '@health/contract';
import {
  AddButton,
  ConfirmAction,
  ListPage,
  memberColumn,
  timeColumn,
  type ListColumn,
} from '../../../shared/components/list-page';
import { toast } from '../../../shared/feedback/feedback';
import { usePageActions } from '../../../shared/stores/permission';
import { HEALTH_PLANS_NS } from './locales';
import { fetchPlans, planKeys, useDeletePlan, useEndPlan } from './api';
import { PlanDialog } from './PlanDialog';
import { PlanDrawer } from './PlanDrawer';

/**
 * /health_management/health-management-plan 健康管理方案: members' plans (goals, diet, exercise,
 * medication reminders, a follow-up schedule that makes health tasks), with the plan's tasks in
 * its drawer.
 */
export default function PlanListPage() {
  const { t } = useTranslation(HEALTH_PLANS_NS);
  const actions = usePageActions(PAGES.healthPlans) as readonly string[];
  const can = (a: string) => actions.includes(a);
  const end = useEndPlan();
  const remove = useDeletePlan();
  const [editing, setEditing] = useState<{ plan: HealthPlan | null } | null>(null);
  const [viewing, setViewing] = useState<number | null>(null);

  const columns = useMemo<ListColumn<HealthPlan>[]>(
    () => [
      memberColumn<HealthPlan>(t('member')),
      { title: t('phone'), dataIndex: 'phone', hideInTable: true, search: { type: 'text' } },
      { title: t('name'), dataIndex: 'name', hideInTable: true, search: { type: 'text' } },
      {
        title: t('planTitle'),
        dataIndex: 'title',
        search: { type: 'text' },
        render: (v: string, r) => (
          <Typography.Link onClick={() => setViewing(r.id)} translate="no">
            {v}
          </Typography.Link>
        ),
      },
      {
        title: t('statusLabel'),
        dataIndex: 'status',
        search: {
          type: 'select',
          options: PLAN_STATUSES.map((v) => ({ value: v, label: t(`status.${v}`) })),
        },
        render: (v: HealthPlanStatus) => (
          <Tag color={v === 'active' ? 'green' : 'default'}>{t(`status.${v}`)}</Tag>
        ),
      },
      {
        title: t('goalsCount'),
        dataIndex: 'goals',
        render: (v: string[]) => v.length,
      },
      {
        title: t('nextFollowUp'),
        dataIndex: 'nextFollowUpAt',
        render: (v: number | null) =>
          v === null ? (
            '-'
          ) : (
            <span style={{ whiteSpace: 'nowrap' }}>{formatDate(v, '{y}-{m}-{d}')}</span>
          ),
      },
      timeColumn<HealthPlan>(t('updatedAt'), {
        dataIndex: 'updatedAt',
        sorter: false,
        search: undefined,
      }),
      {
        title: t('op'),
        key: 'op',
        fixed: 'right',
        render: (_: unknown, r) => (
          <Space size={0}>
            <Button type="link" size="small" onClick={() => setViewing(r.id)}>
              {t('detail')}
            </Button>
            {can('edit') && r.status === 'active' && (
              <Button type="link" size="small" onClick={() => setEditing({ plan: r })}>
                {t('edit')}
              </Button>
            )}
            {can('edit') && r.status === 'active' && (
              <ConfirmAction
                title={t('endConfirm')}
                description={t('endHint')}
                okText={t('ok')}
                cancelText={t('cancelButton')}
                onConfirm={async () => {
                  await end.mutateAsync({ id: r.id });
                  toast.success(t('ended'));
                }}
              >
                {t('end')}
              </ConfirmAction>
            )}
            {can('delete') && r.deletable && (
              <ConfirmAction
                title={t('deleteConfirm')}
                description={t('deleteHint')}
                okText={t('ok')}
                cancelText={t('cancelButton')}
                danger
                dangerOk
                onConfirm={async () => {
                  await remove.mutateAsync({ id: r.id });
                  toast.success(t('deleted'));
                }}
              >
                {t('delete')}
              </ConfirmAction>
            )}
          </Space>
        ),
      },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [actions, t],
  );

  return (
    <>
      <ListPage<HealthPlan>
        columns={columns}
        rowKey="id"
        queryKey={[...planKeys.all, 'list']}
        request={fetchPlans}
        headerTitle={t('title')}
        emptyText={t('empty')}
        toolbar={
          can('add') && <AddButton onClick={() => setEditing({ plan: null })}>{t('add')}</AddButton>
        }
      />
      <PlanDialog
        open={editing !== null}
        plan={editing?.plan ?? null}
        onClose={() => setEditing(null)}
        onDone={() => setEditing(null)}
      />
      <PlanDrawer id={viewing} onClose={() => setViewing(null)} />
    </>
  );
}
