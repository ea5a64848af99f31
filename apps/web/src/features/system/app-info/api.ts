import { AppInfoPaths, type PublicAppInfo } from '@health/contract';
import { api } from '../../../shared/api/client';

/** GET appInfo (public, no login): what /openinstall shows. The page shows its own error. */
export const fetchAppInfo = (signal?: AbortSignal) =>
  api.get<PublicAppInfo>(AppInfoPaths.info, { auth: false, silent: true, signal });
