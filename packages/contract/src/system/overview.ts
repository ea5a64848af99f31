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

/** A line under a headline: one of its parts (紧急 3) or what waits (待处理 5), maybe a link. */
export const homeHeadlineDetailSchema = z.object({
  key: z.string(),
  label: z.string(),
  labelEn: z.string(),
  value: z.number(),
  /** Front path (and query) of the list it opens. */
  link: z.string().optional(),
  query: z.string().optional(),
});
/**
 * A number of the business (概况's headline cards): a glossary metric today, with yesterday up to
 * the same time, its words from the glossary, and the statistics page it belongs to. Only the
 * metrics the operator may read are sent.
 */
export const homeHeadlineSchema = z.object({
  key: z.string(),
  name: z.string(),
  nameEn: z.string(),
  definition: z.string(),
  definitionEn: z.string(),
  unit: z.string(),
  unitEn: z.string(),
  value: z.number(),
  previous: z.number(),
  link: z.string(),
  details: z.array(homeHeadlineDetailSchema),
});
export type HomeHeadline = z.infer<typeof homeHeadlineSchema>;

export const homeOverviewSchema = z.object({
  /** The business today (glossary metrics the operator may read), above the to-dos. */
  headlines: z.array(homeHeadlineSchema),
  kpis: z.array(homeKpiSchema),
  /** Only the to-dos whose queue page the operator's group holds. */
  todos: z.array(homeTodoSchema),
  trend: z.array(homeTrendPointSchema),
  generatedAt: z.number().int(),
});
export type HomeOverview = z.infer<typeof homeOverviewSchema>;
