import {
  chinaDateOf,
  MEASUREMENT_LEVEL_LABELS,
  MEASUREMENT_LEVEL_LABELS_EN,
  METRICS,
  PAGES,
  type FrontPath,
  type HomeHeadline,
  type MetricKey,
} from '@health/contract';
import type { Actor } from '../../../platform/actor.js';
import type { AppContext } from '../../../platform/context.js';
import { holdsAny } from '../../../platform/permissions.js';
import { WorkbenchService } from '../../health/workbench/service.js';
import { OrderService } from '../../integralmall/orders/service.js';
import { StatisticsService } from './service.js';

/** 概况's headline metrics, in the order of the cards. */
const HEADLINE_KEYS = [
  'members.new',
  'readings.all',
  'alerts.raised',
  'reports.published',
  'points.issued',
  'orders.created',
] as const satisfies readonly MetricKey[];

type Detail = HomeHeadline['details'][number];

/**
 * The business today for the overview (/sysset_home/basic): each headline metric the operator may
 * read (it holds one of the metric's statistics pages), with yesterday up to the same time, a
 * line or two under it (the members to date; the readings by level; the alerts waiting and past
 * their limit, the orders to ship — for whoever holds those queues), and the page it opens.
 */
export class HeadlineService {
  private readonly statistics: StatisticsService;

  constructor(private readonly ctx: AppContext) {
    this.statistics = new StatisticsService(ctx);
  }

  async headlines(actor: Actor): Promise<HomeHeadline[]> {
    const keys = HEADLINE_KEYS.filter((key) => holdsAny(actor, METRICS[key].pages));
    if (keys.length === 0) return [];
    const day = chinaDateOf(this.ctx.now());
    const wants = (key: MetricKey) => (keys as readonly MetricKey[]).includes(key);
    const [today, total, byLevel, waiting, toShip] = await Promise.all([
      this.statistics.periodValues(keys, day, day),
      wants('members.new') ? this.statistics.today(['members.total']) : null,
      wants('readings.all')
        ? this.statistics.breakdownOf({
            key: 'readings.all',
            dimension: 'level',
            start: day,
            end: day,
          })
        : null,
      wants('alerts.raised') && holdsAny(actor, [PAGES.doctorWorkbench])
        ? new WorkbenchService(this.ctx).counts(actor)
        : null,
      wants('orders.created') && holdsAny(actor, [PAGES.orders])
        ? new OrderService(this.ctx).toShipCount(this.ctx.db)
        : null,
    ]);
    const details: Partial<Record<MetricKey, Detail[]>> = {
      'members.new': total
        ? [
            {
              key: 'members.total',
              label: METRICS['members.total'].name,
              labelEn: METRICS['members.total'].nameEn,
              value: total.get('members.total') ?? 0,
            },
          ]
        : [],
      'readings.all': byLevel
        ? (['normal', 'warning', 'urgent'] as const).map((level) => {
            return {
              key: level,
              label: MEASUREMENT_LEVEL_LABELS[level],
              labelEn: MEASUREMENT_LEVEL_LABELS_EN[level],
              value: byLevel.rows.find((r) => r.value === level)?.count ?? 0,
            };
          })
        : [],
      'alerts.raised': waiting
        ? [
            {
              key: 'waiting',
              label: '待处理',
              labelEn: 'Waiting',
              value: waiting.total,
              link: PAGES.doctorWorkbench,
            },
            {
              key: 'overdue',
              label: '超时',
              labelEn: 'Past the limit',
              value: waiting.overdue,
              link: PAGES.doctorWorkbench,
            },
          ]
        : [],
      'orders.created':
        toShip === null
          ? []
          : [
              {
                key: 'toShip',
                label: '待发货',
                labelEn: 'To ship',
                value: toShip,
                link: PAGES.orders,
                query: 'status=to_ship',
              },
            ],
    };
    return today.metrics.map((m) => {
      const key = m.key as MetricKey;
      const def = METRICS[key];
      const link = (def.pages as readonly FrontPath[]).find((page) => holdsAny(actor, [page]))!;
      return {
        key,
        name: def.name,
        nameEn: def.nameEn,
        definition: def.definition,
        definitionEn: def.definitionEn,
        unit: def.unit,
        unitEn: def.unitEn,
        value: m.value,
        previous: m.previous,
        link,
        details: details[key] ?? [],
      };
    });
  }
}
