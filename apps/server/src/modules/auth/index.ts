import type { Area } from '../../platform/area.js';
import { loginRoutes } from './login/routes.js';

export { randomCaptchaText } from './login/captcha.js';
import { profileRoutes } from './profile/routes.js';

/** Signing in and out (captcha, token, refresh, logout) and the operator's own account. */
export const auth: Area = {
  name: 'auth',
  routes: [loginRoutes, profileRoutes],
  // 'system' is the key of the operator's own password change (and of uploads); it is listed here
  // so the operation log's module filter keeps its order (auth, system, authority, setting, ...).
  auditModules: { auth: '登录认证', system: '系统设置' },
};
