import {
  ApiPaths,
  Messages,
  type CaptchaResponse,
  type PasswordLoginInput,
  type ResourcesResponse,
  type TokenResponse,
  type UserInfo,
} from '@health/contract';
import { api } from '../../../shared/api/client';
import { ApiError } from '../../../shared/api/errors';

/*
 * Plain calls (no TanStack Query here): the login page and the route guard use them, and /login
 * must not carry the query library. The query hooks are in ../profile/api.ts.
 */

export function fetchCaptcha() {
  return api.get<CaptchaResponse>(ApiPaths.captcha, { auth: false });
}

/** Password grant; errors are not toasted: the login form shows them itself. */
export function login(input: PasswordLoginInput) {
  return api.post<TokenResponse>(
    ApiPaths.token,
    { grant_type: 'password', ...input, username: input.username.trim() },
    { auth: false, silent: true },
  );
}

/**
 * The user-info call (spec §5): fails when the answer has no data ("Verification failed, please
 * Login again.") or roles is empty ("getInfo: roles must be a non-null array!").
 */
export async function fetchUserInfo(): Promise<UserInfo> {
  const data = await api.get<unknown>(ApiPaths.userInfo);
  if (!data || typeof data !== 'object') {
    throw new ApiError('format', 0, Messages.verificationFailed);
  }
  const roles = (data as { roles?: unknown }).roles;
  if (!Array.isArray(roles) || roles.length === 0) {
    throw new ApiError('format', 0, Messages.rolesRequired);
  }
  return data as UserInfo;
}

/**
 * The operator's current resource list (the same tree login returns), so permission changes take
 * effect on the next page load. Silent: when it fails the stored list stays in use.
 */
export async function fetchResources(): Promise<ResourcesResponse['resourceList']> {
  const data = await api.get<ResourcesResponse>(ApiPaths.resources, { silent: true });
  if (!data || !Array.isArray(data.resourceList))
    throw new ApiError('format', 0, Messages.verificationFailed);
  return data.resourceList;
}
