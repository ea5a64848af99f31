import { maskPhone, MEMBER_OPTIONS_MAX, type MemberOption } from '@health/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import { MembersRepo } from './repo.js';

/**
 * The member pickers of other areas' forms (bind a device, a lab report, a health task): members
 * in good standing by phone prefix or name fragment, phones masked. Each area serves it on its own
 * path behind its own page.
 */
export async function memberOptions(
  db: Kysely<Database>,
  keyword: string,
): Promise<MemberOption[]> {
  const rows = await new MembersRepo(db).lookup(keyword, MEMBER_OPTIONS_MAX);
  return rows.map((m) => ({ id: Number(m.id), name: m.name, phone: maskPhone(m.phone) }));
}
