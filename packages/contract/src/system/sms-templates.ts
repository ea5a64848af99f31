import { z } from 'zod';
import {
  contentBoolean,
  contentIdSchema,
  contentOptionalText,
  contentText,
} from '../content-fields.js';
import { MAINLAND_PHONE } from '../format.js';
import { optionalText } from '../list-query.js';
import { listQuerySchema, pageOf } from '../pagination.js';

/**
 * SMS templates of /sysset_notice_set/msg_tpl (PRODUCT.md §4) and the outbox the embedded default
 * sender writes to.
 */
export const SmsPaths = {
  list: '/v3/system/admin/smsTemplate/list',
  detail: '/v3/system/admin/smsTemplate/detail',
  add: '/v3/system/admin/smsTemplate/add',
  update: '/v3/system/admin/smsTemplate/update',
  delete: '/v3/system/admin/smsTemplate/delete',
  enable: '/v3/system/admin/smsTemplate/enable',
  testSend: '/v3/system/admin/smsTemplate/testSend',
  outboxList: '/v3/system/admin/smsOutbox/list',
} as const;

/** Scenes a template serves (what triggers it). */
export const SMS_SCENES = [
  'verify_code',
  'warning',
  'device_return',
  'order',
  'marketing',
  'other',
] as const;
export type SmsScene = (typeof SMS_SCENES)[number];
export const SMS_SCENE_LABELS: Record<SmsScene, string> = {
  verify_code: '验证码',
  warning: '健康预警',
  device_return: '设备归还',
  order: '订单通知',
  marketing: '营销推广',
  other: '其他',
};

/** SMS_SCENE_LABELS's English, for the English UI and the operation log. */
export const SMS_SCENE_LABELS_EN: Record<SmsScene, string> = {
  verify_code: 'Verification code',
  warning: 'Health warning',
  device_return: 'Device return',
  order: 'Order notice',
  marketing: 'Marketing',
  other: 'Other',
};

export const SMS_CONTENT_MAX = 500;
export const SMS_PARAM_VALUE_MAX = 50;

export const SmsMessages = {
  codeRequired: '请输入模板编码',
  codeFormat: '模板编码只能包含小写字母、数字和下划线，且以字母开头',
  codeTaken: '模板编码已存在',
  nameRequired: '请输入模板名称',
  sceneRequired: '请选择使用场景',
  contentRequired: '请输入模板内容',
  notFound: '短信模板不存在或已被删除',
  disabled: '该模板已停用，不能发送',
  phoneRequired: '请输入手机号',
  phoneFormat: '请输入正确的11位手机号',
  paramRequired: (name: string) => `请输入变量 ${name} 的值`,
  paramTooLong: (name: string) => `变量 ${name} 的值最多${SMS_PARAM_VALUE_MAX}个字符`,
  sent: '测试短信已发送',
  sendFailed: (reason: string) => `短信发送失败：${reason}`,
} as const;

/** A placeholder's name: `${orderNo}`. */
export const SMS_PARAM_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

export type PlaceholderCheck = { ok: true; names: string[] } | { ok: false; error: string };

/**
 * Check a template's content and list its placeholder names (first occurrence order, unique).
 * Every `$` must open a well-formed `${name}`; a `{` or `}` outside a placeholder is refused, so a
 * typo such as `$code`, `${code`, `{code}` or `${1x}` is caught before the template is used.
 */
export function parseSmsPlaceholders(content: string): PlaceholderCheck {
  const names: string[] = [];
  let i = 0;
  while (i < content.length) {
    const ch = content[i];
    const at = `第${i + 1}个字符处`;
    if (ch === '$') {
      if (content[i + 1] !== '{') {
        return { ok: false, error: `${at}的“$”后应为“{变量名}”，如 \${code}` };
      }
      const close = content.indexOf('}', i + 2);
      const nextOpen = content.indexOf('{', i + 2);
      const nextDollar = content.indexOf('$', i + 2);
      const end = close < 0 ? -1 : close;
      if (end < 0 || (nextOpen >= 0 && nextOpen < end) || (nextDollar >= 0 && nextDollar < end)) {
        return { ok: false, error: `${at}的占位符缺少“}”` };
      }
      const name = content.slice(i + 2, end);
      if (name === '') return { ok: false, error: `${at}的占位符缺少变量名` };
      if (!SMS_PARAM_NAME.test(name)) {
        return {
          ok: false,
          error: `变量名“${name}”不正确：只能包含字母、数字和下划线，且不能以数字开头`,
        };
      }
      if (!names.includes(name)) names.push(name);
      i = end + 1;
      continue;
    }
    if (ch === '{' || ch === '}') {
      return { ok: false, error: `${at}有多余的“${ch}”，占位符应写作 \${变量名}` };
    }
    i += 1;
  }
  return { ok: true, names };
}

