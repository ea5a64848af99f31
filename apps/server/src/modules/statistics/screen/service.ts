import { EventEmitter } from 'node:events';
import {
  chinaDateOf,
  MEASUREMENT_LEVEL_LABELS,
  MEASUREMENT_LEVEL_LABELS_EN,
  MEASUREMENT_TYPE_LABELS,
  MEASUREMENT_TYPE_LABELS_EN,
  MEASUREMENT_TYPES,
  METRICS,
  SCREEN_FEED_SIZE,
  SCREEN_LINK_MAX_DAYS,
  SCREEN_TOKEN_FRAGMENT,
  SCREEN_TREND_DAYS,
  ScreenMessages,
  shiftChinaDate,
  DAY_MS,
  PAGES,
  provinceShortName,
  type CountRow,
  type MetricKey,
  type ScreenAlert,
  type ScreenLink,
  type ScreenLinkAdd,
  type ScreenLinkCreated,
  type ScreenSnapshot,
  type ScreenTotal,
} from '@health/contract';
import type { Actor } from '../../../platform/actor.js';
import { auditedChange } from '../../../platform/changes.js';
import type { AppContext } from '../../../platform/context.js';
import {
  AppError,
  NotFoundError,
  SessionError,
  ValidationError,
} from '../../../platform/errors.js';
import { hashToken, newToken } from '../../../platform/tokens.js';
import { toNumber } from '../../../db/values.js';
import { LAST_SEEN_RESOLUTION_MS } from '../../../platform/auth.js';
import { State } from '@health/contract';
import { maskName } from '../../member/logoffs/service.js';
import { WorkbenchService } from '../../health/workbench/service.js';
import { DeviceStatisticsService } from '../devices/service.js';
import { AUDIT_MODULE, StatisticsService } from '../metrics/service.js';
import { ScreenRepo } from './repo.js';

/**
 * How long one snapshot serves every screen of this process. A wall of screens polling every 30 s
 * costs one computation per this interval, whatever their number.
 */
export const SNAPSHOT_FRESH_MS = 5_000;

/** What each screen shows today (with yesterday up to the same time). */
const TODAY_KEYS = [
  'members.new',
  'readings.all',
  'readings.abnormal',
  'alerts.raised',
  'reports.published',
] as const satisfies readonly MetricKey[];
/** The 30-day trend's lines. */
const TREND_KEYS = [
  'readings.all',
  'alerts.raised',
  'members.new',
] as const satisfies readonly MetricKey[];

/** The running totals' wording: the glossary's where the total is one of its metrics. */
const TOTALS: Record<ScreenTotal['key'], Omit<ScreenTotal, 'key' | 'value'>> = {
  members: {
    name: METRICS['members.total'].name,
    nameEn: METRICS['members.total'].nameEn,
    definition: METRICS['members.total'].definition,
    definitionEn: METRICS['members.total'].definitionEn,
    unit: '人',
    unitEn: '',
  },
  devices: {
    name: '设备总数',
    nameEn: 'Devices',
    definition: '平台登记的全部设备台数（任何状态），与设备统计的“设备总数”相同',
    definitionEn: 'Every device registered on the platform, in any state (as on 设备统计)',
    unit: '台',
    unitEn: '',
  },
  readings: {
    name: '累计测量',
    nameEn: 'Readings to date',
    definition: `${METRICS['readings.all'].name}自平台开通以来逐日相加：${METRICS['readings.all'].definition}`,
    definitionEn: `${METRICS['readings.all'].nameEn} of every day so far: ${METRICS['readings.all'].definitionEn}`,
    unit: '条',
    unitEn: '',
  },
  reports: {
    name: '累计报告',
    nameEn: 'Reports to date',
    definition: `${METRICS['reports.published'].name}自平台开通以来逐日相加：${METRICS['reports.published'].definition}`,
    definitionEn: `${METRICS['reports.published'].nameEn} of every day so far: ${METRICS['reports.published'].definitionEn}`,
    unit: '份',
    unitEn: '',
  },
};

type AlertRow = Awaited<ReturnType<ScreenRepo['newestAlerts']>>[number];

/** An alert as the screen shows it: the member's name masked (张*), no phone, no id. */
function feedItem(row: AlertRow): ScreenAlert {
  return {
    id: Number(row.id),
    at: Number(row.created_at),
    level: row.level,
    type: row.type,
    label: row.label,
    member: maskName(row.member_name),
    province: row.province,
  };
}

