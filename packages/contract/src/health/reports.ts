import { z } from 'zod';
import { chinaDateOf, chinaWallClock, DAY_MS } from '../china-day.js';
import { contentText } from '../content-fields.js';
import { fromNumberOrText, idSchema, optionalIdSchema } from '../ids.js';
import {
  blankToUndefined,
  checkTimeRange,
  optionalText,
  phoneFragmentSchema,
  timeRangeQuerySchema,
} from '../list-query.js';
import { listQuerySchema, pageOf } from '../pagination.js';
import { MEASUREMENT_LEVELS } from '../device/ingest.js';
import { measurementTrendSchema } from '../report/measurements.js';
import { memberOptionSchema, memberOptionsQuerySchema } from '../member/members.js';
import {
  classifyMeasurement,
  MEASUREMENT_TYPES,
  type MeasurementType,
  type PrewarningSet,
} from '../system/settings.js';

/**
 * Health reports (健康报告, PRODUCT.md §4 health): a doctor's reading of a member's measurement
 * (an ECG, a BP series) or of the member as a whole, through a lifecycle:
 *
 *   draft ──sign──▶ signed ──publish──▶ published ──amend──▶ a new version (draft → … → published)
 *
 * - a draft is edited freely by whoever may write reports; deleting one leaves nothing;
 * - signing fixes the text: a signed version is never changed again (the server refuses, and the
 *   database keeps what was signed);
 * - publishing shows it to the member (the app, and a signed link that expires);
 * - amending a published report starts a new version with an addendum that says why; once that is
 *   published it supersedes the old one, which stays readable (the member sees the latest, with
 *   the earlier versions below it).
 * Who and when at each step; every change is in the operation log.
 */
export const HealthReportPaths = {
  list: '/v3/health/admin/report/list',
  detail: '/v3/health/admin/report/detail',
  /** A draft: `measurementId` or `memberId`, `conclusion`, `advice`. */
  add: '/v3/health/admin/report/add',
  /** A draft's text. */
  update: '/v3/health/admin/report/update',
  delete: '/v3/health/admin/report/delete',
  sign: '/v3/health/admin/report/sign',
  /** Signs a draft first (by the one publishing), then publishes it. */
  publish: '/v3/health/admin/report/publish',
  /** A new version of a published report, with the addendum that says why. */
  amend: '/v3/health/admin/report/amend',
  /** → `{ url, expiresAt }`: the member's link to the published report. */
  shareLink: '/v3/health/admin/report/shareLink',
  /** Every link of the report stops working. */
  revokeLinks: '/v3/health/admin/report/revokeLinks',
  /** Common phrases of conclusions and advice (templates), by the report's kind. */
  phrases: '/v3/health/admin/report/phrases',
  /**
   * A member's BP readings of a period with their summary (averages, morning / evening, grade):
   * what 创建血压报告 shows and what a BP report keeps in its details.
   */
  bpSummary: '/v3/health/admin/report/bpSummary',
  /** Members to write a report for (phone prefix or name). */
  memberOptions: '/v3/health/admin/report/memberOptions',
} as const;

/** Public: the report a link opens, without a login. */
export const HealthReportPublicPaths = {
  preview: '/v3/health/common/report/preview',
} as const;

/** The public page a share link opens (`?token=`). */
export const HEALTH_REPORT_PREVIEW_PAGE = '/health-report-preview';

export const REPORT_STATUSES = ['draft', 'signed', 'published'] as const;
export type HealthReportStatus = (typeof REPORT_STATUSES)[number];
export const REPORT_STATUS_LABELS: Record<HealthReportStatus, string> = {
  draft: '草稿',
  signed: '已签名',
  published: '已发布',
};

/** ecg and bp from a reading of that type; reading: any other reading; general: the member. */
export const REPORT_KINDS = ['ecg', 'bp', 'reading', 'general'] as const;
export type HealthReportKind = (typeof REPORT_KINDS)[number];
export const REPORT_KIND_LABELS: Record<HealthReportKind, string> = {
  ecg: '心电报告',
  bp: '血压报告',
  reading: '测量报告',
  general: '健康评估',
};
export const REPORT_KIND_LABELS_EN: Record<HealthReportKind, string> = {
  ecg: 'ECG report',
  bp: 'Blood pressure report',
  reading: 'Reading report',
  general: 'Health assessment',
};

