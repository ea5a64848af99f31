/**
 * `npm run bench:durability`: does an acknowledged write survive the server being killed?
 * On the embedded SQLite database and on PostgreSQL, the built server is started on a new
 * database; then, each cycle:
 *  - 16 clients add search words (POST sysSearch/save, each with a keyword of its own, so every
 *    write is told apart) one after another, as fast as the server answers;
 *  - at a random moment 0.2–1 s after the first write was acknowledged, the server process gets
 *    SIGKILL (kill -9) while writes are in flight;
 *  - it is started again on the same database (timed from spawn to the first healthy /healthz);
 *  - every write a client received state 200 for — before or after the kill — must be in the
 *    search word list with the id it was answered with. Writes whose answer never came (the
 *    connection died with them) have an unknown outcome: counted, not judged.
 * Prints per database: cycles, writes acknowledged, acknowledged writes lost (target 0), writes
 * in flight at the kill, restart time (median, max). Exits non-zero when an acknowledged write
 * was lost or a write was refused.
 *
 * Options: --cycles N (or BENCH_CYCLES; default 50), --db sqlite|postgres|both (default both),
 * --clients N (default 16). PostgreSQL: a new database on BENCH_POSTGRES_URL's server, dropped
 * at the end (postgres.ts).
 */
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { adminToken } from './admin.ts';
import { ensureBuilt } from './build.ts';
import { BENCH_SECRET_KEY, createScratchDatabase, type ScratchDatabase } from './postgres.ts';
import { freePort, spawnServer, type ServerProcess } from '../e2e/support/server.ts';

const { values: args } = parseArgs({
  options: {
    cycles: { type: 'string' },
    db: { type: 'string', default: 'both' },
    clients: { type: 'string' },
  },
});
const CYCLES = Number(args.cycles ?? process.env.BENCH_CYCLES ?? 50);
const CLIENTS = Number(args.clients ?? process.env.BENCH_CLIENTS ?? 16);
const KILL_AFTER_MS = { min: 200, max: 1000 };
const DATABASES = args.db === 'both' ? (['sqlite', 'postgres'] as const) : [args.db];
if (!Number.isInteger(CYCLES) || CYCLES < 1) throw new Error(`--cycles: ${args.cycles}`);
if (!Number.isInteger(CLIENTS) || CLIENTS < 1) throw new Error(`--clients: ${args.clients}`);
for (const db of DATABASES)
  if (db !== 'sqlite' && db !== 'postgres') throw new Error(`--db: sqlite, postgres or both`);

const SAVE = '/api/v3/sys/admin/sysSearch/save';
const LIST = '/api/v3/sys/admin/sysSearch/list';
const PAGE_SIZE = 100;

interface Answer {
  state: number;
  msg: string;
  data: unknown;
}

/** One request over `agent`; rejects when the connection fails before a whole answer came. */
function request(agent: http.Agent, url: string, token: string, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        agent,
        method: body === undefined ? 'GET' : 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          ...(body === undefined
            ? {}
            : {
                'content-type': 'application/x-www-form-urlencoded',
                'content-length': Buffer.byteLength(body),
              }),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          try {
            resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')) as Answer);
          } catch (err) {
            reject(err as Error);
          }
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

interface CycleResult {
  acked: number;
  lost: string[];
  /** Sent and not yet answered when the kill was sent. */
  inFlightAtKill: number;
  /** Their connection died with them: committed or not, nobody was told. */
  unknown: number;
  /** Of the unknown ones, how many the restarted server has. */
  unknownLanded: number;
  refused: string[];
  restartMs: number;
}

interface Written {
  keyword: string;
  id: number;
}

/** Every search word whose keyword contains `marker`, keyword → id, as the server lists them. */
async function listWords(url: string, token: string, marker: string): Promise<Map<string, number>> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    const found = new Map<string, number>();
    for (let current = 1; ; current++) {
      const answer = await request(
        agent,
        `${url}${LIST}?keyword=${encodeURIComponent(marker)}&pageSize=${PAGE_SIZE}&current=${current}`,
        token,
      );
      if (answer.state !== 200)
        throw new Error(`list after restart answered ${answer.state}: ${answer.msg}`);
      const { list } = answer.data as { list: Written[] };
      for (const w of list) found.set(w.keyword, w.id);
      if (list.length < PAGE_SIZE) return found;
    }
  } finally {
    agent.destroy();
  }
}

