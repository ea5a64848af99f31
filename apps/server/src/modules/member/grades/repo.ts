import type { GradeListQuery, GradeLogExportQuery } from '@health/contract';
import { sql, type Insertable, type Kysely, type Selectable, type Updateable } from 'kysely';
import { containsText } from '../../../db/like.js';
import type { Database, MemberGradeLogsTable, MemberGradesTable } from '../../../db/schema.js';
import { toNumber } from '../../../db/values.js';
import { applySort, paginate, type PageRequest } from '../../../platform/pagination.js';

export type GradeRow = Selectable<MemberGradesTable>;

const GRADE_SORT = { growthRequired: 'g.growth_required', createdAt: 'g.created_at' } as const;
const LOG_SORT = { createdAt: 'l.created_at' } as const;

/** Queries of member grades and of the grade log. */
export class GradesRepo {
  constructor(private readonly db: Kysely<Database>) {}

  list(query: GradeListQuery & PageRequest) {
    let q = this.db
      .selectFrom('member_grades as g')
      .selectAll('g')
      .select((eb) =>
        eb
          .selectFrom('members as m')
          .whereRef('m.grade_id', '=', 'g.id')
          .select((e) => e.fn.countAll<number>().as('n'))
          .as('member_count'),
      );
    if (query.name) q = q.where(containsText('g.name', query.name));
    const ordered = applySort(
      q,
      query,
      GRADE_SORT,
      { field: 'growthRequired', order: 'ascend' },
      'g.id',
    );
    return paginate(this.db, ordered, query);
  }

  /** Every grade, lowest growth first. */
  all(): Promise<GradeRow[]> {
    return this.db
      .selectFrom('member_grades')
      .selectAll()
      .orderBy('growth_required', 'asc')
      .execute();
  }

  find(id: number): Promise<GradeRow | undefined> {
    return this.db.selectFrom('member_grades').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findByName(name: string): Promise<{ id: number } | undefined> {
    return this.db
      .selectFrom('member_grades')
      .select('id')
      .where('name', '=', name)
      .executeTakeFirst();
  }

  findByGrowth(growth: number): Promise<{ id: number } | undefined> {
    return this.db
      .selectFrom('member_grades')
      .select('id')
      .where('growth_required', '=', growth)
      .executeTakeFirst();
  }

  /** The highest grade whose growth_required ≤ growth. */
  gradeForGrowth(growth: number): Promise<GradeRow | undefined> {
    return this.db
      .selectFrom('member_grades')
      .selectAll()
      .where('growth_required', '<=', growth)
      .orderBy('growth_required', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  async memberCount(gradeId: number): Promise<number> {
    const row = await this.db
      .selectFrom('members')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('grade_id', '=', gradeId)
      .executeTakeFirst();
    return toNumber(row?.n);
  }

  async insert(values: Insertable<MemberGradesTable>): Promise<number> {
    const { id } = await this.db
      .insertInto('member_grades')
      .values(values)
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(id);
  }

  async update(id: number, values: Updateable<MemberGradesTable>): Promise<void> {
    await this.db.updateTable('member_grades').set(values).where('id', '=', id).execute();
  }

  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('member_grades').where('id', '=', id).execute();
  }

  /** sort = rank by growth (1 = lowest), so every reader sees the grades in growth order. */
  async renumber(): Promise<void> {
    const rows = await this.all();
    for (const [i, row] of rows.entries()) {
      if (Number(row.sort) !== i + 1) {
        await this.db
          .updateTable('member_grades')
          .set({ sort: i + 1 })
          .where('id', '=', row.id)
          .execute();
      }
    }
  }

  async insertLog(values: Insertable<MemberGradeLogsTable>): Promise<void> {
    await this.db.insertInto('member_grade_logs').values(values).execute();
  }

  /**
   * Members whose growth lies in [min, max) (null: unbounded) but who hold another grade: moved to `gradeId`, a
   * grade-log row each (one INSERT … SELECT and one UPDATE, whatever the number of members).
   */
  async regradeRange(
    gradeId: number,
    min: number | null,
    max: number | null,
    log: { operatorId: number | null; operatorName: string; remark: string; at: number },
  ): Promise<number> {
    // Typed casts: PostgreSQL resolves bare parameters of an INSERT … SELECT as text.
    const bigint = (v: number | null) => sql<number>`cast(${v} as bigint)`;
    let select = this.db
      .selectFrom('members')
      .select([
        'id as member_id',
        'grade_id as from_grade_id',
        bigint(gradeId).as('to_grade_id'),
        sql<string>`'growth'`.as('reason'),
        'growth_value',
        bigint(log.operatorId).as('operator_id'),
        sql<string>`cast(${log.operatorName} as text)`.as('operator_name'),
        sql<string>`cast(${log.remark} as text)`.as('remark'),
        bigint(log.at).as('created_at'),
      ])
      .where('grade_id', '<>', gradeId);
    if (min !== null) select = select.where('growth_value', '>=', min);
    if (max !== null) select = select.where('growth_value', '<', max);
    await this.db
      .insertInto('member_grade_logs')
      .columns([
        'member_id',
        'from_grade_id',
        'to_grade_id',
        'reason',
        'growth_value',
        'operator_id',
        'operator_name',
        'remark',
        'created_at',
      ])
      .expression(select)
      .execute();
    let update = this.db
      .updateTable('members')
      .set({ grade_id: gradeId, updated_at: log.at })
      .where('grade_id', '<>', gradeId);
    if (min !== null) update = update.where('growth_value', '>=', min);
    if (max !== null) update = update.where('growth_value', '<', max);
    const result = await update.executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /** The grade log joined with members and grade names, filtered and sorted (not paged). */
  logQuery(query: GradeLogExportQuery) {
    let q = this.db
      .selectFrom('member_grade_logs as l')
      .innerJoin('members as m', 'm.id', 'l.member_id')
      .leftJoin('member_grades as gf', 'gf.id', 'l.from_grade_id')
      .leftJoin('member_grades as gt', 'gt.id', 'l.to_grade_id')
      .select([
        'l.id',
        'l.member_id',
        'm.name as member_name',
        'm.phone as member_phone',
        'l.from_grade_id',
        'gf.name as from_grade_name',
        'l.to_grade_id',
        'gt.name as to_grade_name',
        'l.reason',
        'l.growth_value',
        'l.operator_name',
        'l.remark',
        'l.created_at',
      ]);
    if (query.memberId) q = q.where('l.member_id', '=', query.memberId);
    if (query.phone) q = q.where(containsText('m.phone', query.phone));
    if (query.name) q = q.where(containsText('m.name', query.name));
    if (query.fromGradeId) q = q.where('l.from_grade_id', '=', query.fromGradeId);
    if (query.toGradeId) q = q.where('l.to_grade_id', '=', query.toGradeId);
    if (query.reason) q = q.where('l.reason', '=', query.reason);
    if (query.startTime !== undefined) q = q.where('l.created_at', '>=', query.startTime);
    if (query.endTime !== undefined) q = q.where('l.created_at', '<=', query.endTime);
    return applySort(q, query, LOG_SORT, { field: 'createdAt', order: 'descend' }, 'l.id');
  }
}

export type GradeLogRow = Awaited<
  ReturnType<ReturnType<GradesRepo['logQuery']>['execute']>
>[number];
