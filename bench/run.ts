/**
 * `npm run bench`: load and size benchmarks, reported as ratios within one run (never as timed
 * unit tests). Builds what is missing, starts the real server on a fresh embedded database, then:
 *  - autocannon on /healthz, the user-info call (token check) and a login at saturation: req/s,
 *    p50, p99; target: user-info ≥ 0.5 × healthz throughput;
 *  - user-info latency at 50 connections under a fixed, evenly spaced load of half its measured
 *    throughput (load.ts's open loop), five runs: target median p99 < 10 ms. (At saturation,
 *    latency is only queueing — 50 connections ÷ req/s — so it measures the throughput again, not
 *    how long the server takes to answer while busy.)
 *  - the gzip size of the JavaScript that /login, the logged-in landing and one list page load in
 *    Chromium; targets: /login ≤ 250 KB, logged-in landing ≤ 450 KB;
 *  - every lazy page's own JavaScript (its chunk and the chunks only it uses, from Vite's build
 *    manifest) beyond what the shell and other pages share: ≤ 100 KB gzip each.
 * Exits non-zero when a target is missed, so it can gate a release.
 */
import { existsSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { launch, CHROMIUM } from '../e2e/support/browser.ts';
import { startServer } from '../e2e/support/server.ts';
import { adminToken, BENCH_PASSWORD } from './admin.ts';
import { ensureBuilt, root } from './build.ts';
import { atFixedRate, saturate, type LoadResult } from './load.ts';

const CONNECTIONS = 50;
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 8);
// The administrator after its first password change (admin.ts): a session that sees pages.
const ADMIN_PASSWORD = BENCH_PASSWORD;

/** Share of the saturated throughput offered in the latency run. */
const LATENCY_LOAD_SHARE = 0.5;
const LATENCY_RUNS = 5;

/** Sum the gzip size of every JavaScript file the page loaded from the server. */
async function gzipJsOf(
  url: string,
  visit: (page: Page) => Promise<void>,
  options: { measureAfterVisit?: boolean } = {},
): Promise<{ kb: number; files: number }> {
  const browser = await launch();
  try {
    const context = await browser.newContext();
    let page = await context.newPage();
    const scripts = new Set<string>();
    const record = (p: Page) =>
      p.on('response', (r) => {
        const u = new URL(r.url());
        if (u.pathname.endsWith('.js')) scripts.add(u.pathname);
      });
    if (!options.measureAfterVisit) record(page);
    await page.goto(url);
    await visit(page);
    await page.waitForLoadState('networkidle');
    if (options.measureAfterVisit) {
      // What a logged-in operator's browser loads when it opens the landing page afresh.
      const landing = page.url();
      page = await context.newPage();
      record(page);
      await page.goto(landing);
      await page.waitForLoadState('networkidle');
    }
    let bytes = 0;
    for (const path of scripts) {
      bytes += gzipSync(readFileSync(`${root}apps/web/dist${path}`), { level: 9 }).length;
    }
    return { kb: bytes / 1024, files: scripts.size };
  } finally {
    await browser.close();
  }
}

const LIST_PAGE = '/sysset_authority/operate_log';
const PAGE_OWN_BUDGET_KB = 100;

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
}

const gzipKb = (file: string) =>
  gzipSync(readFileSync(`${root}apps/web/dist/${file}`), { level: 9 }).length / 1024;

/**
 * Each lazy page's own JavaScript: its chunk plus the statically imported chunks no other page and
 * not the shell's entry load. What several pages share (antd's table, the list page pattern) is
 * downloaded once and not charged to any one page.
 */
