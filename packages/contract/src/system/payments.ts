import { z } from 'zod';

/** 支付配置 (/sysset_setting/payment): payment channels; secrets are write-only. */
export const PaymentPaths = {
  list: '/v3/sys/admin/sysPayConfig/list',
  update: '/v3/sys/admin/sysPayConfig/update',
} as const;

/** A trimmed text of at most `max` characters (may be empty). */
const text = (label: string, max: number) =>
  z
    .string({ error: `请输入${label}` })
    .trim()
    .max(max, `${label}最多${max}个字`);

export const PAY_CHANNELS = ['wechat', 'alipay', 'balance'] as const;
export type PayChannel = (typeof PAY_CHANNELS)[number];
export const PAY_SECRET_FIELDS = ['apiKey', 'privateKey', 'certificate', 'publicKey'] as const;
export type PaySecretField = (typeof PAY_SECRET_FIELDS)[number];

/** Which fields each channel uses (the page and the server's "required when enabled" check). */
export const PAY_CHANNEL_FIELDS: Record<
  PayChannel,
  { title: string; ids: ('merchantId' | 'appId')[]; secrets: PaySecretField[] }
> = {
  wechat: {
    title: '微信支付',
    ids: ['merchantId', 'appId'],
    secrets: ['apiKey', 'privateKey', 'certificate'],
  },
  alipay: { title: '支付宝', ids: ['merchantId', 'appId'], secrets: ['privateKey', 'publicKey'] },
  balance: { title: '余额支付', ids: [], secrets: [] },
};
export const PAY_FIELD_LABELS: Record<'merchantId' | 'appId' | PaySecretField, string> = {
  merchantId: '商户号',
  appId: 'AppID',
  apiKey: 'API 密钥',
  privateKey: '私钥',
  certificate: '证书',
  publicKey: '平台公钥',
};
/** PAY_FIELD_LABELS in English. */
export const PAY_FIELD_LABELS_EN: Record<keyof typeof PAY_FIELD_LABELS, string> = {
  merchantId: 'Merchant ID',
  appId: 'AppID',
  apiKey: 'API key',
  privateKey: 'Private key',
  certificate: 'Certificate',
  publicKey: 'Platform public key',
};

const secretInput = (label: string) =>
  z
    .string({ error: `${label}格式不正确` })
    .trim()
    .max(10_000, `${label}过长`)
    .optional()
    .transform((v) => (v ? v : undefined));

/**
 * POST sysPayConfig/update, one channel per call (form-encoded or JSON). A secret left blank keeps
 * the stored one; secrets are never sent back.
 */
export const payConfigUpdateSchema = z.object({
  channel: z.enum(PAY_CHANNELS, { error: '未知的支付渠道' }),
  enabled: z.preprocess(
    (v) => (v === 'true' || v === '1' ? true : v === 'false' || v === '0' ? false : v),
    z.boolean({ error: '请选择是否启用' }),
  ),
  merchantId: text('商户号', 64)
    .regex(/^[A-Za-z0-9_-]*$/, '商户号只能包含字母、数字、下划线和连字符')
    .default(''),
  appId: text('AppID', 64)
    .regex(/^[A-Za-z0-9_-]*$/, 'AppID 只能包含字母、数字、下划线和连字符')
    .default(''),
  apiKey: secretInput('API 密钥'),
  privateKey: secretInput('私钥'),
  certificate: secretInput('证书'),
  publicKey: secretInput('平台公钥'),
});
export type PayConfigUpdate = z.input<typeof payConfigUpdateSchema>;

const secretFlag = z.object({ set: z.boolean() });
export const payConfigSchema = z.object({
  channel: z.enum(PAY_CHANNELS),
  title: z.string(),
  enabled: z.boolean(),
  merchantId: z.string(),
  appId: z.string(),
  /** For each secret the channel uses: whether one is stored. The value itself never leaves. */
  secrets: z.partialRecord(z.enum(PAY_SECRET_FIELDS), secretFlag),
  updatedAt: z.number().int().nullable(),
});
export type PayConfig = z.infer<typeof payConfigSchema>;
export const payConfigListSchema = z.object({ list: z.array(payConfigSchema) });
