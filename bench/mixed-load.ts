/**
 * `npm run bench:load`: the server under a mixed load of logged-in operators — reads and writes
 * together — on the embedded SQLite database, and on PostgreSQL with `--postgres` (or when
 * DATABASE_URL is set: a new database is created on that server and dropped afterwards).
 * The built server starts on a new database with the demo data; the administrator logs in once
 * (changing the initial password) and every connection shares that token. The mix:
 *   30 % user info (the token check), 20 % member list page, 20 % operation log list page,
 *   20 % add a search word (a new keyword each), 10 % update a search word.
 * Three runs over the same connections (load.ts):
 *  1. the mix at saturation (autocannon's closed loop, --probe seconds): its throughput;
 *  2. the mix at a fixed rate (--rate, default half the saturated throughput) for --duration
 *     seconds, open loop: p50 and p99 of each kind, timed from when each request was due;
 *  3. /healthz at the same rate over the same number of connections: the machine's floor, next
 *     to the mix's numbers.
 * Errors — answers with an envelope state other than 200 (or HTTP not 2xx) and socket errors —
 * are counted in every run; target 0. Exits non-zero on any error.
 *
 * Options: --duration S (60), --connections N (200), --rate R (req/s), --probe S (10), --postgres.
 */
import { parseArgs } from 'node:util';
import { adminToken } from './admin.ts';
import { ensureBuilt } from './build.ts';
import { startServer, type RunningServer } from '../e2e/support/server.ts';
import {
  atFixedRate,
  mixAtFixedRate,
  mixOrder,
  saturate,
  type MixEntry,
  type Target,
} from './load.ts';
import { BENCH_SECRET_KEY, createScratchDatabase, type ScratchDatabase } from './postgres.ts';
import type autocannon from 'autocannon';

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string' },
    connections: { type: 'string' },
    rate: { type: 'string' },
    probe: { type: 'string' },
    postgres: { type: 'boolean', default: false },
  },
});
const DURATION_S = Number(args.duration ?? process.env.BENCH_LOAD_SECONDS ?? 60);
const CONNECTIONS = Number(args.connections ?? 200);
const PROBE_S = Number(args.probe ?? 10);
const FIXED_RATE = args.rate === undefined ? undefined : Number(args.rate);
/** Share of the saturated throughput offered in the latency run. */
const LOAD_SHARE = 0.5;
const POSTGRES_SERVER = process.env.DATABASE_URL || (args.postgres ? '' : undefined);
for (const [name, v] of Object.entries({ DURATION_S, CONNECTIONS, PROBE_S, FIXED_RATE }))
  if (v !== undefined && !(Number.isFinite(v) && v > 0)) throw new Error(`${name}: ${v}`);

const API = '/api/v3';
const PATHS = {
  info: `${API}/system/admin/adminUser/info`,
  members: `${API}/member/admin/member/list`,
  operateLog: `${API}/system/admin/operateLog/list`,
  searchSave: `${API}/sys/admin/sysSearch/save`,
  searchUpdate: `${API}/sys/admin/sysSearch/update`,
};
/** Words the update requests take turns on (each keeps its keyword; sort and state change). */
const UPDATED_WORDS = 50;
/** Member list pages read in turn. */
const MEMBER_PAGES = 5;

interface Kind {
  name: string;
  weight: number;
  method: 'GET' | 'POST';
  /** Path (with query) and form body of the next request of this kind. */
  next: () => { path: string; body?: string };
}

function kindsOf(updateIds: number[], tag: string): Kind[] {
  let added = 0;
  let updated = 0;
  let memberPage = 0;
  const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
  return [
    { name: 'GET user info', weight: 3, method: 'GET', next: () => ({ path: PATHS.info }) },
    {
      name: 'GET member list page',
      weight: 2,
      method: 'GET',
      next: () => ({
        path: `${PATHS.members}?current=${(memberPage++ % MEMBER_PAGES) + 1}&pageSize=20`,
      }),
    },
    {
      name: 'GET operation log page',
      weight: 2,
      method: 'GET',
      next: () => ({ path: `${PATHS.operateLog}?current=1&pageSize=20` }),
    },
    {
      name: 'POST search word add',
      weight: 2,
      method: 'POST',
      next: () => ({
        path: PATHS.searchSave,
        body: form({ keyword: `${tag}-${added++}`, type: 'default', sort: '0', enabled: 'true' }),
      }),
    },
    {
      name: 'POST search word update',
      weight: 1,
      method: 'POST',
      next: () => {
        const i = updated++ % updateIds.length;
        return {
          path: PATHS.searchUpdate,
          body: form({
            id: String(updateIds[i]),
            keyword: `${tag}-upd-${i}`,
            type: 'hot',
            sort: String(updated % 10000),
            enabled: updated % 2 ? 'true' : 'false',
          }),
        };
      },
    },
  ];
}

