import { ApiPaths, type PublicSiteInfo } from '@health/contract';
import { api, request } from '../../../shared/api/client';

/*
 * Plain calls the shell uses (top bar, start-up): no query library here, /login must not carry it.
 * The settings pages' query hooks are in the shared settings form; the doctor options in
 * doctor-options.ts.
 */

/** GET settingInit (spec §7): reloads the server's cached settings; resolves the message to show. */
export async function reloadSettings(): Promise<string> {
  const { msg } = await request(ApiPaths.settingInit, { method: 'GET' });
  return msg;
}

/**
 * Public site info (no login): the platform name becomes the product title of every page. The path
 * comes from ApiPaths, not SettingsPaths: the shell must not load the settings schemas (and zod).
 */
export function fetchPublicSiteInfo(): Promise<PublicSiteInfo> {
  return api.get<PublicSiteInfo>(ApiPaths.siteInfo, { auth: false, silent: true });
}
