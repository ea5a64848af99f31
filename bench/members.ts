/**
 * `npm run bench:members`: the member list at scale (issue 16). Seeds 1,000,000 members into a
 * fresh embedded database (a bench fixture, not the demo data) — with `--postgres`, into a scratch
 * PostgreSQL database too — starts the real server on it and loads the list with autocannon at 20
 * connections (closed loop after a warm-up: load.ts):
 *  - a phone prefix, a grade + registration range and the default sort: p99 < 35 ms;
 *  - a 2-character and a 3-character Chinese name (the name index, migration 0023): p99 < 50 ms.
 * Before the load each case's first page and total are checked against a plain scan of the table.
 * Exits non-zero when a target is missed. BENCH_KEEP=1 keeps the seeded SQLite folder;
 * BENCH_REUSE=<it> runs on it again without seeding (BENCH_REUSE_PG=<database> on PostgreSQL);
 * BENCH_ONLY=postgres skips SQLite. BENCH_MEMBERS,
 * BENCH_SECONDS: size, duration.
 */
import Database from 'better-sqlite3';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { startServer, type RunningServer } from '../e2e/support/server.ts';
import { adminToken } from './admin.ts';
import { ensureBuilt } from './build.ts';
import autocannon from 'autocannon';
import { atFixedRate, saturate, type LoadResult } from './load.ts';
import {
  BENCH_SECRET_KEY,
  createScratchDatabase,
  POSTGRES_ADMIN_URL,
  type ScratchDatabase,
} from './postgres.ts';

const { values: args } = parseArgs({
  options: { postgres: { type: 'boolean', default: false } },
});

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 1_000_000);
const CONNECTIONS = 20;
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 8);
const LIST_TARGET_MS = 35;
const NAME_TARGET_MS = 50;
/** Where the list stops counting (MEMBER_COUNT_CAP of members/repo.ts). */
const COUNT_CAP = 1_000;
/**
 * The seeded numbers are 1, then 3–9 (row mod 7), then the row padded to 9 digits: this prefix is
 * rows 12,000–12,999 with a 3 (about 140 members — a full page, then a count).
 */
const PHONE_PREFIX = '13000012';
const DAY = 86_400_000;

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

/** Pick from [value, weight] pairs. */
function weighted<T>(pairs: readonly (readonly [T, number])[]): (r: number) => T {
  const total = pairs.reduce((n, [, w]) => n + w, 0);
  return (r) => {
    let x = r * total;
    for (const [v, w] of pairs) if ((x -= w) < 0) return v;
    return pairs[pairs.length - 1]![0];
  };
}

/**
 * Chinese names as they are spread: the common surnames by their shares (per cent of people), a
 * long tail, a few compound ones; given names often one of the very common ones (伟, 秀英, …),
 * else one or two characters of a pool where the first are the most used. So 王伟 and 李秀英 occur
 * hundreds of times among a million, as they do.
 */
