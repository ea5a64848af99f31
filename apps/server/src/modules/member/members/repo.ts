import type { MemberExportParams, MemberListParams, Page } from '@health/contract';
import { sql, type Kysely, type Selectable, type SelectQueryBuilder } from 'kysely';
import { containsText } from '../../../db/like.js';
import type { Database, MemberGender, MembersTable, MemberStatus } from '../../../db/schema.js';
import { dialectOf, readerOf } from '../../../db/database.js';
import { prepared } from '../../../db/prepared.js';
import { toNumber } from '../../../db/values.js';
import { applySort, paginateIds } from '../../../platform/pagination.js';
import {
  gramMemberIds,
  gramRows,
  nameSearchOf,
  planNameSearch,
  type NameSearch,
} from './name-search.js';

/** Queries of members (list filters, detail, changes). */

/** A member row with its grade's and channel's names. */
export type MemberRecord = Selectable<MembersTable> & {
  grade_name: string | null;
  channel_name: string | null;
};

export interface MemberProfileValues {
  name: string;
  gender: MemberGender;
  birthday: string | null;
  province: string;
  city: string;
  address: string;
  channelId: number | null;
  remark: string;
}

/** What a list row and the export read (the list item of the contract, before masking). */
const LIST_COLUMNS = [
  'm.id',
  'm.phone',
  'm.name',
  'm.gender',
  'm.grade_id',
  'm.channel_id',
  'm.status',
  'm.frozen_reason',
  'm.points_balance',
  'm.growth_value',
  'm.registered_at',
  'm.last_active_at',
] as const;

/** The export's columns beyond the list's. */
const EXPORT_EXTRA_COLUMNS = ['m.id_number', 'm.province', 'm.city'] as const;

const ALL_COLUMNS = [
  ...LIST_COLUMNS,
  ...EXPORT_EXTRA_COLUMNS,
  'm.birthday',
  'm.avatar',
  'm.address',
  'm.remark',
  'm.created_at',
  'm.updated_at',
] as const;

type MemberColumn = (typeof ALL_COLUMNS)[number];

/** A row of the member list: the list's columns and the grade's and channel's names. */
export type MemberListRecord = Pick<
  MemberRecord,
  | 'id'
  | 'phone'
  | 'name'
  | 'gender'
  | 'grade_id'
  | 'grade_name'
  | 'channel_id'
  | 'channel_name'
  | 'status'
  | 'frozen_reason'
  | 'points_balance'
  | 'growth_value'
  | 'registered_at'
  | 'last_active_at'
>;

const SORT_COLUMNS = {
  registeredAt: 'm.registered_at',
  lastActiveAt: 'm.last_active_at',
  pointsBalance: 'm.points_balance',
  growthValue: 'm.growth_value',
} as const;

/**
 * The first string after every string starting with `prefix` (digits only): "138" → "139",
 * "139" → "14"; null for "99…" (no upper bound). Lets a phone prefix use the phone index as a
 * range on both databases.
 */
export function digitPrefixUpperBound(prefix: string): string | null {
  const digits = prefix.split('');
  for (let i = digits.length - 1; i >= 0; i--) {
    const d = digits[i] ?? '9';
    if (d !== '9') return digits.slice(0, i).join('') + String(Number(d) + 1);
  }
  return null;
}

/**
 * Where the member list stops counting (see paginate's countCap): 50 pages of 20. Past it the
 * list says "超过 1000 条，请缩小筛选范围" — nobody pages further than that; they filter.
 */
export const MEMBER_COUNT_CAP = 1_000;

/** The first page of nothing (a name gram no member holds). */
function emptyPage(input: MemberListParams): Page<MemberListRecord> {
  return { list: [], pagination: { current: input.current, pageSize: input.pageSize, total: 0 } };
}

/**
 * Members with the given columns and their grade's and channel's names (scalar subqueries: run
 * per row read, so the list applies them to one page of ids only).
 */
