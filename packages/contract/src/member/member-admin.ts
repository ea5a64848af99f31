import { PAGES } from '../catalogue.js';
import { z } from 'zod';
import { fromNumberOrText, idSchema, optionalIdSchema } from '../ids.js';
import {
  contentBoolean,
  contentIdSchema,
  contentOptionalText,
  contentText,
} from '../content-fields.js';
import {
  checkTimeRange,
  optionalText,
  sortQuerySchema,
  timeRangeQuerySchema,
} from '../list-query.js';
import { listQuerySchema, pageOf } from '../pagination.js';

/**
 * Member administration of the member centre (PRODUCT.md §4 member): grades and the grade log,
 * acquisition channels, the member action log and log-off requests.
 */
export const MemberAdminPaths = {
  gradeList: '/v3/member/admin/grade/list',
  /** Every grade, lowest first (selects of other pages). */
  gradeOptions: '/v3/member/admin/grade/options',
  gradeDetail: '/v3/member/admin/grade/detail',
  gradeAdd: '/v3/member/admin/grade/add',
  gradeUpdate: '/v3/member/admin/grade/update',
  gradeDelete: '/v3/member/admin/grade/delete',
  /** Manual grade change of one member (member list, action edit). */
  changeMemberGrade: '/v3/member/admin/grade/changeMemberGrade',
  gradeLogList: '/v3/member/admin/gradeLog/list',
  gradeLogExport: '/v3/member/admin/gradeLog/export',
  channelList: '/v3/member/admin/channel/list',
  /** Every channel (selects of other pages). */
  channelOptions: '/v3/member/admin/channel/options',
  channelDetail: '/v3/member/admin/channel/detail',
  channelAdd: '/v3/member/admin/channel/add',
  channelUpdate: '/v3/member/admin/channel/update',
  channelDelete: '/v3/member/admin/channel/delete',
  /** The registration link of a channel and its QR code (PNG data URL). */
  channelQrcode: '/v3/member/admin/channel/qrcode',
  actionLogList: '/v3/member/admin/actionLog/list',
  actionLogExport: '/v3/member/admin/actionLog/export',
  logoffList: '/v3/member/admin/logoff/list',
  logoffApprove: '/v3/member/admin/logoff/approve',
  logoffReject: '/v3/member/admin/logoff/reject',
} as const;

/** Front paths of these pages (the catalogue's). */
export const MemberAdminPages = {
  lists: PAGES.members,
  detail: PAGES.memberDetail,
  grade: PAGES.grades,
  gradeLog: PAGES.gradeLogs,
  channel: PAGES.channels,
  actionLog: PAGES.actionLogs,
  logoff: PAGES.logoffs,
} as const;

/** Name a logged-off member keeps (its personal data is gone). */
export const LOGGED_OFF_MEMBER_NAME = '已注销用户';

export const MemberAdminMessages = {
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
  channelNotFound: '渠道不存在或已被删除',
  channelNameRequired: '请输入渠道名称',
  channelCodeRequired: '请输入渠道编码',
  channelCodeInvalid: '渠道编码只能包含字母、数字、下划线和短横线',
  channelCodeTaken: '渠道编码已存在',
  channelInUse: (n: number) => `该渠道下有${n}名会员，不能删除，可以停用`,
  h5DomainMissing: '请先在站点配置中填写 H5 域名',
  logoffNotFound: '注销申请不存在',
  logoffHandled: '该注销申请已处理',
  rejectReasonRequired: '请输入驳回原因',
  approved: '已通过，会员个人信息已清除',
  rejected: '已驳回',
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
        .min(min, `${label}最小为${min}`)
        .max(max, `${label}最大为${max}`),
    ),
  );

const gradeFields = {
  name: contentText(MemberAdminMessages.gradeNameRequired, GRADE_NAME_MAX, '等级名称'),
  icon: contentOptionalText(500, '图标地址'),
  growthRequired: intField(MemberAdminMessages.growthRequired, '所需成长值', 0, GROWTH_MAX),
  benefits: contentOptionalText(GRADE_BENEFITS_MAX, '等级权益'),
  pointsMultiplierPct: intField(
    MemberAdminMessages.multiplierRequired,
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
  remark: contentText(MemberAdminMessages.gradeReasonRequired, 200, '修改原因'),
});
export type ChangeMemberGradeRequest = z.infer<typeof changeMemberGradeRequestSchema>;

