import { z } from 'zod';
import { fromNumberOrText, idListSchema } from '../ids.js';
import { contentIdSchema } from '../content-fields.js';
import { checkTimeRange, optionalText, timeRangeQuerySchema } from '../list-query.js';
import { listQuerySchema, pageOf } from '../pagination.js';

/**
 * Notices to members (PRODUCT.md §4 member_sign/activity + activitydetail): rich-text messages to
 * all members, some grades or some channels, sent now or scheduled; the server sends a scheduled
 * notice at its time (a DB-backed job, also after a restart).
 *
 * Status: draft → scheduled → sent | withdrawn; draft → sent (send now); scheduled → draft (edit);
 * sent → withdrawn.
 */

export const NoticePaths = {
  list: '/v3/notice/admin/notice/list',
  detail: '/v3/notice/admin/notice/detail',
  add: '/v3/notice/admin/notice/add',
  update: '/v3/notice/admin/notice/update',
  delete: '/v3/notice/admin/notice/delete',
  schedule: '/v3/notice/admin/notice/schedule',
  send: '/v3/notice/admin/notice/send',
  withdraw: '/v3/notice/admin/notice/withdraw',
  /** Grades and channels a notice can target. */
  targetOptions: '/v3/notice/admin/notice/targetOptions',
} as const;

export const NOTICE_STATUSES = ['draft', 'scheduled', 'sent', 'withdrawn'] as const;
export type NoticeStatusKind = (typeof NOTICE_STATUSES)[number];
export const NOTICE_STATUS_LABELS: Record<NoticeStatusKind, string> = {
  draft: '草稿',
  scheduled: '待发送',
  sent: '已发送',
  withdrawn: '已撤回',
};

/** NOTICE_STATUS_LABELS's English, for the English UI and the operation log. */
export const NOTICE_STATUS_LABELS_EN: Record<NoticeStatusKind, string> = {
  draft: 'Draft',
  scheduled: 'Scheduled',
  sent: 'Sent',
  withdrawn: 'Withdrawn',
};

export const NOTICE_TARGET_TYPES = ['all', 'grade', 'channel'] as const;
export type NoticeTargetKind = (typeof NOTICE_TARGET_TYPES)[number];
export const NOTICE_TARGET_LABELS: Record<NoticeTargetKind, string> = {
  all: '全部会员',
  grade: '指定等级',
  channel: '指定渠道',
};

/** NOTICE_TARGET_LABELS's English, for the English UI and the operation log. */
export const NOTICE_TARGET_LABELS_EN: Record<NoticeTargetKind, string> = {
  all: 'All members',
  grade: 'By grade',
  channel: 'By channel',
};

export const NOTICE_TITLE_MAX = 50;
export const NOTICE_CONTENT_MAX = 50_000;

export const NoticeMessages = {
  notFound: '通知不存在或已被删除',
  titleRequired: '请输入通知标题',
  contentRequired: '请输入通知内容',
  contentTooLong: '通知内容过长',
  targetRequired: '请选择发送对象',
  targetIdsRequired: '请至少选择一项',
  targetIdUnknown: '所选等级或渠道不存在',
  scheduledAtRequired: '请选择发送时间',
  scheduledAtPast: '发送时间必须晚于当前时间',
  notEditable: '只有草稿或待发送的通知可以修改',
  notSchedulable: '只有草稿可以定时发送',
  notSendable: '只有草稿或待发送的通知可以发送',
  notWithdrawable: '只有已发送的通知可以撤回',
  notDeletable: '已发送的通知不能删除，请先撤回',
  sent: (n: number) => `已发送给${n}位会员`,
  scheduled: '已设置定时发送',
  withdrawn: '通知已撤回',
} as const;

export const noticeSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  cover: z.string(),
  /** Sanitised HTML. */
  content: z.string(),
  targetType: z.enum(NOTICE_TARGET_TYPES),
  targetIds: z.array(z.number().int()),
  /** Names of the targeted grades / channels (for the list). */
  targetNames: z.array(z.string()),
  status: z.enum(NOTICE_STATUSES),
  scheduledAt: z.number().int().nullable(),
  sentAt: z.number().int().nullable(),
  withdrawnAt: z.number().int().nullable(),
  recipients: z.number().int(),
  createdBy: z.string(),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
});
export type Notice = z.infer<typeof noticeSchema>;
/** The list leaves the content out. */
export const noticeListItemSchema = noticeSchema.omit({ content: true });
export type NoticeListItem = z.infer<typeof noticeListItemSchema>;

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

