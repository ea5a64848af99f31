import type { Area } from '../../platform/area.js';
import { STATISTICS_AUDIT_LABELS } from './audit-labels.js';
import { deviceStatisticsRoutes } from './devices/routes.js';
import { metricRoutes } from './metrics/routes.js';
import { screenRoutes } from './screen/routes.js';
import { STATS_ROLLUP_JOB, StatisticsService } from './metrics/service.js';

/**
 * 统计中心: the glossary's metrics for any period of China days, from daily rollups kept by one
 * job (today and yesterday every five minutes, the last week again each night, every day after a
 * change of definitions) and from the raw tables for what the rollups do not hold yet; 数字大屏
 * (the same numbers for a wall screen, live alerts, and the screen links that open it).
 */
export const statistics: Area = {
  name: 'statistics',
  routes: [metricRoutes, deviceStatisticsRoutes, screenRoutes],
  audit: STATISTICS_AUDIT_LABELS,
  jobs: (ctx) => {
    const service = new StatisticsService(ctx);
    return {
      [STATS_ROLLUP_JOB]: async () => {
        await service.runRollupJob();
        await service.ensureRollupJob(ctx.jobs, true);
      },
    };
  },
  start: (ctx) => new StatisticsService(ctx).ensureRollupJob(ctx.jobs),
};
