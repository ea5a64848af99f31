import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert, Button, Card, Result, Skeleton, Space, Tabs, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  formatDate,
  type ActionLogItem,
  type GradeLogItem,
  type PointsLedgerItem,
  PAGES,
} from '@health/contract';
import { DetailView } from '../../../shared/components/detail';
import { ListPage, type ListColumn, type ListRequest } from '../../../shared/components/list-page';
import { usePageActions } from '../../../shared/stores/permission';
import { fetchActionLog } from '../action-logs/api';
import { fetchGradeLog } from '../grades/api';
import { fetchLedger } from '../points/api';
import { memberKeys, revealMemberIdNumber, revealMemberPhone, useMemberDetail } from './api';
import { ContactsTable } from '../contacts/components/ContactsTable';
import { MemberDevices } from './components/MemberDevices';
import { MemberMeasurements } from './components/MemberMeasurements';
import { MemberFormModal } from './components/MemberFormModal';
import { AdjustPointsDialog, FreezeDialog, type MemberRef } from './components/ReasonDialogs';
import { RevealText } from './components/RevealText';
import { MEMBER_NS } from '../locales';
import { STATUS_COLORS } from './MemberListPage';
import { MEMBER_ENUMS_NS } from '../enum-locales';

type Translate = (key: string, options?: { defaultValue?: string }) => string;

const ledgerColumns = (t: Translate): ListColumn<PointsLedgerItem>[] => [
  { title: t('detail.time'), dataIndex: 'createdAt', render: (v: number) => formatDate(v) },
  {
    title: t('detail.type'),
    dataIndex: 'type',
    render: (v: string) => t(`memberEnums:pointsType.${v}`, { defaultValue: v }),
  },
  {
    title: t('detail.amount'),
    dataIndex: 'amount',
    render: (v: number) => (
      <span style={{ color: v >= 0 ? '#389e0d' : '#cf1322' }}>{v > 0 ? `+${v}` : v}</span>
    ),
  },
  { title: t('detail.balanceAfter'), dataIndex: 'balanceAfter' },
  { title: t('detail.remarkCol'), dataIndex: 'remark' },
  {
    title: t('detail.operator'),
    dataIndex: 'operatorName',
    render: (v: string | null) => v || '-',
  },
];

const gradeColumns = (t: Translate): ListColumn<GradeLogItem>[] => [
  { title: t('detail.time'), dataIndex: 'createdAt', render: (v: number) => formatDate(v) },
  {
    title: t('detail.fromGrade'),
    dataIndex: 'fromGradeName',
    render: (v: string | null) => v || '-',
  },
  {
    title: t('detail.toGrade'),
    dataIndex: 'toGradeName',
    render: (v: string | null) => v || '-',
  },
  {
    title: t('detail.reason'),
    dataIndex: 'reason',
    render: (v: GradeLogItem['reason']) => t(`memberEnums:gradeReason.${v}`),
  },
  { title: t('list.growth'), dataIndex: 'growthValue' },
  { title: t('detail.operator'), dataIndex: 'operatorName', render: (v: string) => v || '-' },
  { title: t('detail.remarkCol'), dataIndex: 'remark' },
];

const actionColumns = (t: Translate): ListColumn<ActionLogItem>[] => [
  { title: t('detail.time'), dataIndex: 'createdAt', render: (v: number) => formatDate(v) },
  {
    title: t('detail.action'),
    dataIndex: 'actionLabel',
    render: (v: string, r) => t(`memberEnums:memberAction.${r.action}`, { defaultValue: v }),
  },
  { title: t('detail.actionDetail'), dataIndex: 'detail' },
  { title: t('detail.ip'), dataIndex: 'ip', render: (v: string) => v || '-' },
];

/** The member's tabs of records: the columns, query key and request of each. */
const RECORDS = {
  ledger: { columns: ledgerColumns, queryKey: memberKeys.ledger, request: fetchLedger },
  gradeLog: { columns: gradeColumns, queryKey: memberKeys.gradeLog, request: fetchGradeLog },
  actionLog: { columns: actionColumns, queryKey: memberKeys.actionLog, request: fetchActionLog },
};

/** One member's records in a tab: its own list (not kept in the URL), asked for with its id. */
function MemberRecords<T extends { id: number }>({
  memberId,
  columns,
  queryKey,
  request,
}: {
  memberId: number;
  /** The columns, made once per language. */
  columns: (t: Translate) => ListColumn<T>[];
  queryKey: readonly unknown[];
  request: ListRequest<T>;
}) {
  // The enumerations' labels as `memberEnums:pointsType.x` (their namespace loads with this one).
  const { t } = useTranslation([MEMBER_NS, MEMBER_ENUMS_NS]);
  const columnsOfLanguage = useMemo(() => columns(t), [columns, t]);
  return (
    <ListPage<T>
      columns={columnsOfLanguage}
      rowKey="id"
      syncUrl={false}
      queryKey={[...queryKey, memberId]}
      request={(params) => request({ ...params, memberId })}
    />
  );
}

