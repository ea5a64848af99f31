import { ApiPaths, type PublicSiteInfo } from '@health/contract';
import { api } from '../../../shared/api/client';

/**
 * Public site info (no login): the platform name becomes the product title of every page. The path
 * comes from ApiPaths, not SettingsPaths: the shell must not load the settings schemas (and zod).
 */
export function fetchPublicSiteInfo(): Promise<PublicSiteInfo> {
  return api.get<PublicSiteInfo>(ApiPaths.siteInfo, { auth: false, silent: true });
}
