import { SESSION_LIFETIME_MS } from '@health/contract';

/**
 * Session rules of spec §4, pure so they can be tested.
 * - anonymous: no access token stored;
 * - expired: the stored login time is missing or older than SESSION_LIFETIME_MS;
 * - no-routes: logged in but no stored route paths (refused);
 * - active: a usable session.
 */
export type SessionStatus = 'anonymous' | 'expired' | 'no-routes' | 'active';

export function isSessionExpired(loginTime: number | null | undefined, now: number): boolean {
  if (loginTime == null || !Number.isFinite(loginTime)) return true;
  return now - loginTime > SESSION_LIFETIME_MS;
}

export function sessionStatus(input: {
  accessToken: string | null | undefined;
  loginTime: number | null | undefined;
  routePaths: readonly string[] | null | undefined;
  now: number;
}): SessionStatus {
  if (!input.accessToken) return 'anonymous';
  if (isSessionExpired(input.loginTime, input.now)) return 'expired';
  if (!input.routePaths || input.routePaths.length === 0) return 'no-routes';
  return 'active';
}

/**
 * A redirect target is only followed when it is a path of this site ("/x", not "//host" or a URL),
 * and never back to /login itself.
 */
export function safeRedirect(target: string | null | undefined): string | null {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) {
    return null;
  }
  if (target === '/login' || target.startsWith('/login?') || target.startsWith('/login/'))
    return null;
  return target;
}

/** "/login?redirect=<wanted path>" (spec §2). The root or an empty path gives plain /login. */
export function loginPath(wanted?: string | null): string {
  const target = safeRedirect(wanted);
  if (!target || target === '/') return '/login';
  return `/login?redirect=${encodeURIComponent(target)}`;
}
