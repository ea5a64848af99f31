import {
  ApiPaths,
  SESSION_STORAGE_KEYS,
  type Resource,
  type TokenResponse,
} from '@health/contract';
import { request } from '../api/client';
import { usePermissionStore } from '../stores/permission';
import { useTagsViewStore } from '../stores/tags-view';
import { useUserStore } from '../stores/user';
import { sessionStatus, type SessionStatus } from './session-rules';
import { removeKeys } from './storage';

/**
 * Session life cycle (spec §4). Login stores tokens, resource list, menu and route data, top
 * navigation, user name and login time; logout revokes the session on the server, then clears
 * names, tokens, menus, routes, navigation data, visited tabs and the route table.
 */

export function startSession(token: TokenResponse, now: number = Date.now()): void {
  useUserStore.getState().setLogin({
    access: token.access_token,
    refresh: token.refresh_token,
    userName: token.username,
    info: { need_change_pwd: token.need_change_pwd, need_change_type: token.need_change_type },
    loginTime: now,
  });
  usePermissionStore.getState().setResources(token.resourceList as Resource[]);
}

const clearListeners = new Set<() => void>();

/** Register something to forget when the session ends (the server-state cache registers itself). */
export function onSessionClear(listener: () => void): () => void {
  clearListeners.add(listener);
  return () => clearListeners.delete(listener);
}

/** Remove everything the session stored, in storage and in memory. */
export function clearSession(): void {
  removeKeys(SESSION_STORAGE_KEYS);
  useUserStore.getState().reset();
  usePermissionStore.getState().reset();
  useTagsViewStore.getState().reset();
  for (const listener of clearListeners) listener();
}

/** Log out: revoke the session on the server (best effort, silently), then clear everything. */
export async function logout(): Promise<void> {
  const { token, refreshToken } = useUserStore.getState();
  if (token) {
    try {
      await request(ApiPaths.logout, {
        method: 'POST',
        body: refreshToken ? { refresh_token: refreshToken } : {},
        silent: true,
        skipSessionHandling: true,
        timeoutMs: 5_000,
      });
    } catch {
      // The session is cleared locally whatever the server answered.
    }
  }
  clearSession();
}

export function currentSessionStatus(now: number = Date.now()): SessionStatus {
  const { token, loginTime } = useUserStore.getState();
  return sessionStatus({
    accessToken: token,
    loginTime,
    routePaths: usePermissionStore.getState().allowedPaths,
    now,
  });
}
