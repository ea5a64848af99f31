import {
  chinaDayStart,
  DAY_MS,
  ORDER_STATUS_LABELS,
  ORDER_STATUS_LABELS_EN,
  ORDER_STATUSES,
  previousPeriod,
  StatisticsMessages,
  TOP_GOODS,
  type HealthDetails,
  type MallDetails,
  type PeriodQuery,
  type ResponseTimes,
} from '@health/contract';
import type { AppContext } from '../../../platform/context.js';
import { ValidationError } from '../../../platform/errors.js';
import { toNumber } from '../../../db/values.js';
import { WorkloadService } from '../../health/workload/service.js';
import { asOfNow } from './as-of.js';

/** The instants of a period of China days: from its first 00:00 to the end of its last day. */
function instantsOf(start: string, end: string) {
  return { startTime: chinaDayStart(start), endTime: chinaDayStart(end) + DAY_MS - 1 };
}

/**
 * 健康数据统计's and 积分统计's numbers that are not sums of days: how fast alerts were answered
 * (the median and p90, as 医护工作量 computes them) and who published the reports; the points
 * members hold, the period's orders by state, the goods redeemed most, the members who redeemed.
 */
export class StatisticsDetailsService {
  constructor(private readonly ctx: AppContext) {}

  private refuseFuture(end: string): void {
    if (chinaDayStart(end) > this.ctx.now())
      throw ValidationError.field('end', StatisticsMessages.periodInFuture);
  }

  /** Made once per as-of time for each period (see as-of.ts), as the other statistics. */
  health(query: PeriodQuery): Promise<HealthDetails> {
    this.refuseFuture(query.end);
    const { now, memo } = asOfNow(this.ctx);
    return memo.get(`health ${query.start} ${query.end}`, () => this.healthOf(query, now));
  }

  mall(query: PeriodQuery): Promise<MallDetails> {
    this.refuseFuture(query.end);
    const { now, memo } = asOfNow(this.ctx);
    return memo.get(`mall ${query.start} ${query.end}`, () => this.mallOf(query, now));
  }

  private async healthOf(query: PeriodQuery, now: number): Promise<HealthDetails> {
    const workload = new WorkloadService(this.ctx);
    const prev = previousPeriod(query.start, query.end);
    const [current, previous] = await Promise.all([
      workload.workload(instantsOf(query.start, query.end)),
      workload.workload(instantsOf(prev.start, prev.end)),
    ]);
    const times = (w: typeof current): ResponseTimes => ({
      answered: w.rows.reduce((sum, r) => sum + r.alertsAnswered, 0),
      medianMinutes: w.medianMinutes,
      p90Minutes: w.p90Minutes,
    });
    return {
      current: times(current),
      previous: times(previous),
      byDoctor: current.rows
        .filter((r) => r.published > 0)
        .map((r) => ({
          operatorId: r.operatorId,
          name: r.name,
          published: r.published,
          alertsAnswered: r.alertsAnswered,
          medianMinutes: r.medianMinutes,
        })),
      asOf: now,
    };
  }

  private async mallOf(query: PeriodQuery, now: number): Promise<MallDetails> {
    const db = this.ctx.db;
    const { startTime, endTime } = instantsOf(query.start, query.end);
    const prev = previousPeriod(query.start, query.end);
    const before = instantsOf(prev.start, prev.end);
    const redeemers = (from: number, to: number) =>
      db
        .selectFrom('mall_orders')
        .select((eb) => eb.fn.count<number>('member_id').distinct().as('n'))
        .where('created_at', '>=', from)
        .where('created_at', '<=', to)
        .executeTakeFirst()
        .then((r) => toNumber(r?.n));
    const [balance, states, goods, current, previous] = await Promise.all([
      db
        .selectFrom('members')
        .select((eb) => eb.fn.sum<number>('points_balance').as('n'))
        .executeTakeFirst(),
      db
        .selectFrom('mall_orders')
        .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
        .where('created_at', '>=', startTime)
        .where('created_at', '<=', endTime)
        .groupBy('status')
        .execute(),
      db
        .selectFrom('mall_orders')
        .select([
          'goods_id',
          (eb) => eb.fn.max('goods_name').as('name'),
          (eb) => eb.fn.countAll<number>().as('orders'),
          (eb) => eb.fn.sum<number>('quantity').as('quantity'),
          (eb) => eb.fn.sum<number>('points_total').as('points'),
        ])
        .where('created_at', '>=', startTime)
        .where('created_at', '<=', endTime)
        .groupBy('goods_id')
        .orderBy('orders', 'desc')
        .orderBy('quantity', 'desc')
        .orderBy('goods_id')
        .limit(TOP_GOODS)
        .execute(),
      redeemers(startTime, endTime),
      redeemers(before.startTime, before.endTime),
    ]);
    const byState = new Map(states.map((r) => [r.status as string, toNumber(r.n)]));
    return {
      balanceOutstanding: toNumber(balance?.n),
      ordersByState: ORDER_STATUSES.map((s) => ({
        value: s,
        label: ORDER_STATUS_LABELS[s],
        labelEn: ORDER_STATUS_LABELS_EN[s],
        count: byState.get(s) ?? 0,
      })),
      topGoods: goods.map((g) => ({
        goodsId: Number(g.goods_id),
        name: String(g.name ?? ''),
        orders: toNumber(g.orders),
        quantity: toNumber(g.quantity),
        points: toNumber(g.points),
      })),
      redeemers: current,
      previousRedeemers: previous,
      asOf: now,
    };
  }
}
