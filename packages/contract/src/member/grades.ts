import { z } from 'zod';
import { fromNumberOrText, idSchema, optionalIdSchema } from '../ids.js';
import {
  contentIdSchema,
  contentOptionalText,
  contentText,
  outOfRange,
} from '../content-fields.js';
import {
  blankToUndefined as blank,
  logQuerySchemas,
  optionalText,
  phoneFragmentSchema as phoneFragment,
  sortQuerySchema,
} from '../list-query.js';
import { listQuerySchema, pageOf } from '../pagination.js';

const optionalId = optionalIdSchema('编号');

/** Member grades, manual grade change and the grade log (PRODUCT.md §4 member). */
/** API paths of grades and the grade log. */
export const GradePaths = {
  list: '/v3/member/admin/grade/list',
  /** Every grade, lowest first (selects of other pages). */
  options: '/v3/member/admin/grade/options',
  detail: '/v3/member/admin/grade/detail',
  add: '/v3/member/admin/grade/add',
  update: '/v3/member/admin/grade/update',
  delete: '/v3/member/admin/grade/delete',
  /** Manual grade change of one member (member list, action edit). */
  changeMemberGrade: '/v3/member/admin/grade/changeMemberGrade',
  logList: '/v3/member/admin/gradeLog/list',
  logExport: '/v3/member/admin/gradeLog/export',
} as const;

export const GradeMessages = {
  gradeNotFound: '会员等级不存在或已被删除',
  gradeNameRequired: '请输入等级名称',
  gradeNameTaken: '等级名称已存在',
  growthRequired: '请输入所需成长值',
  growthTaken: '已有等级使用该成长值',
  lowestGradeGrowth: '最低等级的所需成长值必须为0',
  lowestGradeKeep: '最低等级（成长值0）不能修改成长值',
  lowestGradeDelete: '最低等级（成长值0）不能删除',
  gradeInUse: (n: number) => `该等级下还有${n}名会员，不能删除`,
  gradeIsDefault: '该等级是基础设置中的默认会员等级，不能删除',
  multiplierRequired: '请输入积分倍率',
  memberNotFound: '会员不存在',
  memberLoggedOff: '该会员已注销',
  gradeReasonRequired: '请输入修改原因',
  gradeUnchanged: '会员已是该等级',
} as const;

/* ------------------------------------------------------------------ grades */

export const GRADE_NAME_MAX = 20;
export const GRADE_BENEFITS_MAX = 500;
export const GROWTH_MAX = 100_000_000;
/** Points multiplier in percent: 100 = 1.0×. */
export const MULTIPLIER_PCT_MIN = 10;
export const MULTIPLIER_PCT_MAX = 1000;

export const memberGradeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  icon: z.string(),
  growthRequired: z.number().int(),
  benefits: z.string(),
  pointsMultiplierPct: z.number().int(),
  sort: z.number().int(),
  /** Members holding this grade now. */
  memberCount: z.number().int(),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
});
export type MemberGrade = z.infer<typeof memberGradeSchema>;

export const gradeOptionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  growthRequired: z.number().int(),
});
export type GradeOption = z.infer<typeof gradeOptionSchema>;
export const gradeOptionsSchema = z.array(gradeOptionSchema);

export const gradeListQuerySchema = listQuerySchema
  .extend(sortQuerySchema(['growthRequired', 'createdAt'] as const).shape)
  .extend({ name: optionalText(GRADE_NAME_MAX) });
export type GradeListQuery = z.infer<typeof gradeListQuerySchema>;
export const gradeListSchema = pageOf(memberGradeSchema);

const intField = (required: string, label: string, min: number, max: number) =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    fromNumberOrText(
      z.coerce
        .number({ error: required })
        .int(`${label}必须是整数`)
        .min(min, outOfRange(label, min, max))
        .max(max, outOfRange(label, min, max)),
    ),
  );

const gradeFields = {
  name: contentText(GradeMessages.gradeNameRequired, GRADE_NAME_MAX, '等级名称'),
  icon: contentOptionalText(500, '图标地址'),
  growthRequired: intField(GradeMessages.growthRequired, '所需成长值', 0, GROWTH_MAX),
  benefits: contentOptionalText(GRADE_BENEFITS_MAX, '等级权益'),
  pointsMultiplierPct: intField(
    GradeMessages.multiplierRequired,
    '积分倍率',
    MULTIPLIER_PCT_MIN,
    MULTIPLIER_PCT_MAX,
  ),
};
export const gradeSaveRequestSchema = z.object(gradeFields);
export type GradeSaveRequest = z.infer<typeof gradeSaveRequestSchema>;
export const gradeUpdateRequestSchema = z.object({ id: contentIdSchema, ...gradeFields });
export type GradeUpdateRequest = z.infer<typeof gradeUpdateRequestSchema>;

/** Body of the single-record deletes and of log-off approve. */
export const memberAdminIdBodySchema = z.object({ id: contentIdSchema });

export const changeMemberGradeRequestSchema = z.object({
  memberId: contentIdSchema,
  gradeId: idSchema('等级', { invalid: '请选择等级' }),
  remark: contentText(GradeMessages.gradeReasonRequired, 200, '修改原因'),
});
export type ChangeMemberGradeRequest = z.infer<typeof changeMemberGradeRequestSchema>;

/* --------------------------------------------------------------- grade log */

export const GRADE_CHANGE_REASONS = ['growth', 'manual'] as const;
export type GradeChangeReason = (typeof GRADE_CHANGE_REASONS)[number];
export const GRADE_CHANGE_REASON_LABELS: Record<GradeChangeReason, string> = {
  growth: '成长值变化',
  manual: '手动调整',
};

/** GRADE_CHANGE_REASON_LABELS's English, for the English UI and the operation log. */
export const GRADE_CHANGE_REASON_LABELS_EN: Record<GradeChangeReason, string> = {
  growth: 'Growth',
  manual: 'Manual',
};

export const gradeLogItemSchema = z.object({
  id: z.number().int(),
  memberId: z.number().int(),
  memberName: z.string(),
  /** Masked; '' when the member has none (logged off). */
  memberPhone: z.string(),
  fromGradeId: z.number().int().nullable(),
  fromGradeName: z.string().nullable(),
  toGradeId: z.number().int(),
  toGradeName: z.string().nullable(),
  reason: z.enum(GRADE_CHANGE_REASONS),
  growthValue: z.number().int(),
  operatorName: z.string(),
  remark: z.string(),
  createdAt: z.number().int(),
});
export type GradeLogItem = z.infer<typeof gradeLogItemSchema>;

const gradeLogFilters = {
  memberId: optionalId,
  phone: phoneFragment,
  name: optionalText(30),
  fromGradeId: optionalId,
  toGradeId: optionalId,
  reason: z.preprocess(blank, z.enum(GRADE_CHANGE_REASONS, { error: '变更原因不正确' }).optional()),
};
export const { exportQuery: gradeLogExportQuerySchema, listQuery: gradeLogListQuerySchema } =
  logQuerySchemas(gradeLogFilters);
export type GradeLogExportQuery = z.infer<typeof gradeLogExportQuerySchema>;
export type GradeLogListQuery = z.infer<typeof gradeLogListQuerySchema>;
export const gradeLogListSchema = pageOf(gradeLogItemSchema);