function withNames<C extends MemberColumn>(db: Kysely<Database>, columns: readonly C[]) {
  return db
    .selectFrom('members as m')
    .select((eb) => [
      eb
        .selectFrom('member_grades as g')
        .select('g.name')
        .whereRef('g.id', '=', 'm.grade_id')
        .as('grade_name'),
      eb
        .selectFrom('member_channels as c')
        .select('c.name')
        .whereRef('c.id', '=', 'm.channel_id')
        .as('channel_name'),
    ])
    .select(columns);
}

const idsBaseOf = (db: Kysely<Database>) => db.selectFrom('members as m').select('m.id');
const listRowsOf = (db: Kysely<Database>) => withNames(db, LIST_COLUMNS);

/** The database type of a query from `members as m` (for filters that fit any select list). */
type MembersFrom =
  ReturnType<typeof idsBaseOf> extends SelectQueryBuilder<infer DB, infer _TB, infer _O>
    ? DB
    : never;
type MembersQuery<O> = SelectQueryBuilder<MembersFrom, 'm', O>;

/** The list's filters other than the name, on any select from `members as m`. */
function whereMemberColumns<O>(query: MembersQuery<O>, input: MemberExportParams): MembersQuery<O> {
  let q = query;
  if (input.phone) {
    q =
      input.phone.length === 11
        ? q.where('m.phone', '=', input.phone)
        : q.where(containsText('m.phone', input.phone));
  }
  if (input.phonePrefix) {
    if (/^\d+$/.test(input.phonePrefix)) {
      q = q.where('m.phone', '>=', input.phonePrefix);
      const upper = digitPrefixUpperBound(input.phonePrefix);
      if (upper) q = q.where('m.phone', '<', upper);
    } else {
      q = q.where('m.phone', '=', input.phonePrefix);
    }
  }
  if (input.gradeId !== undefined) q = q.where('m.grade_id', '=', input.gradeId);
  if (input.channelId !== undefined) q = q.where('m.channel_id', '=', input.channelId);
  if (input.status !== undefined) q = q.where('m.status', '=', input.status);
  if (input.registeredStart !== undefined)
    q = q.where('m.registered_at', '>=', input.registeredStart);
  if (input.registeredEnd !== undefined) q = q.where('m.registered_at', '<=', input.registeredEnd);
  if (input.activeStart !== undefined) q = q.where('m.last_active_at', '>=', input.activeStart);
  if (input.activeEnd !== undefined) q = q.where('m.last_active_at', '<=', input.activeEnd);
  return q;
}

/** Whether any filter besides the name reads a member column. */
function filtersMemberColumns(input: MemberExportParams): boolean {
  return [
    input.phone,
    input.phonePrefix,
    input.gradeId,
    input.channelId,
    input.status,
    input.registeredStart,
    input.registeredEnd,
    input.activeStart,
    input.activeEnd,
  ].some((v) => v !== undefined && v !== '');
}

/** The list's default order, mirrored by member_name_grams' primary key. */
const DEFAULT_SORT = { field: 'registeredAt', order: 'descend' } as const;

/**
 * The name filter on a select from `members as m`: among the members holding the search's grams,
 * and for a longer search containing it (see name-search.ts).
 */
function whereName<O>(
  db: Kysely<Database>,
  q: MembersQuery<O>,
  search: NameSearch,
): MembersQuery<O> {
  const held = q.where('m.id', 'in', gramMemberIds(db, search));
  return search.exact
    ? held
    : held.where(containsText('m.name', search.text, { ignoreCaseOn: dialectOf(db) }));
}

/** The list's filters and sort, on any select from `members as m`. */
function filterAndSort<O>(
  db: Kysely<Database>,
  query: MembersQuery<O>,
  input: MemberExportParams,
  search: NameSearch | undefined,
): MembersQuery<O> {
  let q = whereMemberColumns(query, input);
  if (search) q = whereName(db, q, search);
  return applySort(q, input, SORT_COLUMNS, DEFAULT_SORT, 'm.id');
}

/**
 * A name search in the registration order (the default): read from the driving gram's index in
 * that order — (gram, registered_at, member_id) — so the page and the capped count stop early.
 * The members table is joined only to confirm a longer search or to apply other filters; the
 * cross join keeps SQLite reading the grams first (PostgreSQL plans it as an inner join).
 */
