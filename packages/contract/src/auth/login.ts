import { z } from 'zod';

/** GET /{service}/v3/captcha/common/getCaptcha */
export const captchaResponseSchema = z.object({
  /** data: URI of the SVG image. */
  img: z.string(),
  verifyKey: z.string(),
  /** Whether the server asks for the code at all (false only for local automation). */
  enabled: z.boolean(),
});
export type CaptchaResponse = z.infer<typeof captchaResponseSchema>;

/** The login form's body (grant_type=password): the one declaration the web and server share. */
export const passwordLoginSchema = z.object({
  grant_type: z.literal('password'),
  username: z.string({ error: '请输入用户名' }).trim().min(1, '请输入用户名').max(50, '用户名过长'),
  password: z.string({ error: '请输入密码' }).min(1, '请输入密码').max(100, '密码过长'),
  verifyCode: z.string().trim().max(10, '验证码格式不正确').default(''),
  verifyKey: z.string().trim().max(100, '验证码已失效，请刷新').default(''),
});
/** What the login form sends (the client adds grant_type). */
export type PasswordLoginInput = Omit<z.input<typeof passwordLoginSchema>, 'grant_type'>;
/** What the server's login takes once the body is parsed. */
export type PasswordLogin = Omit<z.output<typeof passwordLoginSchema>, 'grant_type'>;

/** POST /{service}/v3/adminLogin/oauth/token (form-encoded). */
export const tokenRequestSchema = z.discriminatedUnion('grant_type', [
  passwordLoginSchema,
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
