import { z } from 'zod';
import { contentIdSchema, contentText } from '../content-fields.js';
import { optionalText } from '../list-query.js';
import { listQuerySchema, pageOf } from '../pagination.js';

/**
 * Agreements of /sysset_agreement/lists (PRODUCT.md §4): user agreement, privacy policy, device
 * lending agreement, points rules, ... Rich-text content is sanitised by the server on save and
 * again by the web when rendered. The public page /auth_agreement?code=… reads `info`.
 */
export const AgreementPaths = {
  list: '/v3/agreement/admin/agreement/list',
  detail: '/v3/agreement/admin/agreement/detail',
  add: '/v3/agreement/admin/agreement/add',
  update: '/v3/agreement/admin/agreement/update',
  delete: '/v3/agreement/admin/agreement/delete',
  /** Public, no login. */
  info: '/v3/agreement/common/agreement/info',
} as const;

/** Codes the apps link to; others may be added. */
export const WELL_KNOWN_AGREEMENTS = {
  user_agreement: '用户服务协议',
  privacy_policy: '隐私政策',
  device_lending: '设备借用协议',
  points_rules: '会员积分规则',
} as const;

/** Rich text larger than this (after sanitising) is refused. */
export const AGREEMENT_CONTENT_MAX = 200_000;
export const AGREEMENT_CODE = /^[a-z][a-z0-9_]{1,49}$/;

export const AgreementMessages = {
  codeRequired: '请输入协议编码',
  codeFormat: '协议编码为2-50位小写字母、数字或下划线，且以字母开头',
  codeTaken: '协议编码已存在',
  titleRequired: '请输入协议标题',
  contentRequired: '请输入协议内容',
  contentTooLong: '协议内容过长',
  notFound: '协议不存在或已被删除',
  publicNotFound: '未找到该协议，请确认链接是否正确',
} as const;

export const agreementSummarySchema = z.object({
  id: z.number().int(),
  code: z.string(),
  title: z.string(),
  version: z.number().int(),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
  updatedBy: z.string(),
});
export type AgreementSummary = z.infer<typeof agreementSummarySchema>;

export const agreementSchema = agreementSummarySchema.extend({ content: z.string() });
export type Agreement = z.infer<typeof agreementSchema>;

export const agreementListQuerySchema = listQuerySchema.extend({
  keyword: optionalText(50),
});
export type AgreementListQuery = z.infer<typeof agreementListQuerySchema>;
export const agreementListSchema = pageOf(agreementSummarySchema);

const agreementFields = {
  code: contentText(AgreementMessages.codeRequired, 50, '协议编码').regex(
    AGREEMENT_CODE,
    AgreementMessages.codeFormat,
  ),
  title: contentText(AgreementMessages.titleRequired, 100, '协议标题'),
  /** HTML; sanitised by the server before it is stored. */
  content: z
    .string({ error: AgreementMessages.contentRequired })
    .min(1, AgreementMessages.contentRequired)
    .max(AGREEMENT_CONTENT_MAX, AgreementMessages.contentTooLong),
};

export const agreementAddRequestSchema = z.object(agreementFields);
export type AgreementAddRequest = z.infer<typeof agreementAddRequestSchema>;

export const agreementUpdateRequestSchema = z.object({ id: contentIdSchema, ...agreementFields });
export type AgreementUpdateRequest = z.infer<typeof agreementUpdateRequestSchema>;

export const agreementInfoQuerySchema = z.object({
  code: z.string({ error: '缺少协议编码' }).trim().min(1, '缺少协议编码').max(50, '协议编码不正确'),
});

/** The public answer: what /auth_agreement shows. */
export const agreementPublicSchema = z.object({
  code: z.string(),
  title: z.string(),
  content: z.string(),
  version: z.number().int(),
  updatedAt: z.number().int(),
});
export type AgreementPublic = z.infer<typeof agreementPublicSchema>;
