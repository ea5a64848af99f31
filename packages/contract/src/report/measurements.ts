import { z } from 'zod';
import { PAGES, type FrontPath } from '../catalogue.js';
import { idListSchema, idSchema, optionalIdSchema } from '../ids.js';
import {
  blankToUndefined,
  checkTimeRange,
  optionalText,
  phoneFragmentSchema,
  sortQuerySchema,
  timeRangeQuerySchema,
} from '../list-query.js';
import { listQuerySchema, pageOf } from '../pagination.js';
import { contentOptionalText } from '../content-fields.js';
import {
  BG_CONTEXT_LABELS,
  BG_CONTEXT_LABELS_EN,
  MEASUREMENT_LEVELS,
  type BgContext,
} from '../device/ingest.js';
import {
  CLASSIFICATION_LABELS_EN,
  MEASUREMENT_TYPES,
  prewarningSetSchema,
  type MeasurementType,
} from '../system/settings.js';

/**
 * 报告中心: the readings of each type (/report_list/ecg | bp | bg | chol | ua), each judged by the
 * version of the warning rules (预警配置) in force when it arrived; their trends per member; the
 * versions of the rules and the "re-judge this period" action.
 */
export const ReportMeasurementPaths = {
  list: '/v3/report/admin/measurement/list',
  export: '/v3/report/admin/measurement/export',
  handle: '/v3/report/admin/measurement/handle',
  /** A member's series of one type with the rules' bands (BP and glucose trend charts). */
  trend: '/v3/report/admin/measurement/trend',
  /** The latest reading of each type and the count, for the member detail's 测量 tab. */
  memberSummary: '/v3/report/admin/measurement/memberSummary',
} as const;

export const PrewarningRulePaths = {
  versions: '/v3/report/admin/rule/versions',
  rejudge: '/v3/report/admin/rule/rejudge',
} as const;

/** The report page of each type. */
export const REPORT_PAGE_OF_TYPE: Record<MeasurementType, FrontPath> = {
  ecg: PAGES.reportEcg,
  bp: PAGES.reportBp,
  bg: PAGES.reportBg,
  chol: PAGES.reportChol,
  ua: PAGES.reportUa,
};
export const REPORT_MEASUREMENT_PAGES: readonly FrontPath[] = Object.values(REPORT_PAGE_OF_TYPE);

/** Most points a trend answers (the newest, within the period). */
export const TREND_MAX_POINTS = 2_000;
/** Readings one re-judge may touch. */
export const REJUDGE_MAX_READINGS = 200_000;

export const ReportMeasurementMessages = {
  typeRequired: '请选择测量类型',
  typeInvalid: '测量类型不正确',
  levelInvalid: '预警级别不正确',
  handledInvalid: '处理状态不正确',
  notFound: '测量记录不存在',
  handled: (n: number) => `已处理${n}条记录`,
  nothingToHandle: '所选记录均已处理',
  trendType: '趋势图只支持血压和血糖',
  rangeRequired: '请选择时间范围',
  rejudgeTooMany: `该时间段的记录超过${REJUDGE_MAX_READINGS}条，请缩小时间范围`,
  rejudged: (changed: number, total: number) =>
    `已重新判定${total}条记录，其中${changed}条结果有变化`,
} as const;

const typeField = z.preprocess(
  blankToUndefined,
  z.enum(MEASUREMENT_TYPES, {
    error: (issue) =>
      issue.input === undefined
        ? ReportMeasurementMessages.typeRequired
        : ReportMeasurementMessages.typeInvalid,
  }),
);
const booleanFilter = (message: string) =>
  z.preprocess(
    (v) =>
      v === 'true' || v === '1' ? true : v === 'false' || v === '0' ? false : blankToUndefined(v),
    z.boolean({ error: message }).optional(),
  );

const measurementFilters = {
  type: typeField,
  memberId: optionalIdSchema('会员'),
  /** A phone prefix of the member. */
  phone: phoneFragmentSchema,
  name: optionalText(30),
  /** A part of the device's serial. */
  serial: optionalText(32),
  level: z.preprocess(
    blankToUndefined,
    z.enum(MEASUREMENT_LEVELS, { error: ReportMeasurementMessages.levelInvalid }).optional(),
  ),
  handled: booleanFilter(ReportMeasurementMessages.handledInvalid),
};

export const measurementExportQuerySchema = z
  .object(measurementFilters)
  .extend(timeRangeQuerySchema.shape)
  .extend(sortQuerySchema(['measuredAt'] as const).shape)
  .superRefine(checkTimeRange);
export type MeasurementExportQuery = z.infer<typeof measurementExportQuerySchema>;
export const measurementListQuerySchema = listQuerySchema
  .extend(measurementFilters)
  .extend(timeRangeQuerySchema.shape)
  .extend(sortQuerySchema(['measuredAt'] as const).shape)
  .superRefine(checkTimeRange);
export type MeasurementListQuery = z.infer<typeof measurementListQuerySchema>;

/** One reading as the report lists show it. */
export const measurementRowSchema = z.object({
  id: z.number().int(),
  type: z.enum(MEASUREMENT_TYPES),
  memberId: z.number().int(),
  memberName: z.string(),
  /** Masked. */
  memberPhone: z.string(),
  deviceId: z.number().int(),
  deviceSerial: z.string(),
  measuredAt: z.number().int(),
  /** As uploaded (an ECG's without its samples; with durationMs). */
  values: z.record(z.string(), z.unknown()),
  level: z.enum(MEASUREMENT_LEVELS),
  /** The classification's key (grade2, high, ...) and its Chinese words. */
  category: z.string(),
  label: z.string(),
  /** The rules it was judged by: their version (when they were saved) and its number (v1, v2...). */
  ruleVersion: z.number().int(),
  ruleNumber: z.number().int().nullable(),
  handled: z.boolean(),
  handledAt: z.number().int().nullable(),
  handledBy: z.string().nullable(),
  handleRemark: z.string(),
});
export type MeasurementRow = z.infer<typeof measurementRowSchema>;
export const measurementListSchema = pageOf(measurementRowSchema);

