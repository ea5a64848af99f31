import {
  DAY_MS,
  DEVICE_MODEL_TYPE_LABELS,
  DEVICE_MODEL_TYPE_LABELS_EN,
  DEVICE_MODEL_TYPES,
  DEVICE_STATUS_LABELS,
  DEVICE_STATUS_LABELS_EN,
  DEVICE_STATUSES,
  maskPhone,
  type DeviceSnapshot,
  type Page,
  type SilentDevice,
  type SilentDevicesQuery,
} from '@health/contract';
import type { AppContext } from '../../../platform/context.js';
import { asOfNow } from '../metrics/as-of.js';
import { paginate } from '../../../platform/pagination.js';
import { toNumber } from '../../../db/values.js';

/** 设备统计's views of the devices as they are now: counts by state and type, silent devices. */
export class DeviceStatisticsService {
  constructor(private readonly ctx: AppContext) {}

  /** Counted once per as-of time (a count of every device). */
  async snapshot(): Promise<DeviceSnapshot> {
    const { now, memo } = asOfNow(this.ctx);
    return memo.get('devices now', () => this.count(now));
  }

  private async count(now: number): Promise<DeviceSnapshot> {
    const db = this.ctx.db;
    const [byStatus, byType] = await Promise.all([
      db
        .selectFrom('devices')
        .select(['status', (eb) => eb.fn.countAll().as('n')])
        .groupBy('status')
        .execute(),
      db
        .selectFrom('devices as d')
        .innerJoin('device_models as m', 'm.id', 'd.model_id')
        .select(['m.type', (eb) => eb.fn.countAll().as('n')])
        .groupBy('m.type')
        .execute(),
    ]);
    const statusCount = new Map(byStatus.map((r) => [r.status as string, toNumber(r.n)]));
    const typeCount = new Map(byType.map((r) => [r.type as string, toNumber(r.n)]));
    return {
      total: [...statusCount.values()].reduce((a, b) => a + b, 0),
      byStatus: DEVICE_STATUSES.map((s) => ({
        value: s,
        label: DEVICE_STATUS_LABELS[s],
        labelEn: DEVICE_STATUS_LABELS_EN[s],
        count: statusCount.get(s) ?? 0,
      })),
      byType: DEVICE_MODEL_TYPES.map((t) => ({
        value: t,
        label: DEVICE_MODEL_TYPE_LABELS[t],
        labelEn: DEVICE_MODEL_TYPE_LABELS_EN[t],
        count: typeCount.get(t) ?? 0,
      })),
      asOf: now,
    };
  }

  /** Bound devices with no upload in `days` days (never uploaded: bound before then), longest silent first. */
  silent(query: SilentDevicesQuery): Promise<Page<SilentDevice>> {
    const { now, memo } = asOfNow(this.ctx);
    return memo.get(`silent ${JSON.stringify(query)}`, () => this.findSilent(query, now));
  }

  private findSilent(query: SilentDevicesQuery, now: number): Promise<Page<SilentDevice>> {
    const since = now - query.days * DAY_MS;
    const q = this.ctx.db
      .selectFrom('devices as d')
      .innerJoin('device_models as m', 'm.id', 'd.model_id')
      .leftJoin('members as mb', 'mb.id', 'd.member_id')
      .select([
        'd.id',
        'd.serial',
        'm.name as model_name',
        'd.member_id',
        'mb.name as member_name',
        'mb.phone as member_phone',
        'd.bound_at',
        'd.last_upload_at',
      ])
      .where('d.status', '=', 'bound')
      .where((eb) =>
        eb.or([
          eb('d.last_upload_at', '<', since),
          eb.and([eb('d.last_upload_at', 'is', null), eb('d.bound_at', '<', since)]),
        ]),
      )
      .orderBy((eb) => eb.fn.coalesce('d.last_upload_at', 'd.bound_at'))
      .orderBy('d.id');
    return paginate(this.ctx.db, q, query, (r) => ({
      id: Number(r.id),
      serial: r.serial,
      modelName: r.model_name,
      memberId: r.member_id === null ? null : Number(r.member_id),
      memberName: r.member_name ?? '',
      memberPhone: maskPhone(r.member_phone),
      boundAt: r.bound_at === null ? null : Number(r.bound_at),
      lastUploadAt: r.last_upload_at === null ? null : Number(r.last_upload_at),
    }));
  }
}
