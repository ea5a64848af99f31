/**
 * `npm run bench:members`: the member list at scale (issue "会员中心"). Seeds 1,000,000 members
 * into a fresh embedded database (a bench fixture, not the demo data), starts the real server on
 * it and loads the list with autocannon at 20 connections:
 *  - a phone-prefix filter, a grade + registration-range filter, and the default sort;
 *  - target: p99 under 50 ms for each at saturation (autocannon's closed loop, after a warm-up:
 *    load.ts), printed with its throughput as a ratio to /healthz's.
 * Exits non-zero when a target is missed. BENCH_KEEP=1 keeps the seeded folder; BENCH_REUSE=<it>
 * runs on it again without seeding.
 */
import Database from 'better-sqlite3';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, type RunningServer } from '../e2e/support/server.ts';
import { ensureBuilt } from './build.ts';
import { saturate, type LoadResult } from './load.ts';

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 1_000_000);
const CONNECTIONS = 20;
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 8);
const P99_TARGET_MS = 50;
/**
 * The seeded numbers are 1, then 3–9 (row mod 7), then the row padded to 9 digits: this prefix is
 * rows 12,000–12,999 with a 3 (about 140 members — a full page, then a count).
 */
const PHONE_PREFIX = '13000012';
const DAY = 86_400_000;
const ADMIN_PASSWORD = 'Admin@123';

const GRADES = [
  ['普通会员', 0],
  ['银卡会员', 500],
  ['金卡会员', 2000],
  ['钻石会员', 5000],
] as const;
const CHANNELS = ['官网', '微信公众号', '线下门店', '社区活动', '医院合作', '老带新'];

/** Deterministic pseudo-random numbers (mulberry32), so every run seeds the same data. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Start the server once on a new data folder so it creates the schema, then stop it. */
async function createSchema(dataDir: string): Promise<void> {
  const server = await startServer({ DATA_DIR: dataDir, DEMO_DATA: 'false' });
  await server.stop();
}

