import { z } from 'zod';
import { outOfRange } from '../content-fields.js';
import { fromNumberOrText, idListSchema, idSchema, optionalIdSchema } from '../ids.js';
import {
  blankToUndefined as blank,
  optionalText,
  phoneFragmentSchema,
  sortQuerySchema,
} from '../list-query.js';
import { listQuerySchema, pageOf } from '../pagination.js';
import { deviceSerialField } from './devices.js';

/**
 * Binding codes (码管理, /device_list/detail; issue 12): single-use tokens generated in batches for
 * a model, printed as QR labels, redeemed once to bind a device of that model to a member.
 */

export const DeviceCodePaths = {
  list: '/v3/device/admin/code/list',
  /** Generate a batch (the page's `add` action). */
  add: '/v3/device/admin/code/add',
  /** Void unused codes: a selection (`ids`) or every unused code of a batch (`batchNo`). */
  void: '/v3/device/admin/code/void',
  export: '/v3/device/admin/code/export',
  /** A PDF sheet of QR labels: `?batchNo=` or `?ids=1,2,3` (the unused, unexpired ones). */
  print: '/v3/device/admin/code/print',
  /** An operator binds a device with a member's code (on the member's behalf). */
  redeem: '/v3/device/admin/code/redeem',
} as const;

/**
 * Crockford's base32 alphabet: digits and capitals without I, L, O and U, so nothing on a label
 * can be misread (0/O, 1/I/L) and no word is spelt by chance.
 */
export const DEVICE_CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** 12 characters of 32: 60 random bits, well under the 32 characters of a mini-program scene. */
export const DEVICE_CODE_LENGTH = 12;
export const DEVICE_CODE = /^[0-9A-HJKMNP-TV-Z]{12}$/;
export const DEVICE_CODE_BATCH_MAX = 1000;
export const DEVICE_CODE_EXPIRY_DAYS_MAX = 730;
export const DEVICE_CODE_EXPIRY_DAYS_DEFAULT = 180;
/** A selection voided or printed at once. */
export const DEVICE_CODE_SELECTION_MAX = 1000;

/**
 * A code as a person types it: capitals, no spaces or hyphens, and the letters Crockford's
 * alphabet leaves out read as the digits they look like (O → 0, I and L → 1).
 */
export function normalizeDeviceCode(input: string): string {
  return input.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
}

/** A code grouped by four for a label or a screen: "ABCD-EFGH-JKMN". */
export function groupDeviceCode(code: string): string {
  return code.replace(/(.{4})(?=.)/g, '$1-');
}

export const DeviceCodeMessages = {
  codeRequired: '请输入绑定码',
  codeFormat: '绑定码为12位字母或数字',
  notFound: '绑定码不存在',
  used: '该绑定码已被使用',
  voided: '该绑定码已作废',
  expired: '该绑定码已过期',
  wrongModel: '绑定码与设备型号不符',
  notInStock: '设备不在库，不能绑定',
  countRequired: '请输入生成数量',
  expiryRequired: '请输入有效天数',
  selectRequired: '请选择绑定码或批次',
  nothingToVoid: '没有可作废的绑定码（已使用或已作废的码不能作废）',
  cannotVoid: '该绑定码已使用或已作废，不能作废',
  nothingToPrint: '没有可打印的绑定码（仅打印未使用且未过期的码）',
  batchFormat: '批次号格式不正确',
  generated: (n: number, batchNo: string) => `已生成${n}个绑定码，批次号 ${batchNo}`,
  voidedCount: (n: number) => `已作废${n}个绑定码`,
  bound: '绑定成功',
} as const;

/* ------------------------------------------------------------------ statuses */

export const DEVICE_CODE_STORED_STATUSES = ['unused', 'used', 'void'] as const;
/** As shown and filtered: an unused code past its expiry is `expired`. */
export const DEVICE_CODE_STATUSES = ['unused', 'used', 'expired', 'void'] as const;
export type DeviceCodeStatus = (typeof DEVICE_CODE_STATUSES)[number];
export const DEVICE_CODE_STATUS_LABELS: Record<DeviceCodeStatus, string> = {
  unused: '未使用',
  used: '已使用',
  expired: '已过期',
  void: '已作废',
};
export const DEVICE_CODE_STATUS_LABELS_EN: Record<DeviceCodeStatus, string> = {
  unused: 'Unused',
  used: 'Used',
  expired: 'Expired',
  void: 'Void',
};

/* ------------------------------------------------------------------ list */

export const deviceCodeSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  batchNo: z.string(),
  modelId: z.number().int(),
  modelName: z.string(),
  status: z.enum(DEVICE_CODE_STATUSES),
  expiresAt: z.number().int(),
  usedAt: z.number().int().nullable(),
  usedMemberId: z.number().int().nullable(),
  usedMemberName: z.string().nullable(),
  /** Masked. */
  usedMemberPhone: z.string().nullable(),
  usedDeviceId: z.number().int().nullable(),
  usedDeviceSerial: z.string().nullable(),
  voidedAt: z.number().int().nullable(),
  voidedBy: z.string().nullable(),
  createdBy: z.string(),
  createdAt: z.number().int(),
});
export type DeviceCode = z.infer<typeof deviceCodeSchema>;