/** Members by province as the map names them ("浙江省" and "浙江" are one), largest first. */
function byShortName(provinces: ReadonlyMap<string, number>): ScreenSnapshot['provinces'] {
  const merged = new Map<string, number>();
  for (const [name, value] of provinces) {
    const short = provinceShortName(name);
    if (short !== '' && value > 0) merged.set(short, (merged.get(short) ?? 0) + value);
  }
  return [...merged]
    .map(([name, value]) => ({ name, value }))
    .sort((a, b) => b.value - a.value || a.name.localeCompare(b.name));
}

type LinkRow = NonNullable<Awaited<ReturnType<ScreenRepo['linkById']>>>;

/**
 * 数字大屏: one snapshot shared by every screen (the glossary's numbers), the feed of new alerts,
 * and 大屏链接 — links that let a wall screen fetch exactly these two and nothing else.
 */
export class ScreenService {
  private readonly repo: ScreenRepo;
  private readonly statistics: StatisticsService;
  private readonly devices: DeviceStatisticsService;
  private readonly workbench: WorkbenchService;
  private cached: { at: number; snapshot: Promise<ScreenSnapshot> } | null = null;
  /** New alerts, already masked, for every open stream of this process. */
  private readonly feed = new EventEmitter();
  private stopWorkbench: (() => void) | null = null;

  constructor(private readonly ctx: AppContext) {
    this.repo = new ScreenRepo(ctx.db);
    this.statistics = new StatisticsService(ctx);
    this.devices = new DeviceStatisticsService(ctx);
    this.workbench = new WorkbenchService(ctx);
    this.feed.setMaxListeners(0);
  }

  /** The screen's numbers, computed at most once per SNAPSHOT_FRESH_MS for all screens. */
  snapshot(): Promise<ScreenSnapshot> {
    const now = this.ctx.now();
    // A clock that moved back (tests) or an answer older than the interval: compute again.
    if (this.cached && now >= this.cached.at && now - this.cached.at < SNAPSHOT_FRESH_MS)
      return this.cached.snapshot;
    const snapshot = this.compute();
    this.cached = { at: now, snapshot };
    snapshot.catch(() => {
      if (this.cached?.snapshot === snapshot) this.cached = null;
    });
    return snapshot;
  }

  private async compute(): Promise<ScreenSnapshot> {
    const now = this.ctx.now();
    const day = chinaDateOf(now);
    const [today, trend, byType, byLevel, provinces, readings, reports, devices, alerts] =
      await Promise.all([
        this.statistics.periodValues(['members.total', ...TODAY_KEYS], day, day),
        this.statistics.periodValues(TREND_KEYS, shiftChinaDate(day, 1 - SCREEN_TREND_DAYS), day),
        this.statistics.breakdownOf({
          key: 'readings.all',
          dimension: 'type',
          start: day,
          end: day,
        }),
        this.statistics.breakdownOf({
          key: 'alerts.raised',
          dimension: 'level',
          start: day,
          end: day,
        }),
        this.statistics.sinceStart('members.new', 'province'),
        this.statistics.sinceStart('readings.all'),
        this.statistics.sinceStart('reports.published'),
        this.devices.snapshot(),
        this.repo.newestAlerts(SCREEN_FEED_SIZE),
      ]);
    const [membersTotal, ...todayValues] = today.metrics;
    const countOf = (rows: readonly { value: string; count: number }[]) =>
      new Map(rows.map((r) => [r.value, r.count]));
    const typeCount = countOf(byType.rows);
    const levelCount = countOf(byLevel.rows);
    const total = (key: ScreenTotal['key'], value: number): ScreenTotal => ({
      key,
      ...TOTALS[key],
      value,
    });
    return {
      day,
      asOf: now,
      totals: [
        total('members', membersTotal!.value),
        total('devices', devices.total),
        total('readings', readings.get('') ?? 0),
        total('reports', reports.get('') ?? 0),
      ],
      today: todayValues,
      readingsByType: MEASUREMENT_TYPES.map((t): CountRow => ({
        value: t,
        label: MEASUREMENT_TYPE_LABELS[t],
        labelEn: MEASUREMENT_TYPE_LABELS_EN[t],
        count: typeCount.get(t) ?? 0,
      })),
      alertsByLevel: (['urgent', 'warning'] as const).map((l): CountRow => ({
        value: l,
        label: MEASUREMENT_LEVEL_LABELS[l],
        labelEn: MEASUREMENT_LEVEL_LABELS_EN[l],
        count: levelCount.get(l) ?? 0,
      })),
      provinces: byShortName(provinces),
      devices: devices.byStatus,
      trend: trend.metrics,
      alerts: alerts.map(feedItem),
    };
  }