export const noticeListQuerySchema = listQuerySchema
  .extend({
    title: optionalText(NOTICE_TITLE_MAX),
    status: z.preprocess(
      blankToUndefined,
      z.enum(NOTICE_STATUSES, { error: '状态不正确' }).optional(),
    ),
  })
  .extend(timeRangeQuerySchema.shape)
  .superRefine(checkTimeRange);
export type NoticeListQuery = z.infer<typeof noticeListQuerySchema>;
export const noticePageSchema = pageOf(noticeListItemSchema);

/** Ids of grades or channels: JSON array or "1,2". */
const idList = idListSchema('编号', { max: 100, maxMessage: '最多选择100项' });

const scheduledAtField = z.preprocess(
  (v) => (v === '' || v === undefined || v === null ? null : v),
  fromNumberOrText(
    z.coerce.number({ error: '发送时间格式不正确' }).int('发送时间格式不正确').min(0).nullable(),
  ),
);

const noticeFields = z.object({
  title: z
    .string({ error: NoticeMessages.titleRequired })
    .trim()
    .min(1, NoticeMessages.titleRequired)
    .max(NOTICE_TITLE_MAX, `通知标题最多${NOTICE_TITLE_MAX}个字`),
  cover: z
    .string()
    .trim()
    .max(500, '封面地址过长')
    .refine((v) => v === '' || /^\/[^/]/.test(v) || /^https?:\/\/\S+$/i.test(v), {
      message: '封面必须是上传的图片或 http(s) 地址',
    })
    .optional()
    .transform((v) => v ?? ''),
  content: z
    .string({ error: NoticeMessages.contentRequired })
    .min(1, NoticeMessages.contentRequired)
    .max(NOTICE_CONTENT_MAX, NoticeMessages.contentTooLong),
  targetType: z.enum(NOTICE_TARGET_TYPES, { error: NoticeMessages.targetRequired }),
  targetIds: idList.optional().transform((v) => v ?? []),
  /** Optional planned send time (shown in the form; the schedule call fixes it). */
  scheduledAt: scheduledAtField.optional().transform((v) => v ?? null),
});

function checkTargets(
  v: { targetType: NoticeTargetKind; targetIds: number[] },
  ctx: z.RefinementCtx,
) {
  if (v.targetType !== 'all' && v.targetIds.length === 0) {
    ctx.addIssue({
      code: 'custom',
      path: ['targetIds'],
      message: NoticeMessages.targetIdsRequired,
    });
  }
}

/** POST add (JSON or form). */
export const noticeSaveRequestSchema = noticeFields.superRefine(checkTargets);
export type NoticeSaveRequest = z.infer<typeof noticeSaveRequestSchema>;

/** POST update: the fields and the id. */
export const noticeUpdateRequestSchema = noticeFields
  .extend({ id: contentIdSchema })
  .superRefine(checkTargets);
export type NoticeUpdateRequest = z.infer<typeof noticeUpdateRequestSchema>;

export const noticeIdBodySchema = z.object({ id: contentIdSchema });

export const noticeScheduleRequestSchema = z.object({
  id: contentIdSchema,
  scheduledAt: z.preprocess(
    blankToUndefined,
    fromNumberOrText(
      z.coerce
        .number({ error: NoticeMessages.scheduledAtRequired })
        .int(NoticeMessages.scheduledAtRequired)
        .min(0, NoticeMessages.scheduledAtRequired),
    ),
  ),
});
export type NoticeScheduleRequest = z.infer<typeof noticeScheduleRequestSchema>;

export const noticeTargetOptionsSchema = z.object({
  grades: z.array(z.object({ id: z.number().int(), name: z.string() })),
  channels: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type NoticeTargetOptions = z.infer<typeof noticeTargetOptionsSchema>;
