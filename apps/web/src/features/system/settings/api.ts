import { ApiPaths } from '@health/contract';
import { request } from '../../../shared/api/client';

/** GET settingInit (spec §7): reloads the server's cached settings; resolves the message to show. */
export async function reloadSettings(): Promise<string> {
  const { msg } = await request(ApiPaths.settingInit, { method: 'GET' });
  return msg;
}
