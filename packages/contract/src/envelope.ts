import { z } from 'zod';

/** Envelope states (ARCHITECTURE.md "API contract", spec §8). */
export const State = {
  OK: 200,
  /** Failure with a Chinese msg; validation failures also carry data.errors. */
  FAILED: 255,
  /** Session invalid: missing, expired or revoked token. The client logs out. */
  SESSION_INVALID: 266,
  /** No permission for this resource. */
  NO_PERMISSION: 267,
  /**
   * The session must change its first password before anything else: the client keeps the
   * forced password dialog open (it does not log out, unlike 266 and 267).
   */
  PASSWORD_CHANGE_REQUIRED: 268,
  TOO_MANY_REQUESTS: 429,
} as const;
export type StateCode = (typeof State)[keyof typeof State];

/** Codes that open the "you have been logged out" confirm in the client (spec §8). */
export const RELOGIN_STATES = [50008, 50012, 50014] as const;

/** Messages fixed by the specification or shared by both sides. */
export const Messages = {
  noPermission: '无操作权限,请联系管理员添加权限并重新登录',
  sessionInvalid: '登录状态已失效，请重新登录',
  validationFailed: '提交的内容有误，请检查后重试',
  controlCharacter: '内容包含不允许的控制字符，请删除后重试',
  notFound: '请求的接口不存在',
  tooManyRequests: '请求过于频繁，请稍后再试',
  serverError: '服务器开小差了，请稍后重试',
  networkError: '网络异常，请检查网络连接后重试',
  timeout: '请求超时，请稍后重试',
  captchaWrong: '验证码错误或已过期，请重新输入',
  captchaRequired: '登录失败次数较多，请输入验证码',
  badCredentials: '用户名或密码错误',
  operatorDisabled: '该账号已被停用，请联系管理员',
  loginLocked: (minutes: number) => `登录失败次数过多，请${minutes}分钟后再试`,
  loginTooSoon: (seconds: number) => `登录失败次数较多，请${seconds}秒后再试`,
  verificationFailed: 'Verification failed, please Login again.',
  rolesRequired: 'getInfo: roles must be a non-null array!',
  settingsReloaded: '系统配置已刷新',
  passwordChanged: '密码修改成功，请重新登录',
  oldPasswordWrong: '旧密码不正确',
  passwordSameAsOld: '新密码不能与旧密码相同',
  loggedOut: '已退出登录',
  refreshReused: '已轮换的刷新令牌被再次使用（可能已泄露），该会话已全部结束',
  passwordChangeRequired: '请先修改初始密码，修改后才能继续使用系统',
  /** A request the HTTP parser or router refuses (bad URL encoding, Content-Length, ...). */
  badRequest: '请求格式不正确',
  badUrl: '请求地址格式不正确',
  urlTooLong: '请求地址过长',
  headersTooLarge: '请求头过大',
  /** A multipart body that is not well formed (cut short, a broken part header). */
  uploadMalformed: '上传请求格式不正确',
  /** An uploaded spreadsheet whose parts inflate beyond their limit (a zip bomb, or far too much). */
  sheetTooLarge: '文件解压后过大，请检查文件内容或分批上传',
  sheetCellTooLong: (max: number, rowNo?: number) =>
    `${rowNo === undefined ? '文件中' : `第${rowNo}行`}有单元格内容过长（最多${max}个字符）`,
} as const;

export const fieldErrorSchema = z.object({ field: z.string(), msg: z.string() });
export type FieldError = z.infer<typeof fieldErrorSchema>;

/** Build the envelope schema of an answer whose data has the given shape. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ state: z.number().int(), msg: z.string(), data });
}

/** Failure envelope; data.errors lists field errors of a validation failure. */
export const failureEnvelopeSchema = z.object({
  state: z.number().int(),
  msg: z.string(),
  data: z.object({ errors: z.array(fieldErrorSchema).optional() }).nullable(),
});

export interface Envelope<T> {
  state: number;
  msg: string;
  data: T;
}

/** The HTTP status that mirrors an envelope state (ARCHITECTURE.md). */
export function httpStatusOf(state: number): number {
  switch (state) {
    case State.OK:
      return 200;
    case State.SESSION_INVALID:
      return 401;
    case State.NO_PERMISSION:
    case State.PASSWORD_CHANGE_REQUIRED:
      return 403;
    case State.TOO_MANY_REQUESTS:
      return 429;
    default:
      return 400;
  }
}

/** The answer of an add: the new record's id. */
export const idResponseSchema = z.object({ id: z.number().int() });
/** The answer of a bulk change: how many records it touched. */
export const countResponseSchema = z.object({ count: z.number().int() });