const surnameOf = weighted<string>([
  ...(
    [
      ['王', 7.1],
      ['李', 7.0],
      ['张', 6.7],
      ['刘', 5.4],
      ['陈', 4.5],
      ['杨', 3.1],
      ['黄', 2.2],
      ['赵', 2.0],
      ['吴', 1.8],
      ['周', 1.7],
      ['徐', 1.3],
      ['孙', 1.3],
      ['马', 1.2],
      ['朱', 1.2],
      ['胡', 1.1],
      ['郭', 1.1],
      ['何', 0.9],
      ['林', 0.9],
      ['罗', 0.8],
      ['高', 0.8],
    ] as const
  ).map(([s, w]) => [s, w] as const),
  ...[
    ...'郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤',
  ].map((s) => [s, 0.45] as const),
  ['欧阳', 0.1],
  ['司马', 0.03],
  ['诸葛', 0.02],
]);
const commonGivenOf = weighted<string>(
  (
    [
      ['伟', 10],
      ['芳', 9],
      ['娜', 8],
      ['秀英', 8],
      ['敏', 7],
      ['静', 7],
      ['丽', 6],
      ['强', 6],
      ['磊', 6],
      ['军', 5],
      ['洋', 5],
      ['勇', 5],
      ['艳', 5],
      ['杰', 5],
      ['娟', 4],
      ['涛', 4],
      ['明', 4],
      ['超', 4],
      ['秀兰', 4],
      ['霞', 4],
      ['平', 3],
      ['刚', 3],
      ['桂英', 3],
      ['建华', 3],
      ['建国', 3],
      ['玉兰', 3],
      ['秀珍', 2],
      ['志强', 2],
      ['丹', 2],
      ['萍', 2],
    ] as const
  ).map(([s, w]) => [s, w] as const),
);
const GIVEN_POOL = [
  ...'伟秀英华国建明丽文红玉兰志军海平春金芳小晓永荣林桂云德学新东亚成俊宇子佳欣雨思梓浩涵嘉一婷雪梅凤霞琴美慧洁燕颖静敏杰强磊涛斌鹏飞辉刚勇超波亮军宏杰峰龙贵福生祥瑞庆宝安康寿山川江河',
];
const givenCharOf = weighted<string>(GIVEN_POOL.map((c, i) => [c, 1 / (i + 8)] as const));

function chineseName(rnd: () => number): string {
  const surname = surnameOf(rnd());
  const roll = rnd();
  if (roll < 0.3) return surname + commonGivenOf(rnd());
  if (roll < 0.5) return surname + givenCharOf(rnd());
  return surname + givenCharOf(rnd()) + givenCharOf(rnd());
}

interface MemberRow {
  phone: string;
  name: string;
  gender: string;
  grade: number;
  channel: number;
  status: string;
  growth: number;
  registeredAt: number;
  lastActiveAt: number;
}

/** Every seeded member, the same on both databases (grade and channel as 0-based indexes). */
function* memberRows(now: number): Generator<MemberRow> {
  const rnd = random(20261122);
  for (let i = 0; i < MEMBERS; i++) {
    // Unique 11-digit mobile numbers: 13x–19x followed by the row number.
    const phone = `1${3 + (i % 7)}${String(i).padStart(9, '0')}`;
    const name = chineseName(rnd);
    const growth = Math.floor(rnd() * rnd() * 8000);
    const grade = GRADES.reduce((g, [, need], idx) => (growth >= need ? idx : g), 0);
    const registeredAt = now - Math.floor(rnd() * 3 * 365 * DAY);
    yield {
      phone,
      name,
      gender: rnd() < 0.5 ? 'male' : 'female',
      grade,
      channel: Math.floor(rnd() * CHANNELS.length),
      status: rnd() < 0.02 ? 'frozen' : 'normal',
      growth,
      registeredAt,
      lastActiveAt: registeredAt + Math.floor(rnd() * (now - registeredAt)),
    };
  }
}

const GRADE_SQL = `INSERT INTO member_grades (name, icon, growth_required, benefits, points_multiplier_pct, sort, created_at, updated_at)
  VALUES (?, '', ?, '', ?, ?, ?, ?)`;
const CHANNEL_SQL = `INSERT INTO member_channels (name, code, remark, enabled, created_at, updated_at)
  VALUES (?, ?, '', 1, ?, ?)`;

