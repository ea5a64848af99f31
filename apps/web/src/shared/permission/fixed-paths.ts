/** Paths of the shell that every logged-in operator may open (not from the resource list). */
export const PROFILE_PATH = '/profile/index';
export const UNAUTHORIZED_PATH = '/401';
export const NOT_FOUND_PATH = '/404';
export const LOGIN_PATH = '/login';

/** Targets a login redirect may always go to. */
export const ALWAYS_OPEN_PATHS: readonly string[] = [
  PROFILE_PATH,
  UNAUTHORIZED_PATH,
  NOT_FOUND_PATH,
];
