import { z } from 'zod';
import { chinaDayStart, DAY_MS, shiftChinaDate } from '../china-day.js';
import { PAGES, type FrontPath } from '../catalogue.js';

/**
 * 统计中心's glossary: every number the statistics pages, the large screen, the overview and the
 * exports show is one of these metrics, computed by one query on the server (modules/statistics,
 * keyed by the same keys), so the same period gives the same number everywhere. Days are China
 * days (UTC+8); a period is a range of whole days, both ends included.
 *
 * How a metric adds up over a period (`aggregate`):
 * - `sum`: the days' values added (new members, readings, points issued…);
 * - `last`: the value on the period's last day (members active in the 7 days to that day, the
 *   running total of members) — never the sum of days, which would count a person twice.
 */
export const STATISTICS_PATHS = {
  glossary: '/v3/statistics/admin/glossary',
  metric: '/v3/statistics/admin/metric',
  metrics: '/v3/statistics/admin/metrics',
  breakdown: '/v3/statistics/admin/breakdown',
  export: '/v3/statistics/admin/export',
} as const;

/** The dimensions a metric may be broken down by (what its daily rollup is keyed by). */
export const METRIC_DIMENSIONS = [
  'channel',
  'province',
  'gender',
  'ageBand',
  'grade',
  'type',
  'level',
  'source',
] as const;
export type MetricDimension = (typeof METRIC_DIMENSIONS)[number];

export const METRIC_DIMENSION_LABELS: Record<MetricDimension, [string, string]> = {
  channel: ['渠道', 'Channel'],
  province: ['省份', 'Province'],
  gender: ['性别', 'Gender'],
  ageBand: ['年龄段', 'Age band'],
  grade: ['会员等级', 'Grade'],
  type: ['类型', 'Type'],
  level: ['级别', 'Level'],
  source: ['来源', 'Source'],
};

/** Age bands of the member statistics, by age on the day of registration. */
export const AGE_BANDS = [
  { key: 'lt30', min: 0, max: 29, label: '30岁以下', labelEn: 'Under 30' },
  { key: '30-44', min: 30, max: 44, label: '30-44岁', labelEn: '30–44' },
  { key: '45-59', min: 45, max: 59, label: '45-59岁', labelEn: '45–59' },
  { key: '60-74', min: 60, max: 74, label: '60-74岁', labelEn: '60–74' },
  { key: 'ge75', min: 75, max: 200, label: '75岁及以上', labelEn: '75 and over' },
] as const;
export const AGE_BAND_UNKNOWN = 'unknown';

/** The band of an age (null: no birthday on file). */
export function ageBandOf(age: number | null): string {
  if (age === null) return AGE_BAND_UNKNOWN;
  return AGE_BANDS.find((b) => age >= b.min && age <= b.max)?.key ?? AGE_BAND_UNKNOWN;
}

interface MetricDef {
  name: string;
  nameEn: string;
  /** Shown as a tooltip wherever the number is shown. */
  definition: string;
  definitionEn: string;
  unit: string;
  unitEn: string;
  aggregate: 'sum' | 'last';
  /** The statistics pages that show it: who may open one of them may read it. */
  pages: readonly FrontPath[];
  dimensions: readonly MetricDimension[];
}

/** The readings of one measurement type. */
const readings = (name: string, nameEn: string) => ({
  name: `${name}测量`,
  nameEn: `${nameEn} readings`,
  definition: `设备上传的${name}测量条数，按测量时间计入当天`,
  definitionEn: `${nameEn} readings uploaded by devices, counted on the day they were taken`,
  unit: '条',
  unitEn: '',
  aggregate: 'sum' as const,
  pages: [PAGES.statsHealth, PAGES.statsDevices],
  dimensions: ['level'] as const,
});