/** SQLite: one transaction of row inserts; the name grams come from migration 0023's triggers. */
function seedSqlite(file: string, now: number): void {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF');
  // The grams' b-tree is written in gram order, not row order: keep it in memory while seeding.
  db.pragma('cache_size = -1000000');
  const gradeIds = GRADES.map(
    ([name, growth], i) =>
      db.prepare(GRADE_SQL).run(name, growth, 100 + i * 10, i, now, now).lastInsertRowid as number,
  );
  const channelIds = CHANNELS.map(
    (name, i) => db.prepare(CHANNEL_SQL).run(name, `ch${i}`, now, now).lastInsertRowid as number,
  );
  const insert = db.prepare(
    `INSERT INTO members (phone, name, gender, grade_id, channel_id, status, growth_value,
       registered_at, last_active_at, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const started = Date.now();
  db.transaction(() => {
    for (const m of memberRows(now))
      insert.run(
        m.phone,
        m.name,
        m.gender,
        gradeIds[m.grade],
        channelIds[m.channel],
        m.status,
        m.growth,
        m.registeredAt,
        m.lastActiveAt,
        m.registeredAt,
        m.registeredAt,
      );
  })();
  db.exec('ANALYZE');
  db.close();
  console.log(
    `SQLite: seeded ${MEMBERS.toLocaleString()} members in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
}

/** `?` placeholders as PostgreSQL's `$n`. */
const numbered = (text: string) => {
  let n = 0;
  return text.replace(/\?/g, () => `$${++n}`);
};

/**
 * PostgreSQL: the same rows, 20,000 at a time as arrays unnested by one INSERT … SELECT (no row
 * round trips); the grams come from the triggers in the same statements.
 */
async function seedPostgres(url: string, now: number): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const gradeIds: number[] = [];
    for (const [i, [name, growth]] of GRADES.entries()) {
      const r = await client.query<{ id: string }>(`${numbered(GRADE_SQL)} RETURNING id`, [
        name,
        growth,
        100 + i * 10,
        i,
        now,
        now,
      ]);
      gradeIds.push(Number(r.rows[0]!.id));
    }
    const channelIds: number[] = [];
    for (const [i, name] of CHANNELS.entries()) {
      const r = await client.query<{ id: string }>(`${numbered(CHANNEL_SQL)} RETURNING id`, [
        name,
        `ch${i}`,
        now,
        now,
      ]);
      channelIds.push(Number(r.rows[0]!.id));
    }
    const started = Date.now();
    const BATCH = 20_000;
    let batch: MemberRow[] = [];
    const flush = async () => {
      if (batch.length === 0) return;
      const col = <T>(f: (m: MemberRow) => T) => batch.map(f);
      await client.query(
        `INSERT INTO members (phone, name, gender, grade_id, channel_id, status, growth_value,
           registered_at, last_active_at, created_at, updated_at)
         SELECT phone, name, gender, grade_id, channel_id, status, growth_value,
           registered_at, last_active_at, registered_at, registered_at
         FROM unnest($1::text[], $2::text[], $3::text[], $4::bigint[], $5::bigint[], $6::text[],
           $7::int[], $8::bigint[], $9::bigint[])
           AS r(phone, name, gender, grade_id, channel_id, status, growth_value, registered_at, last_active_at)`,
        [
          col((m) => m.phone),
          col((m) => m.name),
          col((m) => m.gender),
          col((m) => gradeIds[m.grade]),
          col((m) => channelIds[m.channel]),
          col((m) => m.status),
          col((m) => m.growth),
          col((m) => m.registeredAt),
          col((m) => m.lastActiveAt),
        ],
      );
      batch = [];
    };
    for (const m of memberRows(now)) {
      batch.push(m);
      if (batch.length === BATCH) await flush();
    }
    await flush();
    // Index-only scans need the visibility map: vacuum, as autovacuum would after a while.
    await client.query('VACUUM ANALYZE members');
    await client.query('VACUUM ANALYZE member_name_grams');
    console.log(
      `PostgreSQL: seeded ${MEMBERS.toLocaleString()} members in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  } finally {
    await client.end();
  }
}

interface Case {
  name: string;
  /** The list's query string. */
  query: Record<string, string>;
  /** The same filter as SQL on members (`?` parameters), for the scan that checks the answer. */
  where: string;
  params: unknown[];
  target: number;
}

function casesOf(now: number): Case[] {
  const start = now - 400 * DAY;
  const end = now - 370 * DAY;
  return [
    {
      name: `phone prefix ${PHONE_PREFIX}`,
      query: { phonePrefix: PHONE_PREFIX },
      where: `phone LIKE ?`,
      params: [`${PHONE_PREFIX}%`],
      target: LIST_TARGET_MS,
    },
    {
      name: 'grade + 30-day registration range',
      query: { gradeId: '2', registeredStart: String(start), registeredEnd: String(end) },
      where: `grade_id = ? AND registered_at BETWEEN ? AND ?`,
      params: [2, start, end],
      target: LIST_TARGET_MS,
    },
    {
      name: 'default sort (newest first)',
      query: {},
      where: '1 = 1',
      params: [],
      target: LIST_TARGET_MS,
    },
    {
      name: 'name 王伟 (2 characters)',
      query: { name: '王伟' },
      where: `name LIKE ?`,
      params: ['%王伟%'],
      target: NAME_TARGET_MS,
    },
    {
      name: 'name 李秀英 (3 characters)',
      query: { name: '李秀英' },
      where: `name LIKE ?`,
      params: ['%李秀英%'],
      target: NAME_TARGET_MS,
    },
  ];
}

/** What a scan of the members table answers: the first 20 ids in the list's order and the total. */
type Scan = (c: Case) => Promise<{ ids: number[]; total: number }>;

const scanSql = (c: Case) => ({
  page: `SELECT id FROM members WHERE ${c.where} ORDER BY registered_at DESC, id DESC LIMIT 20`,
  count: `SELECT count(*) AS n FROM members WHERE ${c.where}`,
});

function sqliteScan(file: string): Scan {
  return async (c) => {
    const db = new Database(file, { readonly: true });
    try {
      const q = scanSql(c);
      const ids = db
        .prepare(q.page)
        .all(...c.params)
        .map((r) => Number((r as { id: number }).id));
      const { n } = db.prepare(q.count).get(...c.params) as { n: number };
      return { ids, total: n };
    } finally {
      db.close();
    }
  };
}

function postgresScan(url: string): Scan {
  return async (c) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const q = scanSql(c);
      const page = await client.query<{ id: string }>(numbered(q.page), c.params);
      const count = await client.query<{ n: string }>(numbered(q.count), c.params);
      return { ids: page.rows.map((r) => Number(r.id)), total: Number(count.rows[0]!.n) };
    } finally {
      await client.end();
    }
  };
}

interface Envelope {
  state: number;
  msg: string;
  data: { list: { id: number }[]; pagination: { total: number; totalCapped?: boolean } };
}

/** Each case's first page and total as the scan finds them, or an error naming the case. */
async function checkAnswers(listUrl: string, token: string, cases: Case[], scan: Scan) {
  for (const c of cases) {
    const res = await fetch(`${listUrl}?${new URLSearchParams(c.query).toString()}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const body = (await res.json()) as Envelope;
    if (body.state !== 200) throw new Error(`${c.name}: answered ${body.state} ${body.msg}`);
    const expected = await scan(c);
    const ids = body.data.list.map((m) => m.id);
    const { total, totalCapped } = body.data.pagination;
    const expectedTotal = Math.min(expected.total, COUNT_CAP);
    const capped = expected.total > COUNT_CAP;
    if (
      JSON.stringify(ids) !== JSON.stringify(expected.ids) ||
      total !== expectedTotal ||
      Boolean(totalCapped) !== capped
    )
      throw new Error(
        `${c.name}: the list answered ${ids.length} rows, total ${total}${totalCapped ? '+' : ''}; ` +
          `a scan finds ${expected.ids.length}, total ${expected.total}`,
      );
    if (ids.length < 20)
      throw new Error(`${c.name}: only ${expected.total} members match: it measures too little`);
    console.log(
      `  ${c.name}: first page and total ${capped ? `超过 ${COUNT_CAP} 条 (${expected.total})` : total} as a scan finds`,
    );
  }
}

