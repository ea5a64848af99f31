import { PAGES, chinaDateOf, chinaDayStartOf } from '@health/contract';
import type { HomeOverview } from '@health/contract';
import type { Actor } from '../../../platform/actor.js';
import { DAY_MS } from '../../../platform/clock.js';
import type { AppContext } from '../../../platform/context.js';
import { AuthRepo } from '../../auth/login/repo.js';
import { OperateLogRepo } from '../../../platform/operation-logs.js';
import { OperatorsRepo } from '../../authority/operators/repo.js';
import { HeadlineService } from '../../statistics/metrics/headlines.js';

const OVERVIEW_DAYS = 7;

/** 00:00 China time of the day `daysAgo` days before the China day of `now` (no DST there). */
function chinaDayStartBefore(now: number, daysAgo = 0): number {
  return chinaDayStartOf(now) - daysAgo * DAY_MS;
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
const last = (values: number[]) => values[values.length - 1] ?? 0;

/**
 * The home overview (/sysset_home/basic): the business today (the statistics glossary's headline
 * metrics the operator may read), the operators' KPIs, to-dos and the 7-day trend.
 */
export class OverviewService {
  constructor(private readonly ctx: AppContext) {}

  /** KPIs of today and the last 7 days, and a 7-day trend, from a handful of aggregate queries. */
  async homeOverview(actor: Actor): Promise<HomeOverview> {
    const now = this.ctx.now();
    // China days, whatever the server's time zone: dayStarts[0] is 6 days before today; the last
    // entry is tomorrow's midnight.
    const dayStarts = Array.from({ length: OVERVIEW_DAYS + 1 }, (_, i) =>
      chinaDayStartBefore(now, OVERVIEW_DAYS - 1 - i),
    );
    const [headlines, logins, operations, newOperators, sessions, todos] = await Promise.all([
      new HeadlineService(this.ctx).headlines(actor),
      new AuthRepo(this.ctx.db).loginsPerDay(dayStarts),
      new OperateLogRepo(this.ctx.db).operationsPerDay(dayStarts),
      new OperatorsRepo(this.ctx.db).operatorsCreatedPerDay(dayStarts),
      this.ctx.sessions.sessionCounts(now, dayStarts[0] ?? now - OVERVIEW_DAYS * DAY_MS),
      this.ctx.todos.forOperator(actor, this.ctx.db, now),
    ]);
    const kpi = (key: string, title: string, perDay: number[], link?: string) => ({
      key,
      title,
      today: last(perDay),
      last7Days: sum(perDay),
      ...(link ? { link } : {}),
    });
    const dates = dayStarts.slice(0, -1).map(chinaDateOf);
    return {
      headlines,
      kpis: [
        kpi('newOperators', '新增操作员', newOperators, PAGES.operators),
        kpi('logins', '今日登录', logins.ok),
        // Sessions: "today" is the sessions live right now; "last7Days" those used in 7 days.
        {
          key: 'activeSessions',
          title: '在线会话',
          today: sessions.live,
          last7Days: sessions.seen,
        },
        kpi('operations', '操作记录', operations, PAGES.operateLogs),
        kpi('loginFailures', '登录失败', logins.failed, PAGES.operateLogs),
      ],
      todos,
      trend: [
        ...dates.map((date, i) => ({ date, series: '登录次数', value: logins.ok[i] ?? 0 })),
        ...dates.map((date, i) => ({ date, series: '操作次数', value: operations[i] ?? 0 })),
      ],
      generatedAt: now,
    };
  }
}
