import { z } from 'zod';
import {
  contentBoolean,
  contentIdSchema,
  contentOptionalText,
  contentText,
  outOfRange,
} from '../content-fields.js';
import { blankToUndefined as blank, optionalText, sortQuerySchema } from '../list-query.js';
import { listQuerySchema, pageOf } from '../pagination.js';
import { TASK_KINDS } from '../health/tasks.js';
import { PACKAGE_KINDS } from './goods.js';

/**
 * Package types of the points mall (套餐类型 /integralmall/package_type): a category of goods
 * shipped to the member (`goods`), or a service package (`service`) whose `tasks` are the health
 * tasks one redeemed unit creates (the orders create them). A type in use by goods stays.
 */
export const PackageTypePaths = {
  list: '/v3/integralmall/admin/packageType/list',
  /** Every type by sort (the goods pages' selects). */
  options: '/v3/integralmall/admin/packageType/options',
  detail: '/v3/integralmall/admin/packageType/detail',
  add: '/v3/integralmall/admin/packageType/add',
  update: '/v3/integralmall/admin/packageType/update',
  delete: '/v3/integralmall/admin/packageType/delete',
} as const;

export const PACKAGE_TYPE_NAME_MAX = 30;
export const PACKAGE_TASK_COUNT_MAX = 12;
export const PACKAGE_TYPE_SORT_MAX = 9999;

export const PackageTypeMessages = {
  notFound: '套餐类型不存在或已被删除',
  nameRequired: '请输入类型名称',
  nameTaken: '类型名称已存在',
  kindRequired: '请选择类型性质',
  taskKindRequired: '请选择任务类型',
  tasksRequired: '服务包至少包含一项健康任务',
  tasksForGoods: '实物商品类型不能包含健康任务',
  taskKindTwice: '同一任务类型只能添加一次',
  tooManyTasks: `健康任务最多${TASK_KINDS.length}项`,
  inUse: (n: number) => `该类型下还有${n}件商品，不能删除`,
} as const;

export const packageTaskSchema = z.object({
  kind: z.enum(TASK_KINDS, { error: PackageTypeMessages.taskKindRequired }),
  count: z
    .number({ error: '请输入任务次数' })
    .int('任务次数必须是整数')
    .min(1, outOfRange('任务次数', 1, PACKAGE_TASK_COUNT_MAX))
    .max(PACKAGE_TASK_COUNT_MAX, outOfRange('任务次数', 1, PACKAGE_TASK_COUNT_MAX)),
});
export type PackageTask = z.infer<typeof packageTaskSchema>;

export const packageTypeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.enum(PACKAGE_KINDS),
  tasks: z.array(z.object({ kind: z.enum(TASK_KINDS), count: z.number().int() })),
  description: z.string(),
  sort: z.number().int(),
  enabled: z.boolean(),
  /** Goods of this type (not deleted). */
  goodsCount: z.number().int(),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
});
export type PackageType = z.infer<typeof packageTypeSchema>;

export const packageTypeOptionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.enum(PACKAGE_KINDS),
  enabled: z.boolean(),
});
export type PackageTypeOption = z.infer<typeof packageTypeOptionSchema>;
export const packageTypeOptionsSchema = z.array(packageTypeOptionSchema);

const kind = z.enum(PACKAGE_KINDS, { error: PackageTypeMessages.kindRequired });

export const packageTypeListQuerySchema = listQuerySchema
  .extend(sortQuerySchema(['sort', 'createdAt'] as const).shape)
  .extend({
    name: optionalText(PACKAGE_TYPE_NAME_MAX),
    kind: z.preprocess(blank, z.enum(PACKAGE_KINDS, { error: '类型性质不正确' }).optional()),
    enabled: z.preprocess(blank, contentBoolean('状态不正确').optional()),
  });
export type PackageTypeListQuery = z.infer<typeof packageTypeListQuerySchema>;
export const packageTypeListSchema = pageOf(packageTypeSchema);

const packageTypeFields = {
  name: contentText(PackageTypeMessages.nameRequired, PACKAGE_TYPE_NAME_MAX, '类型名称'),
  kind,
  tasks: z
    .array(packageTaskSchema, { error: PackageTypeMessages.tasksRequired })
    .max(TASK_KINDS.length, PackageTypeMessages.tooManyTasks)
    .optional()
    .transform((v) => v ?? []),
  description: contentOptionalText(200, '类型说明'),
  sort: z
    .number({ error: '请输入排序' })
    .int('排序必须是整数')
    .min(0, outOfRange('排序', 0, PACKAGE_TYPE_SORT_MAX))
    .max(PACKAGE_TYPE_SORT_MAX, outOfRange('排序', 0, PACKAGE_TYPE_SORT_MAX))
    .optional()
    .transform((v) => v ?? 0),
  enabled: contentBoolean('请选择是否启用')
    .optional()
    .transform((v) => v ?? true),
};

/** A service package has at least one task, each kind once; a goods category has none. */
function checkTasks(
  value: { kind: (typeof PACKAGE_KINDS)[number]; tasks: PackageTask[] },
  ctx: z.RefinementCtx,
): void {
  if (value.kind === 'service' && value.tasks.length === 0) {
    ctx.addIssue({ code: 'custom', path: ['tasks'], message: PackageTypeMessages.tasksRequired });
  }
  if (value.kind === 'goods' && value.tasks.length > 0) {
    ctx.addIssue({ code: 'custom', path: ['tasks'], message: PackageTypeMessages.tasksForGoods });
  }
  const seen = new Set<string>();
  value.tasks.forEach((task, i) => {
    if (seen.has(task.kind)) {
      ctx.addIssue({
        code: 'custom',
        path: ['tasks', i, 'kind'],
        message: PackageTypeMessages.taskKindTwice,
      });
    }
    seen.add(task.kind);
  });
}

export const packageTypeSaveRequestSchema = z.object(packageTypeFields).superRefine(checkTasks);
export type PackageTypeSaveRequest = z.infer<typeof packageTypeSaveRequestSchema>;
export const packageTypeUpdateRequestSchema = z
  .object({ id: contentIdSchema, ...packageTypeFields })
  .superRefine(checkTasks);
export type PackageTypeUpdateRequest = z.infer<typeof packageTypeUpdateRequestSchema>;

export const packageTypeIdBodySchema = z.object({ id: contentIdSchema });