/** The kind of a report on a reading of this type (an ECG, a BP series, any other reading). */
export function reportKindOfType(type: MeasurementType): Exclude<HealthReportKind, 'general'> {
  if (type === 'ecg') return 'ecg';
  if (type === 'bp') return 'bp';
  return 'reading';
}

export const REPORT_CONCLUSION_MAX = 2000;
export const REPORT_ADVICE_MAX = 2000;
export const REPORT_ADDENDUM_MAX = 500;
/** Days a share link works by default, and at most. */
export const REPORT_LINK_DEFAULT_DAYS = 7;
export const REPORT_LINK_MAX_DAYS = 90;
/** The longest period a BP report covers (days). */
export const BP_PERIOD_MAX_DAYS = 90;

export const HealthReportMessages = {
  notFound: '报告不存在或已被删除',
  targetRequired: '请选择测量记录或会员',
  measurementNotFound: '测量记录不存在',
  memberNotFound: '会员不存在或已注销',
  conclusionRequired: '请输入结论',
  adviceRequired: '请输入建议',
  addendumRequired: '请说明修订原因',
  notDraft: '报告已签名，内容不能再修改',
  notSigned: '报告尚未签名',
  alreadyPublished: '报告已发布',
  notPublished: '只有已发布的报告可以修订或分享',
  superseded: '该版本已被新版本取代，请修订最新版本',
  amendPending: '该报告已有未发布的修订版本',
  deleteOnlyDraft: '只有草稿可以删除',
  linkInvalid: '链接无效或已被篡改',
  linkExpired: '链接已过期，请联系医生重新获取',
  linkRevoked: '链接已失效，请联系医生重新获取',
  alertNotOfMeasurement: '预警不存在或不属于该测量记录',
  periodRequired: '请选择报告周期',
  bpEmpty: '该周期内没有血压读数，不能签名或发布报告，请调整报告周期',
  periodEndBeforeStart: '周期结束时间不能早于开始时间',
  periodTooLong: `报告周期最长${BP_PERIOD_MAX_DAYS}天`,
  kindInvalid: '报告类型不正确',
} as const;

const conclusion = contentText(
  HealthReportMessages.conclusionRequired,
  REPORT_CONCLUSION_MAX,
  '结论',
);
const advice = contentText(HealthReportMessages.adviceRequired, REPORT_ADVICE_MAX, '建议');

/** Most measured intervals and strips one report keeps. */
export const REPORT_INTERVALS_MAX = 20;
export const REPORT_STRIPS_MAX = 6;

/** An interval the doctor measured with the calipers (ECG reports). */
export const reportIntervalSchema = z.object({
  name: z.string().trim().min(1, '请输入测量项名称').max(20, '测量项名称最多20个字符'),
  /** ms for intervals, mV for amplitudes, bpm for rates. */
  value: z.number().finite().min(-10_000).max(100_000),
  unit: z.enum(['ms', 'mV', 'bpm']),
});
export type ReportInterval = z.infer<typeof reportIntervalSchema>;

/** A strip of the recording the doctor chose to show (ms from the recording's start). */
export const reportStripSchema = z.object({
  startMs: z.number().int().min(0),
  durationMs: z.number().int().min(1000).max(60_000),
  note: z.string().trim().max(100, '说明最多100个字符').default(''),
});
export type ReportStrip = z.infer<typeof reportStripSchema>;

/* ---------------------------------------------------------------- BP period summary */

/** The period 创建血压报告 starts with (days, ending now). */
export const BP_PERIOD_DEFAULT_DAYS = 30;
/** Most readings a period summary reads (the newest). */
export const BP_SUMMARY_MAX_READINGS = 5_000;
/** China-time hours [from, to) of the morning and evening readings (晨间 06–10, 晚间 18–22). */
export const BP_MORNING_HOURS = [6, 10] as const;
export const BP_EVENING_HOURS = [18, 22] as const;
/** The grades of the BP rules (预警配置), as classifyMeasurement names them. */
export const BP_GRADES = ['normal', 'grade1', 'grade2', 'grade3', 'hypotension'] as const;
export type BpGrade = (typeof BP_GRADES)[number];