export const METRICS = {
  'members.new': {
    name: '新增会员',
    nameEn: 'New members',
    definition: '注册时间在当天的会员人数（含之后注销的会员）',
    definitionEn: 'Members who registered that day (including those who later logged off)',
    unit: '人',
    unitEn: '',
    aggregate: 'sum',
    pages: [PAGES.statsMembers],
    dimensions: ['channel', 'province', 'gender', 'ageBand', 'grade'],
  },
  'members.total': {
    name: '累计会员',
    nameEn: 'Members to date',
    definition: '截至当天结束注册的会员总数（含之后注销的会员）',
    definitionEn: 'Members registered up to the end of that day (including those who logged off)',
    unit: '人',
    unitEn: '',
    aggregate: 'last',
    pages: [PAGES.statsMembers],
    dimensions: [],
  },
  'members.active7': {
    name: '7日活跃会员',
    nameEn: 'Active in 7 days',
    definition:
      '截至当天的近7天内（含当天）有测量上传、签到、登录、兑换等任一行为的会员人数，每人只计一次',
    definitionEn:
      'Members with any reading, check-in, login, redemption or other action in the 7 days to that day, each counted once',
    unit: '人',
    unitEn: '',
    aggregate: 'last',
    pages: [PAGES.statsMembers],
    dimensions: [],
  },
  'members.active30': {
    name: '30日活跃会员',
    nameEn: 'Active in 30 days',
    definition:
      '截至当天的近30天内（含当天）有测量上传、签到、登录、兑换等任一行为的会员人数，每人只计一次',
    definitionEn:
      'Members with any reading, check-in, login, redemption or other action in the 30 days to that day, each counted once',
    unit: '人',
    unitEn: '',
    aggregate: 'last',
    pages: [PAGES.statsMembers],
    dimensions: [],
  },
  'members.loggedOff': {
    name: '注销会员',
    nameEn: 'Logged off',
    definition: '注销申请在当天审核通过的会员人数',
    definitionEn: 'Members whose log-off request was approved that day',
    unit: '人',
    unitEn: '',
    aggregate: 'sum',
    pages: [PAGES.statsMembers],
    dimensions: [],
  },
  'signs.checkIns': {
    name: '签到次数',
    nameEn: 'Check-ins',
    definition: '会员每日签到的次数（每人每天最多一次）',
    definitionEn: 'Daily check-ins by members (at most one per member a day)',
    unit: '次',
    unitEn: '',
    aggregate: 'sum',
    pages: [PAGES.statsMembers],
    dimensions: [],
  },
  'readings.all': {
    name: '测量总数',
    nameEn: 'Readings',
    definition: '设备上传的各类测量条数，按测量时间计入当天',
    definitionEn: 'Readings of every type uploaded by devices, counted on the day they were taken',
    unit: '条',
    unitEn: '',
    aggregate: 'sum',
    pages: [PAGES.statsHealth, PAGES.statsDevices],
    dimensions: ['type', 'level'],
  },
  'readings.bp': readings('血压', 'Blood pressure'),
  'readings.bg': readings('血糖', 'Glucose'),
  'readings.chol': readings('血脂', 'Cholesterol'),
  'readings.ua': readings('尿酸', 'Uric acid'),
  'readings.ecg': readings('心电', 'ECG'),
  'readings.abnormal': {
    name: '异常测量',
    nameEn: 'Abnormal readings',
    definition: '按测量当时的预警规则判为预警或紧急的测量条数',
    definitionEn: 'Readings graded warning or urgent by the rules in force when they were taken',
    unit: '条',
    unitEn: '',
    aggregate: 'sum',
    pages: [PAGES.statsHealth],
    dimensions: ['type', 'level'],
  },
  'alerts.raised': {
    name: '产生预警',
    nameEn: 'Alerts raised',
    definition: '当天进入医生工作台的预警条数',
    definitionEn: "Alerts that entered the doctors' queue that day",
    unit: '条',
    unitEn: '',
    aggregate: 'sum',
    pages: [PAGES.statsHealth],
    dimensions: ['type', 'level'],
  },
  'alerts.claimed': {
    name: '认领预警',
    nameEn: 'Alerts claimed',
    definition: '当天被医生首次认领的预警条数（同一预警释放后再认领不重复计），按首次认领时间计入',
    definitionEn:
      'Alerts a doctor claimed for the first time that day (a claim again after a release does not count again)',
    unit: '条',
    unitEn: '',
    aggregate: 'sum',
    pages: [PAGES.statsHealth],
    dimensions: ['type', 'level'],
  },
  'alerts.handled': {
    name: '处理预警',
    nameEn: 'Alerts handled',
    definition: '当天处理完毕（发布报告或标记已处理）的预警条数，按处理时间计入',
    definitionEn:
      'Alerts closed that day (a report published or marked handled), by when they were closed',
    unit: '条',
    unitEn: '',
    aggregate: 'sum',
    pages: [PAGES.statsHealth],
    dimensions: ['type', 'level'],
  },
  'reports.published': {
    name: '发布报告',
    nameEn: 'Reports published',
    definition: '当天发布的健康报告份数（修订后重新发布的版本也计入）',
    definitionEn: 'Health reports published that day (a re-published amended version counts too)',
    unit: '份',
    unitEn: '',
    aggregate: 'sum',
    pages: [PAGES.statsHealth],
    dimensions: ['type'],
  },
  'tasks.done': {
    name: '完成任务',
    nameEn: 'Tasks done',
    definition: '当天完成的健康任务数（心电判读、血压复核、随访电话、上门服务、健康评估）',
    definitionEn:
      'Health tasks completed that day (ECG reading, BP review, follow-up call, home visit, assessment)',
    unit: '个',
    unitEn: '',
    aggregate: 'sum',
    pages: [PAGES.statsHealth],
    dimensions: ['type'],
  },
  'devices.bound': {
    name: '绑定设备',
    nameEn: 'Devices bound',
    definition: '当天绑定到会员的设备台数（解绑后再次绑定另计）',
    definitionEn: 'Devices bound to a member that day (a device bound again counts again)',
    unit: '台',
    unitEn: '',
    aggregate: 'sum',
    pages: [PAGES.statsDevices],
    dimensions: [],
  },
  'devices.lent': {
    name: '借出设备',
    nameEn: 'Devices lent',
    definition: '当天借给会员的设备台数',
    definitionEn: 'Devices lent to a member that day',
    unit: '台',
    unitEn: '',
    aggregate: 'sum',
    pages: [PAGES.statsDevices],
    dimensions: [],
  },
  'devices.returned': {
    name: '退还设备',
    nameEn: 'Devices returned',
    definition: '当天确认收到会员退还的设备台数',
    definitionEn: 'Devices received back from members that day',
    unit: '台',
    unitEn: '',
    aggregate: 'sum',
    pages: [PAGES.statsDevices],
    dimensions: [],
  },
  'points.issued': {
    name: '发放积分',
    nameEn: 'Points issued',
    definition:
      '当天记入会员账户的积分（注册、签到、测量、任务、消费奖励和后台增加），不含兑换退回',
    definitionEn:
      'Points credited that day (registration, check-ins, readings, tasks, purchases, manual additions), not counting refunds',
    unit: '积分',
    unitEn: 'pts',
    aggregate: 'sum',
    pages: [PAGES.statsMall],
    dimensions: ['source'],
  },
  'points.redeemed': {
    name: '兑换积分',
    nameEn: 'Points redeemed',
    definition: '当天兑换商品花费的积分（未扣除之后的退回）',
    definitionEn: 'Points spent on redemptions that day (before any later refund)',
    unit: '积分',
    unitEn: 'pts',
    aggregate: 'sum',
    pages: [PAGES.statsMall],
    dimensions: [],
  },
  'points.refunded': {
    name: '退回积分',
    nameEn: 'Points refunded',
    definition: '当天因订单取消退回会员的积分',
    definitionEn: 'Points given back that day for cancelled orders',
    unit: '积分',
    unitEn: 'pts',
    aggregate: 'sum',
    pages: [PAGES.statsMall],
    dimensions: [],
  },
  'points.expired': {
    name: '过期积分',
    nameEn: 'Points expired',
    definition: '当天按积分有效期清零的积分',
    definitionEn: 'Points cleared that day under the expiry policy',
    unit: '积分',
    unitEn: 'pts',
    aggregate: 'sum',
    pages: [PAGES.statsMall],
    dimensions: [],
  },
  'orders.created': {
    name: '兑换订单',
    nameEn: 'Orders',
    definition: '当天下单的积分商城兑换订单数（含之后取消的订单）',
    definitionEn: 'Points-mall orders placed that day (including those cancelled later)',
    unit: '单',
    unitEn: '',
    aggregate: 'sum',
    pages: [PAGES.statsMall],
    dimensions: [],
  },
} as const satisfies Record<string, MetricDef>;

