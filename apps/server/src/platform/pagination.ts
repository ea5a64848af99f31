import type { Page, SortOrder, SortQuery } from '@health/contract';
import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import { readerOf } from '../db/database.js';
import { toNumber } from '../db/values.js';

/**
 * List helpers of every list endpoint (one page + a total; whitelisted server-side sorting).
 *
 *   const query = applySort(
 *     db.selectFrom('operation_logs').selectAll().where(...filters),
 *     input,                                   // { sortField?, sortOrder? } from the contract
 *     { createdAt: 'created_at' },             // sortField → column (the whitelist)
 *     { field: 'createdAt', order: 'descend' },// default
 *     'id',                                    // tie-breaker: stable pages
 *   );
 *   return paginate(db, query, input, (row) => toItem(row));
 */

/**
 * Any Kysely instance or transaction: the query's own database type may differ from the
 * instance's (aliases such as `selectFrom('operators as o')` widen it).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyKysely = Kysely<any>;
/** Any select: the count's own database type is irrelevant (it is wrapped as a subquery). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnySelect = SelectQueryBuilder<any, any, any>;

export interface PageRequest {
  current: number;
  pageSize: number;
}

export interface PaginateOptions<CQ> {
  /**
   * The count's own query when the list's joins only add columns (a lookup of a grade's name):
   * the same filters on the main table alone count the same rows without the joins.
   */
  countQuery?: CQ;
  /**
   * Stop counting after this many rows (the answer says `totalCapped`): for tables of a million
   * rows, where an exact total of a broad filter costs more than the page itself.
   */
  countCap?: number;
}

/** The same page with each row made an answer's item. */
export function mapPage<A, B>(page: Page<A>, map: (row: A) => B): Page<B> {
  return { list: page.list.map(map), pagination: page.pagination };
}

/**
 * Run `query` as one page plus a count of all its rows (not run when the page is the last one).
 * The count runs over the query with its select list replaced by a constant and its order
 * removed, wrapped as a subquery, so filters, joins, group by and distinct count exactly as they
 * list. Works on SQLite and PostgreSQL.
 */
export async function paginate<
  QDB,
  TB extends keyof QDB,
  O,
  T = O,
  CDB = QDB,
  CTB extends keyof CDB = keyof CDB,
  CO = unknown,
>(
  db: AnyKysely,
  query: SelectQueryBuilder<QDB, TB, O>,
  page: PageRequest,
  map?: (row: O) => T,
  options: PaginateOptions<SelectQueryBuilder<CDB, CTB, CO>> = {},
): Promise<Page<T>> {
  // The page and its count run on the read pool (off the server's thread) when there is one.
  const reader = readerOf(db);
  const { rows } = await reader.executeQuery(limitedTo(query, page));
  return {
    list: map ? rows.map(map) : (rows as unknown as T[]),
    pagination: await paginationOf(
      reader,
      (options.countQuery ?? query) as AnySelect,
      page,
      rows.length,
      options,
    ),
  };
}

/** The column that carries a page's capped count in paginateIds (taken off each row). */
const TOTAL_COLUMN = '__page_total';

/**
 * paginate for a list read in two steps — a page of ids, then those ids' rows — in one query:
 * `rowsOf` gets the page's limited id query (to use as `where id in (…)`) and answers the rows in
 * the page's order. The rows carry the (capped) count of `query` as one more column, so a page
 * and its total are one round trip (to PostgreSQL, or to the read pool's worker) instead of
 * two: each round trip wakes a database backend or a worker, which on a busy machine costs more
 * than the query. Both databases run the uncorrelated count once per statement, and not at all
 * when the page is empty.
 */
export async function paginateIds<QDB, TB extends keyof QDB, O, R>(
  db: AnyKysely,
  query: SelectQueryBuilder<QDB, TB, O>,
  page: PageRequest,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  rowsOf: (pageIds: SelectQueryBuilder<QDB, TB, O>) => SelectQueryBuilder<any, any, R>,
  options: { countCap?: number } = {},
): Promise<Page<R>> {
  const reader = readerOf(db);
  const withTotal = rowsOf(limitedTo(query, page)).select(
    countQueryOf(reader, query, options.countCap).as(TOTAL_COLUMN),
  );
  const { rows } = await reader.executeQuery(withTotal);
  const list = rows.map((row) => {
    const { [TOTAL_COLUMN]: _total, ...rest } = row as Record<string, unknown>;
    return rest as R;
  });
  const first = rows[0] as Record<string, unknown> | undefined;
  const counted = first ? totalOf(first[TOTAL_COLUMN], options.countCap) : undefined;
  return {
    list,
    pagination: await paginationOf(reader, query, page, rows.length, options, counted),
  };
}

function limitedTo<QDB, TB extends keyof QDB, O>(
  query: SelectQueryBuilder<QDB, TB, O>,
  { current, pageSize }: PageRequest,
) {
  return query.limit(pageSize).offset((current - 1) * pageSize);
}