/** User-info requests per second while the list is loaded (an office of operators opening pages). */
const MIXED_INFO_RATE = 200;
const MIXED_INFO_CONNECTIONS = 10;
const MIXED_INFO_TARGET_MS = 10;

/**
 * The member list at 20 connections (every case in turn, closed loop) and, at the same time,
 * user info at a fixed rate (open loop, timed from when each request was due): does a slow list
 * stall the light requests behind it? The list's load runs in a worker thread of autocannon's,
 * so the user-info client's timing is not delayed by it.
 */
async function mixed(
  url: string,
  token: string,
  cases: Case[],
): Promise<{ info: LoadResult; list: LoadResult }> {
  const headers = { authorization: `Bearer ${token}` };
  const listLoad = new Promise<autocannon.Result>((resolve, reject) => {
    autocannon(
      {
        url,
        connections: CONNECTIONS,
        // Its warm-up and measured window hold the user-info run's (3 s warm-up + DURATION_S).
        duration: DURATION_S + 5,
        workers: 1,
        requests: cases.map((c) => ({
          method: 'GET' as const,
          path: `/api/v3/member/admin/member/list?${new URLSearchParams(c.query).toString()}`,
          headers,
        })),
      },
      (err, r) => (err ? reject(err as Error) : resolve(r)),
    );
  });
  await new Promise((r) => setTimeout(r, 1000));
  const info = await atFixedRate(
    `user info at ${MIXED_INFO_RATE} req/s beside the list`,
    { url: `${url}/api/v3/system/admin/adminUser/info`, headers },
    MIXED_INFO_RATE,
    MIXED_INFO_CONNECTIONS,
    DURATION_S,
  );
  const r = await listLoad;
  return {
    info,
    list: {
      name: 'member list (every case in turn) beside it',
      rps: r.requests.average,
      p50: r.latency.p50,
      p99: r.latency.p99,
      non2xx: r.non2xx,
    },
  };
}

