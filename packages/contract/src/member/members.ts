import { z } from 'zod';
import { fromNumberOrText, nullableIdSchema, optionalIdSchema } from '../ids.js';
import {
  contentIdSchema,
  mainlandPhoneField,
  outOfRange,
  PhoneMessages,
} from '../content-fields.js';
import { optionalEpochMs, optionalText, sortQuerySchema } from '../list-query.js';
import { listQuerySchema, pageOf } from '../pagination.js';
import { ContactMessages, contactInputSchema } from './contacts.js';

/**
 * Members (PRODUCT.md §4 member: /member_manage/lists, /detail). Phones and identity numbers are masked in every answer; one value is revealed by the
 * reveal endpoints (action 'reveal', written to the operation log).
 */

export const MemberPaths = {
  list: '/v3/member/admin/member/list',
  detail: '/v3/member/admin/member/detail',
  add: '/v3/member/admin/member/add',
  update: '/v3/member/admin/member/update',
  freeze: '/v3/member/admin/member/freeze',
  unfreeze: '/v3/member/admin/member/unfreeze',
  export: '/v3/member/admin/member/export',
  revealPhone: '/v3/member/admin/member/revealPhone',
  revealIdNumber: '/v3/member/admin/member/revealIdNumber',
} as const;

export const MemberMessages = {
  notFound: '会员不存在或已被删除',
  phoneRequired: PhoneMessages.required,
  phoneInvalid: PhoneMessages.invalid,
  phoneTaken: '该手机号码已注册为会员',
  nameRequired: '请输入姓名',
  idNumberFormat: '身份证号码应为18位：前17位为数字，最后一位为数字或X',
  idNumberChecksum: '身份证号码校验位不正确，请核对后重新输入',
  birthdayInvalid: '生日格式应为YYYY-MM-DD',
  genderInvalid: '请选择性别',
  freezeReasonRequired: '请输入冻结原因',
  alreadyFrozen: '该会员已处于冻结状态',
  notFrozen: '该会员未被冻结',
  loggedOff: '该会员已注销，不能修改',
  noGrade: '尚未配置会员等级，请先在“会员等级”中新增等级',
  channelMissing: '所选渠道不存在',
  added: '会员已新增',
  saved: '会员已保存',
  frozen: '会员已冻结',
  unfrozen: '会员已解冻',
} as const;

/* ------------------------------------------------------------------ identity number */

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2] as const;
const ID_CHECK_CODES = '10X98765432';

/** The GB 11643 check character of the first 17 digits of an identity number. */
export function idNumberCheckDigit(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * (ID_WEIGHTS[i] ?? 0);
  return ID_CHECK_CODES[sum % 11] ?? '';
}

/** 17 digits + a check character 0-9 or X (lower-case x accepted). */
export const ID_NUMBER_FORMAT = /^\d{17}[\dXx]$/;

/** Whether an identity number is 18 characters with a correct GB 11643 check character. */
export function isValidIdNumber(value: string): boolean {
  if (!ID_NUMBER_FORMAT.test(value)) return false;
  return idNumberCheckDigit(value.slice(0, 17)) === value.slice(17).toUpperCase();
}

/* ------------------------------------------------------------------ enums */

export const MEMBER_GENDERS = ['male', 'female', 'unknown'] as const;
export type MemberGenderValue = (typeof MEMBER_GENDERS)[number];
export const GENDER_LABELS: Record<MemberGenderValue, string> = {
  male: '男',
  female: '女',
  unknown: '未知',
};

/** GENDER_LABELS's English, for the English UI and the operation log. */
export const GENDER_LABELS_EN: Record<MemberGenderValue, string> = {
  male: 'Male',
  female: 'Female',
  unknown: 'Unknown',
};

export const MEMBER_STATUSES = ['normal', 'frozen', 'logged_off'] as const;
export type MemberStatusValue = (typeof MEMBER_STATUSES)[number];
export const MEMBER_STATUS_LABELS: Record<MemberStatusValue, string> = {
  normal: '正常',
  frozen: '已冻结',
  logged_off: '已注销',
};

/** MEMBER_STATUS_LABELS's English, for the English UI and the operation log. */
export const MEMBER_STATUS_LABELS_EN: Record<MemberStatusValue, string> = {
  normal: 'Normal',
  frozen: 'Frozen',
  logged_off: 'Logged off',
};