/** Averages (mmHg, pulse bpm; rounded) of some readings; null when there are none. */
export const bpAverageSchema = z.object({
  count: z.number().int(),
  systolic: z.number().nullable(),
  diastolic: z.number().nullable(),
  pulse: z.number().nullable(),
});
export type BpAverage = z.infer<typeof bpAverageSchema>;

/** What a BP report says of its period (computed by the server, kept in the report's details). */
export const bpSummarySchema = z.object({
  average: bpAverageSchema,
  /** Readings 06–10 and 18–22 China time. */
  morning: bpAverageSchema,
  evening: bpAverageSchema,
  /** The average's grade by the BP rules in force; null without readings. */
  grade: z.enum(BP_GRADES).nullable(),
  gradeLabel: z.string(),
  /** Readings judged abnormal (warning or urgent) when they arrived. */
  abnormal: z.number().int(),
  highest: z.object({ systolic: z.number(), diastolic: z.number() }).nullable(),
  lowest: z.object({ systolic: z.number(), diastolic: z.number() }).nullable(),
  /** Daily averages (China days, oldest first): the report's chart. */
  daily: z
    .array(
      z.object({
        day: z.string(),
        count: z.number().int(),
        systolic: z.number(),
        diastolic: z.number(),
        pulse: z.number().nullable(),
      }),
    )
    .max(BP_PERIOD_MAX_DAYS + 1),
});
export type BpSummary = z.infer<typeof bpSummarySchema>;

/** One BP reading as the summary reads it. */
export interface BpSummaryReading {
  measuredAt: number;
  systolic: number;
  diastolic: number;
  pulse: number | null;
  abnormal: boolean;
}

const mean = (values: number[]) =>
  values.length === 0 ? null : Math.round(values.reduce((a, b) => a + b, 0) / values.length);

function averageOf(readings: readonly BpSummaryReading[]): BpAverage {
  const pulses = readings.flatMap((r) => (r.pulse === null ? [] : [r.pulse]));
  return {
    count: readings.length,
    systolic: mean(readings.map((r) => r.systolic)),
    diastolic: mean(readings.map((r) => r.diastolic)),
    pulse: mean(pulses),
  };
}

const inHours = (at: number, [from, to]: readonly [number, number]) => {
  const h = chinaWallClock(at).getUTCHours();
  return h >= from && h < to;
};

/**
 * The summary of a period's BP readings: averages, the morning / evening pattern, the grade of the
 * average by the rules' BP grading (whether or not the rule raises warnings), extremes and daily
 * averages.
 */
export function summarizeBp(
  readings: readonly BpSummaryReading[],
  rules: PrewarningSet,
): BpSummary {
  const average = averageOf(readings);
  let grade: BpGrade | null = null;
  let gradeLabel = '';
  if (average.systolic !== null && average.diastolic !== null) {
    const c = classifyMeasurement(
      { ...rules, bp: { ...rules.bp, enabled: true } },
      { type: 'bp', systolic: average.systolic, diastolic: average.diastolic },
    );
    grade = c.category as BpGrade;
    gradeLabel = c.label;
  }
  const byDay = new Map<string, BpSummaryReading[]>();
  for (const r of readings) {
    const day = chinaDateOf(r.measuredAt);
    byDay.set(day, [...(byDay.get(day) ?? []), r]);
  }
  const daily = [...byDay.entries()]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .slice(-(BP_PERIOD_MAX_DAYS + 1))
    .map(([day, rs]) => {
      const a = averageOf(rs);
      return {
        day,
        count: a.count,
        systolic: a.systolic!,
        diastolic: a.diastolic!,
        pulse: a.pulse,
      };
    });
  const bySystolic = [...readings].sort(
    (a, b) => a.systolic - b.systolic || a.diastolic - b.diastolic,
  );
  const pick = (r: BpSummaryReading | undefined) =>
    r ? { systolic: r.systolic, diastolic: r.diastolic } : null;
  return {
    average,
    morning: averageOf(readings.filter((r) => inHours(r.measuredAt, BP_MORNING_HOURS))),
    evening: averageOf(readings.filter((r) => inHours(r.measuredAt, BP_EVENING_HOURS))),
    grade,
    gradeLabel,
    abnormal: readings.filter((r) => r.abnormal).length,
    highest: pick(bySystolic[bySystolic.length - 1]),
    lowest: pick(bySystolic[0]),
    daily,
  };
}