async function load(name: string, url: string, token?: string): Promise<LoadResult> {
  const headers = token ? { authorization: `Bearer ${token}` } : undefined;
  return saturate(name, { url, ...(headers ? { headers } : {}) }, CONNECTIONS, DURATION_S);
}

/** A table of load results beside their p99 targets (and /healthz's throughput when given). */
function printRows(title: string, rows: (LoadResult & { target?: number })[], health?: LoadResult) {
  console.log(`\n${title}`);
  console.table(
    rows.map((r) => ({
      endpoint: r.name,
      'req/s': Math.round(r.rps),
      'p50 ms': r.p50,
      'p99 ms': r.p99,
      'p99 target ms': r.target === undefined ? '' : `< ${r.target}`,
      met: r.target === undefined ? '' : r.p99 < r.target ? 'yes' : 'NO',
      ...(health ? { 'ratio to healthz': (r.rps / health.rps).toFixed(3) } : {}),
      'non-2xx': r.non2xx,
    })),
  );
}

/** Load every case on a running server; the failures found. */
async function measure(
  label: string,
  url: string,
  cases: Case[],
  scan: Scan,
  reused = false,
): Promise<string[]> {
  const token = await adminToken(url, { passwordChanged: reused });
  const list = `${url}/api/v3/member/admin/member/list`;
  console.log(`\n${label}: checking each case against a scan`);
  await checkAnswers(list, token, cases, scan);
  const health = await load('GET /healthz', `${url}/healthz`);
  const rows: (LoadResult & { target?: number })[] = [health];
  for (const c of cases) {
    const r = await load(
      `members: ${c.name}`,
      `${list}?${new URLSearchParams(c.query).toString()}`,
      token,
    );
    rows.push({ ...r, target: c.target });
  }
  printRows(
    `${label}: member list on ${MEMBERS.toLocaleString()} members (${CONNECTIONS} connections, ${DURATION_S} s each)`,
    rows,
    health,
  );
  const failures: string[] = [];
  const mix = await mixed(url, token, cases);
  const mixRows = [
    { ...mix.info, target: MIXED_INFO_TARGET_MS },
    { ...mix.list, target: undefined },
  ];
  printRows(`${label}: mixed load`, mixRows);
  for (const r of [...rows.slice(1), ...mixRows]) {
    if (r.target !== undefined && r.p99 >= r.target)
      failures.push(`${label} ${r.name}: p99 ${r.p99} ms ≥ ${r.target} ms`);
    if (r.non2xx > 0) failures.push(`${label} ${r.name}: ${r.non2xx} non-2xx answers`);
  }
  return failures;
}

