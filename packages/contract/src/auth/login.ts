import { z } from 'zod';
import { PasswordMessages } from '../password.js';
import { PASSWORD_MAX_LENGTH } from '../constants.js';

/** GET /{service}/v3/captcha/common/getCaptcha */
export const captchaResponseSchema = z.object({
  /** data: URI of the SVG image. */
  img: z.string(),
  verifyKey: z.string(),
  /** Whether the server asks for the code at all (false only for local automation). */
  enabled: z.boolean(),
});
export type CaptchaResponse = z.infer<typeof captchaResponseSchema>;

/** POST /{service}/v3/adminLogin/oauth/token (form-encoded). */
export const tokenRequestSchema = z.discriminatedUnion('grant_type', [
  z.object({
    grant_type: z.literal('password'),
    username: z
      .string({ error: '请输入用户名' })
      .trim()
      .min(1, '请输入用户名')
      .max(50, '用户名过长'),
    password: z.string({ error: '请输入密码' }).min(1, '请输入密码').max(100, '密码过长'),
    verifyCode: z.string().trim().max(10, '验证码格式不正确').default(''),
    verifyKey: z.string().trim().max(100, '验证码已失效，请刷新').default(''),
  }),
  z.object({
    grant_type: z.literal('refresh_token'),
    refresh_token: z.string({ error: '缺少刷新令牌' }).min(1, '缺少刷新令牌'),
  }),
]);
export type TokenRequest = z.infer<typeof tokenRequestSchema>;

export const resourceChildSchema = z.object({
  frontPath: z.string(),
  title: z.string(),
  hidden: z.boolean(),
  activeMenu: z.string().optional(),
  actions: z.array(z.string()),
});
export const resourceSchema = z.object({
  frontPath: z.string(),
  title: z.string(),
  children: z.array(resourceChildSchema),
});

export const needChangeTypeSchema = z.enum(['first', 'over90']);
export type NeedChangeType = z.infer<typeof needChangeTypeSchema>;

export const tokenResponseSchema = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  token_type: z.literal('bearer'),
  /** Seconds until the access token expires. */
  expires_in: z.number().int(),
  resourceList: z.array(resourceSchema),
  need_change_pwd: z.boolean(),
  need_change_type: needChangeTypeSchema.nullable(),
  username: z.string(),
});
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

/** POST /{service}/v3/adminLogin/oauth/logout — the refresh token is optional; the bearer session is revoked. */
export const logoutRequestSchema = z.object({ refresh_token: z.string().optional() });

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

/** GET /{service}/v3/system/admin/setting/settingInit */
export const settingInitResponseSchema = z.object({ reloadedAt: z.number().int() });