const periodTime = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  fromNumberOrText(
    z.coerce
      .number({ error: HealthReportMessages.periodRequired })
      .int(HealthReportMessages.periodRequired)
      .min(0, HealthReportMessages.periodRequired),
  ),
);

/** A period (epoch ms, inclusive) of at most BP_PERIOD_MAX_DAYS days. */
function checkPeriod(
  v: { periodStart?: number | null; periodEnd?: number | null },
  ctx: z.RefinementCtx,
): void {
  if (typeof v.periodStart !== 'number' || typeof v.periodEnd !== 'number') return;
  if (v.periodEnd < v.periodStart)
    ctx.addIssue({
      code: 'custom',
      path: ['periodEnd'],
      message: HealthReportMessages.periodEndBeforeStart,
    });
  else if (v.periodEnd - v.periodStart > BP_PERIOD_MAX_DAYS * DAY_MS)
    ctx.addIssue({
      code: 'custom',
      path: ['periodEnd'],
      message: HealthReportMessages.periodTooLong,
    });
}

/** GET bpSummary: a member and a period. */
export const bpSummaryQuerySchema = z
  .object({ memberId: idSchema('会员'), periodStart: periodTime, periodEnd: periodTime })
  .superRefine(checkPeriod);
export type BpSummaryQuery = z.infer<typeof bpSummaryQuerySchema>;

/** The period's readings (the trend chart's shape) and their summary. */
export const bpSummaryAnswerSchema = measurementTrendSchema.extend({
  /** Masked. */
  memberPhone: z.string(),
  periodStart: z.number().int(),
  periodEnd: z.number().int(),
  summary: bpSummarySchema,
});
export type BpSummaryAnswer = z.infer<typeof bpSummaryAnswerSchema>;

/** What a report carries beside its text (ECG: intervals and strips; BP: the period, summary). */
export const reportDetailsSchema = z
  .object({
    intervals: z
      .array(reportIntervalSchema)
      .max(REPORT_INTERVALS_MAX, `测量项最多${REPORT_INTERVALS_MAX}项`)
      .default([]),
    strips: z
      .array(reportStripSchema)
      .max(REPORT_STRIPS_MAX, `片段最多${REPORT_STRIPS_MAX}段`)
      .default([]),
    /** A BP report's period (epoch ms). */
    periodStart: z.number().int().nullable().default(null),
    periodEnd: z.number().int().nullable().default(null),
    /** A BP report's summary of its period: written by the server when the draft is saved. */
    bp: bpSummarySchema.nullable().default(null),
  })
  .superRefine(checkPeriod);
export type ReportDetails = z.infer<typeof reportDetailsSchema>;

/** Kinds of a report on a member (not on one reading): a BP report covers a period. */
export const MEMBER_REPORT_KINDS = ['general', 'bp'] as const;

export const healthReportAddSchema = z
  .object({
    measurementId: optionalIdSchema('测量记录'),
    memberId: optionalIdSchema('会员'),
    /** A report on a member: general (default) or bp (its details' period is required). */
    kind: z.preprocess(
      blankToUndefined,
      z.enum(MEMBER_REPORT_KINDS, { error: HealthReportMessages.kindInvalid }).optional(),
    ),
    /** The workbench alert it answers (closed when the report is published). */
    alertId: optionalIdSchema('预警编号'),
    conclusion,
    advice,
    details: reportDetailsSchema.optional(),
  })
  .refine((v) => v.measurementId !== undefined || v.memberId !== undefined, {
    message: HealthReportMessages.targetRequired,
    path: ['memberId'],
  });
export type HealthReportAdd = z.infer<typeof healthReportAddSchema>;