  /* ---------------------------------------------------------------- feed */

  /**
   * Follow the new alerts, masked, until the returned function is called. One subscription to the
   * workbench's events serves every screen of the process, and each new alert is read once.
   */
  subscribe(listener: (alert: ScreenAlert) => void): () => void {
    this.feed.on('alert', listener);
    this.stopWorkbench ??= this.workbench.subscribe((event) => {
      if (event.kind !== 'alert') return;
      void this.repo
        .alertsByIds([event.id])
        .then((rows) => rows.forEach((row) => this.feed.emit('alert', feedItem(row))))
        .catch(() => undefined);
    });
    return () => {
      this.feed.off('alert', listener);
      if (this.feed.listenerCount('alert') === 0) {
        this.stopWorkbench?.();
        this.stopWorkbench = null;
      }
    };
  }

  /* --------------------------------------------------------------- links */

  /**
   * The link of a screen's `X-Screen-Token`, refused (266, with why) when unknown, expired or
   * revoked. Its last-seen time is written at most once a minute.
   */
  async verifyLink(token: string): Promise<{ id: number }> {
    const row = token.length <= 200 ? await this.repo.linkByHash(hashToken(token)) : undefined;
    if (!row) throw new SessionError(ScreenMessages.linkInvalid);
    if (row.revoked_at !== null) throw new SessionError(ScreenMessages.linkRevoked);
    const now = this.ctx.now();
    if (Number(row.expires_at) <= now) throw new SessionError(ScreenMessages.linkExpired);
    const seen = row.last_seen_at === null ? null : Number(row.last_seen_at);
    if (seen === null || now - seen >= LAST_SEEN_RESOLUTION_MS)
      await this.repo.touch(Number(row.id), now);
    return { id: Number(row.id) };
  }

  async addLink(actor: Actor, input: ScreenLinkAdd): Promise<ScreenLinkCreated> {
    const now = this.ctx.now();
    if (input.expiresAt <= now) throw ValidationError.field('expiresAt', ScreenMessages.expiryPast);
    if (input.expiresAt > now + SCREEN_LINK_MAX_DAYS * DAY_MS)
      throw ValidationError.field('expiresAt', ScreenMessages.expiryTooFar);
    const token = newToken();
    const id = await auditedChange(this.ctx, actor, async (trx) => {
      const linkId = await new ScreenRepo(trx).insertLink({
        name: input.name,
        note: input.note,
        token_hash: hashToken(token),
        expires_at: input.expiresAt,
        created_by: actor.displayName,
        created_at: now,
      });
      return {
        result: linkId,
        entry: {
          module: AUDIT_MODULE,
          action: 'screenLinkAdd',
          target: `大屏链接 ${input.name}`,
          before: null,
          // Never the token: it is shown once, to the operator who made it.
          after: { name: input.name, note: input.note, expiresAt: input.expiresAt },
        },
      };
    });
    return { id, url: `${PAGES.largeScreen}#${SCREEN_TOKEN_FRAGMENT}=${token}`, token };
  }

  async revokeLink(actor: Actor, id: number): Promise<{ id: number }> {
    await auditedChange(this.ctx, actor, async (trx) => {
      const repo = new ScreenRepo(trx);
      const row = await repo.linkById(id);
      if (!row) throw new NotFoundError(ScreenMessages.linkNotFound);
      if (!(await repo.revoke(id, this.ctx.now(), actor.displayName)))
        throw new AppError(State.FAILED, ScreenMessages.linkAlreadyRevoked);
      return {
        result: null,
        entry: {
          module: AUDIT_MODULE,
          action: 'screenLinkRevoke',
          target: `大屏链接 ${row.name}`,
          before: { name: row.name, expiresAt: Number(row.expires_at) },
          after: null,
        },
      };
    });
    return { id };
  }

  async links(): Promise<{ list: ScreenLink[] }> {
    const now = this.ctx.now();
    return { list: (await this.repo.links()).map((row) => linkOf(row, now)) };
  }
}

function linkOf(row: LinkRow, now: number): ScreenLink {
  const expiresAt = Number(row.expires_at);
  return {
    id: Number(row.id),
    name: row.name,
    note: row.note,
    state: row.revoked_at !== null ? 'revoked' : expiresAt <= now ? 'expired' : 'active',
    expiresAt,
    createdAt: Number(row.created_at),
    createdBy: row.created_by,
    lastSeenAt: row.last_seen_at === null ? null : toNumber(row.last_seen_at),
    revokedAt: row.revoked_at === null ? null : toNumber(row.revoked_at),
    revokedBy: row.revoked_by,
  };
}