/** 会员详情 (hidden): profile and tabs, each paged from the server. */
export default function MemberDetailPage() {
  const { t } = useTranslation(MEMBER_NS);
  const [search] = useSearchParams();
  const raw = Number(search.get('id'));
  const id = Number.isInteger(raw) && raw > 0 ? raw : null;
  const actions = usePageActions(PAGES.members);
  const detail = useMemberDetail(id);
  const [editing, setEditing] = useState(false);
  const [freezing, setFreezing] = useState<MemberRef | null>(null);
  const [adjusting, setAdjusting] = useState<MemberRef | null>(null);

  if (id === null || detail.isError) {
    return (
      <Result
        status="404"
        title={t('detail.notFound')}
        extra={
          <Link to={PAGES.members}>
            <Button type="primary">{t('detail.back')}</Button>
          </Link>
        }
      />
    );
  }
  const m = detail.data;
  if (!m)
    return (
      <Card>
        <Skeleton active />
      </Card>
    );
  const active = m.status !== 'logged_off';

  const tabs = [
    {
      key: 'contacts',
      label: t('detail.tabCount', { tab: t('detail.tabContacts'), count: m.counts.contacts }),
      children: (
        <ContactsTable
          memberId={m.id}
          canEdit={active && actions.includes('edit')}
          canReveal={actions.includes('reveal')}
        />
      ),
    },
    {
      key: 'points',
      label: t('detail.tabPoints'),
      children: <MemberRecords memberId={m.id} {...RECORDS.ledger} />,
    },
    {
      key: 'grades',
      label: t('detail.tabCount', { tab: t('detail.tabGrades'), count: m.counts.gradeLogs }),
      children: <MemberRecords memberId={m.id} {...RECORDS.gradeLog} />,
    },
    {
      key: 'actions',
      label: t('detail.tabCount', { tab: t('detail.tabActions'), count: m.counts.actionLogs }),
      children: <MemberRecords memberId={m.id} {...RECORDS.actionLog} />,
    },
    {
      key: 'devices',
      label: t('detail.tabDevices'),
      children: <MemberDevices memberId={m.id} />,
    },
    {
      key: 'measurements',
      label: t('detail.tabMeasurements'),
      children: <MemberMeasurements memberId={m.id} />,
    },
    // Reports and health tasks get their tabs here with their areas.
  ];

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card
        title={
          <Space>
            <span translate="no">{m.name}</span>
            <Tag color={STATUS_COLORS[m.status]}>{t(`status.${m.status}`)}</Tag>
            <Tag color="gold" translate="no">
              {m.gradeName || '-'}
            </Tag>
          </Space>
        }
        extra={
          <Space>
            {active && actions.includes('edit') && (
              <Button onClick={() => setEditing(true)}>{t('list.edit')}</Button>
            )}
            {active && actions.includes('freeze') && (
              <Button onClick={() => setFreezing(m)}>
                {m.status === 'frozen' ? t('list.unfreeze') : t('list.freeze')}
              </Button>
            )}
            {m.status === 'normal' && actions.includes('points') && (
              <Button type="primary" onClick={() => setAdjusting(m)}>
                {t('list.adjustPoints')}
              </Button>
            )}
          </Space>
        }
      >
        {m.status === 'frozen' && (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 16 }}
            message={`${t('detail.frozenReason')}：${m.frozenReason || '-'}`}
          />
        )}
        <DetailView
          sections={[
            {
              title: t('detail.profile'),
              items: [
                {
                  label: t('list.phone'),
                  value: (
                    <RevealText
                      masked={m.phone}
                      canReveal={actions.includes('reveal')}
                      reveal={() => revealMemberPhone(m.id)}
                      testId="detail-phone"
                    />
                  ),
                },
                {
                  label: t('detail.idNumber'),
                  value: m.idNumber ? (
                    <RevealText
                      masked={m.idNumber}
                      canReveal={actions.includes('reveal')}
                      reveal={() => revealMemberIdNumber(m.id)}
                    />
                  ) : null,
                },
                { label: t('detail.gender'), value: t(`gender.${m.gender}`) },
                { label: t('detail.birthday'), value: m.birthday },
                {
                  label: t('detail.region'),
                  value: [m.province, m.city].filter(Boolean).join(' '),
                },
                { label: t('detail.address'), value: m.address },
                { label: t('detail.remark'), value: m.remark, span: 2 },
              ],
            },
            {
              title: t('detail.account'),
              items: [
                { label: t('list.grade'), value: m.gradeName },
                { label: t('list.channel'), value: m.channelName },
                { label: t('list.points'), value: String(m.pointsBalance) },
                { label: t('list.growth'), value: String(m.growthValue) },
                { label: t('list.registeredAt'), value: formatDate(m.registeredAt) },
                {
                  label: t('list.lastActiveAt'),
                  value: m.lastActiveAt ? formatDate(m.lastActiveAt) : null,
                },
              ],
            },
          ]}
        />
      </Card>
      <Card>
        <Tabs items={tabs} destroyOnHidden />
      </Card>
      <MemberFormModal
        open={editing}
        memberId={m.id}
        onClose={() => setEditing(false)}
        onSaved={() => setEditing(false)}
      />
      <FreezeDialog
        member={freezing}
        onClose={() => setFreezing(null)}
        onDone={() => setFreezing(null)}
      />
      <AdjustPointsDialog
        member={adjusting}
        onClose={() => setAdjusting(null)}
        onDone={() => setAdjusting(null)}
      />
    </Space>
  );
}
