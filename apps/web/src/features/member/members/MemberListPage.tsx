import { useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Button, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { MemberPaths, PAGES, formatDate, type MemberListItem } from '@health/contract';
import {
  AddButton,
  exportIf,
  ListPage,
  type ListColumn,
  type ListPageAction,
} from '../../../shared/components/list-page';
import { usePageActions } from '../../../shared/stores/permission';
import { useGradeOptions } from '../grades/api';
import { useChannelOptions } from '../channels/api';
import { fetchMembers, memberKeys, revealMemberPhone } from './api';
import { MemberFormModal } from './components/MemberFormModal';
import {
  AdjustPointsDialog,
  ChangeGradeDialog,
  FreezeDialog,
  type MemberRef,
} from './components/ReasonDialogs';
import { RevealText } from './components/RevealText';
import { MEMBER_NS } from '../locales';
import { useFrontPath } from '../../../shared/routing/route-handle';

export const STATUS_COLORS = { normal: 'green', frozen: 'orange', logged_off: 'default' } as const;

/** 会员列表: every filter, masked phones, add / edit / freeze / points / export. */
export default function MemberListPage() {
  const { t } = useTranslation(MEMBER_NS);
  const actions = usePageActions(useFrontPath<'members'>());
  const ref = useRef<ListPageAction>(null);
  const grades = useGradeOptions();
  const channels = useChannelOptions();
  const [form, setForm] = useState<{ id: number | null } | null>(null);
  const [freezing, setFreezing] = useState<MemberRef | null>(null);
  const [adjusting, setAdjusting] = useState<MemberRef | null>(null);
  const [grading, setGrading] = useState<MemberListItem | null>(null);

  const columns = useMemo<ListColumn<MemberListItem>[]>(
    () => [
      {
        title: t('list.phone'),
        dataIndex: 'phone',
        width: 150,
        search: { type: 'text', placeholder: t('list.phonePlaceholder'), order: 1 },
        render: (_, r) => (
          <RevealText
            masked={r.phone}
            canReveal={actions.includes('reveal')}
            reveal={() => revealMemberPhone(r.id)}
          />
        ),
      },
      {
        title: t('list.name'),
        dataIndex: 'name',
        width: 110,
        search: { type: 'text', order: 2 },
        render: (v: string, r) => <Link to={`${PAGES.memberDetail}?id=${r.id}`}>{v}</Link>,
      },
      {
        title: t('list.grade'),
        dataIndex: 'gradeId',
        width: 110,
        search: {
          type: 'select',
          order: 3,
          options: (grades.data ?? []).map((g) => ({ label: g.name, value: String(g.id) })),
        },
        render: (_, r) => (
          <Tag color="gold" translate="no">
            {r.gradeName || '-'}
          </Tag>
        ),
      },
      {
        title: t('list.channel'),
        dataIndex: 'channelId',
        width: 120,
        search: {
          type: 'select',
          options: (channels.data ?? []).map((c) => ({ label: c.name, value: String(c.id) })),
        },
        render: (_, r) =>
          r.channelName ? (
            <Tag color="blue" translate="no">
              {r.channelName}
            </Tag>
          ) : (
            '-'
          ),
      },
      {
        title: t('list.status'),
        dataIndex: 'status',
        width: 90,
        search: {
          type: 'select',
          options: (['normal', 'frozen', 'logged_off'] as const).map((s) => ({
            label: t(`status.${s}`),
            value: s,
          })),
        },
        render: (_, r) => (
          <Tag color={STATUS_COLORS[r.status]} title={r.frozenReason || undefined}>
            {t(`status.${r.status}`)}
          </Tag>
        ),
      },
      { title: t('list.points'), dataIndex: 'pointsBalance', width: 90, sorter: 'pointsBalance' },
      { title: t('list.growth'), dataIndex: 'growthValue', width: 100, sorter: 'growthValue' },
      {
        title: t('list.registeredAt'),
        dataIndex: 'registeredAt',
        width: 170,
        sorter: 'registeredAt',
        search: { type: 'dateRange', names: ['registeredStart', 'registeredEnd'] },
        render: (v: number) => formatDate(v),
      },
      {
        title: t('list.lastActiveAt'),
        dataIndex: 'lastActiveAt',
        width: 170,
        sorter: 'lastActiveAt',
        search: { type: 'dateRange', names: ['activeStart', 'activeEnd'] },
        render: (v: number | null) => (v ? formatDate(v) : t('list.never')),
      },
      {
        title: t('list.actions'),
        key: 'op',
        width: 320,
        fixed: 'right',
        render: (_, r) => {
          const active = r.status !== 'logged_off';
          // Wraps rather than cuts a longer language's labels.
          return (
            <Space size={0} wrap>
              <Link to={`${PAGES.memberDetail}?id=${r.id}`}>
                <Button type="link" size="small">
                  {t('list.detail')}
                </Button>
              </Link>
              {active && actions.includes('edit') && (
                <Button type="link" size="small" onClick={() => setForm({ id: r.id })}>
                  {t('list.edit')}
                </Button>
              )}
              {active && actions.includes('freeze') && (
                <Button type="link" size="small" onClick={() => setFreezing(r)}>
                  {r.status === 'frozen' ? t('list.unfreeze') : t('list.freeze')}
                </Button>
              )}
              {active && actions.includes('edit') && (
                <Button type="link" size="small" onClick={() => setGrading(r)}>
                  {t('list.changeGrade')}
                </Button>
              )}
              {r.status === 'normal' && actions.includes('points') && (
                <Button type="link" size="small" onClick={() => setAdjusting(r)}>
                  {t('list.adjustPoints')}
                </Button>
              )}
            </Space>
          );
        },
      },
    ],
    [t, actions, grades.data, channels.data],
  );

  return (
    <>
      <ListPage<MemberListItem>
        columns={columns}
        rowKey="id"
        queryKey={memberKeys.all}
        request={fetchMembers}
        defaultSort={{ field: 'registeredAt', order: 'descend' }}
        actionRef={ref}
        headerTitle={t('list.title')}
        toolbar={
          actions.includes('add') && (
            <AddButton onClick={() => setForm({ id: null })}>{t('list.add')}</AddButton>
          )
        }
        exportSpec={exportIf(actions, MemberPaths.export, t('list.exportName'))}
      />
      <MemberFormModal
        open={form !== null}
        memberId={form?.id ?? null}
        onClose={() => setForm(null)}
        onSaved={() => setForm(null)}
      />
      <FreezeDialog
        member={freezing}
        onClose={() => setFreezing(null)}
        onDone={() => setFreezing(null)}
      />
      <ChangeGradeDialog
        member={grading}
        onClose={() => setGrading(null)}
        onDone={() => setGrading(null)}
      />
      <AdjustPointsDialog
        member={adjusting}
        onClose={() => setAdjusting(null)}
        onDone={() => setAdjusting(null)}
      />
    </>
  );
}
