import { describe, expect, it } from 'vitest';
import { contentDisposition, exportFileName } from '../src/platform/export.js';
import {
  applySort,
  countRows,
  paginate,
  paginateIds,
  readInBatches,
} from '../src/platform/pagination.js';
import { databaseKinds } from './helpers/databases.js';
import { setupApp, type TestApp } from './helpers/app.js';

const COLUMNS = { time: 'created_at', who: 'operator_name' } as const;

describe.each(databaseKinds)('list helpers on %s', (kind) => {
  let t: TestApp;

  setupApp(kind, async (app) => {
    t = app;
    await t.db.deleteFrom('operation_logs').execute();
    // 7 rows; rows 2 and 3 share a time (the tie-breaker decides), operators a/b/c.
    const times = [100, 200, 300, 300, 400, 500, 600];
    await t.db
      .insertInto('operation_logs')
      .values(
        times.map((at, i) => ({
          operator_id: null,
          operator_name: ['a', 'b', 'c'][i % 3] ?? '',
          module: 'm',
          action: 'x',
          target: `t${i}`,
          ip: '',
          result: 'success' as const,
          message: '',
          request_id: '',
          created_at: at,
        })),
      )
      .execute();
  });

  const base = () => t.db.selectFrom('operation_logs').select(['id', 'target', 'operator_name']);

  it('pages a query and counts all its rows', async () => {
    const q = applySort(base(), {}, COLUMNS, { field: 'time', order: 'ascend' }, 'id');
    const page = await paginate(t.db, q, { current: 2, pageSize: 3 }, (r) => r.target);
    expect(page).toEqual({
      list: ['t3', 't4', 't5'],
      pagination: { current: 2, pageSize: 3, total: 7 },
    });
    const past = await paginate(t.db, q, { current: 9, pageSize: 3 });
    expect(past.list).toEqual([]);
    expect(past.pagination.total).toBe(7);
  });

  it('stops counting at a cap and says so, and counts with a separate count query', async () => {
    const q = applySort(base(), {}, COLUMNS, { field: 'time', order: 'ascend' }, 'id');
    const capped = await paginate(t.db, q, { current: 1, pageSize: 2 }, undefined, {
      countCap: 5,
    });
    expect(capped.pagination).toEqual({ current: 1, pageSize: 2, total: 5, totalCapped: true });
    expect(capped.list).toHaveLength(2);
    const exact = await paginate(t.db, q, { current: 1, pageSize: 2 }, undefined, {
      countCap: 7,
    });
    expect(exact.pagination).toEqual({ current: 1, pageSize: 2, total: 7 });
    const counted = await paginate(t.db, q, { current: 1, pageSize: 2 }, undefined, {
      countQuery: t.db.selectFrom('operation_logs').where('operator_name', '=', 'a'),
    });
    expect(counted.pagination.total).toBe(3);
  });

  it('knows the total of a partial last page without counting', async () => {
    const q = applySort(base(), {}, COLUMNS, { field: 'time', order: 'ascend' }, 'id');
    // A count over a missing table would fail: a page that is not full must not run it.
    const failingCount = { countQuery: t.db.selectFrom('no_such_table' as never) };
    const last = await paginate(
      t.db,
      q,
      { current: 3, pageSize: 3 },
      (r) => r.target,
      failingCount,
    );
    expect(last).toEqual({ list: ['t6'], pagination: { current: 3, pageSize: 3, total: 7 } });
    const only = await paginate(
      t.db,
      q.where('operator_name', '=', 'nobody'),
      { current: 1, pageSize: 3 },
      undefined,
      failingCount,
    );
    expect(only.pagination.total).toBe(0);
    // A full page or a page past the end still counts.
    await expect(
      paginate(t.db, q, { current: 1, pageSize: 3 }, undefined, failingCount),
    ).rejects.toThrow();
    await expect(
      paginate(t.db, q, { current: 9, pageSize: 3 }, undefined, failingCount),
    ).rejects.toThrow();
  });

  it('reads a page of ids with its rows and its total in one query', async () => {
    const ids = applySort(
      t.db.selectFrom('operation_logs').select('id'),
      {},
      COLUMNS,
      { field: 'time', order: 'ascend' },
      'id',
    );
    const rowsOf = (pageIds: typeof ids) =>
      applySort(
        t.db.selectFrom('operation_logs').select(['target']).where('id', 'in', pageIds),
        {},
        COLUMNS,
        { field: 'time', order: 'ascend' },
        'id',
      );
    // Counts the queries run (a result per query; subqueries are part of theirs).
    let queries = 0;
    const counted = t.db.withPlugin({
      transformQuery: (args) => args.node,
      transformResult: (args) => {
        queries += 1;
        return Promise.resolve(args.result);
      },
    });
    const full = await paginateIds(counted, ids, { current: 2, pageSize: 3 }, rowsOf);
    // The rows are the page's, in its order, without the column that carried the total.
    expect(full).toEqual({
      list: [{ target: 't3' }, { target: 't4' }, { target: 't5' }],
      pagination: { current: 2, pageSize: 3, total: 7 },
    });
    expect(queries).toBe(1);
    const capped = await paginateIds(t.db, ids, { current: 1, pageSize: 2 }, rowsOf, {
      countCap: 5,
    });
    expect(capped.pagination).toEqual({ current: 1, pageSize: 2, total: 5, totalCapped: true });
    expect(capped.list).toEqual([{ target: 't0' }, { target: 't1' }]);
    const last = await paginateIds(t.db, ids, { current: 3, pageSize: 3 }, rowsOf);
    expect(last).toEqual({
      list: [{ target: 't6' }],
      pagination: { current: 3, pageSize: 3, total: 7 },
    });
    // Past the end the page has no row to carry the total: it is counted on its own.
    queries = 0;
    const past = await paginateIds(counted, ids, { current: 9, pageSize: 3 }, rowsOf);
    expect(past).toEqual({ list: [], pagination: { current: 9, pageSize: 3, total: 7 } });
    expect(queries).toBe(2);
    const none = await paginateIds(
      t.db,
      ids.where('operator_name', '=', 'nobody'),
      { current: 1, pageSize: 3 },
      rowsOf,
    );
    expect(none.pagination.total).toBe(0);
  });

  it('counts grouped queries by their groups', async () => {
    const grouped = t.db
      .selectFrom('operation_logs')
      .select(['operator_name', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('operator_name');
    expect(await countRows(t.db, grouped)).toBe(3);
    const page = await paginate(t.db, grouped.orderBy('operator_name'), {
      current: 1,
      pageSize: 2,
    });
    expect(page.list.map((r) => r.operator_name)).toEqual(['a', 'b']);
    expect(page.pagination.total).toBe(3);
  });

  it('sorts by whitelisted fields with a stable tie-breaker, falls back otherwise', async () => {
    const targets = async (sort: { sortField?: string; sortOrder?: 'ascend' | 'descend' }) =>
      (
        await applySort(base(), sort, COLUMNS, { field: 'time', order: 'descend' }, 'id').execute()
      ).map((r) => r.target);
    expect(await targets({})).toEqual(['t6', 't5', 't4', 't3', 't2', 't1', 't0']);
    expect(await targets({ sortField: 'time', sortOrder: 'ascend' })).toEqual([
      't0',
      't1',
      't2',
      't3',
      't4',
      't5',
      't6',
    ]);
    // Not in the whitelist (e.g. an injected column name): the default order, nothing else.
    expect(await targets({ sortField: 'target; drop table x', sortOrder: 'ascend' })).toEqual([
      't6',
      't5',
      't4',
      't3',
      't2',
      't1',
      't0',
    ]);
    const byWho = await targets({ sortField: 'who', sortOrder: 'ascend' });
    expect(byWho).toEqual(['t0', 't3', 't6', 't1', 't4', 't2', 't5']);
  });

  it('reads a query in batches without skipping or repeating rows', async () => {
    const q = applySort(base(), {}, COLUMNS, { field: 'time', order: 'descend' }, 'id');
    const batches: string[][] = [];
    for await (const batch of readInBatches(q, 3)) batches.push(batch.map((r) => r.target));
    expect(batches).toEqual([['t6', 't5', 't4'], ['t3', 't2', 't1'], ['t0']]);
    const capped: string[] = [];
    for await (const batch of readInBatches(q, 3, 4)) capped.push(...batch.map((r) => r.target));
    expect(capped).toEqual(['t6', 't5', 't4', 't3']);
  });
});

describe('export headers', () => {
  it('names the file in UTF-8 (RFC 5987) with an ASCII fallback', () => {
    const header = contentDisposition('操作日志-20240101.xlsx');
    expect(header).toBe(
      `attachment; filename="____-20240101.xlsx"; filename*=UTF-8''${encodeURIComponent('操作日志')}-20240101.xlsx`,
    );
    expect(contentDisposition(`it's (1)*.xlsx`)).toContain(
      `filename*=UTF-8''it%27s%20%281%29%2A.xlsx`,
    );
    expect(contentDisposition('a"b.xlsx')).toContain('filename="a_b.xlsx"');
  });

  it('stamps export file names with China time, whatever the server runs in', () => {
    const at = Date.parse('2024-01-01T19:04:05Z'); // 2024-01-02 03:04:05 in China
    expect(exportFileName('操作日志', at)).toBe('操作日志-20240102030405.xlsx');
  });
});
