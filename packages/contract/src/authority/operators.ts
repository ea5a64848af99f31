import { z } from 'zod';
import { MAINLAND_PHONE } from '../format.js';
import { idSchema, optionalIdSchema } from '../ids.js';
import { staffRoleSchema } from '../auth/profile.js';
import { PASSWORD_MAX_LENGTH } from '../constants.js';
import { optionalText, sortQuerySchema } from '../list-query.js';
import { listQuerySchema, pageOf } from '../pagination.js';
import { formBoolean } from './groups.js';

/** 操作员 (/sysset_authority/authority_member): operator accounts, their passwords and sessions. */
export const OperatorPaths = {
  list: '/v3/system/admin/adminUser/list',
  detail: '/v3/system/admin/adminUser/detail',
  add: '/v3/system/admin/adminUser/add',
  update: '/v3/system/admin/adminUser/update',
  delete: '/v3/system/admin/adminUser/delete',
  resetPwd: '/v3/system/admin/adminUser/resetPwd',
  enable: '/v3/system/admin/adminUser/enable',
  disable: '/v3/system/admin/adminUser/disable',
  revealPhone: '/v3/system/admin/adminUser/revealPhone',
  sessions: '/v3/system/admin/adminUser/sessions',
  revokeSession: '/v3/system/admin/adminUser/revokeSession',
  mySessions: '/v3/system/admin/adminUser/mySessions',
  revokeMySession: '/v3/system/admin/adminUser/revokeMySession',
} as const;

export const OperatorMessages = {
  operatorNotFound: '操作员不存在或已被删除',
  usernameTaken: '用户名已存在',
  cannotDisableSelf: '不能停用自己的账号',
  cannotDeleteSelf: '不能删除自己的账号',
  lastSuperAdmin: '这是超级管理员分组中最后一个启用的操作员，不能停用、删除或移出该分组',
  sessionNotFound: '会话不存在或已结束',
  cannotRevokeCurrent: '不能结束当前会话，如需退出请使用“退出登录”',
  groupMissing: '所选权限组不存在',
  groupNotHeld: '所选权限组包含你没有的权限，不能分配',
  ownGroupChange: '不能修改自己的权限组，请由其他管理员调整',
  superAdminOnly: '只有超级管理员才能查看或管理超级管理员账号',
  operatorBeyondOwn: '该操作员的权限组包含你没有的权限，不能管理该账号',
} as const;

export const USERNAME_PATTERN = /^[A-Za-z0-9_]{3,32}$/;

export const usernameSchema = z
  .string({ error: '请输入用户名' })
  .trim()
  .min(1, '请输入用户名')
  .regex(USERNAME_PATTERN, '用户名为3-32位字母、数字或下划线');

export const phoneSchema = z
  .string()
  .trim()
  .refine((v) => v === '' || MAINLAND_PHONE.test(v), '请输入正确的11位手机号码');

/** Initial password entered by the admin; empty means "let the server generate one". */
const initialPasswordSchema = z
  .string()
  .max(PASSWORD_MAX_LENGTH, '密码最多20位')
  .optional()
  .transform((v) => (v ? v : undefined));

export const OPERATOR_SORT_FIELDS = ['username', 'lastLoginAt', 'createdAt'] as const;
export const operatorListQuerySchema = listQuerySchema
  .extend(sortQuerySchema(OPERATOR_SORT_FIELDS).shape)
  .extend({
    /** User name, real name or phone (full number). */
    keyword: optionalText(50),
    groupId: optionalIdSchema('权限组编号'),
    staffRole: z.preprocess((v) => (v === '' ? undefined : v), staffRoleSchema.optional()),
    enabled: z.preprocess((v) => (v === '' ? undefined : v), formBoolean.optional()),
  });
export type OperatorListQuery = z.input<typeof operatorListQuerySchema>;
export type OperatorListParams = z.output<typeof operatorListQuerySchema>;

export const operatorListItemSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  realName: z.string(),
  /** Masked (138****5678); reveal with revealPhone. */
  phone: z.string(),
  groupId: z.number().int(),
  groupName: z.string(),
  groupBuiltin: z.boolean(),
  staffRole: staffRoleSchema,
  enabled: z.boolean(),
  /** Must change the password at next login ('first' after create / reset). */
  needChangeType: z.enum(['first', 'over90']).nullable(),
  lastLoginAt: z.number().nullable(),
  createdAt: z.number(),
  updatedAt: z.number(),
  /** The caller's own account. */
  isSelf: z.boolean(),
  /**
   * The caller holds this account's whole group, so it may edit it, reset its password, enable,
   * disable or delete it (only a super-admin manages a super-admin).
   */
  manageable: z.boolean(),
});
export type OperatorListItem = z.infer<typeof operatorListItemSchema>;
export const operatorListResponseSchema = pageOf(operatorListItemSchema);

export const operatorDetailSchema = operatorListItemSchema.extend({
  introduction: z.string(),
  liveSessions: z.number().int(),
});
export type OperatorDetail = z.infer<typeof operatorDetailSchema>;

export const operatorIdQuerySchema = z.object({ id: idSchema('操作员编号') });
export const operatorIdRequestSchema = z.object({ id: idSchema('操作员编号') });

const operatorFields = {
  realName: z
    .string({ error: '请输入姓名' })
    .trim()
    .min(1, '请输入姓名')
    .max(30, '姓名最多30个字符'),
  groupId: idSchema('权限组'),
  staffRole: staffRoleSchema,
  introduction: z.string().trim().max(200, '简介最多200个字符').default(''),
};

export const operatorAddRequestSchema = z.object({
  username: usernameSchema,
  ...operatorFields,
  phone: phoneSchema.default(''),
  enabled: formBoolean.default(true),
  password: initialPasswordSchema,
});
export type OperatorAddRequest = z.input<typeof operatorAddRequestSchema>;

export const operatorUpdateRequestSchema = z.object({
  id: idSchema('操作员编号'),
  username: usernameSchema,
  ...operatorFields,
  /** Left out keeps the stored number (the form shows it masked); an empty string clears it. */
  phone: phoneSchema.optional(),
});
export type OperatorUpdateRequest = z.input<typeof operatorUpdateRequestSchema>;

export const operatorResetPwdRequestSchema = z.object({
  id: idSchema('操作员编号'),
  password: initialPasswordSchema,
});
export type OperatorResetPwdRequest = z.input<typeof operatorResetPwdRequestSchema>;

/** Answer of add and resetPwd: the server-generated password, shown once (null when entered). */
export const initialPasswordResponseSchema = z.object({
  id: z.number().int(),
  generatedPassword: z.string().nullable(),
  endedSessions: z.number().int(),
});
export type InitialPasswordResponse = z.infer<typeof initialPasswordResponseSchema>;

export const revealPhoneResponseSchema = z.object({ phone: z.string() });

export const sessionItemSchema = z.object({
  id: z.number().int(),
  createdAt: z.number(),
  lastSeenAt: z.number(),
  ip: z.string(),
  userAgent: z.string(),
  /** The session of this very request. */
  current: z.boolean(),
});
export type SessionItem = z.infer<typeof sessionItemSchema>;
export const sessionListResponseSchema = z.array(sessionItemSchema);

export const revokeSessionRequestSchema = z.object({
  id: idSchema('操作员编号'),
  sessionId: idSchema('会话编号'),
});
export const revokeMySessionRequestSchema = z.object({ sessionId: idSchema('会话编号') });