async function call(url: string, token: string, path: string, body?: string) {
  const res = await fetch(`${url}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/x-www-form-urlencoded' }),
    },
    ...(body === undefined ? {} : { body }),
  });
  return (await res.json()) as { state: number; msg: string; data: unknown };
}

const stateOf = (body: string) => Number(/"state":(\d+)/.exec(body.slice(0, 64))?.[1] ?? NaN);

interface Row {
  run: string;
  kind: string;
  share: string;
  'req/s': number;
  'p50 ms': number | string;
  'p99 ms': number | string;
  errors: number;
}

async function runOn(database: 'sqlite' | 'postgres'): Promise<{ rows: Row[]; errors: string[] }> {
  let scratch: ScratchDatabase | undefined;
  let server: RunningServer | undefined;
  const rows: Row[] = [];
  const errors: string[] = [];
  try {
    const env: Record<string, string> = {
      DEMO_DATA: 'true',
      // The login endpoint's per-IP guard: the bench logs in once and shares the token, but a
      // rerun within the minute must not meet it either.
      AUTH_RATE_LIMIT_PER_MINUTE: '1000000',
    };
    if (database === 'postgres') {
      scratch = await createScratchDatabase('bench_load', POSTGRES_SERVER || undefined);
      Object.assign(env, { DATABASE_URL: scratch.url, SECRET_KEY: BENCH_SECRET_KEY });
    }
    server = await startServer(env);
    const url = server.url;
    const token = await adminToken(url);
    const tag = `load${Date.now() % 100000}`;

    // The words the updates take turns on, and one request of each kind as a sanity check.
    const updateIds: number[] = [];
    for (let i = 0; i < UPDATED_WORDS; i++) {
      const answer = await call(
        url,
        token,
        PATHS.searchSave,
        new URLSearchParams({ keyword: `${tag}-upd-${i}`, type: 'hot' }).toString(),
      );
      if (answer.state !== 200) throw new Error(`search word add: ${answer.state} ${answer.msg}`);
      updateIds.push((answer.data as { id: number }).id);
    }
    const kinds = kindsOf(updateIds, tag);
    for (const kind of kinds) {
      const r = kind.next();
      const answer = await call(url, token, r.path, r.body);
      if (answer.state !== 200) throw new Error(`${kind.name}: ${answer.state} ${answer.msg}`);
    }
    const members = await call(url, token, `${PATHS.members}?pageSize=1`);
    const memberTotal = (members.data as { pagination: { total: number } }).pagination.total;
    if (memberTotal < 20 * MEMBER_PAGES)
      console.warn(`only ${memberTotal} members: some member list pages are empty`);

    const headers = { authorization: `Bearer ${token}` };
    const postHeaders = { ...headers, 'content-type': 'application/x-www-form-urlencoded' };
    const totalWeight = kinds.reduce((n, k) => n + k.weight, 0);
    const share = (k: Kind) => `${Math.round((100 * k.weight) / totalWeight)} %`;

    // 1. Saturation: each connection sends one round of the mix (the open loop's order) after
    // another, each request as soon as the last one is answered.
    let stateErrors = 0;
    const sequence: autocannon.Request[] = mixOrder(kinds.map((k) => k.weight)).map((i) => {
      const k = kinds[i]!;
      return {
        method: k.method,
        path: PATHS.info, // replaced by setupRequest, which builds each request anew
        headers: k.method === 'POST' ? postHeaders : headers,
        setupRequest: (req) => {
          const r = k.next();
          return { ...req, path: r.path, ...(r.body === undefined ? {} : { body: r.body }) };
        },
        onResponse: (_status, body) => {
          if (stateOf(body) !== 200) stateErrors++;
        },
      };
    });
    const saturated = await saturate(
      'mix at saturation',
      { url, requests: sequence },
      CONNECTIONS,
      PROBE_S,
    );
    // stateErrors also counted the warm-up's answers: all of them must be 200 too.
    const socketErrors = Object.values(saturated.socketErrors).reduce((a, b) => a + b, 0);
    const saturatedErrors = Math.max(stateErrors, saturated.non2xx) + socketErrors;
    rows.push({
      run: `saturation ${PROBE_S} s (closed loop)`,
      kind: 'whole mix',
      share: '100 %',
      'req/s': Math.round(saturated.rps),
      'p50 ms': saturated.p50,
      'p99 ms': saturated.p99,
      errors: saturatedErrors,
    });
    if (saturatedErrors > 0)
      errors.push(
        `${database} saturation: ${stateErrors} non-200 states, ${saturated.non2xx} non-2xx, ` +
          `${socketErrors} socket errors/timeouts ${JSON.stringify(saturated.socketErrors)}`,
      );

    // 2. The mix at a fixed rate, open loop, each kind timed on its own.
    const rate = FIXED_RATE ?? Math.max(1, Math.round(saturated.rps * LOAD_SHARE));
    const mix: MixEntry[] = kinds.map((k) => ({
      name: k.name,
      weight: k.weight,
      target: (): Target => {
        const r = k.next();
        return {
          url: `${url}${r.path}`,
          method: k.method,
          headers: r.body === undefined ? headers : postHeaders,
          ...(r.body === undefined ? {} : { body: r.body }),
        };
      },
    }));
    const label = `${rate} req/s, ${DURATION_S} s (open loop)`;
    try {
      const run = await mixAtFixedRate('mix', mix, rate, CONNECTIONS, DURATION_S);
      const failed = run.kinds.reduce((n, k) => n + k.failed, 0);
      const all = run.kinds;
      rows.push({
        run: label,
        kind: `whole mix (steal ${run.stealPct?.toFixed(1) ?? '?'} %)`,
        share: '100 %',
        'req/s': Math.round(run.rps),
        'p50 ms': '',
        'p99 ms': '',
        errors: failed,
      });
      all.forEach((k, i) =>
        rows.push({
          run: label,
          kind: k.name,
          share: share(kinds[i]!),
          'req/s': Math.round(k.rps),
          'p50 ms': k.p50,
          'p99 ms': k.p99,
          errors: k.failed,
        }),
      );
      for (const k of all)
        if (k.failed > 0) errors.push(`${database} ${k.name}: ${k.failed} answers not state 200`);
    } catch (err) {
      rows.push({
        run: label,
        kind: 'whole mix: socket error',
        share: '',
        'req/s': 0,
        'p50 ms': '',
        'p99 ms': '',
        errors: 1,
      });
      errors.push(`${database} mix at ${rate} req/s: socket error, run ended: ${String(err)}`);
    }

    // 3. /healthz at the same rate over the same connections.
    try {
      const health = await atFixedRate(
        'GET /healthz',
        { url: `${url}/healthz` },
        rate,
        CONNECTIONS,
        DURATION_S,
      );
      rows.push({
        run: label,
        kind: `GET /healthz alone (steal ${health.stealPct?.toFixed(1) ?? '?'} %)`,
        share: '',
        'req/s': Math.round(health.rps),
        'p50 ms': health.p50,
        'p99 ms': health.p99,
        errors: health.non2xx,
      });
      if (health.non2xx > 0) errors.push(`${database} /healthz: ${health.non2xx} non-2xx`);
    } catch (err) {
      errors.push(`${database} /healthz at ${rate} req/s: socket error: ${String(err)}`);
    }
    return { rows, errors };
  } finally {
    await server?.stop();
    await scratch?.drop();
  }
}

async function main() {
  ensureBuilt();
  const databases = POSTGRES_SERVER === undefined ? ['sqlite'] : ['sqlite', 'postgres'];
  const failures: string[] = [];
  for (const database of databases as ('sqlite' | 'postgres')[]) {
    const { rows, errors } = await runOn(database);
    console.log(
      `\nMixed load on ${database === 'sqlite' ? 'SQLite (embedded)' : 'PostgreSQL'}: ${CONNECTIONS} connections, one shared admin token`,
    );
    console.table(rows);
    failures.push(...errors);
  }
  if (failures.length > 0) {
    console.error(`\nErrors (target 0):\n- ${failures.join('\n- ')}`);
    process.exit(1);
  }
  console.log('\nNo errors.');
}

await main();
