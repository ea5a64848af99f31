import { Messages } from '@health/contract';
import type { AuditLabels } from '../../platform/audit-labels.js';
import type { LoginAttemptReason } from './login/repo.js';
import { LOGIN_RESULT_MESSAGES } from './login/service.js';

const LOGIN_RESULT_MESSAGES_EN: Record<LoginAttemptReason, string> = {
  ok: 'Signed in',
  captcha: 'Wrong or expired captcha',
  locked: 'Too many failures, locked for a while',
  throttled: 'Repeated failures, try again later',
  bad_credentials: 'Wrong user name or password',
  disabled: 'Account disabled',
  no_permission: 'The permission group holds no page',
};

/** What signing in and out and the operator's own account write to the operation log. */
export const AUTH_AUDIT_LABELS: AuditLabels = {
  // 'system' is the key of the operator's own password change (and of settings and uploads); it
  // is listed here so the log's module filter keeps its order (auth, system, authority, ...).
  modules: { auth: ['登录认证', 'Sign-in'], system: ['系统设置', 'System settings'] },
  actions: {
    login: ['登录', 'Sign in'],
    logout: ['退出登录', 'Sign out'],
    refresh: ['刷新令牌', 'Refresh token'],
    refreshReuse: ['刷新令牌被重复使用', 'Refresh token reused'],
    updatePwd: ['修改密码', 'Change password'],
  },
  fields: {
    auth: {
      sessionId: ['会话编号', 'Session ID'],
      rotatedAt: { label: ['令牌轮换时间', 'Rotated at'], format: 'time' },
      revoked: ['已结束', 'Ended'],
    },
    system: {
      endedSessions: ['结束的其他会话数', 'Other sessions ended'],
      wasFirstChange: ['首次登录修改', 'First-login change'],
    },
  },
  targetWords: { 操作员: 'Operator', 的会话: "'s session" },
  messages: {
    ...Object.fromEntries(
      (Object.keys(LOGIN_RESULT_MESSAGES) as LoginAttemptReason[]).map((reason) => [
        LOGIN_RESULT_MESSAGES[reason],
        LOGIN_RESULT_MESSAGES_EN[reason],
      ]),
    ),
    [Messages.passwordChanged]: 'Password changed; sign in again',
    [Messages.loggedOut]: 'Signed out',
    [Messages.refreshReused]:
      'A rotated refresh token was used again (it may have leaked); all of the session ended',
  },
};
