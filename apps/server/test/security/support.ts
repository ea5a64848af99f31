import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import type { RouteTableEntry } from '../../src/platform/permissions.js';
import { createTestApp, type TestApp } from '../helpers/app.js';

/** Shared pieces of the security harness (authorization-matrix.test.ts, fuzz.test.ts). */

export type Route = RouteTableEntry;

/** "POST /v3/system/admin/adminUser/add": the route without the configurable service prefix. */
export function routeName(t: Pick<TestApp, 'config'>, route: Route): string {
  return `${route.method} ${pathOf(t, route)}`;
}

export function pathOf(t: Pick<TestApp, 'config'>, route: Route): string {
  const prefix = `/${t.config.apiService}`;
  return route.url.startsWith(prefix) ? route.url.slice(prefix.length) : route.url;
}

/**
 * The route table, read once from a throwaway app: tests are declared per route before any
 * database exists. The table depends on code only, not on the database kind.
 */
export async function discoverRoutes(): Promise<{ routes: Route[]; apiService: string }> {
  const t = await createTestApp('sqlite');
  try {
    return { routes: [...t.app.routeTable], apiService: t.config.apiService };
  } finally {
    await t.close();
  }
}

/** One answer, read as the envelope (or, for a 200 file download, as state 200). */
export interface Answer {
  http: number;
  /** Envelope state; null when the answer is not an envelope. */
  state: number | null;
  msg: string;
  /** Messages of data.errors (validation failures). */
  errorMsgs: string[];
  /** Fields of data.errors ("id", "ids.1", "value.doctorIds.0"). */
  errorFields: string[];
  contentType: string;
  /** The start of the body, for failure reports. */
  preview: string;
}

export function answerOf(response: LightMyRequestResponse): Answer {
  const contentType = String(response.headers['content-type'] ?? '');
  const base = {
    http: response.statusCode,
    contentType,
    preview: response.body.slice(0, 300),
    msg: '',
    errorMsgs: [] as string[],
    errorFields: [] as string[],
  };
  if (!contentType.includes('application/json')) {
    // File downloads (exports, QR codes) answer 200 with their own type; that counts as success.
    return { ...base, state: response.statusCode === 200 ? 200 : null };
  }
  try {
    const body = JSON.parse(response.body) as {
      state?: unknown;
      msg?: unknown;
      data?: { errors?: { msg?: unknown; field?: unknown }[] } | null;
    };
    const errors = Array.isArray(body.data?.errors) ? body.data.errors : [];
    return {
      ...base,
      state: typeof body.state === 'number' ? body.state : null,
      msg: typeof body.msg === 'string' ? body.msg : '',
      errorMsgs: errors.map((e) => String(e?.msg ?? '')),
      errorFields: errors.map((e) => String(e?.field ?? '')),
    };
  } catch {
    return { ...base, state: null };
  }
}

/**
 * Text that must never reach a client: stack frames, SQL, driver and engine names, JS error
 * class names. Checked on `msg` and on every `data.errors[].msg`.
 */
export const LEAK_PATTERN =
  /\bat \S+:\d+|\bselect |\binsert |\bupdate \S+ set\b|\bdelete from\b|sqlite|postgres|\bpg_|syntax|TypeError|ReferenceError|RangeError|SyntaxError|kysely|node_modules|\.ts:\d+|\.js:\d+/i;

export function leakIn(answer: Answer): string | null {
  for (const text of [answer.msg, ...answer.errorMsgs]) {
    if (LEAK_PATTERN.test(text)) return text;
  }
  return null;
}

export function inject(t: TestApp, request: InjectOptions): Promise<LightMyRequestResponse> {
  return t.app.inject(request);
}

/**
 * Database fingerprints: "a refused request changed nothing".
 *
 * Every table the database has (read from the schema, so new tables are covered without editing
 * this list), all rows, all columns — except what legitimately changes on a refused request:
 *   - operation_logs: refusals are audited (login failures, denied actions);
 *   - login_attempts: every failed login is recorded (brute-force lock);
 *   - captchas: a login attempt consumes its captcha, right or wrong;
 *   - the migration bookkeeping tables;
 *   - sessions.last_seen_at: touched by any authenticated request (at most once a minute).
 * Rows are compared as sets (sorted JSON), so the order a database returns them in is irrelevant.
 */
