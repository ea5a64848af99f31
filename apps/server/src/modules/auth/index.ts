import type { Area } from '../../platform/area.js';
import { loginRoutes } from './login/routes.js';

export { randomCaptchaText } from './login/captcha.js';
import { profileRoutes } from './profile/routes.js';
import { AUTH_AUDIT_LABELS } from './audit-labels.js';

/** Signing in and out (captcha, token, refresh, logout) and the operator's own account. */
export const auth: Area = {
  name: 'auth',
  routes: [loginRoutes, profileRoutes],
  audit: AUTH_AUDIT_LABELS,
};