export const healthReportUpdateSchema = z.object({
  id: idSchema('报告编号'),
  conclusion,
  advice,
  details: reportDetailsSchema.optional(),
});
export type HealthReportUpdate = z.infer<typeof healthReportUpdateSchema>;

export const healthReportIdSchema = z.object({ id: idSchema('报告编号') });
export type HealthReportId = z.infer<typeof healthReportIdSchema>;

export const healthReportAmendSchema = z.object({
  id: idSchema('报告编号'),
  addendum: contentText(HealthReportMessages.addendumRequired, REPORT_ADDENDUM_MAX, '修订原因'),
  conclusion,
  advice,
  details: reportDetailsSchema.optional(),
});
export type HealthReportAmend = z.infer<typeof healthReportAmendSchema>;

export const healthReportShareSchema = z.object({
  id: idSchema('报告编号'),
  days: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: '有效天数必须是整数' })
      .int('有效天数必须是整数')
      .min(1, `有效天数为1-${REPORT_LINK_MAX_DAYS}天`)
      .max(REPORT_LINK_MAX_DAYS, `有效天数为1-${REPORT_LINK_MAX_DAYS}天`)
      .optional(),
  ),
});
export type HealthReportShare = z.infer<typeof healthReportShareSchema>;
export const healthReportLinkSchema = z.object({ url: z.string(), expiresAt: z.number().int() });
export type HealthReportLink = z.infer<typeof healthReportLinkSchema>;

export const healthReportListQuerySchema = listQuerySchema
  .extend(timeRangeQuerySchema.shape)
  .extend({
    status: z.preprocess(
      blankToUndefined,
      z.enum(REPORT_STATUSES, { error: '报告状态不正确' }).optional(),
    ),
    kind: z.preprocess(
      blankToUndefined,
      z.enum(REPORT_KINDS, { error: '报告类型不正确' }).optional(),
    ),
    phone: phoneFragmentSchema,
    name: optionalText(20),
    memberId: optionalIdSchema('会员'),
    measurementId: optionalIdSchema('测量记录'),
  })
  .superRefine(checkTimeRange);
export type HealthReportListQuery = z.infer<typeof healthReportListQuerySchema>;

/** The reading a report is about, as the report shows it. */
export const reportReadingSchema = z.object({
  id: z.number().int(),
  type: z.enum(MEASUREMENT_TYPES),
  measuredAt: z.number().int(),
  values: z.record(z.string(), z.unknown()),
  level: z.enum(MEASUREMENT_LEVELS),
  category: z.string(),
  label: z.string(),
});
export type ReportReading = z.infer<typeof reportReadingSchema>;

export const healthReportRowSchema = z.object({
  id: z.number().int(),
  /** The first version's id: every version of one report shares it. */
  rootId: z.number().int(),
  version: z.number().int(),
  kind: z.enum(REPORT_KINDS),
  status: z.enum(REPORT_STATUSES),
  /** A later version has been published. */
  superseded: z.boolean(),
  memberId: z.number().int(),
  memberName: z.string(),
  /** Masked. */
  memberPhone: z.string(),
  measurementId: z.number().int().nullable(),
  alertId: z.number().int().nullable(),
  conclusion: z.string(),
  advice: z.string(),
  addendum: z.string(),
  details: reportDetailsSchema,
  createdBy: z.string(),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
  signedBy: z.string().nullable(),
  signedAt: z.number().int().nullable(),
  publishedBy: z.string().nullable(),
  publishedAt: z.number().int().nullable(),
});
export type HealthReportRow = z.infer<typeof healthReportRowSchema>;
export const healthReportListSchema = pageOf(healthReportRowSchema);

export const healthReportDetailSchema = healthReportRowSchema.extend({
  reading: reportReadingSchema.nullable(),
  /** Every version of the report, newest first (this one among them). */
  versions: z.array(healthReportRowSchema),
  /** Share links that still work. */
  links: z.array(
    z.object({ id: z.number().int(), expiresAt: z.number().int(), createdBy: z.string() }),
  ),
});
export type HealthReportDetail = z.infer<typeof healthReportDetailSchema>;

