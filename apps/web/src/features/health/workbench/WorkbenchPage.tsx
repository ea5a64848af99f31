import { useEffect, useMemo, useState } from 'react';
import { Alert, Badge, Button, Card, Space, Statistic, Tag, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  MEASUREMENT_LEVELS,
  MEASUREMENT_TYPES,
  PAGES,
  QUEUE_CLAIM_FILTERS,
  WARNING_POLL_SECONDS,
  formatDate,
  type WorkbenchQueueRow,
} from '@health/contract';
import { ListPage, memberColumn, type ListColumn } from '../../../shared/components/list-page';
import { toast } from '../../../shared/feedback/feedback';
import { DEVICE_ENUMS_NS } from '../../../shared/i18n/device-enums';
import { LEVEL_COLORS, readingSummary } from '../../../shared/measurements/reading';
import { usePageActions } from '../../../shared/stores/permission';
import { HEALTH_NS } from '../locales';
import {
  fetchQueue,
  queueClock,
  useClaimAlert,
  useReleaseAlert,
  useWorkbenchCounts,
  useWorkbenchLive,
  workbenchKeys,
} from './api';
import { waitText } from './wait';

/** How often the wait clocks tick. */
const CLOCK_TICK_MS = 30_000;

function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), CLOCK_TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/**
 * /health_medical_studio/doctor_workbench: the open alerts, urgent first then by triage score (the
 * chips say why), counters, a wait clock that turns red past 运营配置's limit, claims. Live: the
 * server's events refresh the queue within seconds (a 6-s poll when the stream is down), but
 * never while the pointer is on the queue — a row does not move under the doctor's hand.
 */