/* --------------------------------------------------------------- grade log */

export const GRADE_CHANGE_REASONS = ['growth', 'manual'] as const;
export type GradeChangeReason = (typeof GRADE_CHANGE_REASONS)[number];
export const GRADE_CHANGE_REASON_LABELS: Record<GradeChangeReason, string> = {
  growth: '成长值变化',
  manual: '手动调整',
};

const blank = (v: unknown) => (v === '' || v === null ? undefined : v);
const optionalId = optionalIdSchema('编号');
/** A member's phone fragment (digits only) for "part of a phone number" searches. */
const phoneFragment = z.preprocess(
  (v) => (typeof v === 'string' ? blank(v.trim()) : blank(v)),
  z
    .string()
    .regex(/^\d{1,11}$/, '手机号只能输入数字（最多11位）')
    .optional(),
);

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
export const gradeLogExportQuerySchema = sortQuerySchema(['createdAt'] as const)
  .extend(timeRangeQuerySchema.shape)
  .extend(gradeLogFilters)
  .superRefine(checkTimeRange);
export type GradeLogExportQuery = z.infer<typeof gradeLogExportQuerySchema>;
export const gradeLogListQuerySchema = listQuerySchema
  .extend(sortQuerySchema(['createdAt'] as const).shape)
  .extend(timeRangeQuerySchema.shape)
  .extend(gradeLogFilters)
  .superRefine(checkTimeRange);
export type GradeLogListQuery = z.infer<typeof gradeLogListQuerySchema>;
export const gradeLogListSchema = pageOf(gradeLogItemSchema);

/* ---------------------------------------------------------------- channels */

export const CHANNEL_CODE_PATTERN = /^[A-Za-z0-9_-]+$/;
export const CHANNEL_CODE_MAX = 32;

export const memberChannelSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  remark: z.string(),
  enabled: z.boolean(),
  memberCount: z.number().int(),
  /** Registration link (site_info's H5 domain + ?channel=code); '' when no domain is set. */
  link: z.string(),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
});
export type MemberChannel = z.infer<typeof memberChannelSchema>;

export const channelOptionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  enabled: z.boolean(),
});
export type ChannelOption = z.infer<typeof channelOptionSchema>;
export const channelOptionsSchema = z.array(channelOptionSchema);

export const channelListQuerySchema = listQuerySchema
  .extend(sortQuerySchema(['createdAt', 'memberCount'] as const).shape)
  .extend({
    name: optionalText(30),
    code: optionalText(CHANNEL_CODE_MAX),
    enabled: z.preprocess(blank, contentBoolean('状态不正确').optional()),
  });
export type ChannelListQuery = z.infer<typeof channelListQuerySchema>;
export const channelListSchema = pageOf(memberChannelSchema);

const channelFields = {
  name: contentText(MemberAdminMessages.channelNameRequired, 30, '渠道名称'),
  code: contentText(MemberAdminMessages.channelCodeRequired, CHANNEL_CODE_MAX, '渠道编码').regex(
    CHANNEL_CODE_PATTERN,
    MemberAdminMessages.channelCodeInvalid,
  ),
  remark: contentOptionalText(200, '备注'),
  enabled: contentBoolean('请选择是否启用').default(true),
};
export const channelSaveRequestSchema = z.object(channelFields);
export type ChannelSaveRequest = z.infer<typeof channelSaveRequestSchema>;
export const channelUpdateRequestSchema = z.object({ id: contentIdSchema, ...channelFields });
export type ChannelUpdateRequest = z.infer<typeof channelUpdateRequestSchema>;

export const channelQrcodeSchema = z.object({
  link: z.string(),
  /** data:image/png;base64,... */
  dataUrl: z.string(),
  fileName: z.string(),
});
export type ChannelQrcode = z.infer<typeof channelQrcodeSchema>;