export type MetricKey = keyof typeof METRICS;
export const METRIC_KEYS = Object.keys(METRICS) as MetricKey[];

export function isMetricKey(key: string): key is MetricKey {
  return Object.hasOwn(METRICS, key);
}

export function metricDef(key: MetricKey): MetricDef {
  return METRICS[key];
}

/** The longest period one query covers (a year, leap or not). */
export const STATISTICS_MAX_DAYS = 366;
/** The breakdowns a statistics page shows, the most an export takes. */
export const EXPORT_MAX_BREAKDOWNS = 12;

export const StatisticsMessages = {
  unknownMetric: '统计指标不存在',
  unknownDimension: '该指标不能按此维度拆分',
  tooManyBreakdowns: `一次导出最多${EXPORT_MAX_BREAKDOWNS}个拆分`,
  dayFormat: '日期格式应为 YYYY-MM-DD',
  periodOrder: '结束日期不能早于开始日期',
  periodTooLong: `统计时间段最长${STATISTICS_MAX_DAYS}天`,
  periodInFuture: '统计时间段不能晚于今天',
  noPermission: '没有查看该统计指标的权限',
} as const;

const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;
/** A China day 'YYYY-MM-DD' that exists in the calendar. */
export const chinaDaySchema = z
  .string({ error: StatisticsMessages.dayFormat })
  .trim()
  .refine(
    (v) => DAY_RE.test(v) && new Date(`${v}T00:00:00Z`).toISOString().slice(0, 10) === v,
    StatisticsMessages.dayFormat,
  );

