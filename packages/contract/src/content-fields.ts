import { z } from 'zod';
import { MAINLAND_PHONE } from './format.js';
import { fromNumberOrText, idListSchema, idSchema } from './ids.js';

/**
 * Body fields shared by the content entities (search words, SMS templates, agreements): form
 * bodies carry every value as a string, JSON bodies carry real types; both are accepted.
 */

const TRUE_VALUES = new Set<unknown>([true, 1, '1', 'true', 'on']);
const FALSE_VALUES = new Set<unknown>([false, 0, '0', 'false', 'off']);

/**
 * The message of a number outside its range (issue 11: a field says its whole range instead of
 * clamping the value or naming one bound): "自动取消时间应在5到1440之间".
 */
export function outOfRange(label: string, min: number, max: number, unit = ''): string {
  return `${label}应在${min}到${max}${unit}之间`;
}

/** A yes/no field: true / false, 1 / 0 ("1", "true", "on" from a form). */
export function contentBoolean(message: string) {
  return z.preprocess(
    (v) => (TRUE_VALUES.has(v) ? true : FALSE_VALUES.has(v) ? false : v),
    z.boolean({ error: message }),
  );
}

/** A required trimmed text of 1..max characters. */
export function contentText(requiredMessage: string, max: number, label = '') {
  return z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(max, `${label}最多${max}个字符`);
}

/** An optional trimmed text of at most max characters ("" allowed, missing → ""). */
export function contentOptionalText(max: number, label = '') {
  return z
    .string()
    .trim()
    .max(max, `${label}最多${max}个字符`)
    .optional()
    .transform((v) => v ?? '');
}

/** A record id (form "12" or JSON 12; see ids.ts). */
export const contentIdSchema = idSchema('记录编号');

/** `?id=` of a detail call. */
export const contentIdQuerySchema = z.object({ id: contentIdSchema });

/** One or several ids: JSON [1,2], form "1,2", or repeated `ids=1&ids=2`. At most 100. */
export const contentIdsBodySchema = z.object({
  ids: idListSchema('记录编号', {
    min: 1,
    minMessage: '请选择要删除的记录',
    max: 100,
    maxMessage: '一次最多删除100条',
  }),
});
export type ContentIdsBody = z.infer<typeof contentIdsBodySchema>;

/** Answer of a delete: how many records went. */
export const contentDeletedSchema = z.object({ deleted: z.number().int() });

/** An optional epoch-ms time in a body ("" or missing → null). */
export const contentOptionalTime = z.preprocess(
  (v) => (v === '' || v === undefined || v === null ? null : v),
  fromNumberOrText(
    z.coerce
      .number({ error: '时间格式不正确' })
      .int('时间格式不正确')
      .min(0, '时间格式不正确')
      .nullable(),
  ),
);

export const PhoneMessages = {
  required: '请输入手机号码',
  invalid: '请输入正确的11位手机号码',
} as const;

/** A required mainland mobile number (11 digits, 1[3-9]…). */
export const mainlandPhoneField = z
  .string({ error: PhoneMessages.required })
  .trim()
  .min(1, PhoneMessages.required)
  .regex(MAINLAND_PHONE, PhoneMessages.invalid);