function seed(file: string, now: number): void {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF');
  const rnd = random(20261122);
  const gradeIds = GRADES.map(
    ([name, growth], i) =>
      db
        .prepare(
          `INSERT INTO member_grades (name, icon, growth_required, benefits, points_multiplier_pct, sort, created_at, updated_at)
           VALUES (?, '', ?, '', ?, ?, ?, ?)`,
        )
        .run(name, growth, 100 + i * 10, i, now, now).lastInsertRowid as number,
  );
  const channelIds = CHANNELS.map(
    (name, i) =>
      db
        .prepare(
          `INSERT INTO member_channels (name, code, remark, enabled, created_at, updated_at)
           VALUES (?, ?, '', 1, ?, ?)`,
        )
        .run(name, `ch${i}`, now, now).lastInsertRowid as number,
  );
  const insert = db.prepare(
    `INSERT INTO members (phone, name, gender, grade_id, channel_id, status, growth_value,
       registered_at, last_active_at, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const surnames = '王李张刘陈杨黄赵吴周徐孙马朱胡郭何林罗高';
  const given = '伟芳娜敏静丽强磊军洋勇艳杰娟涛明超秀霞平刚桂英华';
  const started = Date.now();
  const insertAll = db.transaction(() => {
    for (let i = 0; i < MEMBERS; i++) {
      // Unique 11-digit mobile numbers: 13x–19x followed by the row number.
      const phone = `1${3 + (i % 7)}${String(i).padStart(9, '0')}`;
      const name =
        surnames[Math.floor(rnd() * surnames.length)]! + given[Math.floor(rnd() * given.length)]!;
      const growth = Math.floor(rnd() * rnd() * 8000);
      const grade = GRADES.reduce((g, [, need], idx) => (growth >= need ? idx : g), 0);
      const registeredAt = now - Math.floor(rnd() * 3 * 365 * DAY);
      const status = rnd() < 0.02 ? 'frozen' : 'normal';
      insert.run(
        phone,
        name,
        rnd() < 0.5 ? 'male' : 'female',
        gradeIds[grade],
        channelIds[Math.floor(rnd() * channelIds.length)],
        status,
        growth,
        registeredAt,
        registeredAt + Math.floor(rnd() * (now - registeredAt)),
        registeredAt,
        registeredAt,
      );
    }
  });
  insertAll();
  db.exec('ANALYZE');
  db.close();
  console.log(
    `seeded ${MEMBERS.toLocaleString()} members in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
}

async function login(url: string): Promise<string> {
  const res = await fetch(`${url}/api/v3/adminLogin/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: 'admin', password: ADMIN_PASSWORD }),
  });
  const body = (await res.json()) as { state: number; msg: string; data: { access_token: string } };
  if (body.state !== 200) throw new Error(`login failed: ${body.msg}`);
  return body.data.access_token;
}

async function load(name: string, url: string, token?: string): Promise<LoadResult> {
  const headers = token ? { authorization: `Bearer ${token}` } : undefined;
  return saturate(name, { url, ...(headers ? { headers } : {}) }, CONNECTIONS, DURATION_S);
}

async function main() {
  ensureBuilt();
  // BENCH_REUSE=<folder kept by BENCH_KEEP=1> skips the minute of seeding when iterating.
  const reused = process.env.BENCH_REUSE;
  const dataDir = reused ?? mkdtempSync(join(tmpdir(), 'health-bench-members-'));
  let server: RunningServer | undefined;
  const failures: string[] = [];
  try {
    const seededAt = join(dataDir, 'seeded-at.txt');
    let now: number;
    if (reused) {
      now = Number(readFileSync(seededAt, 'utf8'));
    } else {
      await createSchema(dataDir);
      now = Date.now();
      seed(join(dataDir, 'health.db'), now);
      writeFileSync(seededAt, String(now));
    }
    server = await startServer({ DATA_DIR: dataDir, DEMO_DATA: 'false' });
    const token = await login(server.url);
    const list = `${server.url}/api/v3/member/admin/member/list`;
    // Sanity: the list answers with the whole table.
    const probe = (await (
      await fetch(`${list}?pageSize=1`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as { state: number; data: { pagination: { total: number; totalCapped?: boolean } } };
    const { total, totalCapped } = probe.data?.pagination ?? { total: -1 };
    if (probe.state !== 200 || (total !== MEMBERS && !(totalCapped && total < MEMBERS)))
      throw new Error(`member list answered ${JSON.stringify(probe).slice(0, 200)}`);

    // The prefix must match members (a full page and a count), or the run measures an empty answer.
    const prefixed = (await (
      await fetch(`${list}?phonePrefix=${PHONE_PREFIX}`, {
        headers: { authorization: `Bearer ${token}` },
      })
    ).json()) as { data: { list: unknown[]; pagination: { total: number } } };
    if (prefixed.data.list.length < 20 || prefixed.data.pagination.total <= 20)
      throw new Error(
        `phone prefix ${PHONE_PREFIX} matched ${prefixed.data.pagination.total} members`,
      );

    const rows = [
      await load('GET /healthz', `${server.url}/healthz`),
      await load(
        `members: phone prefix ${PHONE_PREFIX}`,
        `${list}?phonePrefix=${PHONE_PREFIX}`,
        token,
      ),
      await load(
        'members: grade + 30-day registration range',
        `${list}?gradeId=2&registeredStart=${now - 400 * DAY}&registeredEnd=${now - 370 * DAY}`,
        token,
      ),
      await load('members: default sort (newest first)', list, token),
    ];
    const healthRps = rows[0]!.rps;
    console.log(
      `\nMember list on ${MEMBERS.toLocaleString()} members (${CONNECTIONS} connections, ${DURATION_S} s each)`,
    );
    console.table(
      rows.map((r) => ({
        endpoint: r.name,
        'req/s': Math.round(r.rps),
        'p50 ms': r.p50,
        'p99 ms': r.p99,
        'ratio to healthz': (r.rps / healthRps).toFixed(3),
        'non-2xx': r.non2xx,
      })),
    );
    for (const r of rows.slice(1)) {
      if (r.p99 >= P99_TARGET_MS) failures.push(`${r.name}: p99 ${r.p99} ms ≥ ${P99_TARGET_MS} ms`);
      if (r.non2xx > 0) failures.push(`${r.name}: ${r.non2xx} non-2xx answers`);
    }
  } finally {
    await server?.stop();
    // BENCH_KEEP=1 keeps the seeded database for EXPLAIN QUERY PLAN sessions.
    if (process.env.BENCH_KEEP === '1' || reused) console.log(`kept ${dataDir}`);
    else rmSync(dataDir, { recursive: true, force: true });
  }
  if (failures.length > 0) {
    console.error(`\nTargets missed:\n- ${failures.join('\n- ')}`);
    process.exit(1);
  }
  console.log('\nAll targets met.');
}

await main();