export const FINGERPRINT_EXCLUDED_TABLES = new Set([
  'operation_logs',
  'login_attempts',
  'captchas',
  'kysely_migration',
  'kysely_migration_lock',
]);
export const FINGERPRINT_VOLATILE_COLUMNS: Record<string, string[]> = {
  sessions: ['last_seen_at'],
};

export type Fingerprint = Map<string, string[]>;

export interface TableColumns {
  table: string;
  columns: string[];
}

/** The fingerprinted tables of the test database, with the columns that count. */
export async function fingerprintTables(t: TestApp): Promise<TableColumns[]> {
  const tables = await t.db.introspection.getTables();
  const seen = new Set<string>();
  const result: TableColumns[] = [];
  for (const table of tables) {
    if (FINGERPRINT_EXCLUDED_TABLES.has(table.name) || seen.has(table.name)) continue;
    seen.add(table.name);
    const volatile = FINGERPRINT_VOLATILE_COLUMNS[table.name] ?? [];
    result.push({
      table: table.name,
      columns: table.columns.map((c) => c.name).filter((c) => !volatile.includes(c)),
    });
  }
  return result;
}

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Every row of every fingerprinted table, as JSON text per row — one query. */
export async function fingerprint(t: TestApp, tables: TableColumns[]): Promise<Fingerprint> {
  const json = t.database.kind === 'postgres' ? 'json_build_object' : 'json_object';
  const cast = t.database.kind === 'postgres' ? '::text' : '';
  const parts = tables.map(
    ({ table, columns }) =>
      `select '${table}' as t, ${json}(${columns.map((c) => `'${c}', ${ident(c)}`).join(', ')})${cast} as j from ${ident(table)}`,
  );
  const result: Fingerprint = new Map(tables.map(({ table }) => [table, []]));
  if (parts.length === 0) return result;
  const { rows } = await sql<{
    t: string;
    j: string;
  }>`${sql.raw(parts.join(' union all '))}`.execute(t.db);
  for (const row of rows) result.get(row.t)?.push(row.j);
  for (const lines of result.values()) lines.sort();
  return result;
}

/**
 * A value that changes whenever the database may have been written: SQLite's count of rows this
 * connection changed (the app and the test share it); PostgreSQL's WAL insert position (moved by
 * any write on the server, other test runs included: then the fingerprint decides). Equal values
 * before and after a request prove it wrote nothing, which spares a fingerprint.
 */
export async function changeMarker(t: TestApp): Promise<string> {
  const query =
    t.database.kind === 'postgres'
      ? sql<{ m: string }>`select pg_current_wal_insert_lsn()::text as m`
      : sql<{ m: string }>`select total_changes() as m`;
  const { rows } = await query.execute(t.db);
  return String(rows[0]?.m);
}

/** What changed between two fingerprints ([] when nothing did), a few rows per table. */
export function fingerprintDiff(before: Fingerprint, after: Fingerprint): string[] {
  const changes: string[] = [];
  for (const [table, rowsAfter] of after) {
    const rowsBefore = before.get(table) ?? [];
    const setBefore = new Set(rowsBefore);
    const setAfter = new Set(rowsAfter);
    const added = rowsAfter.filter((r) => !setBefore.has(r));
    const removed = rowsBefore.filter((r) => !setAfter.has(r));
    if (added.length || removed.length) {
      changes.push(
        `${table}: +${added.length} -${removed.length}` +
          added
            .slice(0, 2)
            .map((r) => `\n    + ${r.slice(0, 300)}`)
            .join('') +
          removed
            .slice(0, 2)
            .map((r) => `\n    - ${r.slice(0, 300)}`)
            .join(''),
      );
    }
  }
  for (const table of before.keys()) if (!after.has(table)) changes.push(`${table}: dropped`);
  return changes;
}

/** A short, printable form of a value (huge strings abbreviated). */
export function preview(value: unknown, max = 400): string {
  const text =
    typeof value === 'string'
      ? value
      : JSON.stringify(value, (_k, v: unknown) =>
          typeof v === 'string' && v.length > 60 ? `${v.slice(0, 20)}…(${v.length} chars)` : v,
        );
  return text === undefined ? 'undefined' : text.length > max ? `${text.slice(0, max)}…` : text;
}
