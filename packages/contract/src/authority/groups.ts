import { z } from 'zod';
import { staffRoleSchema } from '../auth/profile.js';
import { idSchema } from '../ids.js';
import { optionalText, sortQuerySchema } from '../list-query.js';
import { listQuerySchema, pageOf } from '../pagination.js';

/** 权限组 (/sysset_authority/authority_group): permission groups and the keys they hold. */
export const GroupPaths = {
  list: '/v3/system/admin/authorityGroup/list',
  detail: '/v3/system/admin/authorityGroup/detail',
  add: '/v3/system/admin/authorityGroup/add',
  update: '/v3/system/admin/authorityGroup/update',
  delete: '/v3/system/admin/authorityGroup/delete',
  options: '/v3/system/admin/authorityGroup/options',
} as const;

export const GroupMessages = {
  groupNotFound: '权限组不存在或已被删除',
  groupNameTaken: '权限组名称已存在',
  builtinLocked: '内置超级管理员分组拥有全部权限，不能编辑或删除',
  groupInUse: (count: number) => `该权限组下还有${count}个操作员，请先将他们调整到其他权限组再删除`,
  noPageSelected: '请至少选择一个页面',
  resourcesNotHeld: (titles: string) => `不能授予你自己没有的权限：${titles}`,
  groupBeyondOwn: '该权限组包含你没有的权限，不能修改或删除',
  ownGroupLocked: '不能修改自己所在权限组的权限，请由其他管理员修改',
} as const;

/** Form-encoded booleans: "1"/"0", "true"/"false", or a JSON boolean. */
export const formBoolean = z.preprocess(
  (v) => (v === '1' || v === 'true' ? true : v === '0' || v === 'false' ? false : v),
  z.boolean({ error: '启用状态不正确' }),
);

/** One key, several keys joined by commas (form-encoded), or an array (JSON). */
const keyList = z.preprocess(
  (v) =>
    typeof v === 'string'
      ? v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
      : v,
  z.array(z.string().max(200), { error: '请选择页面权限' }).max(1000, '权限项过多'),
);

// ---------------------------------------------------------------- permission groups

export const GROUP_SORT_FIELDS = ['name', 'operatorCount', 'updatedAt', 'createdAt'] as const;
export const groupListQuerySchema = listQuerySchema
  .extend(sortQuerySchema(GROUP_SORT_FIELDS).shape)
  .extend({ name: optionalText(30) });
export type GroupListQuery = z.infer<typeof groupListQuerySchema>;

export const groupListItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  builtin: z.boolean(),
  /** Pages granted, hidden pages included (all pages for the built-in group). */
  pageCount: z.number().int(),
  operatorCount: z.number().int(),
  createdAt: z.number(),
  updatedAt: z.number(),
  /** The caller's own group (nobody changes its own permissions). */
  isOwn: z.boolean(),
  /**
   * The caller may edit or delete it: not built in, not the caller's own group, and every
   * permission in it is one the caller holds itself.
   */
  editable: z.boolean(),
});
export type GroupListItem = z.infer<typeof groupListItemSchema>;
export const groupListResponseSchema = pageOf(groupListItemSchema);

export const groupIdQuerySchema = z.object({ id: idSchema('权限组编号') });

export const groupDetailSchema = groupListItemSchema.extend({
  /** Granted keys (pages and actions), hidden pages included. */
  resources: z.array(z.string()),
});
export type GroupDetail = z.infer<typeof groupDetailSchema>;

const groupFields = {
  name: z
    .string({ error: '请输入权限组名称' })
    .trim()
    .min(1, '请输入权限组名称')
    .max(30, '权限组名称最多30个字符'),
  description: z.string().trim().max(200, '描述最多200个字符').default(''),
  resources: keyList,
};
export const groupAddRequestSchema = z.object(groupFields);
export type GroupAddRequest = z.input<typeof groupAddRequestSchema>;
export const groupUpdateRequestSchema = z.object({ id: idSchema('权限组编号'), ...groupFields });
export type GroupUpdateRequest = z.input<typeof groupUpdateRequestSchema>;
export const groupIdRequestSchema = z.object({ id: idSchema('权限组编号') });

export const groupOptionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  builtin: z.boolean(),
  /** The caller holds every permission of the group, so it may put an operator into it. */
  assignable: z.boolean(),
  /**
   * The 岗位 an operator of this group has, offered when a new operator is put into it: admin for
   * the super-admin group, doctor when it holds 医生工作台, assistant when it holds 助理工作台,
   * else operator.
   */
  staffRole: staffRoleSchema,
});
export type GroupOption = z.infer<typeof groupOptionSchema>;
export const groupOptionsResponseSchema = z.array(groupOptionSchema);