export const measurementHandleRequestSchema = z.object({
  type: typeField,
  ids: idListSchema('记录编号', { min: 1, max: 100 }),
  remark: contentOptionalText(200, '处理说明'),
});
export type MeasurementHandleRequest = z.infer<typeof measurementHandleRequestSchema>;
export const measurementHandledSchema = z.object({ handled: z.number().int() });

/* ------------------------------------------------------------------ trend */

export const TREND_TYPES = ['bp', 'bg'] as const;
export type TrendType = (typeof TREND_TYPES)[number];

export const measurementTrendQuerySchema = z
  .object({
    memberId: idSchema('会员'),
    type: z.preprocess(
      blankToUndefined,
      z.enum(TREND_TYPES, { error: ReportMeasurementMessages.trendType }),
    ),
  })
  .extend(timeRangeQuerySchema.shape)
  .superRefine(checkTimeRange);
export type MeasurementTrendQuery = z.infer<typeof measurementTrendQuerySchema>;

export const trendPointSchema = z.object({
  id: z.number().int(),
  measuredAt: z.number().int(),
  values: z.record(z.string(), z.unknown()),
  level: z.enum(MEASUREMENT_LEVELS),
  label: z.string(),
});
export type TrendPoint = z.infer<typeof trendPointSchema>;
export const measurementTrendSchema = z.object({
  memberId: z.number().int(),
  memberName: z.string(),
  type: z.enum(TREND_TYPES),
  /** Oldest first. */
  points: z.array(trendPointSchema),
  /** More readings in the period than TREND_MAX_POINTS: the newest are shown. */
  truncated: z.boolean(),
  /** The rules in force now (the bands are drawn from them) and their number. */
  rules: prewarningSetSchema,
  ruleNumber: z.number().int().nullable(),
});
export type MeasurementTrend = z.infer<typeof measurementTrendSchema>;

export const memberSummaryQuerySchema = z.object({ memberId: idSchema('会员') });
export const memberMeasurementSummarySchema = z.array(
  z.object({
    type: z.enum(MEASUREMENT_TYPES),
    count: z.number().int(),
    abnormal: z.number().int(),
    latest: measurementRowSchema.nullable(),
  }),
);
export type MemberMeasurementSummary = z.infer<typeof memberMeasurementSummarySchema>;

/* ------------------------------------------------------------------ rule versions, re-judge */

export const ruleVersionSchema = z.object({
  /** When the rules were saved (epoch ms; 0 = the defaults, before any save). */
  version: z.number().int(),
  /** v1, v2, ... in the order they were saved. */
  number: z.number().int(),
  savedAt: z.number().int().nullable(),
  savedBy: z.string().nullable(),
  /** Readings judged by this version. */
  readings: z.number().int(),
  current: z.boolean(),
});
export type RuleVersion = z.infer<typeof ruleVersionSchema>;
export const ruleVersionListSchema = z.array(ruleVersionSchema);

export const rejudgeRequestSchema = z
  .object({
    types: z
      .array(z.enum(MEASUREMENT_TYPES, { error: ReportMeasurementMessages.typeInvalid }), {
        error: ReportMeasurementMessages.typeRequired,
      })
      .min(1, ReportMeasurementMessages.typeRequired),
    startTime: z.number({ error: ReportMeasurementMessages.rangeRequired }).int().min(0),
    endTime: z.number({ error: ReportMeasurementMessages.rangeRequired }).int().min(0),
    /** Count what would change without writing anything. */
    dryRun: z.boolean().default(false),
  })
  .superRefine(checkTimeRange);
export type RejudgeRequest = z.infer<typeof rejudgeRequestSchema>;
export const rejudgeResultSchema = z.object({
  /** Readings of the period. */
  total: z.number().int(),
  /** Whose level or category the current rules judge differently. */
  changed: z.number().int(),
  /** Of those, now abnormal (an alert is opened) and now normal (their open alert is closed). */
  raised: z.number().int(),
  cleared: z.number().int(),
  ruleNumber: z.number().int().nullable(),
  dryRun: z.boolean(),
});
export type RejudgeResult = z.infer<typeof rejudgeResultSchema>;

/* ------------------------------------------------------------------ reasons */

type Lang = 'zh' | 'en';

/**
 * Why a reading is abnormal, in words (empty for a normal one): the classification's label, with
 * the glucose's context ("空腹血糖偏高") and the ECG's heart rate ("心率过速 · 心率 158 次/分").
 */
export function measurementReason(
  row: Pick<MeasurementRow, 'type' | 'category' | 'label' | 'values' | 'level'>,
  lang: Lang = 'zh',
): string {
  if (row.category === 'normal') return '';
  const label = lang === 'zh' ? row.label : (CLASSIFICATION_LABELS_EN[row.label] ?? row.label);
  if (row.type === 'bg') {
    const context = row.values.context as BgContext | undefined;
    if (row.category === 'high' && context) {
      return lang === 'zh'
        ? `${BG_CONTEXT_LABELS[context]}血糖偏高`
        : `${BG_CONTEXT_LABELS_EN[context]} glucose high`;
    }
    return label;
  }
  if (row.type === 'ecg') {
    const hr = row.values.heartRate;
    if (typeof hr === 'number' && row.category !== 'arrhythmia') {
      return lang === 'zh' ? `${label} · 心率 ${hr} 次/分` : `${label} · HR ${hr} bpm`;
    }
    return label;
  }
  return label;
}
