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
/** Something waiting for someone: a count that opens its queue (the front path, with a filter). */
export const homeTodoSchema = z.object({
  key: z.string(),
  title: z.string(),
  count: z.number().int(),
  link: z.string(),
  /** Query string the queue opens with, e.g. "needChange=first". */
  query: z.string().optional(),
});
export type HomeTodo = z.infer<typeof homeTodoSchema>;

export const homeOverviewSchema = z.object({
  kpis: z.array(homeKpiSchema),
  /** Only the to-dos whose queue page the operator's group holds. */
  todos: z.array(homeTodoSchema),
  trend: z.array(homeTrendPointSchema),
  generatedAt: z.number().int(),
});
export type HomeOverview = z.infer<typeof homeOverviewSchema>;