/** A page's pagination: its total, counted only when the page's rows do not tell it. */
async function paginationOf(
  reader: AnyKysely,
  countQuery: AnySelect,
  { current, pageSize }: PageRequest,
  rowCount: number,
  options: { countCap?: number },
  /** The count read with the page's rows, when it was. */
  known?: Counted,
): Promise<Page<unknown>['pagination']> {
  const offset = (current - 1) * pageSize;
  // A page that is neither full nor past the end holds the last rows: the total is known without
  // counting (a narrow filter — one phone number — then costs one query, not two).
  const lastPage = rowCount < pageSize && (rowCount > 0 || current === 1);
  const counted = lastPage
    ? { total: offset + rowCount, capped: false }
    : (known ?? (await countRowsUpTo(reader, countQuery, options.countCap)));
  return {
    current,
    pageSize,
    total: counted.total,
    ...(counted.capped ? { totalCapped: true } : {}),
  };
}

/** Count the rows of a query (same subquery as paginate's count). */
export async function countRows<QDB, TB extends keyof QDB, O>(
  db: AnyKysely,
  query: SelectQueryBuilder<QDB, TB, O>,
): Promise<number> {
  return (await countRowsUpTo(db, query)).total;
}

interface Counted {
  total: number;
  capped: boolean;
}

/** Count the rows of a query, stopping after `cap` rows when a cap is given. */
async function countRowsUpTo<QDB, TB extends keyof QDB, O>(
  db: AnyKysely,
  query: SelectQueryBuilder<QDB, TB, O>,
  cap?: number,
): Promise<Counted> {
  const { rows } = await db.executeQuery(countQueryOf(db, query, cap));
  return totalOf(rows[0]?.total, cap);
}

/**
 * The count of a query's rows as a query of one row and one column (`total`): the query with its
 * select list replaced by a constant and its order removed, wrapped as a subquery.
 */
function countQueryOf<QDB, TB extends keyof QDB, O>(
  db: AnyKysely,
  query: SelectQueryBuilder<QDB, TB, O>,
  cap?: number,
) {
  const inner = query
    .clearSelect()
    .clearOrderBy()
    .clearLimit()
    .clearOffset()
    .select(sql<number>`1`.as('one'));
  // The subquery's type is irrelevant to a count; an untyped builder keeps generics simple.
  const untyped = db as unknown as Kysely<Record<string, Record<string, unknown>>>;
  // With a cap, one query counts at most cap + 1 rows: one more than the cap says "more". (Two
  // queries — is there a row past the cap? then count — read fewer rows when capped, but each
  // query is a round trip to PostgreSQL or to the read pool's worker, which costs more.)
  const counted = cap === undefined ? inner : inner.limit(cap + 1);
  return untyped
    .selectFrom(counted.as('counted') as never)
    .select(sql<number>`count(*)`.as('total'));
}

/** A counted total (a number, or a bigint's text) as the answer's total and whether it is capped. */
function totalOf(value: unknown, cap?: number): Counted {
  const total = toNumber(value);
  return cap !== undefined && total > cap ? { total: cap, capped: true } : { total, capped: false };
}

export interface DefaultSort<F extends string> {
  field: F;
  order: SortOrder;
}

/**
 * Order a query by the requested sortable field, mapped through a whitelist of columns (a field
 * that is not in the whitelist falls back to the default — the contract's enum refuses it
 * earlier anyway). A tie-breaker column (usually the id, same direction) keeps pages stable.
 */
export function applySort<DB, TB extends keyof DB, O, F extends string>(
  query: SelectQueryBuilder<DB, TB, O>,
  sort: SortQuery<F> | SortQuery,
  columns: Record<F, string>,
  fallback: DefaultSort<F>,
  tieBreaker?: string,
): SelectQueryBuilder<DB, TB, O> {
  const requested = sort.sortField;
  const known = requested !== undefined && Object.prototype.hasOwnProperty.call(columns, requested);
  const field = (known ? requested : fallback.field) as F;
  const order: SortOrder = known ? (sort.sortOrder ?? fallback.order) : fallback.order;
  const direction = order === 'ascend' ? 'asc' : 'desc';
  let ordered = query.orderBy(sql.ref(columns[field]), direction);
  if (tieBreaker && columns[field] !== tieBreaker) {
    ordered = ordered.orderBy(sql.ref(tieBreaker), direction);
  }
  return ordered;
}

/**
 * Read an ordered query in batches (limit/offset) — for exports, which must never hold the whole
 * table in memory. Give the query a stable order (applySort with a tie-breaker) and, for a table
 * that grows while it is read, an upper bound (e.g. `id <= maxIdAtStart`).
 */
export async function* readInBatches<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  batchSize = 1000,
  maxRows = Number.POSITIVE_INFINITY,
): AsyncGenerator<O[]> {
  let offset = 0;
  while (offset < maxRows) {
    const size = Math.min(batchSize, maxRows - offset);
    const rows = await query.limit(size).offset(offset).execute();
    if (rows.length > 0) yield rows;
    if (rows.length < size) return;
    offset += rows.length;
  }
}

/** Map each batch of an async batch stream. */
export async function* mapBatches<A, B>(
  batches: AsyncIterable<A[]>,
  map: (a: A) => B,
): AsyncGenerator<B[]> {
  for await (const batch of batches) yield batch.map(map);
}
