import { memberListQuerySchema } from '@health/contract';
import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Database } from '../src/db/schema.js';
import { memberIdsQuery } from '../src/modules/member/members/repo.js';

/**
 * The SQL of the member list's id query for the filters `npm run bench:members` measures, on both
 * databases, compiled without a connection. A change to it (a lost index range, a new join) fails
 * here until the snapshot is updated (`npx vitest run --project server -u`), so it shows in review.
 */
const compilers = {
  sqlite: () =>
    new Kysely<Database>({
      dialect: {
        createAdapter: () => new SqliteAdapter(),
        createDriver: () => new DummyDriver(),
        createIntrospector: (db) => new SqliteIntrospector(db),
        createQueryCompiler: () => new SqliteQueryCompiler(),
      },
    }),
  postgres: () =>
    new Kysely<Database>({
      dialect: {
        createAdapter: () => new PostgresAdapter(),
        createDriver: () => new DummyDriver(),
        createIntrospector: (db) => new PostgresIntrospector(db),
        createQueryCompiler: () => new PostgresQueryCompiler(),
      },
    }),
};

const DAY = 24 * 60 * 60 * 1000;
const NOW = Date.UTC(2026, 10, 23);
const BENCH_FILTERS = {
  'phone prefix': { phonePrefix: '138' },
  'grade + 30-day registration range': {
    gradeId: '2',
    registeredStart: String(NOW - 400 * DAY),
    registeredEnd: String(NOW - 370 * DAY),
  },
  'default sort (newest first)': {},
  'name 王伟 (the grams index alone)': { name: '王伟' },
  'name 李秀英 (the grams index alone)': { name: '李秀英' },
  'name 李秀英王 (triples, confirmed by LIKE)': { name: '李秀英王' },
};

describe('the member list SQL the bench keeps fast', () => {
  it.each(Object.keys(compilers) as (keyof typeof compilers)[])('on %s', async (kind) => {
    const db = compilers[kind]();
    const text = Object.entries(BENCH_FILTERS)
      .map(([name, query]) => {
        const input = memberListQuerySchema.parse({ current: '1', pageSize: '20', ...query });
        const compiled = memberIdsQuery(db, input).compile();
        return `-- ${name}\n${compiled.sql};\n-- parameters: ${JSON.stringify(compiled.parameters)}\n`;
      })
      .join('\n');
    await expect(text).toMatchFileSnapshot(`./sql/member-list.${kind}.sql`);
  });
});