/** Days from start to end, both included. */
export function daysBetween(start: string, end: string): number {
  return Math.round((chinaDayStart(end) - chinaDayStart(start)) / DAY_MS) + 1;
}

/** The period of the same length just before [start, end]. */
export function previousPeriod(start: string, end: string): { start: string; end: string } {
  const n = daysBetween(start, end);
  return { start: shiftChinaDate(start, -n), end: shiftChinaDate(start, -1) };
}

export const periodQuerySchema = z
  .object({ start: chinaDaySchema, end: chinaDaySchema })
  .superRefine((v, ctx) => {
    if (v.end < v.start)
      ctx.addIssue({ code: 'custom', path: ['end'], message: StatisticsMessages.periodOrder });
    else if (daysBetween(v.start, v.end) > STATISTICS_MAX_DAYS)
      ctx.addIssue({ code: 'custom', path: ['end'], message: StatisticsMessages.periodTooLong });
  });
export type PeriodQuery = z.infer<typeof periodQuerySchema>;

const metricKeySchema = z
  .string()
  .trim()
  .refine(isMetricKey, StatisticsMessages.unknownMetric)
  .transform((v) => v as MetricKey);

export const metricQuerySchema = z.intersection(
  z.object({ key: metricKeySchema }),
  periodQuerySchema,
);
export type MetricQuery = z.infer<typeof metricQuerySchema>;

/** Several metrics of one page in one request: `keys=members.new,members.active7`. */
export const metricsQuerySchema = z.intersection(
  z.object({
    keys: z
      .string()
      .trim()
      .transform((v) => [...new Set(v.split(',').map((k) => k.trim()))])
      .refine(
        (keys) => keys.length > 0 && keys.every(isMetricKey),
        StatisticsMessages.unknownMetric,
      )
      .transform((keys) => keys as MetricKey[]),
  }),
  periodQuerySchema,
);
export type MetricsQuery = z.infer<typeof metricsQuerySchema>;

/**
 * What each statistics page shows of the glossary: its cards (and the columns of its table by day
 * and of its export), the lines of its chart, and its breakdowns (a card and an export sheet each).
 * The pages draw them; bench/stats.ts loads the server with the same requests.
 */
export const STATS_PAGE_METRICS = {
  member: {
    cards: [
      'members.new',
      'members.active7',
      'members.active30',
      'members.total',
      'members.loggedOff',
      'signs.checkIns',
    ],
    chart: ['members.new', 'members.active7'],
    breakdowns: (['channel', 'province', 'gender', 'ageBand', 'grade'] as const).map(
      (dimension) => ({ key: 'members.new', dimension }),
    ),
  },
  device: {
    cards: [
      'devices.bound',
      'devices.lent',
      'devices.returned',
      'readings.all',
      'readings.bp',
      'readings.bg',
      'readings.chol',
      'readings.ua',
      'readings.ecg',
    ],
    chart: ['readings.all', 'devices.bound'],
    breakdowns: [{ key: 'readings.all', dimension: 'type' }],
  },
  health: {
    cards: [
      'readings.all',
      'readings.abnormal',
      'alerts.raised',
      'alerts.claimed',
      'alerts.handled',
      'reports.published',
      'tasks.done',
      'readings.bp',
      'readings.bg',
      'readings.chol',
      'readings.ua',
      'readings.ecg',
    ],
    chart: ['readings.all', 'readings.abnormal', 'alerts.raised', 'reports.published'],
    breakdowns: [
      { key: 'readings.all', dimension: 'type' },
      { key: 'readings.all', dimension: 'level' },
      { key: 'readings.abnormal', dimension: 'type' },
      { key: 'alerts.raised', dimension: 'level' },
      { key: 'reports.published', dimension: 'type' },
      { key: 'tasks.done', dimension: 'type' },
    ],
  },
  mall: {
    cards: [
      'points.issued',
      'points.redeemed',
      'points.refunded',
      'points.expired',
      'orders.created',
    ],
    chart: ['points.issued', 'points.redeemed'],
    breakdowns: [{ key: 'points.issued', dimension: 'source' }],
  },
} satisfies Record<
  string,
  {
    cards: readonly MetricKey[];
    chart: readonly MetricKey[];
    breakdowns: readonly { key: MetricKey; dimension: MetricDimension }[];
  }
