import type { HealthPlanListQuery } from '@health/contract';
import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { Database, HealthPlansTable } from '../../../db/schema.js';
import { containsText } from '../../../db/like.js';
import { whereMember } from '../../../platform/list-filters.js';
import { insertRow } from '../../../platform/row-writes.js';

export type HealthPlanRow = Selectable<HealthPlansTable>;
export type JoinedPlanRow = HealthPlanRow & { member_name: string; member_phone: string | null };

/** Queries of health plans — the only file that touches this table. */
export class HealthPlansRepo {
  constructor(private readonly db: Kysely<Database>) {}

  private joined() {
    return this.db
      .selectFrom('health_plans as p')
      .innerJoin('members as m', 'm.id', 'p.member_id')
      .selectAll('p')
      .select(['m.name as member_name', 'm.phone as member_phone']);
  }

  /** The filtered list, the latest changed first. */
  query(query: HealthPlanListQuery) {
    let q = whereMember(this.joined(), query, 'p.member_id');
    if (query.status) q = q.where('p.status', '=', query.status);
    if (query.title) q = q.where(containsText('p.title', query.title));
    return q.orderBy('p.updated_at', 'desc').orderBy('p.id', 'desc');
  }

  findJoined(id: number): Promise<JoinedPlanRow | undefined> {
    return this.joined().where('p.id', '=', id).executeTakeFirst() as Promise<
      JoinedPlanRow | undefined
    >;
  }

  /** The member's active plan, if any. */
  activeOf(memberId: number) {
    return this.db
      .selectFrom('health_plans')
      .select('id')
      .where('member_id', '=', memberId)
      .where('status', '=', 'active')
      .executeTakeFirst();
  }

  insert(values: Insertable<HealthPlansTable>): Promise<number> {
    return insertRow(this.db, 'health_plans', values);
  }

  /** Change a plan while it is active: whether it was. */
  async updateActive(id: number, values: Updateable<HealthPlansTable>): Promise<boolean> {
    const result = await this.db
      .updateTable('health_plans')
      .set(values)
      .where('id', '=', id)
      .where('status', '=', 'active')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async delete(id: number): Promise<boolean> {
    const result = await this.db.deleteFrom('health_plans').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}
