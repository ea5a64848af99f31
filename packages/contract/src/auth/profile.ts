import { z } from 'zod';
import { PasswordMessages } from '../password.js';
import { PASSWORD_MAX_LENGTH } from '../constants.js';
import { needChangeTypeSchema, resourceSchema } from './login.js';

/** The logged-in operator's own account (paths in api-paths.ts, for the shell). */
export const staffRoleSchema = z.enum(['admin', 'doctor', 'assistant', 'operator']);
export type StaffRole = z.infer<typeof staffRoleSchema>;
export const STAFF_ROLE_LABELS: Record<StaffRole, string> = {
  admin: '管理员',
  doctor: '医生',
  assistant: '医生助理',
  operator: '运营',
};

/** GET /{service}/v3/system/admin/adminUser/info */
export const userInfoSchema = z.object({
  roles: z.array(z.string()).min(1),
  name: z.string(),
  avatar: z.string(),
  introduction: z.string(),
  username: z.string(),
  groupName: z.string(),
  staffRole: staffRoleSchema,
  need_change_pwd: z.boolean(),
  need_change_type: needChangeTypeSchema.nullable(),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

/**
 * GET /{service}/v3/system/admin/adminUser/resources — the operator's current resource list, the
 * same tree login returns. Kept out of the user-info answer: that call is the token check's hot
 * path, and the tree is several kilobytes for a large group.
 */
export const resourcesResponseSchema = z.object({ resourceList: z.array(resourceSchema) });
export type ResourcesResponse = z.infer<typeof resourcesResponseSchema>;

/** POST /{service}/v3/system/admin/adminUser/updatePwd */
export const updatePasswordRequestSchema = z
  .object({
    oldPassword: z.string().max(100).optional(),
    newPassword: z
      .string({ error: PasswordMessages.newRequired })
      .min(1, PasswordMessages.newRequired)
      .max(PASSWORD_MAX_LENGTH, PasswordMessages.length),
    newPasswordCfm: z
      .string({ error: PasswordMessages.confirmRequired })
      .min(1, PasswordMessages.confirmRequired),
  })
  .refine((v) => v.newPassword === v.newPasswordCfm, {
    message: PasswordMessages.mismatch,
    path: ['newPasswordCfm'],
  });
export type UpdatePasswordRequest = z.infer<typeof updatePasswordRequestSchema>;
export const updatePasswordResponseSchema = z.object({ msg: z.string() });
