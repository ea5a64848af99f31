import { redirect, type LoaderFunctionArgs } from 'react-router';
import { ERROR_NOTICE_MS, Messages, StorageKeys } from '@health/contract';
import { isApiError } from '../shared/api/errors';
import { notice } from '../shared/feedback/feedback';
import { i18n } from '../shared/i18n';
import { chooseLanding } from '../shared/permission/routes';
import { LOGIN_PATH, UNAUTHORIZED_PATH } from '../shared/permission/fixed-paths';
import { loginPath } from '../shared/session/session-rules';
import { clearSession, currentSessionStatus } from '../shared/session/session';
import { readJson } from '../shared/session/storage';
import { isPermitted, usePermissionStore } from '../shared/stores/permission';
import { useUserStore } from '../shared/stores/user';
import { fetchResources, fetchUserInfo } from '../features/auth/login/api';

/**
 * The one route guard (vue-element-admin's permission.js, as react-router loaders):
 * - not logged in → /login?redirect=<wanted path>;
 * - login time missing or older than the session lifetime → clear everything, same redirect;
 * - logged in without stored route paths → error, clear, /login;
 * - user info not yet loaded in this page load → load it (roles, need-change flags, resource list);
 *   failure → clear, /login?redirect=…;
 * - a page the operator may not open → /401 (unknown paths fall to the 404 route).
 */

function wantedPath(request: Request): string {
  const url = new URL(request.url);
  return `${url.pathname}${url.search}`;
}

function showError(content: string): void {
  notice('error', { content, duration: ERROR_NOTICE_MS / 1000, key: 'guard' });
}

export async function requireSession({ request }: LoaderFunctionArgs): Promise<null> {
  const wanted = wantedPath(request);
  const status = currentSessionStatus();
  if (status === 'anonymous') throw redirect(loginPath(wanted));
  if (status === 'expired') {
    clearSession();
    throw redirect(loginPath(wanted));
  }
  if (status === 'no-routes') {
    showError(i18n.t('api.noPermission', { defaultValue: Messages.noPermission }));
    clearSession();
    throw redirect(LOGIN_PATH);
  }
  if (!useUserStore.getState().infoLoaded) {
    try {
      const [info, resources] = await Promise.all([
        fetchUserInfo(),
        // A failure here keeps the resource list stored at login.
        fetchResources().catch(() => null),
      ]);
      useUserStore.getState().setInfo(info);
      if (resources) usePermissionStore.getState().setResources(resources);
    } catch (e) {
      // State errors were shown by the API client; show the user-info rule's own messages here.
      if (isApiError(e) && e.kind === 'format') showError(e.msg);
      if (isApiError(e) && (e.kind === 'network' || e.kind === 'timeout')) {
        // Keep the session on a network failure; the page shows what it can.
        return null;
      }
      clearSession();
      throw redirect(loginPath(wanted));
    }
    if (usePermissionStore.getState().allowedPaths.length === 0) {
      showError(i18n.t('api.noPermission', { defaultValue: Messages.noPermission }));
      clearSession();
      throw redirect(LOGIN_PATH);
    }
  }
  return null;
}

/**
 * Load the operator's user info and resource list again, so that a change of its group applies
 * without reloading the page (the top bar's refresh; a page the stored list does not hold).
 */
export async function reloadAccess(): Promise<void> {
  const [info, resources] = await Promise.all([fetchUserInfo(), fetchResources()]);
  useUserStore.getState().setInfo(info);
  usePermissionStore.getState().setResources(resources);
}

/**
 * A registered page: only when the operator's routes hold it. A page the stored list lacks may
 * have been granted since it was loaded: the list is loaded again once before /401 is answered.
 */
export function requirePage(frontPath: string) {
  return async ({ request }: LoaderFunctionArgs): Promise<null> => {
    // Without a session the layout's guard answers (parent redirects win).
    if (currentSessionStatus() !== 'active') return null;
    if (!isPermitted(frontPath)) {
      await reloadAccess().catch(() => undefined);
      if (!isPermitted(frontPath)) {
        throw redirect(`${UNAUTHORIZED_PATH}?from=${encodeURIComponent(wantedPath(request))}`);
      }
    }
    return null;
  };
}

/** The root: stored landing path if permitted, else the first page of the first top section. */
export function landing(): null {
  if (currentSessionStatus() !== 'active') return null;
  const target = chooseLanding(
    readJson<string>(StorageKeys.landingPath),
    usePermissionStore.getState(),
  );
  if (target) throw redirect(target);
  return null;
}
