/**
 * Browser storage keys of spec §3, all under one prefix. Local storage holds JSON (spec §9).
 */
export const STORAGE_PREFIX = 'jkadmin_';

export const StorageKeys = {
  accessToken: `${STORAGE_PREFIX}access_token`,
  refreshToken: `${STORAGE_PREFIX}refresh_token`,
  menuData: `${STORAGE_PREFIX}menu_data`,
  routeData: `${STORAGE_PREFIX}route_data`,
  topNavKeys: `${STORAGE_PREFIX}top_nav_keys`,
  topNavInfo: `${STORAGE_PREFIX}top_nav_info`,
  userName: `${STORAGE_PREFIX}user_name`,
  userDict: `${STORAGE_PREFIX}user_dict`,
  loginTime: `${STORAGE_PREFIX}login_time`,
  /** The stored default landing path (spec §2). */
  landingPath: `${STORAGE_PREFIX}landing_path`,
  /** Persisted client settings (tag bar on/off, size, language). */
  settings: `${STORAGE_PREFIX}settings`,
} as const;

/** Every key cleared when the session ends (spec §4). */
export const SESSION_STORAGE_KEYS = [
  StorageKeys.accessToken,
  StorageKeys.refreshToken,
  StorageKeys.menuData,
  StorageKeys.routeData,
  StorageKeys.topNavKeys,
  StorageKeys.topNavInfo,
  StorageKeys.userName,
  StorageKeys.userDict,
  StorageKeys.loginTime,
] as const;

/** Sidebar state cookie: "1" open, "0" collapsed (spec §4). */
export const SIDEBAR_COOKIE = 'sidebarStatus';

/** The once-a-day "later" key of the forced password dialog: user name and date (spec §4). */
export function passwordLaterKey(userName: string, date: string): string {
  return `${STORAGE_PREFIX}pwd_later_${userName}_${date}`;
}
