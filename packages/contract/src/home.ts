import { z } from 'zod';

/** GET /{service}/v3/system/admin/home/overview — the home overview of /sysset_home/basic. */
export const homeKpiSchema = z.object({
  key: z.string(),
  title: z.string(),
  today: z.number(),
  last7Days: z.number(),
  /** Front path of the queue or list this KPI opens, when there is one. */
  link: z.string().optional(),
});
export const homeTrendPointSchema = z.object({
  date: z.string(),
  series: z.string(),
  value: z.number(),
});
export const homeOverviewSchema = z.object({
  kpis: z.array(homeKpiSchema),
  trend: z.array(homeTrendPointSchema),
  generatedAt: z.number().int(),
});
export type HomeOverview = z.infer<typeof homeOverviewSchema>;