function nameOrderedIds(db: Kysely<Database>, input: MemberListParams, search: NameSearch) {
  const ids = gramRows(db, search).select('g.member_id as id');
  const sorted = (q: typeof ids) =>
    applySort(
      q,
      input,
      // Only called in the registration order: the other fields never apply.
      { ...SORT_COLUMNS, registeredAt: 'g.registered_at' },
      DEFAULT_SORT,
      'g.member_id',
    );
  if (search.exact && !filtersMemberColumns(input)) return sorted(ids);
  // The member filters are written for `members as m`; the joined query has that alias too.
  let joined = ids
    .crossJoin('members as m')
    .whereRef('m.id', '=', 'g.member_id') as unknown as MembersQuery<{ id: number }>;
  joined = whereMemberColumns(joined, input);
  if (!search.exact)
    joined = joined.where(containsText('m.name', search.text, { ignoreCaseOn: dialectOf(db) }));
  return sorted(joined as unknown as typeof ids);
}

/** Whether the list is in the registration order, which the grams' index holds. */
function inRegistrationOrder(input: MemberListParams): boolean {
  return input.sortField === undefined || input.sortField === 'registeredAt';
}

/** Run at every earning (each device reading): db/prepared.ts. */
const earningStateOf = prepared((db, p: { id: number }) => {
  const q = db
    .selectFrom('members as m')
    .innerJoin('member_grades as g', 'g.id', 'm.grade_id')
    .select(['m.status', 'm.points_balance', 'g.points_multiplier_pct'])
    .where('m.id', '=', p.id);
  // Serialise earnings of one member (the daily-cap sum); SQLite transactions already are. NO KEY
  // UPDATE, not UPDATE: a concurrent reading's foreign key to the member holds a KEY SHARE lock
  // while it waits for the device row this transaction updated — FOR UPDATE would deadlock.
  return dialectOf(db) === 'postgres' ? q.forNoKeyUpdate('m') : q;
});

/**
 * The id query of a list page's filter and sort, the one `npm run bench:members` keeps fast. Its
 * SQL on both databases is checked in (apps/server/test/sql/), so a changed plan shows in review.
 */
export function memberIdsQuery(
  db: Kysely<Database>,
  input: MemberListParams,
  search: NameSearch | undefined = input.name ? nameSearchOf(input.name) : undefined,
) {
  if (search && inRegistrationOrder(input)) return nameOrderedIds(db, input, search);
  return filterAndSort(db, idsBaseOf(db), input, search);
}

export class MembersRepo {
  // Built once: Kysely's builders are immutable, and the list runs often.
  private idsBase?: ReturnType<typeof idsBaseOf>;
  private listRows?: ReturnType<typeof listRowsOf>;

  constructor(private readonly db: Kysely<Database>) {}

  /**
   * One page of the list in two steps: the ids of the page (filtered, sorted, counted), then those
   * members' list columns and names. A filter that is not in the sort's order (a phone prefix)
   * reads and sorts every match: sorting ids reads one column of each instead of the whole row
   * and its names' subqueries.
   */
  async list(input: MemberListParams): Promise<Page<MemberListRecord>> {
    // Counting stops at MEMBER_COUNT_CAP: a broad filter over a million members would otherwise
    // count every row for each page.
    // Every read of a page runs on the read pool when there is one (db/read-pool.ts).
    const reader = readerOf(this.db);
    const search = input.name ? await planNameSearch(reader, input.name) : undefined;
    if (search?.none) return emptyPage(input);
    const options = { countCap: MEMBER_COUNT_CAP };
    // The page of ids and those members' list columns in one query, in the page's order (the
    // name path's grams carry the member's registration time, so the orders agree).
    const listRows = (this.listRows ??= listRowsOf(this.db));
    const rowsOf = (pageIds: SelectQueryBuilder<MembersFrom, 'm', { id: number }>) =>
      applySort(listRows.where('m.id', 'in', pageIds), input, SORT_COLUMNS, DEFAULT_SORT, 'm.id');
    const ids =
      search && inRegistrationOrder(input)
        ? (nameOrderedIds(this.db, input, search) as unknown as MembersQuery<{ id: number }>)
        : filterAndSort(this.db, (this.idsBase ??= idsBaseOf(this.db)), input, search);
    return paginateIds(this.db, ids, input, rowsOf, options);
  }