async function cycle(
  server: ServerProcess,
  n: number,
  token: string,
  restart: () => Promise<ServerProcess>,
): Promise<{ result: CycleResult; server: ServerProcess }> {
  // Keywords are at most 30 characters: "d<cycle>-<client>-<sequence>".
  const marker = `d${String(n).padStart(3, '0')}-`;
  const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS });
  const acked: Written[] = [];
  const refused: string[] = [];
  const unknown: string[] = [];
  const inFlight = new Set<string>();
  let killing = false;
  let firstAck: () => void = () => undefined;
  const acknowledging = new Promise<void>((resolve) => (firstAck = resolve));

  const writer = async (client: number) => {
    for (let seq = 0; !killing; seq++) {
      const keyword = `${marker}${client}-${seq}`;
      const body = new URLSearchParams({ keyword, type: 'hot', sort: '0', enabled: 'true' });
      inFlight.add(keyword);
      try {
        const answer = await request(agent, `${server.url}${SAVE}`, token, body.toString());
        if (answer.state === 200) {
          acked.push({ keyword, id: (answer.data as { id: number }).id });
          firstAck();
        } else refused.push(`${keyword}: ${answer.state} ${answer.msg}`);
      } catch (err) {
        // After the kill: the connection died with the write, its outcome is unknown.
        if (killing) unknown.push(keyword);
        else refused.push(`${keyword}: connection failed before the kill: ${String(err)}`);
        return;
      } finally {
        inFlight.delete(keyword);
      }
    }
  };
  const writers = Array.from({ length: CLIENTS }, (_, i) => writer(i));

  // The random moment is counted from the first acknowledged write, so that every cycle kills a
  // server that is writing (not one still opening its database connections).
  let slow: NodeJS.Timeout | undefined;
  const tooSlow = new Promise<void>(
    (resolve) =>
      (slow = setTimeout(() => {
        console.warn(`cycle ${n}: no write acknowledged in 10 s`);
        resolve();
      }, 10_000)),
  );
  await Promise.race([acknowledging, Promise.all(writers), tooSlow]);
  clearTimeout(slow);
  const wait = KILL_AFTER_MS.min + Math.random() * (KILL_AFTER_MS.max - KILL_AFTER_MS.min);
  await new Promise((r) => setTimeout(r, wait));
  killing = true;
  const inFlightAtKill = inFlight.size;
  await server.kill9();
  await Promise.all(writers);
  agent.destroy();

  const restarted = await restart();
  const found = await listWords(restarted.url, token, marker);
  const lost = acked
    .filter((w) => found.get(w.keyword) !== w.id)
    .map((w) => `${w.keyword} (id ${w.id}): ${found.has(w.keyword) ? 'other id' : 'missing'}`);
  return {
    server: restarted,
    result: {
      acked: acked.length,
      lost,
      inFlightAtKill,
      unknown: unknown.length,
      unknownLanded: unknown.filter((k) => found.has(k)).length,
      refused,
      restartMs: restarted.startMs,
    },
  };
}

interface Summary {
  database: string;
  firstStartMs: number;
  results: CycleResult[];
}

async function runOn(database: 'sqlite' | 'postgres'): Promise<Summary> {
  const dataDir = mkdtempSync(join(tmpdir(), 'health-bench-durability-'));
  let scratch: ScratchDatabase | undefined;
  let server: ServerProcess | undefined;
  try {
    // No demo data: the bench counts only its own writes.
    const env: Record<string, string> = { DATA_DIR: dataDir, DEMO_DATA: 'false' };
    if (database === 'postgres') {
      scratch = await createScratchDatabase('bench_durability');
      Object.assign(env, { DATABASE_URL: scratch.url, SECRET_KEY: BENCH_SECRET_KEY });
    }
    const port = await freePort();
    server = await spawnServer(port, env);
    const firstStartMs = server.startMs;
    // Sessions live in the database: the one token serves every cycle, across the restarts.
    const token = await adminToken(server.url);
    const results: CycleResult[] = [];
    for (let n = 1; n <= CYCLES; n++) {
      const done = await cycle(server, n, token, () => spawnServer(port, env));
      server = done.server;
      const r = done.result;
      results.push(r);
      const note = r.lost.length || r.refused.length ? '  ← LOST OR REFUSED' : '';
      console.log(
        `${database} cycle ${n}/${CYCLES}: ${r.acked} acknowledged, ${r.lost.length} lost, ` +
          `${r.inFlightAtKill} in flight at the kill (${r.unknown} unanswered, ${r.unknownLanded} of them landed), ` +
          `restart ${r.restartMs.toFixed(0)} ms${note}`,
      );
      for (const l of [...r.lost, ...r.refused].slice(0, 5)) console.log(`  ${l}`);
    }
    return { database, firstStartMs, results };
  } finally {
    await server?.stop();
    await scratch?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

async function main() {
  ensureBuilt();
  const summaries: Summary[] = [];
  for (const database of DATABASES) summaries.push(await runOn(database as 'sqlite' | 'postgres'));

  console.log(
    `\nDurability: ${CLIENTS} clients adding search words, kill -9 at a random moment ` +
      `${KILL_AFTER_MS.min}–${KILL_AFTER_MS.max} ms after the first acknowledged write, ` +
      `restart on the same database`,
  );
  console.table(
    summaries.map(({ database, firstStartMs, results }) => {
      const restarts = results.map((r) => r.restartMs);
      return {
        database,
        cycles: results.length,
        'writes acknowledged': sum(results.map((r) => r.acked)),
        'acknowledged lost': sum(results.map((r) => r.lost.length)),
        refused: sum(results.map((r) => r.refused.length)),
        'in flight at kill': sum(results.map((r) => r.inFlightAtKill)),
        'unknown outcome': sum(results.map((r) => r.unknown)),
        'of which landed': sum(results.map((r) => r.unknownLanded)),
        'restart median ms': Math.round(median(restarts)),
        'restart max ms': Math.round(Math.max(...restarts)),
        'first start ms': Math.round(firstStartMs),
      };
    }),
  );
  const failures: string[] = [];
  for (const { database, results } of summaries) {
    const lost = sum(results.map((r) => r.lost.length));
    const refused = sum(results.map((r) => r.refused.length));
    if (lost > 0) failures.push(`${database}: ${lost} acknowledged writes lost`);
    if (refused > 0) failures.push(`${database}: ${refused} writes refused (state ≠ 200)`);
  }
  if (failures.length > 0) {
    console.error(`\nTargets missed:\n- ${failures.join('\n- ')}`);
    process.exit(1);
  }
  console.log('\nEvery acknowledged write survived every kill.');
}

await main();
