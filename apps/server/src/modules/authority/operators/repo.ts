import type { OperatorListParams } from '@health/contract';
import type { Kysely } from 'kysely';
import type { Database, NeedChangeType, StaffRole } from '../../../db/schema.js';
import { perDaySums, pickPerDay } from '../../../db/per-day.js';
import { toDbBool, toNumber } from '../../../db/values.js';
import { applySort, paginate } from '../../../platform/pagination.js';
import { GroupsRepo } from '../groups/repo.js';

/** Queries of operator accounts and their sessions. */

export interface OperatorRecord {
  id: number;
  username: string;
  real_name: string;
  phone: string;
  introduction: string;
  group_id: number;
  group_name: string;
  group_builtin: number;
  /** The group's version (updated_at): the key of its cached grants. */
  group_version: number;
  staff_role: StaffRole;
  enabled: number;
  need_change_type: NeedChangeType | null;
  last_login_at: number | null;
  created_at: number;
  updated_at: number;
}

export interface OperatorValues {
  username: string;
  realName: string;
  phone: string;
  introduction: string;
  groupId: number;
  staffRole: StaffRole;
}

const SORT_COLUMNS = {
  username: 'o.username',
  lastLoginAt: 'o.last_login_at',
  createdAt: 'o.created_at',
} as const;

export type OperatorListInput = OperatorListParams;

export class OperatorsRepo {
  constructor(private readonly db: Kysely<Database>) {}

  private base() {
    return this.db
      .selectFrom('operators as o')
      .innerJoin('permission_groups as g', 'g.id', 'o.group_id')
      .select([
        'o.id',
        'o.username',
        'o.real_name',
        'o.phone',
        'o.introduction',
        'o.group_id',
        'g.name as group_name',
        'g.builtin as group_builtin',
        'g.updated_at as group_version',
        'o.staff_role',
        'o.enabled',
        'o.need_change_type',
        'o.last_login_at',
        'o.created_at',
        'o.updated_at',
      ]);
  }

  list(input: OperatorListInput) {
    let q = this.base();
    if (input.keyword) {
      const like = `%${input.keyword}%`;
      q = q.where((eb) =>
        eb.or([
          eb('o.username', 'like', like),
          eb('o.real_name', 'like', like),
          eb('o.phone', '=', input.keyword ?? ''),
        ]),
      );
    }
    if (input.groupId !== undefined) q = q.where('o.group_id', '=', input.groupId);
    if (input.staffRole !== undefined) q = q.where('o.staff_role', '=', input.staffRole);
    if (input.enabled !== undefined) q = q.where('o.enabled', '=', toDbBool(input.enabled));
    const sorted = applySort(
      q,
      input,
      SORT_COLUMNS,
      { field: 'createdAt', order: 'descend' },
      'o.id',
    );
    return paginate(this.db, sorted, input);
  }

  find(id: number): Promise<OperatorRecord | undefined> {
    return this.base().where('o.id', '=', id).executeTakeFirst();
  }

  findByUsername(username: string): Promise<{ id: number } | undefined> {
    return this.db
      .selectFrom('operators')
      .select('id')
      .where('username', '=', username)
      .executeTakeFirst();
  }

  findGroup(id: number) {
    return new GroupsRepo(this.db).findBrief(id);
  }

  /** Enabled members of the built-in super-admin group other than `exceptId`. */
  async countOtherEnabledSuperAdmins(exceptId: number): Promise<number> {
    const row = await this.db
      .selectFrom('operators as o')
      .innerJoin('permission_groups as g', 'g.id', 'o.group_id')
      .select((eb) => eb.fn.countAll<number>().as('c'))
      .where('g.builtin', '=', 1)
      .where('o.enabled', '=', 1)
      .where('o.id', '!=', exceptId)
      .executeTakeFirst();
    return toNumber(row?.c);
  }