/** `B` + the China day + four random characters: "B20250314-7KQ3". */
export const DEVICE_CODE_BATCH = /^B\d{8}-[0-9A-HJKMNP-TV-Z]{4}$/;

const codeFilters = {
  code: z.preprocess(
    (v) => (typeof v === 'string' ? blank(normalizeDeviceCode(v.trim())) : blank(v)),
    z.string().max(32, '最多32个字符').optional(),
  ),
  batchNo: z.preprocess(
    (v) => (typeof v === 'string' ? blank(v.trim().toUpperCase()) : blank(v)),
    z.string().max(32, '最多32个字符').optional(),
  ),
  modelId: optionalIdSchema('设备型号'),
  status: z.preprocess(
    blank,
    z.enum(DEVICE_CODE_STATUSES, { error: '绑定码状态不正确' }).optional(),
  ),
  /** A fragment of the phone of the member who used the code. */
  phone: phoneFragmentSchema,
  serial: optionalText(32),
};
export const deviceCodeExportQuerySchema = z
  .object(codeFilters)
  .extend(sortQuerySchema(['createdAt', 'expiresAt', 'usedAt'] as const).shape);
export type DeviceCodeExportQuery = z.infer<typeof deviceCodeExportQuerySchema>;
export const deviceCodeListQuerySchema = listQuerySchema.extend(deviceCodeExportQuerySchema.shape);
export type DeviceCodeListQuery = z.infer<typeof deviceCodeListQuerySchema>;
export const deviceCodeListSchema = pageOf(deviceCodeSchema);

/* ------------------------------------------------------------------ requests */

const wholeNumber = (label: string, required: string, min: number, max: number) =>
  fromNumberOrText(
    z.preprocess(
      blank,
      z.coerce
        .number({ error: required })
        .int(`${label}必须是整数`)
        .min(min, outOfRange(label, min, max))
        .max(max, outOfRange(label, min, max)),
    ),
  );

export const deviceCodeGenerateRequestSchema = z.object({
  modelId: idSchema('设备型号', { invalid: '请选择设备型号' }),
  count: wholeNumber('生成数量', DeviceCodeMessages.countRequired, 1, DEVICE_CODE_BATCH_MAX),
  expiresInDays: wholeNumber(
    '有效天数',
    DeviceCodeMessages.expiryRequired,
    1,
    DEVICE_CODE_EXPIRY_DAYS_MAX,
  ),
});
export type DeviceCodeGenerateRequest = z.infer<typeof deviceCodeGenerateRequestSchema>;

export const deviceCodeBatchSchema = z.object({
  batchNo: z.string(),
  count: z.number().int(),
  expiresAt: z.number().int(),
});
export type DeviceCodeBatch = z.infer<typeof deviceCodeBatchSchema>;

const batchNoField = z.preprocess(
  (v) => (typeof v === 'string' ? blank(v.trim().toUpperCase()) : blank(v)),
  z.string().regex(DEVICE_CODE_BATCH, DeviceCodeMessages.batchFormat).optional(),
);
const selection = {
  ids: idListSchema('绑定码', {
    max: DEVICE_CODE_SELECTION_MAX,
    maxMessage: `一次最多选择${DEVICE_CODE_SELECTION_MAX}个绑定码`,
  }),
  batchNo: batchNoField,
};
const selected = (v: { ids: number[]; batchNo?: string | undefined }) =>
  v.ids.length > 0 || v.batchNo !== undefined;

/** Void: the selected codes, or every unused code of a batch. */
export const deviceCodeVoidRequestSchema = z
  .object(selection)
  .refine(selected, { message: DeviceCodeMessages.selectRequired, path: ['ids'] });
export type DeviceCodeVoidRequest = z.infer<typeof deviceCodeVoidRequestSchema>;
export const deviceCodeVoidedSchema = z.object({ voided: z.number().int() });

/** Print: the selected codes, or a batch (only unused, unexpired codes get a label). */
export const deviceCodePrintQuerySchema = deviceCodeVoidRequestSchema;
export type DeviceCodePrintQuery = DeviceCodeVoidRequest;

export const deviceCodeField = z
  .string({ error: DeviceCodeMessages.codeRequired })
  .trim()
  .min(1, DeviceCodeMessages.codeRequired)
  .transform(normalizeDeviceCode)
  .pipe(z.string().regex(DEVICE_CODE, DeviceCodeMessages.codeFormat));

/** An operator binds a device with a member's code. */
export const deviceCodeRedeemRequestSchema = z.object({
  code: deviceCodeField,
  serial: deviceSerialField,
  memberId: idSchema('会员', { invalid: '请选择会员' }),
});
export type DeviceCodeRedeemRequest = z.infer<typeof deviceCodeRedeemRequestSchema>;
export const deviceCodeRedeemedSchema = z.object({
  deviceId: z.number().int(),
  serial: z.string(),
  memberId: z.number().int(),
  usedAt: z.number().int(),
});
export type DeviceCodeRedeemed = z.infer<typeof deviceCodeRedeemedSchema>;
