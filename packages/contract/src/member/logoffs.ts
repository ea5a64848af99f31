import { z } from 'zod';
import { contentIdSchema, contentText } from '../content-fields.js';
import {
  blankToUndefined as blank,
  checkTimeRange,
  optionalText,
  phoneFragmentSchema as phoneFragment,
  sortQuerySchema,
  timeRangeQuerySchema,
} from '../list-query.js';
import { listQuerySchema, pageOf } from '../pagination.js';

/** Log-off requests: a member asks to leave; approval anonymises the member. */
/** API paths of log-off requests. */
export const LogoffPaths = {
  list: '/v3/member/admin/logoff/list',
  approve: '/v3/member/admin/logoff/approve',
  reject: '/v3/member/admin/logoff/reject',
} as const;

/** Name a logged-off member keeps (its personal data is gone). */
export const LOGGED_OFF_MEMBER_NAME = '已注销用户';

export const LogoffMessages = {
  logoffNotFound: '注销申请不存在',
  logoffHandled: '该注销申请已处理',
  rejectReasonRequired: '请输入驳回原因',
  approved: '已通过，会员个人信息已清除',
  rejected: '已驳回',
} as const;

/* --------------------------------------------------------- log-off requests */

export const LOGOFF_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type LogoffStatus = (typeof LOGOFF_STATUSES)[number];
export const LOGOFF_STATUS_LABELS: Record<LogoffStatus, string> = {
  pending: '待审核',
  approved: '已通过',
  rejected: '已驳回',
};

/** LOGOFF_STATUS_LABELS's English, for the English UI and the operation log. */
export const LOGOFF_STATUS_LABELS_EN: Record<LogoffStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
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
  rejectReason: contentText(LogoffMessages.rejectReasonRequired, 200, '驳回原因'),
});
export type LogoffRejectRequest = z.infer<typeof logoffRejectRequestSchema>;
