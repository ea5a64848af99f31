import {
  ALL_PERMISSION_KEYS,
  buildResourceTree,
  expandGrants,
  type Resource,
} from '@health/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/** A group's permissions, expanded (hidden pages added, orphan actions dropped). */
export interface GroupGrants {
  grants: ReadonlySet<string>;
  /** The resource list of spec §3 for these grants (login, user info). */
  resourceTree: Resource[];
  /** False when the group holds no front path at all: such an operator cannot log in. */
  hasAnyPage: boolean;
}

function grantsOf(keys: Iterable<string>): GroupGrants {
  const grants = expandGrants(keys);
  const resourceTree = buildResourceTree(grants);
  return { grants, resourceTree, hasAnyPage: resourceTree.length > 0 };
}

/** The super-admin group holds every key of the catalogue, stored or not. */
export const SUPER_ADMIN_GRANTS: GroupGrants = grantsOf(ALL_PERMISSION_KEYS);

/**
 * Expanded grants per group, cached by (group id, group version = updated_at). Every request reads
 * the group's current version with its session, so a change to a group is seen at the next
 * request by every process, and a stale entry is simply replaced.
 */
export class GrantsCache {
  private readonly entries = new Map<number, { version: number; value: GroupGrants }>();

  constructor(private readonly db: Kysely<Database>) {}

  async of(groupId: number, version: number, builtin: boolean): Promise<GroupGrants> {
    if (builtin) return SUPER_ADMIN_GRANTS;
    const hit = this.entries.get(groupId);
    if (hit && hit.version === version) return hit.value;
    const rows = await this.db
      .selectFrom('group_resources')
      .select('resource_key')
      .where('group_id', '=', groupId)
      .execute();
    const value = grantsOf(rows.map((r) => r.resource_key));
    this.entries.set(groupId, { version, value });
    return value;
  }
}
