import type { GradeListQuery, GradeLogExportQuery } from '@health/contract';
import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import { containsText } from '../../../db/like.js';
import type { Database, MemberGradeLogsTable, MemberGradesTable } from '../../../db/schema.js';
import { toNumber } from '../../../db/values.js';
import { applySort, paginate, type PageRequest } from '../../../platform/pagination.js';
import { MembersRepo } from '../members/repo.js';
import { insertRow, updateRow } from '../../../platform/row-writes.js';
import { whereCreatedBetween, whereMember } from '../../../platform/list-filters.js';

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

  /** Members in it (the members repository counts). */
  memberCount(id: number): Promise<number> {
    return new MembersRepo(this.db).countWhere('grade_id', id);
  }

  insert(values: Insertable<MemberGradesTable>): Promise<number> {
    return insertRow(this.db, 'member_grades', values);
  }

  update(id: number, values: Updateable<MemberGradesTable>): Promise<void> {
    return updateRow(this.db, 'member_grades', id, values);
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

  /** Grade-log rows from a SELECT of the same columns (one INSERT … SELECT). */
  async insertLogs(rows: ReturnType<MembersRepo['regradeLogRows']>): Promise<void> {
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
      .expression(rows)
      .execute();
  }

  /**
   * Members whose growth lies in [min, max) (null: unbounded) but who hold another grade: moved to
   * `gradeId`, a grade-log row each (one INSERT … SELECT and one UPDATE, whatever the number).
   */
  async regradeRange(
    gradeId: number,
    min: number | null,
    max: number | null,
    log: { operatorId: number | null; operatorName: string; remark: string; at: number },
  ): Promise<number> {
    const members = new MembersRepo(this.db);
    await this.insertLogs(members.regradeLogRows(gradeId, min, max, log));
    return members.regradeRange(gradeId, min, max, log.at);
  }

  /** How many grade-log rows of this member. */
  async logCountOf(memberId: number): Promise<number> {
    const row = await this.db
      .selectFrom('member_grade_logs')
      .select((eb) => eb.fn.countAll().as('c'))
      .where('member_id', '=', memberId)
      .executeTakeFirst();
    return toNumber(row?.c);
  }

  /** Grade names by id. */
  async names(): Promise<Map<number, string>> {
    const rows = await this.db.selectFrom('member_grades').select(['id', 'name']).execute();
    return new Map(rows.map((g) => [Number(g.id), g.name]));
  }

  /** Id and name of every grade, by growth required (choices of a form). */
  options() {
    return this.db
      .selectFrom('member_grades')
      .select(['id', 'name'])
      .orderBy('growth_required')
      .execute();
  }

  /** The ids among these that exist. */
  async existing(ids: number[]): Promise<Set<number>> {
    const rows = await this.db
      .selectFrom('member_grades')
      .select('id')
      .where('id', 'in', ids)
      .execute();
    return new Set(rows.map((r) => Number(r.id)));
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
    q = whereMember(q, query, 'l.member_id');
    if (query.fromGradeId) q = q.where('l.from_grade_id', '=', query.fromGradeId);
    if (query.toGradeId) q = q.where('l.to_grade_id', '=', query.toGradeId);
    if (query.reason) q = q.where('l.reason', '=', query.reason);
    q = whereCreatedBetween(q, query, 'l.created_at');
    return applySort(q, query, LOG_SORT, { field: 'createdAt', order: 'descend' }, 'l.id');
  }
}

export type GradeLogRow = Awaited<
  ReturnType<ReturnType<GradesRepo['logQuery']>['execute']>
>[number];
