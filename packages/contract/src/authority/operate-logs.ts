import { z } from 'zod';
import { listQuerySchema } from '../pagination.js';
import {
  checkTimeRange,
  optionalText,
  sortQuerySchema,
  timeRangeQuerySchema,
} from '../list-query.js';

/** The operation log page (/sysset_authority/operate_log). */
export const OperateLogPaths = {
  list: '/v3/system/admin/operateLog/list',
  export: '/v3/system/admin/operateLog/export',
  options: '/v3/system/admin/operateLog/options',
} as const;

export const OPERATE_LOG_RESULTS = ['success', 'failure'] as const;
export type OperateLogResult = (typeof OPERATE_LOG_RESULTS)[number];
export const OPERATE_LOG_RESULT_LABELS: Record<OperateLogResult, string> = {
  success: '成功',
  failure: '失败',
};

export const OPERATE_LOG_SORT_FIELDS = ['createdAt'] as const;

const blank = (v: unknown) => (v === '' || v === null ? undefined : v);

/** Filters shared by the list and the export. */
export const operateLogFilterSchema = z
  .object({
    /** Operator user name, contains. */
    operatorName: optionalText(50),
    module: optionalText(50),
    action: optionalText(50),
    result: z.preprocess(
      blank,
      z.enum(OPERATE_LOG_RESULTS, { error: '结果只能是成功或失败' }).optional(),
    ),
  })
  .extend(timeRangeQuerySchema.shape)
  .extend(sortQuerySchema(OPERATE_LOG_SORT_FIELDS).shape);

export const operateLogListQuerySchema = listQuerySchema
  .extend(operateLogFilterSchema.shape)
  .superRefine(checkTimeRange);
export type OperateLogListQuery = z.infer<typeof operateLogListQuerySchema>;

export const operateLogExportQuerySchema = operateLogFilterSchema.superRefine(checkTimeRange);
export type OperateLogExportQuery = z.infer<typeof operateLogExportQuerySchema>;

export const operateLogItemSchema = z.object({
  id: z.number().int(),
  createdAt: z.number().int(),
  operatorId: z.number().int().nullable(),
  operatorName: z.string(),
  module: z.string(),
  moduleLabel: z.string(),
  action: z.string(),
  actionLabel: z.string(),
  target: z.string(),
  ip: z.string(),
  result: z.enum(OPERATE_LOG_RESULTS),
  message: z.string(),
  requestId: z.string(),
  /** Snapshots as stored (secrets already replaced by "***"); null when none. */
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
});
export type OperateLogItem = z.infer<typeof operateLogItemSchema>;

export const labelledOptionSchema = z.object({ value: z.string(), label: z.string() });
export type LabelledOption = z.infer<typeof labelledOptionSchema>;

export const operateLogOptionsSchema = z.object({
  modules: z.array(labelledOptionSchema),
  actions: z.array(labelledOptionSchema),
});
export type OperateLogOptions = z.infer<typeof operateLogOptionsSchema>;

/** Chinese labels of the actions the log records (an unknown action shows its key). */
export const OPERATE_LOG_ACTION_LABELS: Record<string, string> = {
  login: '登录',
  logout: '退出登录',
  refresh: '刷新令牌',
  updatePwd: '修改密码',
  add: '新增',
  edit: '编辑',
  update: '修改',
  save: '保存',
  delete: '删除',
  export: '导出',
  reveal: '查看明文',
  reset: '重置密码',
  enable: '启用',
  disable: '停用',
  session: '会话管理',
  revoke: '结束会话',
  upload: '上传',
  suggest: '重建联想词',
  test: '测试发送',
  publish: '发布',
  settingInit: '刷新配置',
};