export default function WorkbenchPage() {
  const { t } = useTranslation(HEALTH_NS);
  const { t: te } = useTranslation(DEVICE_ENUMS_NS);
  const navigate = useNavigate();
  const actions = usePageActions(PAGES.doctorWorkbench) as readonly string[];
  const canClaim = actions.includes('claim');
  const [pointerOnQueue, setPointerOnQueue] = useState(false);
  const { waiting, live } = useWorkbenchLive(pointerOnQueue);
  const counts = useWorkbenchCounts();
  const claim = useClaimAlert();
  const release = useReleaseAlert();
  const now = useNow();

  const columns = useMemo<ListColumn<WorkbenchQueueRow>[]>(
    () => [
      {
        title: t('workbench.level'),
        dataIndex: 'level',
        search: {
          type: 'select',
          options: MEASUREMENT_LEVELS.filter((l) => l !== 'normal').map((v) => ({
            value: v,
            label: te(`level.${v}`),
          })),
        },
        render: (_: unknown, r) => (
          <Space direction="vertical" size={2}>
            <Tag color={LEVEL_COLORS[r.level]}>{te(`level.${r.level}`)}</Tag>
            <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
              {te(`classification.${r.label}`, { defaultValue: r.label })}
            </Typography.Text>
          </Space>
        ),
      },
      memberColumn<WorkbenchQueueRow>(t('workbench.member'), {
        suffix: (r) => (r.memberAge === null ? null : t('workbench.age', { n: r.memberAge })),
      }),
      {
        title: t('workbench.type'),
        dataIndex: 'type',
        hideInTable: true,
        search: {
          type: 'select',
          options: MEASUREMENT_TYPES.map((v) => ({ value: v, label: te(`measurementType.${v}`) })),
        },
      },
      {
        title: t('workbench.reading'),
        key: 'reading',
        render: (_: unknown, r) => (
          <span style={{ whiteSpace: 'nowrap' }}>
            <Tag>{te(`measurementType.${r.type}`)}</Tag>
            {readingSummary(r, te)}
            <br />
            <Typography.Text type="secondary">{formatDate(r.measuredAt)}</Typography.Text>
          </span>
        ),
      },
      {
        title: t('workbench.waited'),
        key: 'waited',
        render: (_: unknown, r) => {
          const { offsetMs, waitLimitMinutes } = queueClock();
          const waited = now + offsetMs - r.raisedAt;
          const late = waited > waitLimitMinutes * 60_000;
          return (
            <Typography.Text
              type={late ? 'danger' : undefined}
              strong={late}
              style={{ whiteSpace: 'nowrap' }}
              data-late={late ? 'true' : undefined}
            >
              {waitText(waited, t)}
            </Typography.Text>
          );
        },
      },
      {
        title: t('workbench.triage'),
        key: 'triage',
        render: (_: unknown, r) => (
          <Space size={[4, 4]} wrap style={{ maxWidth: 280 }}>
            <Tag color="blue">{t('workbench.score', { n: r.score })}</Tag>
            {r.reasons
              .filter((reason) => reason.points > 0)
              .map((reason) => (
                <Tag key={reason.kind}>
                  {t(`workbench.reason.${reason.kind}`, {
                    v:
                      reason.kind === 'level'
                        ? te(`level.${reason.value}`)
                        : reason.kind === 'waited'
                          ? waitText(Number(reason.value) * 60_000, t)
                          : reason.value,
                  })}
                </Tag>
              ))}
          </Space>
        ),
      },
      {
        title: t('workbench.claimedBy'),
        dataIndex: 'claim',
        search: {
          type: 'select',
          options: QUEUE_CLAIM_FILTERS.map((v) => ({
            value: v,
            label: t(`workbench.claim${v[0]!.toUpperCase()}${v.slice(1)}`),
          })),
        },
        render: (_: unknown, r) =>
          r.claimedBy ? (
            <Badge status="processing" text={<span translate="no">{r.claimedBy}</span>} />
          ) : (
            <Typography.Text type="secondary">{t('workbench.free')}</Typography.Text>
          ),
      },
      {
        title: t('workbench.op'),
        key: 'op',
        fixed: 'right',
        render: (_: unknown, r) => {
          const mine = r.claimedByMe;
          return (
            <Space size={0}>
              <Button
                type="link"
                size="small"
                onClick={() => void navigate(`${PAGES.doctorWorkbenchDetail}?id=${r.id}`)}
              >
                {t('workbench.open')}
              </Button>
              {canClaim && !mine && !r.claimedBy && (
                <Button
                  type="link"
                  size="small"
                  loading={claim.isPending && claim.variables === r.id}
                  onClick={() =>
                    void claim.mutateAsync(r.id).then((answer) =>
                      toast.success(
                        t('workbench.claimed', {
                          m: Math.round((answer.claimExpiresAt - answer.claimedAt) / 60_000),
                        }),
                      ),
                    )
                  }
                >
                  {t('workbench.doClaim')}
                </Button>
              )}
              {canClaim && mine && (
                <Button
                  type="link"
                  size="small"
                  onClick={() =>
                    void release
                      .mutateAsync(r.id)
                      .then(() => toast.success(t('workbench.released')))
                  }
                >
                  {t('workbench.release')}
                </Button>
              )}
            </Space>
          );
        },
      },
    ],
    [canClaim, claim, navigate, now, release, t, te],
  );

  const c = counts.data;
  const stat = (title: string, value: number | undefined, color?: string) => (
    <Card size="small" style={{ minWidth: 120, flex: '1 1 120px' }}>
      <Statistic title={title} value={value ?? '-'} valueStyle={color ? { color } : undefined} />
    </Card>
  );
  return (
    <Space direction="vertical" size={12} style={{ width: '100%' }}>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 12 }} data-testid="workbench-counts">
        {stat(t('workbench.urgent'), c?.urgent, '#cf1322')}
        {stat(t('workbench.warning'), c?.warning, '#d46b08')}
        {stat(t('workbench.total'), c?.total)}
        {stat(t('workbench.overdue'), c?.overdue, c && c.overdue > 0 ? '#cf1322' : undefined)}
        {stat(t('workbench.mine'), c?.mine)}
      </div>
      {waiting > 0 && <Alert type="info" showIcon message={t('workbench.held')} />}
      <div
        onPointerEnter={() => setPointerOnQueue(true)}
        onPointerLeave={() => setPointerOnQueue(false)}
      >
        <ListPage<WorkbenchQueueRow>
          columns={columns}
          rowKey="id"
          queryKey={[...workbenchKeys.all, 'queue']}
          request={fetchQueue}
          headerTitle={
            <Space>
              {t('workbench.title')}
              {live ? (
                <Badge status="success" text={t('workbench.live')} />
              ) : (
                <Badge
                  status="default"
                  text={t('workbench.polling', { s: WARNING_POLL_SECONDS })}
                />
              )}
            </Space>
          }
          emptyText={t('workbench.empty')}
        />
      </div>
    </Space>
  );
}
