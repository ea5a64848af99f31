/** Business constants and limits of spec §9 (and §4), in one place for server and web. */

/** Session lifetime: the stored login time older than this ends the session (about 15 days). */
export const SESSION_LIFETIME_MS = 1_295_880_000;
/** Refresh tokens live as long as the session the spec allows. */
export const REFRESH_TOKEN_LIFETIME_MS = SESSION_LIFETIME_MS;
/** Access tokens are short-lived and rotated with the refresh token. */
export const ACCESS_TOKEN_LIFETIME_MS = 2 * 60 * 60 * 1000;
/**
 * A refresh token rotated out less than this long ago is taken for two tabs refreshing at once
 * (refused, nothing else); used later, it ends the whole session as a stolen token would.
 */
export const REFRESH_REUSE_GRACE_MS = 10_000;

export const REQUEST_TIMEOUT_MS = 30_000;
/** Error notice of the API client (spec §8). */
export const ERROR_NOTICE_MS = 5_000;
/** Toast helper duration (spec §8). */
export const TOAST_MS = 3_000;

export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 20;
/** A password unchanged for longer than this forces the over90 dialog. */
export const PASSWORD_MAX_AGE_DAYS = 90;
/** The forced password dialog is checked this long after the layout is created. */
export const FORCED_PASSWORD_PROMPT_DELAY_MS = 1_000;
/** After a successful password change the user is logged out after this delay. */
export const LOGOUT_AFTER_PASSWORD_CHANGE_MS = 500;

/** Width under which the layout is in mobile mode and the sidebar collapses. */
export const MOBILE_BREAKPOINT_PX = 992;
export const SIDEBAR_WIDTH_PX = 200;
export const HEADER_HEIGHT_PX = 50;
export const HEADER_WITH_TAGS_HEIGHT_PX = 84;
export const DEFAULT_UI_SIZE = 'middle' as const;

/** Doctor workbench polls (PRODUCT.md §1: the spec's "6 and 60" are seconds). */
export const WARNING_POLL_SECONDS = 6;
export const COUNT_POLL_SECONDS = 60;

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

/** Captcha answers expire after five minutes and are single use. */
export const CAPTCHA_TTL_MS = 5 * 60 * 1000;

/**
 * Login lock, per user name AND address: this many wrong passwords for one user name from one
 * address within the window lock that pair for the lock time. The owner signing in from another
 * address is never locked out by them (a stranger cannot lock anyone out).
 */
export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;
export const LOGIN_LOCK_MS = 15 * 60 * 1000;
/**
 * Growing delays: an address that has failed for a user name waits base × 2^(k − 2) after its
 * latest failure, k being the user name's failures from every address in the window (1 s, 2 s,
 * 4 s, ... up to LOGIN_DELAY_MAX_MS). An address with no failure for it is never delayed.
 */
export const LOGIN_DELAY_BASE_MS = 1000;
export const LOGIN_DELAY_MAX_MS = 30_000;
/**
 * After this many failures of a user name (from any addresses) in the window, its logins need a
 * captcha, even where the captcha is turned off.
 */
export const LOGIN_CAPTCHA_AFTER_FAILURES = 3;
/**
 * An address that failed for this many different user names within the window is spraying: all
 * its logins need a captcha, and a user name that never signed in from it may try only once per
 * LOGIN_SPRAY_INTERVAL_MS. Users who have signed in from it before (the colleagues of an office
 * behind one address) only answer the captcha.
 */
export const LOGIN_SPRAY_NAMES = 5;
export const LOGIN_SPRAY_INTERVAL_MS = 5_000;

/** Navigation types that open built-in app pages and carry no subContent (spec §9). */
export const SPECIAL_NAV_TYPES = [
  'jjkzty',
  'jkyfzty',
  'jkyfspy',
  'shhzdtd',
  'shhywfllb',
  'ljdz',
  'shh_jkglfw',
  'jjk_mall_goods',
] as const;

/** Layout settings of spec §3 with their defaults. */
export const DEFAULT_LAYOUT_SETTINGS = {
  title: '居家健康服务平台',
  theme: '#1890ff',
  showSettings: false,
  tagsView: false,
  fixedHeader: true,
  sidebarLogo: false,
} as const;

/** Default product title until the site settings give a platform name. */
export const DEFAULT_PRODUCT_TITLE = DEFAULT_LAYOUT_SETTINGS.title;