function pageOwnSizes(): { page: string; kb: number }[] {
  const manifest = JSON.parse(
    readFileSync(`${root}apps/web/dist/.vite/manifest.json`, 'utf8'),
  ) as Record<string, ManifestChunk>;
  const closure = (key: string, seen = new Set<string>()): Set<string> => {
    if (seen.has(key)) return seen;
    seen.add(key);
    for (const dep of manifest[key]?.imports ?? []) closure(dep, seen);
    return seen;
  };
  const entry = Object.keys(manifest).find((k) => manifest[k]?.isEntry);
  const shell = entry ? closure(entry) : new Set<string>();
  const pages = Object.keys(manifest).filter(
    (k) =>
      manifest[k]?.isDynamicEntry &&
      /(^|\/)src\/(features|app)\/.*Page\.tsx$/.test(manifest[k]?.src ?? k),
  );
  const closures = new Map(pages.map((p) => [p, closure(p)]));
  // Users are counted over every lazily loaded chunk (pages and lazy parts such as the charts or
  // the rich-text editor): what two of them load is shared, not one page's own.
  const lazyEntries = Object.keys(manifest).filter((k) => manifest[k]?.isDynamicEntry);
  const users = new Map<string, number>();
  for (const c of lazyEntries.map((k) => closures.get(k) ?? closure(k)))
    for (const key of c) if (!shell.has(key)) users.set(key, (users.get(key) ?? 0) + 1);
  return pages
    .map((p) => {
      const own = [...closures.get(p)!].filter((k) => !shell.has(k) && users.get(k) === 1);
      const kb = own.reduce((sum, k) => sum + gzipKb(manifest[k]!.file), 0);
      return { page: (manifest[p]?.src ?? p).replace(/^(.*\/)?src\/(features\/)?/, ''), kb };
    })
    .sort((a, b) => b.kb - a.kb);
}