>;
export type StatsPageName = keyof typeof STATS_PAGE_METRICS;

/**
 * The export of a statistics page: its metrics by day, as its table shows them, and its
 * breakdowns (`breakdowns=members.new:channel,readings.all:type`), a sheet each.
 */
export const metricsExportQuerySchema = z.intersection(
  metricsQuerySchema,
  z.object({
    /** The file's and sheet's name: the page's title. */
    title: z.string().trim().min(1).max(20).default('统计数据'),
    breakdowns: z
      .string()
      .trim()
      .default('')
      .transform((v) =>
        v === ''
          ? []
          : v.split(',').map((pair) => {
              const [key = '', dimension = ''] = pair.trim().split(':');
              return { key, dimension };
            }),
      )
      .refine((list) => list.length <= EXPORT_MAX_BREAKDOWNS, StatisticsMessages.tooManyBreakdowns)
      .refine(
        (list) =>
          list.every(
            (b) =>
              isMetricKey(b.key) && (METRIC_DIMENSIONS as readonly string[]).includes(b.dimension),
          ),
        StatisticsMessages.unknownDimension,
      )
      .transform((list) => list as { key: MetricKey; dimension: MetricDimension }[]),
  }),
);
export type MetricsExportQuery = z.infer<typeof metricsExportQuerySchema>;

export const breakdownQuerySchema = z.intersection(
  z.object({
    key: metricKeySchema,
    dimension: z.enum(METRIC_DIMENSIONS, { error: StatisticsMessages.unknownDimension }),
  }),
  periodQuerySchema,
);
export type BreakdownQuery = z.infer<typeof breakdownQuerySchema>;

export const glossaryEntrySchema = z.object({
  key: z.string(),
  name: z.string(),
  nameEn: z.string(),
  definition: z.string(),
  definitionEn: z.string(),
  unit: z.string(),
  unitEn: z.string(),
  aggregate: z.enum(['sum', 'last']),
  pages: z.array(z.string()),
  dimensions: z.array(z.enum(METRIC_DIMENSIONS)),
});
export type GlossaryEntry = z.infer<typeof glossaryEntrySchema>;

/** The glossary as the API answers it: every metric, in the order above. */
export function glossary(): GlossaryEntry[] {
  return METRIC_KEYS.map((key) => ({
    key,
    ...METRICS[key],
    pages: [...METRICS[key].pages],
    dimensions: [...METRICS[key].dimensions],
  }));
}

export const metricDaySchema = z.object({ day: z.string(), value: z.number() });
export type MetricDay = z.infer<typeof metricDaySchema>;

export const metricValueSchema = z.object({
  key: z.string(),
  /** The period's value (`sum` or `last` of its days). */
  value: z.number(),
  /**
   * The same for the period of the same length before it. When the period ends today, that
   * period's last day is counted only up to this time of day, so today is compared fairly.
   */
  previous: z.number(),
  /** Every day of the period, zeros included. */
  daily: z.array(metricDaySchema),
  /** When the numbers were read (epoch ms): 数据截至 HH:mm. */
  asOf: z.number(),
});
export type MetricValue = z.infer<typeof metricValueSchema>;

export const metricsAnswerSchema = z.object({
  asOf: z.number(),
  metrics: z.array(metricValueSchema),
});
export type MetricsAnswer = z.infer<typeof metricsAnswerSchema>;

export const breakdownRowSchema = z.object({
  /** The dimension's value (a channel id, a province, 'male', 'lt30', 'warning' …). */
  value: z.string(),
  /** Its Chinese name ('' values are 未填写). */
  label: z.string(),
  labelEn: z.string(),
  count: z.number(),
});
export type BreakdownRow = z.infer<typeof breakdownRowSchema>;

export const breakdownAnswerSchema = z.object({
  key: z.string(),
  dimension: z.enum(METRIC_DIMENSIONS),
  /** Largest first. */
  rows: z.array(breakdownRowSchema),
  asOf: z.number(),
});
export type BreakdownAnswer = z.infer<typeof breakdownAnswerSchema>;

/** Period-over-period change in percent, one decimal; null when the previous period was zero. */
export function changeRatio(value: number, previous: number): number | null {
  if (previous === 0) return null;
  return Math.round(((value - previous) / previous) * 1000) / 10;
}
