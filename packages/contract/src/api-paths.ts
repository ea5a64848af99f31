/**
 * API paths below `/{service}` (the service segment is configurable, default "api") that the shell
 * needs before any page loads: login, the operator's own account, the top bar, the overview. Kept
 * here, free of zod, so that /login and the layout do not load schemas; every other entity's paths
 * live in its own `<area>/<entity>.ts`. Paths the specification names are written exactly as it does.
 */
export const ApiPaths = {
  captcha: '/v3/captcha/common/getCaptcha',
  token: '/v3/adminLogin/oauth/token',
  logout: '/v3/adminLogin/oauth/logout',
  userInfo: '/v3/system/admin/adminUser/info',
  resources: '/v3/system/admin/adminUser/resources',
  updatePassword: '/v3/system/admin/adminUser/updatePwd',
  settingInit: '/v3/system/admin/setting/settingInit',
  homeOverview: '/v3/system/admin/home/overview',
  /** Public: platform name and logos for the login page and the shell (no login). */
  siteInfo: '/v3/system/common/siteInfo',
  docs: '/docs',
} as const;

export const DEFAULT_API_SERVICE = 'api';
