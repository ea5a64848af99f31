import { SettingsPaths, type PublicSiteInfo } from '@health/contract';
import { api } from '../../../shared/api/client';

/** Public site info (no login): the platform name becomes the product title of every page. */
export function fetchPublicSiteInfo(): Promise<PublicSiteInfo> {
  return api.get<PublicSiteInfo>(SettingsPaths.siteInfo, { auth: false, silent: true });
}