/** The content with each `${name}` replaced by its value (a missing value stays as written). */
export function renderSmsTemplate(content: string, params: Record<string, string>): string {
  return content.replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (whole, name: string) =>
    Object.prototype.hasOwnProperty.call(params, name) ? (params[name] ?? '') : whole,
  );
}

export const smsTemplateSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  scene: z.enum(SMS_SCENES),
  content: z.string(),
  /** Placeholder names in the content, in order. */
  params: z.array(z.string()),
  providerTemplateId: z.string(),
  enabled: z.boolean(),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
  updatedBy: z.string(),
});
export type SmsTemplate = z.infer<typeof smsTemplateSchema>;

const blankToUndefined = (v: unknown) => (v === '' ? undefined : v);

export const smsTemplateListQuerySchema = listQuerySchema.extend({
  keyword: optionalText(50),
  scene: z.preprocess(blankToUndefined, z.enum(SMS_SCENES, { error: '场景不正确' }).optional()),
  enabled: z.preprocess(blankToUndefined, contentBoolean('状态不正确').optional()),
});
export type SmsTemplateListQuery = z.infer<typeof smsTemplateListQuerySchema>;
export const smsTemplateListSchema = pageOf(smsTemplateSchema);

const smsTemplateFields = {
  code: contentText(SmsMessages.codeRequired, 50, '模板编码').regex(
    /^[a-z][a-z0-9_]*$/,
    SmsMessages.codeFormat,
  ),
  name: contentText(SmsMessages.nameRequired, 50, '模板名称'),
  scene: z.enum(SMS_SCENES, { error: SmsMessages.sceneRequired }),
  content: z
    .string({ error: SmsMessages.contentRequired })
    .trim()
    .min(1, SmsMessages.contentRequired)
    .max(SMS_CONTENT_MAX, `模板内容最多${SMS_CONTENT_MAX}个字符`)
    .superRefine((value, ctx) => {
      const check = parseSmsPlaceholders(value);
      if (!check.ok) ctx.addIssue({ code: 'custom', message: check.error });
    }),
  providerTemplateId: contentOptionalText(64, '服务商模板ID'),
  enabled: contentBoolean('请选择是否启用').default(true),
};

export const smsTemplateAddRequestSchema = z.object(smsTemplateFields);
export type SmsTemplateAddRequest = z.infer<typeof smsTemplateAddRequestSchema>;

export const smsTemplateUpdateRequestSchema = z.object({
  id: contentIdSchema,
  ...smsTemplateFields,
});
export type SmsTemplateUpdateRequest = z.infer<typeof smsTemplateUpdateRequestSchema>;

export const smsTemplateEnableRequestSchema = z.object({
  id: contentIdSchema,
  enabled: contentBoolean('请选择启用或停用'),
});
export type SmsTemplateEnableRequest = z.infer<typeof smsTemplateEnableRequestSchema>;

/**
 * POST testSend (JSON, or a form whose `params` is a JSON object text): the phone and a value for
 * every placeholder of the template. A missing value is reported on the field `params.<name>`.
 */
export const smsTestSendRequestSchema = z.object({
  id: contentIdSchema,
  phone: z
    .string({ error: SmsMessages.phoneRequired })
    .trim()
    .min(1, SmsMessages.phoneRequired)
    .regex(MAINLAND_PHONE, SmsMessages.phoneFormat),
  params: z.preprocess(
    (v) => {
      if (v === undefined || v === null || v === '') return {};
      if (typeof v !== 'string') return v;
      try {
        return JSON.parse(v) as unknown;
      } catch {
        return v;
      }
    },
    z.record(z.string(), z.coerce.string(), { error: '变量值格式不正确' }),
  ),
});
export type SmsTestSendRequest = z.infer<typeof smsTestSendRequestSchema>;

export const smsOutboxEntrySchema = z.object({
  id: z.number().int(),
  templateCode: z.string(),
  templateName: z.string(),
  /** Masked (spec §5). */
  phone: z.string(),
  content: z.string(),
  provider: z.string(),
  status: z.enum(['sent', 'failed']),
  error: z.string(),
  operatorName: z.string(),
  createdAt: z.number().int(),
});
export type SmsOutboxEntry = z.infer<typeof smsOutboxEntrySchema>;

export const smsTestSendResultSchema = z.object({
  outboxId: z.number().int().nullable(),
  provider: z.string(),
  content: z.string(),
});
export type SmsTestSendResult = z.infer<typeof smsTestSendResultSchema>;

export const smsOutboxListQuerySchema = listQuerySchema.extend({
  templateCode: optionalText(50),
  phone: optionalText(11),
});
export type SmsOutboxListQuery = z.infer<typeof smsOutboxListQuerySchema>;
export const smsOutboxListSchema = pageOf(smsOutboxEntrySchema);