/* ------------------------------------------------------------------ shared fields */

const blank = (v: unknown) => (v === '' || v === null || v === undefined ? undefined : v);

const phoneField = mainlandPhoneField;

/** "" / missing → null; otherwise 18 characters with a valid check character (X upper-cased). */
const idNumberField = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim().toUpperCase() : v),
  z
    .string()
    .refine((v) => v === '' || ID_NUMBER_FORMAT.test(v), MemberMessages.idNumberFormat)
    .refine((v) => v === '' || !ID_NUMBER_FORMAT.test(v) || isValidIdNumber(v), {
      message: MemberMessages.idNumberChecksum,
    })
    .transform((v) => (v === '' ? null : v)),
);

const birthdayField = z.preprocess(
  (v) => (v === undefined || v === null ? '' : v),
  z
    .string()
    .trim()
    .refine((v) => {
      if (v === '') return true;
      if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
      const d = new Date(`${v}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
    }, MemberMessages.birthdayInvalid)
    .transform((v) => (v === '' ? null : v)),
);

const text = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label}最多${max}个字符`)
    .optional()
    .transform((v) => v ?? '');

/** A member's channel: "" / null / missing for none. */
const optionalChannel = nullableIdSchema('渠道');

/* ------------------------------------------------------------------ members */

export const MEMBER_SORT_FIELDS = [
  'registeredAt',
  'lastActiveAt',
  'pointsBalance',
  'growthValue',
] as const;

const memberFilterFields = {
  /** Part of the phone number (digits anywhere in it). */
  phone: optionalText(11),
  /** Beginning of the phone number (answered from the phone index). */
  phonePrefix: optionalText(11),
  name: optionalText(30),
  gradeId: optionalIdSchema('会员等级'),
  channelId: optionalIdSchema('渠道'),
  status: z.preprocess(blank, z.enum(MEMBER_STATUSES, { error: '会员状态不正确' }).optional()),
  registeredStart: optionalEpochMs,
  registeredEnd: optionalEpochMs,
  activeStart: optionalEpochMs,
  activeEnd: optionalEpochMs,
};

function checkMemberRanges(
  v: { registeredStart?: number; registeredEnd?: number; activeStart?: number; activeEnd?: number },
  ctx: z.RefinementCtx,
) {
  if (v.registeredStart !== undefined && v.registeredEnd !== undefined)
    if (v.registeredEnd < v.registeredStart)
      ctx.addIssue({
        code: 'custom',
        path: ['registeredEnd'],
        message: '注册结束时间不能早于开始时间',
      });
  if (v.activeStart !== undefined && v.activeEnd !== undefined)
    if (v.activeEnd < v.activeStart)
      ctx.addIssue({
        code: 'custom',
        path: ['activeEnd'],
        message: '活跃结束时间不能早于开始时间',
      });
}

export const memberListQuerySchema = listQuerySchema
  .extend(sortQuerySchema(MEMBER_SORT_FIELDS).shape)
  .extend(memberFilterFields)
  .superRefine(checkMemberRanges);
export type MemberListQuery = z.input<typeof memberListQuerySchema>;
export type MemberListParams = z.output<typeof memberListQuerySchema>;

export const memberExportQuerySchema = sortQuerySchema(MEMBER_SORT_FIELDS)
  .extend(memberFilterFields)
  .superRefine(checkMemberRanges);
export type MemberExportParams = z.output<typeof memberExportQuerySchema>;

export const memberListItemSchema = z.object({
  id: z.number().int(),
  /** Masked (138****5678); '' after anonymisation. */
  phone: z.string(),
  name: z.string(),
  gender: z.enum(MEMBER_GENDERS),
  gradeId: z.number().int(),
  gradeName: z.string(),
  channelId: z.number().int().nullable(),
  channelName: z.string(),
  status: z.enum(MEMBER_STATUSES),
  frozenReason: z.string(),
  pointsBalance: z.number().int(),
  growthValue: z.number().int(),
  registeredAt: z.number(),
  lastActiveAt: z.number().nullable(),
});
export type MemberListItem = z.infer<typeof memberListItemSchema>;
export const memberListResponseSchema = pageOf(memberListItemSchema);

export const memberDetailSchema = memberListItemSchema.extend({
  birthday: z.string().nullable(),
  /** Masked (110101********1234); '' when not given. */
  idNumber: z.string(),
  avatar: z.string(),
  province: z.string(),
  city: z.string(),
  address: z.string(),
  remark: z.string(),
  createdAt: z.number(),
  updatedAt: z.number(),
  counts: z.object({
    contacts: z.number().int(),
    gradeLogs: z.number().int(),
    actionLogs: z.number().int(),
  }),
});
export type MemberDetail = z.infer<typeof memberDetailSchema>;

export const memberIdQuerySchema = z.object({ id: contentIdSchema });
export const memberIdRequestSchema = z.object({ id: contentIdSchema });

const memberProfileFields = {
  name: z
    .string({ error: MemberMessages.nameRequired })
    .trim()
    .min(1, MemberMessages.nameRequired)
    .max(30, '姓名最多30个字符'),
  gender: z.preprocess(
    (v) => (v === '' || v === undefined || v === null ? 'unknown' : v),
    z.enum(MEMBER_GENDERS, { error: MemberMessages.genderInvalid }),
  ),
  birthday: birthdayField,
  province: text(20, '省份'),
  city: text(20, '城市'),
  address: text(200, '详细地址'),
  channelId: optionalChannel,
  remark: text(200, '备注'),
};

export const memberAddRequestSchema = z.object({
  phone: phoneField,
  idNumber: idNumberField.optional().transform((v) => v ?? null),
  ...memberProfileFields,
  /** The grade follows it (the highest grade whose required growth it reaches). */
  growthValue: z.preprocess(
    (v) => (v === '' || v === undefined || v === null ? 0 : v),
    fromNumberOrText(
      z.coerce
        .number({ error: '成长值必须是数字' })
        .int('成长值必须是整数')
        .min(0, outOfRange('成长值', 0, 100_000_000))
        .max(100_000_000, outOfRange('成长值', 0, 100_000_000)),
    ),
  ),
  contacts: z.array(contactInputSchema).max(10, ContactMessages.tooManyContacts).default([]),
});
export type MemberAddRequest = z.input<typeof memberAddRequestSchema>;
export type MemberAddInput = z.output<typeof memberAddRequestSchema>;

export const memberUpdateRequestSchema = z.object({
  id: contentIdSchema,
  /** Left out keeps the stored number (the form shows it masked). */
  phone: phoneField.optional(),
  /** Left out keeps the stored number; "" clears it. */
  idNumber: idNumberField.optional(),
  ...memberProfileFields,
});
export type MemberUpdateRequest = z.input<typeof memberUpdateRequestSchema>;
export type MemberUpdateInput = z.output<typeof memberUpdateRequestSchema>;

export const memberFreezeRequestSchema = z.object({
  id: contentIdSchema,
  reason: z
    .string({ error: MemberMessages.freezeReasonRequired })
    .trim()
    .min(1, MemberMessages.freezeReasonRequired)
    .max(200, '冻结原因最多200个字符'),
});
export const memberUnfreezeRequestSchema = z.object({
  id: contentIdSchema,
  reason: text(200, '解冻原因'),
});

export const memberIdResponseSchema = z.object({ id: z.number().int() });
export const revealMemberPhoneResponseSchema = z.object({ phone: z.string() });
export const revealIdNumberResponseSchema = z.object({ idNumber: z.string() });

/* ---------------------------------------------------------------- picking a member elsewhere */

/**
 * `?keyword=` of the member pickers of other areas' forms (bind a device, a lab report, a health
 * task): a phone prefix or a fragment of the name. Each area answers it on its own path, so that
 * its page's permission decides who may search.
 */
export const memberOptionsQuerySchema = z.object({
  keyword: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    z.string({ error: '请输入手机号或姓名' }).min(1, '请输入手机号或姓名').max(30, '最多30个字符'),
  ),
});
export const memberOptionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Masked. */
  phone: z.string(),
});
export type MemberOption = z.infer<typeof memberOptionSchema>;
/** Up to MEMBER_OPTIONS_MAX members in good standing. */
export const memberOptionsSchema = z.array(memberOptionSchema);
export const MEMBER_OPTIONS_MAX = 20;