/** A published version as the member reads it. */
export const publicReportVersionSchema = z.object({
  version: z.number().int(),
  kind: z.enum(REPORT_KINDS),
  conclusion: z.string(),
  advice: z.string(),
  addendum: z.string(),
  details: reportDetailsSchema,
  signedBy: z.string(),
  signedAt: z.number().int(),
  publishedAt: z.number().int(),
});
export const publicReportSchema = z.object({
  /** Name as registered; phone masked. */
  memberName: z.string(),
  memberPhone: z.string(),
  reading: reportReadingSchema.nullable(),
  /** The latest published version first, then the earlier ones. */
  versions: z.array(publicReportVersionSchema).min(1),
  expiresAt: z.number().int(),
});
export type PublicReport = z.infer<typeof publicReportSchema>;
export const publicReportQuerySchema = z.object({
  token: z
    .string({ error: HealthReportMessages.linkInvalid })
    .max(200, HealthReportMessages.linkInvalid),
});

/**
 * The member picker of the report builders (创建血压报告): as the other pickers, with what tells
 * same-named members apart at a glance — age and their newest reading (of the builder's type).
 */
export const reportMemberOptionsQuerySchema = memberOptionsQuerySchema.extend({
  type: z.preprocess(
    blankToUndefined,
    z.enum(MEASUREMENT_TYPES, { error: '测量类型不正确' }).optional(),
  ),
});
export type ReportMemberOptionsQuery = z.infer<typeof reportMemberOptionsQuerySchema>;
export const reportMemberOptionSchema = memberOptionSchema.extend({
  age: z.number().int().nullable(),
  lastReading: reportReadingSchema
    .pick({ type: true, measuredAt: true, values: true, level: true, label: true })
    .nullable(),
});
export type ReportMemberOption = z.infer<typeof reportMemberOptionSchema>;
export const reportMemberOptionsSchema = z.array(reportMemberOptionSchema);

export const reportPhrasesSchema = z.object({
  conclusion: z.array(z.string()),
  advice: z.array(z.string()),
});
export type ReportPhrases = z.infer<typeof reportPhrasesSchema>;
export const reportPhrasesQuerySchema = z.object({
  kind: z.enum(REPORT_KINDS, { error: '报告类型不正确' }),
});

/** Common phrases a doctor picks from (then edits), by report kind. */
export const REPORT_PHRASES: Record<HealthReportKind, ReportPhrases> = {
  ecg: {
    conclusion: [
      '窦性心律，心电图未见明显异常。',
      '窦性心动过速。',
      '窦性心动过缓。',
      '心房颤动，心室率偏快。',
      '偶发房性早搏。',
      '偶发室性早搏。',
      'ST-T 改变，请结合临床。',
    ],
    advice: [
      '建议定期复查心电图。',
      '建议尽快到心内科门诊就诊，完善动态心电图检查。',
      '如出现胸闷、胸痛、心悸、晕厥，请立即就医或拨打120。',
      '避免熬夜、情绪激动，限制咖啡和浓茶。',
    ],
  },
  bp: {
    conclusion: [
      '血压控制良好。',
      '血压偏高，达到一级高血压水平。',
      '血压明显升高，达到二级高血压水平。',
      '血压重度升高，达到三级高血压水平。',
      '晨峰血压偏高。',
      '血压偏低。',
    ],
    advice: [
      '低盐饮食，每日食盐不超过5克。',
      '规律服用降压药，不要自行停药或减量。',
      '每日早晚各测量一次血压并记录。',
      '建议到心内科或高血压门诊调整用药。',
      '适量运动，控制体重，戒烟限酒。',
    ],
  },
  reading: {
    conclusion: ['测量结果在正常范围内。', '测量结果偏高。', '测量结果偏低。'],
    advice: ['建议定期复测。', '建议到医院进一步检查。', '注意饮食结构，控制总热量。'],
  },
  general: {
    conclusion: ['近期各项指标总体平稳。', '近期血压波动较大。', '近期血糖控制欠佳。'],
    advice: ['保持规律作息和适量运动。', '按时复诊，遵医嘱用药。', '如有不适请及时就医。'],
  },
};