  async insert(
    values: OperatorValues & { passwordHash: string; enabled: boolean; at: number },
  ): Promise<number> {
    const { id } = await this.db
      .insertInto('operators')
      .values({
        username: values.username,
        password_hash: values.passwordHash,
        real_name: values.realName,
        phone: values.phone,
        avatar: '',
        introduction: values.introduction,
        group_id: values.groupId,
        staff_role: values.staffRole,
        enabled: toDbBool(values.enabled),
        need_change_type: 'first',
        password_changed_at: values.at,
        last_login_at: null,
        created_at: values.at,
        updated_at: values.at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  }

  async update(id: number, values: OperatorValues & { at: number }): Promise<void> {
    await this.db
      .updateTable('operators')
      .set({
        username: values.username,
        real_name: values.realName,
        phone: values.phone,
        introduction: values.introduction,
        group_id: values.groupId,
        staff_role: values.staffRole,
        updated_at: values.at,
      })
      .where('id', '=', id)
      .execute();
  }

  async setEnabled(id: number, enabled: boolean, at: number): Promise<void> {
    await this.db
      .updateTable('operators')
      .set({ enabled: toDbBool(enabled), updated_at: at })
      .where('id', '=', id)
      .execute();
  }

  /** A new initial password that must be changed at the next login. */
  async setInitialPassword(id: number, passwordHash: string, at: number): Promise<void> {
    await this.db
      .updateTable('operators')
      .set({
        password_hash: passwordHash,
        need_change_type: 'first',
        password_changed_at: at,
        updated_at: at,
      })
      .where('id', '=', id)
      .execute();
  }

  async delete(id: number): Promise<void> {
    // Sessions go with the operator (ON DELETE CASCADE); the operation log keeps operator_name.
    await this.db.deleteFrom('operators').where('id', '=', id).execute();
  }

  /** The operator signing in, with its group's built-in flag and version. */
  loginRowBy(column: 'username' | 'id', value: string | number) {
    const q = this.db
      .selectFrom('operators as o')
      .innerJoin('permission_groups as g', 'g.id', 'o.group_id')
      .select([
        'o.id',
        'o.username',
        'o.password_hash',
        'o.enabled',
        'o.need_change_type',
        'o.password_changed_at',
        'o.group_id',
        'g.builtin',
        'g.updated_at as group_version',
      ]);
    return (
      column === 'username'
        ? q.where('o.username', '=', value as string)
        : q.where('o.id', '=', value as number)
    ).executeTakeFirst();
  }

  async markLoggedIn(operatorId: number, at: number): Promise<void> {
    await this.db
      .updateTable('operators')
      .set({ last_login_at: at })
      .where('id', '=', operatorId)
      .execute();
  }

  /** Operators in a group. */
  async countInGroup(groupId: number): Promise<number> {
    const row = await this.db
      .selectFrom('operators')
      .select((eb) => eb.fn.countAll<number>().as('c'))
      .where('group_id', '=', groupId)
      .executeTakeFirst();
    return toNumber(row?.c);
  }

  findPasswordState(
    operatorId: number,
  ): Promise<{ password_hash: string; need_change_type: 'first' | 'over90' | null } | undefined> {
    return this.db
      .selectFrom('operators')
      .select(['password_hash', 'need_change_type'])
      .where('id', '=', operatorId)
      .executeTakeFirst();
  }

  async updatePassword(operatorId: number, passwordHash: string, at: number): Promise<void> {
    await this.db
      .updateTable('operators')
      .set({
        password_hash: passwordHash,
        password_changed_at: at,
        need_change_type: null,
        updated_at: at,
      })
      .where('id', '=', operatorId)
      .execute();
  }

  async operatorsCreatedPerDay(dayStarts: readonly number[]): Promise<number[]> {
    const row = await this.db
      .selectFrom('operators')
      .select(perDaySums('created_at', dayStarts, 'd'))
      .where('created_at', '>=', dayStarts[0] ?? 0)
      .executeTakeFirst();
    return pickPerDay(row as Record<string, unknown> | undefined, 'd', dayStarts.length - 1);
  }

  /** Enabled operators whose staff role is doctor, by name. */
  enabledDoctors(): Promise<{ id: number; real_name: string; username: string }[]> {
    return this.db
      .selectFrom('operators')
      .select(['id', 'real_name', 'username'])
      .where('staff_role', '=', 'doctor')
      .where('enabled', '=', 1)
      .orderBy('id')
      .execute();
  }

  /** Enabled operators of these staff roles (health tasks' assignees), by id. */
  enabledStaff(
    roles: readonly StaffRole[],
  ): Promise<{ id: number; real_name: string; username: string; staff_role: StaffRole }[]> {
    return this.db
      .selectFrom('operators')
      .select(['id', 'real_name', 'username', 'staff_role'])
      .where('staff_role', 'in', roles)
      .where('enabled', '=', 1)
      .orderBy('id')
      .execute();
  }

  /** Names and staff roles of these operators (those that still exist). */
  namesOf(
    ids: readonly number[],
  ): Promise<{ id: number; real_name: string; username: string; staff_role: StaffRole }[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('operators')
      .select(['id', 'real_name', 'username', 'staff_role'])
      .where('id', 'in', ids)
      .execute();
  }
}