  /** The export's query: the list's filters and sort, its columns and a few more. */
  async exportQuery(input: MemberExportParams) {
    const search = input.name ? await planNameSearch(this.db, input.name) : undefined;
    const columns = withNames(this.db, [...LIST_COLUMNS, ...EXPORT_EXTRA_COLUMNS]);
    return filterAndSort(this.db, columns, input, search);
  }

  async maxId(): Promise<number> {
    const row = await this.db
      .selectFrom('members')
      .select((eb) => eb.fn.max('id').as('max'))
      .executeTakeFirst();
    return toNumber(row?.max);
  }

  find(id: number): Promise<MemberRecord | undefined> {
    return withNames(this.db, ALL_COLUMNS).where('m.id', '=', id).executeTakeFirst();
  }

  findByPhone(phone: string): Promise<{ id: number } | undefined> {
    return this.db.selectFrom('members').select('id').where('phone', '=', phone).executeTakeFirst();
  }

  async insert(
    values: MemberProfileValues & {
      phone: string;
      idNumber: string | null;
      gradeId: number;
      growthValue: number;
      at: number;
    },
  ): Promise<number> {
    const row = await this.db
      .insertInto('members')
      .values({
        phone: values.phone,
        name: values.name,
        gender: values.gender,
        birthday: values.birthday,
        id_number: values.idNumber,
        province: values.province,
        city: values.city,
        address: values.address,
        grade_id: values.gradeId,
        channel_id: values.channelId,
        avatar: '',
        status: 'normal',
        frozen_reason: '',
        points_balance: 0,
        growth_value: values.growthValue,
        remark: values.remark,
        registered_at: values.at,
        last_active_at: null,
        created_at: values.at,
        updated_at: values.at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  }

  async update(
    id: number,
    values: MemberProfileValues & { phone: string | null; idNumber: string | null; at: number },
  ): Promise<void> {
    await this.db
      .updateTable('members')
      .set({
        phone: values.phone,
        id_number: values.idNumber,
        name: values.name,
        gender: values.gender,
        birthday: values.birthday,
        province: values.province,
        city: values.city,
        address: values.address,
        channel_id: values.channelId,
        remark: values.remark,
        updated_at: values.at,
      })
      .where('id', '=', id)
      .execute();
  }

  /** Change the status only from the expected one; false when it was not (a concurrent change). */
  async setStatus(
    id: number,
    from: MemberStatus,
    to: MemberStatus,
    frozenReason: string,
    at: number,
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('members')
      .set({ status: to, frozen_reason: frozenReason, updated_at: at })
      .where('id', '=', id)
      .where('status', '=', from)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** One member's row as stored (no names joined). */
  findRow(id: number) {
    return this.db.selectFrom('members').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The member's state the other areas check: status, points, grade and growth. */
  brief(id: number) {
    return this.db
      .selectFrom('members')
      .select(['id', 'name', 'phone', 'status', 'points_balance', 'grade_id', 'growth_value'])
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** A member's address on file (the mall's order form uses it when none is typed). */
  addressOf(id: number) {
    return this.db
      .selectFrom('members')
      .select(['province', 'city', 'address'])
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /**
   * Members in good standing to pick in another area's form (a device's bind or lend): by phone
   * prefix when the keyword is digits (the phone index), else by a fragment of the name.
   */
  async lookup(keyword: string, limit: number) {
    if (/^\d+$/.test(keyword)) {
      let q = this.db
        .selectFrom('members as m')
        .select(['m.id', 'm.name', 'm.phone'])
        .where('m.status', '=', 'normal')
        .where('m.phone', '>=', keyword);
      const upper = digitPrefixUpperBound(keyword);
      if (upper) q = q.where('m.phone', '<', upper);
      return q.orderBy('m.phone').limit(limit).execute();
    }
    // By name: the newest members first, read from the grams' (gram, member_id) index in that
    // order (the cross join keeps SQLite reading the grams first).
    const search = await planNameSearch(this.db, keyword);
    if (search.none) return [];
    let named = gramRows(this.db, search)
      .crossJoin('members as m')
      .whereRef('m.id', '=', 'g.member_id')
      .select(['m.id', 'm.name', 'm.phone'])
      .where('m.status', '=', 'normal');
    if (!search.exact)
      named = named.where(containsText('m.name', keyword, { ignoreCaseOn: dialectOf(this.db) }));
    return named.orderBy('g.member_id', 'desc').limit(limit).execute();
  }

  /** Members of a grade or of a channel. */
  async countWhere(column: 'grade_id' | 'channel_id', id: number): Promise<number> {
    const row = await this.db
      .selectFrom('members')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where(column, '=', id)
      .executeTakeFirst();
    return toNumber(row?.n);
  }

  async setGrade(id: number, gradeId: number, at: number): Promise<void> {
    await this.db
      .updateTable('members')
      .set({ grade_id: gradeId, updated_at: at })
      .where('id', '=', id)
      .execute();
  }

  async setGrowth(id: number, growth: number, gradeId: number, at: number): Promise<void> {
    await this.db
      .updateTable('members')
      .set({ growth_value: growth, grade_id: gradeId, updated_at: at })
      .where('id', '=', id)
      .execute();
  }

  /**
   * The members whose growth lies in [min, max) (null: unbounded) but who hold another grade, as
   * grade-log rows moving them to `gradeId` (for an INSERT … SELECT into the grade log).
   */
  regradeLogRows(
    gradeId: number,
    min: number | null,
    max: number | null,
    log: { operatorId: number | null; operatorName: string; remark: string; at: number },
  ) {
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
    return select;
  }

  /** Move the members of `regradeLogRows` to `gradeId`; returns how many moved. */
  async regradeRange(
    gradeId: number,
    min: number | null,
    max: number | null,
    at: number,
  ): Promise<number> {
    let update = this.db
      .updateTable('members')
      .set({ grade_id: gradeId, updated_at: at })
      .where('grade_id', '<>', gradeId);
    if (min !== null) update = update.where('growth_value', '>=', min);
    if (max !== null) update = update.where('growth_value', '<', max);
    const result = await update.executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /**
   * Erase a member's personal data, keeping the row for statistics (see anonymiseMember).
   */
  async anonymise(id: number, name: string, at: number): Promise<void> {
    await this.db
      .updateTable('members')
      .set({
        name,
        phone: null,
        id_number: null,
        birthday: null,
        avatar: '',
        province: '',
        city: '',
        address: '',
        remark: '',
        frozen_reason: '',
        status: 'logged_off',
        updated_at: at,
      })
      .where('id', '=', id)
      .execute();
  }

  /**
   * Add `amount` to the points balance unless it would go below zero (and, `activeOnly`, unless
   * the member is not normal): the new balance, or undefined when nothing changed.
   */
  async addPoints(
    id: number,
    amount: number,
    activeOnly: boolean,
  ): Promise<{ points_balance: number } | undefined> {
    let update = this.db
      .updateTable('members')
      .set({ points_balance: sql<number>`points_balance + ${amount}` })
      .where('id', '=', id)
      .where(sql<number>`points_balance + ${amount}`, '>=', 0);
    if (activeOnly) update = update.where('status', '=', 'normal');
    return update.returning('points_balance').executeTakeFirst();
  }

  /** Status, balance and grade multiplier of an earning member, locked on PostgreSQL. */
  async earningState(id: number) {
    const { rows } = await earningStateOf(this.db, { id });
    return rows[0];
  }

  /** One batch of member ids (status normal, of these grades / channels) after `afterId`. */
  normalIdsAfter(
    type: 'all' | 'grade' | 'channel',
    ids: number[],
    afterId: number,
    limit: number,
  ): Promise<{ id: number }[]> {
    let q = this.db
      .selectFrom('members')
      .select('id')
      .where('status', '=', 'normal')
      .where('id', '>', afterId);
    if (type === 'grade') q = q.where('grade_id', 'in', ids);
    if (type === 'channel') q = q.where('channel_id', 'in', ids);
    return q.orderBy('id').limit(limit).execute();
  }
}