async function main() {
  ensureBuilt();
  const server = await startServer({ DEMO_DATA: 'false', AUTH_RATE_LIMIT_PER_MINUTE: '1000000' });
  const failures: string[] = [];
  try {
    const token = await adminToken(server.url);
    const rows: LoadResult[] = [];
    const info = {
      url: `${server.url}/api/v3/system/admin/adminUser/info`,
      headers: { authorization: `Bearer ${token}` },
    };
    rows.push(
      await saturate('GET /healthz', { url: `${server.url}/healthz` }, CONNECTIONS, DURATION_S),
    );
    rows.push(await saturate('GET user info (token check)', info, CONNECTIONS, DURATION_S));
    const [health, infoSaturated] = rows;
    const offered = Math.round(infoSaturated!.rps * LATENCY_LOAD_SHARE);
    // The machine is a 2-core VM shared with the load generator, and its host takes CPU time
    // away now and then ("steal" in /proc/stat, printed per run): one 8-second p99 can hold a
    // stall of the machine's that /healthz, at the same rate, shows as well. Five runs, judged on
    // their median.
    const latencyRuns: LoadResult[] = [];
    for (let run = 1; run <= LATENCY_RUNS; run++) {
      latencyRuns.push(
        await atFixedRate(
          `GET user info at ${offered} req/s (latency run ${run})`,
          info,
          offered,
          CONNECTIONS,
          DURATION_S,
        ),
      );
    }
    rows.push(...latencyRuns);
    rows.push(
      await atFixedRate(
        `GET /healthz at ${offered} req/s (the machine's floor)`,
        { url: `${server.url}/healthz` },
        offered,
        CONNECTIONS,
        DURATION_S,
      ),
    );
    const p99s = latencyRuns.map((r) => r.p99).sort((a, b) => a - b);
    const medianP99 = p99s[Math.floor(p99s.length / 2)]!;
    // Last: scrypt logins keep the CPU busy after the run ends and would disturb the others.
    rows.push(
      await saturate(
        'POST login (scrypt)',
        {
          url: `${server.url}/api/v3/adminLogin/oauth/token`,
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ username: 'admin', password: ADMIN_PASSWORD }).toString(),
        },
        CONNECTIONS,
        DURATION_S,
      ),
    );
    console.log(`\nLoad (${CONNECTIONS} connections, ${DURATION_S} s each)`);
    console.table(
      rows.map((r) => ({
        endpoint: r.name,
        'req/s': Math.round(r.rps),
        'p50 ms': r.p50,
        'p99 ms': r.p99,
        'non-2xx': r.non2xx,
        'steal %': r.stealPct === undefined ? '' : r.stealPct.toFixed(1),
      })),
    );
    const ratio = infoSaturated!.rps / health!.rps;
    console.log(`user-info / healthz throughput ratio: ${ratio.toFixed(2)} (target ≥ 0.50)`);
    if (ratio < 0.5) failures.push(`user-info throughput ratio ${ratio.toFixed(2)} < 0.5`);
    console.log(
      `user-info p99 at ${offered} req/s over ${CONNECTIONS} connections, median of ${LATENCY_RUNS} runs: ${medianP99} ms (target < 10 ms)`,
    );
    if (medianP99 >= 10)
      failures.push(`user-info median p99 ${medianP99} ms ≥ 10 ms at ${offered} req/s`);
    for (const r of rows) if (r.non2xx > 0) failures.push(`${r.name}: ${r.non2xx} non-2xx answers`);

    if (existsSync(CHROMIUM)) {
      const loginJs = await gzipJsOf(`${server.url}/login`, async (page) => {
        await page.getByRole('button', { name: /登\s*录/ }).waitFor();
      });
      const shellJs = await gzipJsOf(
        `${server.url}/login`,
        async (page) => {
          await page.getByLabel('用户名').fill('admin');
          await page.getByLabel('密码', { exact: true }).fill(ADMIN_PASSWORD);
          await page.getByRole('button', { name: /登\s*录/ }).click();
          await page.waitForURL(/sysset_home\/basic/);
        },
        { measureAfterVisit: true },
      );
      const listJs = await gzipJsOf(
        `${server.url}/login`,
        async (page) => {
          await page.getByLabel('用户名').fill('admin');
          await page.getByLabel('密码', { exact: true }).fill(ADMIN_PASSWORD);
          await page.getByRole('button', { name: /登\s*录/ }).click();
          await page.waitForURL(/sysset_home\/basic/);
          await page.goto(new URL(LIST_PAGE, page.url()).href);
          await page.locator('.ant-table').first().waitFor();
        },
        { measureAfterVisit: true },
      );
      console.log('\nJavaScript loaded (gzip)');
      console.table([
        { page: '/login', 'KB gzip': loginJs.kb.toFixed(1), files: loginJs.files, budget: 250 },
        {
          page: 'logged-in landing',
          'KB gzip': shellJs.kb.toFixed(1),
          files: shellJs.files,
          budget: 450,
        },
        {
          page: `list page ${LIST_PAGE} (fresh load)`,
          'KB gzip': listJs.kb.toFixed(1),
          files: listJs.files,
          budget: '-',
        },
      ]);
      if (loginJs.kb > 250)
        failures.push(`/login loads ${loginJs.kb.toFixed(1)} KB gzip JS > 250 KB`);
      if (shellJs.kb > 450)
        failures.push(`landing loads ${shellJs.kb.toFixed(1)} KB gzip JS > 450 KB`);
      const own = pageOwnSizes();
      // The pages are found by file name; finding few means the pattern no longer matches the tree.
      if (own.length < 30)
        failures.push(`only ${own.length} page chunks found: the page file pattern is out of date`);
      console.log(
        `\nEach page's own JavaScript beyond the shared chunks (gzip, budget ${PAGE_OWN_BUDGET_KB} KB)`,
      );
      console.table(own.map((o) => ({ page: o.page, 'KB gzip': o.kb.toFixed(1) })));
      for (const o of own)
        if (o.kb > PAGE_OWN_BUDGET_KB)
          failures.push(
            `${o.page} has ${o.kb.toFixed(1)} KB gzip of its own > ${PAGE_OWN_BUDGET_KB} KB`,
          );
    } else {
      failures.push(`Chromium not found at ${CHROMIUM}: bundle sizes not measured`);
    }
  } finally {
    await server.stop();
  }
  if (failures.length > 0) {
    console.error(`\nTargets missed:\n- ${failures.join('\n- ')}`);
    process.exit(1);
  }
  console.log('\nAll targets met.');
}

await main();