/* -------------------------------------------------------------- action log */

export const MEMBER_ACTION_LABELS: Record<string, string> = {
  register: '注册',
  login: '登录',
  logout: '退出登录',
  profile: '修改资料',
  measure: '测量',
  check_in: '签到',
  redeem: '积分兑换',
  points: '积分变动',
  bind_device: '绑定设备',
  unbind_device: '解绑设备',
  consult: '在线问诊',
  view_report: '查看报告',
  logoff_apply: '申请注销',
  logoff: '账号注销',
};
export const MEMBER_ACTIONS = Object.keys(MEMBER_ACTION_LABELS) as [string, ...string[]];
/** The Chinese label of an action (the key itself when unknown). */
export function memberActionLabel(action: string): string {
  return Object.prototype.hasOwnProperty.call(MEMBER_ACTION_LABELS, action)
    ? (MEMBER_ACTION_LABELS[action] as string)
    : action;
}

export const actionLogItemSchema = z.object({
  id: z.number().int(),
  memberId: z.number().int(),
  memberName: z.string(),
  memberPhone: z.string(),
  action: z.string(),
  actionLabel: z.string(),
  detail: z.string(),
  ip: z.string(),
  createdAt: z.number().int(),
});
export type ActionLogItem = z.infer<typeof actionLogItemSchema>;

const actionLogFilters = {
  memberId: optionalId,
  phone: phoneFragment,
  name: optionalText(30),
  action: z.preprocess(blank, z.enum(MEMBER_ACTIONS, { error: '行为类型不正确' }).optional()),
  ip: optionalText(64),
};
export const actionLogExportQuerySchema = sortQuerySchema(['createdAt'] as const)
  .extend(timeRangeQuerySchema.shape)
  .extend(actionLogFilters)
  .superRefine(checkTimeRange);
export type ActionLogExportQuery = z.infer<typeof actionLogExportQuerySchema>;
export const actionLogListQuerySchema = listQuerySchema
  .extend(sortQuerySchema(['createdAt'] as const).shape)
  .extend(timeRangeQuerySchema.shape)
  .extend(actionLogFilters)
  .superRefine(checkTimeRange);
export type ActionLogListQuery = z.infer<typeof actionLogListQuerySchema>;
export const actionLogListSchema = pageOf(actionLogItemSchema);

/* --------------------------------------------------------- log-off requests */

export const LOGOFF_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type LogoffStatus = (typeof LOGOFF_STATUSES)[number];
export const LOGOFF_STATUS_LABELS: Record<LogoffStatus, string> = {
  pending: '待审核',
  approved: '已通过',
  rejected: '已驳回',
};

export const logoffItemSchema = z.object({
  id: z.number().int(),
  memberId: z.number().int(),
  memberName: z.string(),
  /** Masked; '' once the member is anonymised. */
  memberPhone: z.string(),
  reason: z.string(),
  status: z.enum(LOGOFF_STATUSES),
  rejectReason: z.string(),
  handledByName: z.string(),
  handledAt: z.number().int().nullable(),
  createdAt: z.number().int(),
});
export type LogoffItem = z.infer<typeof logoffItemSchema>;

export const logoffListQuerySchema = listQuerySchema
  .extend(sortQuerySchema(['createdAt', 'handledAt'] as const).shape)
  .extend(timeRangeQuerySchema.shape)
  .extend({
    phone: phoneFragment,
    name: optionalText(30),
    status: z.preprocess(blank, z.enum(LOGOFF_STATUSES, { error: '状态不正确' }).optional()),
  })
  .superRefine(checkTimeRange);
export type LogoffListQuery = z.infer<typeof logoffListQuerySchema>;
export const logoffListSchema = pageOf(logoffItemSchema);

export const logoffRejectRequestSchema = z.object({
  id: contentIdSchema,
  rejectReason: contentText(MemberAdminMessages.rejectReasonRequired, 200, '驳回原因'),
});
export type LogoffRejectRequest = z.infer<typeof logoffRejectRequestSchema>;