async function runSqlite(): Promise<string[]> {
  // BENCH_REUSE=<folder kept by BENCH_KEEP=1> skips the minutes of seeding when iterating.
  const reused = process.env.BENCH_REUSE;
  const dataDir = reused ?? mkdtempSync(join(tmpdir(), 'health-bench-members-'));
  const file = join(dataDir, 'health.db');
  let server: RunningServer | undefined;
  try {
    const seededAt = join(dataDir, 'seeded-at.txt');
    let now: number;
    if (reused) {
      now = Number(readFileSync(seededAt, 'utf8'));
    } else {
      // Start the server once on the new folder so it creates the schema, then stop it.
      await (await startServer({ DATA_DIR: dataDir, DEMO_DATA: 'false' })).stop();
      now = Date.now();
      seedSqlite(file, now);
      writeFileSync(seededAt, String(now));
    }
    server = await startServer({ DATA_DIR: dataDir, DEMO_DATA: 'false' });
    return await measure('SQLite', server.url, casesOf(now), sqliteScan(file), Boolean(reused));
  } finally {
    await server?.stop();
    // BENCH_KEEP=1 keeps the seeded database for EXPLAIN QUERY PLAN sessions.
    if (process.env.BENCH_KEEP === '1' || reused) console.log(`kept ${dataDir}`);
    else rmSync(dataDir, { recursive: true, force: true });
  }
}

/** A database an earlier run kept, on the same server as new ones. */
function existingDatabase(name: string): ScratchDatabase {
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  return { url: url.toString(), name, drop: async () => {} };
}

/** The seeding time of a kept database: the newest registration (the seeder's `now`). */
async function seededAtOf(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ at: string }>(
      'SELECT max(registered_at) AS at FROM members',
    );
    return Number(rows[0]!.at);
  } finally {
    await client.end();
  }
}

async function runPostgres(): Promise<string[]> {
  let scratch: ScratchDatabase | undefined;
  let server: RunningServer | undefined;
  // BENCH_REUSE_PG=<database kept by BENCH_KEEP=1> skips the minutes of seeding when iterating.
  const reused = process.env.BENCH_REUSE_PG;
  try {
    scratch = reused ? existingDatabase(reused) : await createScratchDatabase('bench_members');
    const env = {
      DATABASE_URL: scratch.url,
      SECRET_KEY: BENCH_SECRET_KEY,
      DEMO_DATA: 'false',
    };
    let now: number;
    if (reused) {
      now = await seededAtOf(scratch.url);
    } else {
      await (await startServer(env)).stop();
      now = Date.now();
      await seedPostgres(scratch.url, now);
    }
    server = await startServer(env);
    return await measure(
      'PostgreSQL',
      server.url,
      casesOf(now),
      postgresScan(scratch.url),
      Boolean(reused),
    );
  } finally {
    await server?.stop();
    if (process.env.BENCH_KEEP === '1' || reused)
      console.log(`kept PostgreSQL database ${scratch?.name}`);
    else await scratch?.drop();
  }
}

async function main() {
  ensureBuilt();
  // BENCH_ONLY=postgres skips SQLite (iterating on PostgreSQL).
  const onlyPostgres = process.env.BENCH_ONLY === 'postgres';
  if (onlyPostgres && !args.postgres)
    throw new Error('BENCH_ONLY=postgres needs --postgres (npm run bench:members -- --postgres)');
  const failures = onlyPostgres ? [] : [...(await runSqlite())];
  if (args.postgres) failures.push(...(await runPostgres()));
  if (failures.length > 0) {
    console.error(`\nTargets missed:\n- ${failures.join('\n- ')}`);
    process.exit(1);
  }
  console.log('\nAll targets met.');
}

await main();
