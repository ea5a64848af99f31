/**
 * `npm run bench`: load and size benchmarks, reported as ratios within one run (never as timed
 * unit tests). Builds what is missing, starts the real server on a fresh embedded database, then:
 *  - autocannon on /healthz, the user-info call (token check) and a login at saturation: req/s,
 *    p50, p99; target: user-info ≥ 0.7 × healthz throughput (issue 16);
 *  - user-info latency at 50 connections under a fixed, evenly spaced load of 30 % of /healthz's
 *    saturated throughput (load.ts's open loop), five runs: target median p99 < 5 ms. (At saturation,
 *    latency is only queueing — 50 connections ÷ req/s — so it measures the throughput again, not
 *    how long the server takes to answer while busy.)
 *  - the gzip size of the JavaScript that /login, the logged-in landing and one list page load in
 *    Chromium; targets (issue 16): /login ≤ 220 KB, logged-in landing ≤ 400 KB; echarts, tiptap and
 *    the ECG viewer load there only if that page uses them;
 *  - every lazy page's own JavaScript (its chunk and the chunks only it uses, from Vite's build
 *    manifest) beyond what the shell and other pages share: ≤ 100 KB gzip each.
 * Exits non-zero when a target is missed, so it can gate a release. `npm run bench -- --sizes` (or
 * BENCH_PARTS=sizes) runs the size part alone, `--load` the load part alone; the default runs both.
 */
import { existsSync, readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { launch, CHROMIUM } from '../e2e/support/browser.ts';
import { startServer } from '../e2e/support/server.ts';
import { adminToken, BENCH_PASSWORD } from './admin.ts';
import { ensureBuilt, root } from './build.ts';
import { gzipKb, pageOwnSizes, readManifest } from './page-sizes.ts';
import { atFixedRate, saturate, type LoadResult } from './load.ts';

const CONNECTIONS = 50;
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 8);
// The administrator after its first password change (admin.ts): a session that sees pages.
const ADMIN_PASSWORD = BENCH_PASSWORD;

/**
 * Share of /healthz's saturated throughput offered in the latency run: a load the machine carries
 * with room. (Half of user info's own throughput was used while user info was far slower than
 * /healthz; once it was as fast, that rate — 7,500–9,000 req/s — was beyond what the open-loop
 * generator and the server sharing two cores carry, and /healthz alone at it did worse.)
 */
const LATENCY_LOAD_SHARE = 0.3;
/** Authenticated read (user info) against /healthz at saturation, and its p99 (issue 16). */
const INFO_RATIO_TARGET = 0.7;
const INFO_P99_TARGET_MS = 5;
const LATENCY_RUNS = 5;

/** Sum the gzip size of every JavaScript file the page loaded from the server. */
async function gzipJsOf(
  url: string,
  visit: (page: Page) => Promise<void>,
  options: { measureAfterVisit?: boolean } = {},
): Promise<{ kb: number; files: number; scripts: { file: string; kb: number }[] }> {
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
    const loaded = [...scripts]
      .map((path) => ({ file: path.replace(/^\//, ''), kb: gzipKb(path.replace(/^\//, '')) }))
      .sort((a, b) => b.kb - a.kb);
    return { kb: loaded.reduce((sum, s) => sum + s.kb, 0), files: loaded.length, scripts: loaded };
  } finally {
    await browser.close();
  }
}

const LIST_PAGE = '/sysset_authority/operate_log';
/** Issue 16's budgets (KB gzip). */
const LOGIN_BUDGET_KB = 220;
const LANDING_BUDGET_KB = 400;
const PAGE_OWN_BUDGET_KB = 100;
/** The route modules of /login and of the administrator's landing (/sysset_home/basic). */
const LOGIN_PAGE_SRC = 'src/features/auth/login/LoginPage.tsx';
const LANDING_PAGE_SRC = 'src/features/system/overview/OverviewPage.tsx';

/**
 * The heavy parts (echarts, tiptap, the ECG viewer) may load on /login and the landing only when
 * that page uses them: a loaded chunk holding one (dist/.vite/heavy-chunks.json, written by the web
 * build) must be reachable from the page's route module through its static and lazy imports.
 */
function heavyLoadedWithoutUse(
  loaded: readonly string[],
  pageSrc: string,
  what: string,
  failures: string[],
): string[] {
  const manifest = readManifest();
  const heavyFile = `${root}apps/web/dist/.vite/heavy-chunks.json`;
  if (!existsSync(heavyFile)) {
    failures.push(`${heavyFile} is missing: build the web app again (npm run build)`);
    return [];
  }
  const heavy = JSON.parse(readFileSync(heavyFile, 'utf8')) as Record<string, string[]>;
  const pageKey = Object.keys(manifest).find((k) => (manifest[k]?.src ?? k).endsWith(pageSrc));
  if (!pageKey) {
    failures.push(`${pageSrc} is not in the build manifest: the bench's page is out of date`);
    return [];
  }
  const reachable = new Set<string>();
  const walk = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || reachable.has(chunk.file)) return;
    reachable.add(chunk.file);
    for (const dep of [...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])]) walk(dep);
  };
  walk(pageKey);
  const used: string[] = [];
  for (const file of loaded) {
    const parts = heavy[file];
    if (!parts) continue;
    if (reachable.has(file)) used.push(`${file} (${parts.join(', ')})`);
    else failures.push(`${what} loads ${file} (${parts.join(', ')}) but does not use it`);
  }
  return used;
}

/** Server throughput and latency (autocannon). */
async function loadPart(serverUrl: string, token: string, failures: string[]): Promise<void> {
  const rows: LoadResult[] = [];
  const info = {
    url: `${serverUrl}/api/v3/system/admin/adminUser/info`,
    headers: { authorization: `Bearer ${token}` },
  };
  rows.push(
    await saturate('GET /healthz', { url: `${serverUrl}/healthz` }, CONNECTIONS, DURATION_S),
  );
  rows.push(await saturate('GET user info (token check)', info, CONNECTIONS, DURATION_S));
  const [health, infoSaturated] = rows;
  const offered = Math.round(health!.rps * LATENCY_LOAD_SHARE);
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
      { url: `${serverUrl}/healthz` },
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
        url: `${serverUrl}/api/v3/adminLogin/oauth/token`,
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
  console.log(
    `user-info / healthz throughput ratio: ${ratio.toFixed(2)} (target ≥ ${INFO_RATIO_TARGET.toFixed(2)})`,
  );
  if (ratio < INFO_RATIO_TARGET)
    failures.push(`user-info throughput ratio ${ratio.toFixed(2)} < ${INFO_RATIO_TARGET}`);
  console.log(
    `user-info p99 at ${offered} req/s over ${CONNECTIONS} connections, median of ${LATENCY_RUNS} runs: ${medianP99} ms (target < ${INFO_P99_TARGET_MS} ms)`,
  );
  if (medianP99 >= INFO_P99_TARGET_MS)
    failures.push(
      `user-info median p99 ${medianP99} ms ≥ ${INFO_P99_TARGET_MS} ms at ${offered} req/s`,
    );
  for (const r of rows) if (r.non2xx > 0) failures.push(`${r.name}: ${r.non2xx} non-2xx answers`);
}

/** Log in on the /login page as the administrator and wait for the landing. */
async function logIn(page: Page): Promise<void> {
  await page.getByLabel('用户名').fill('admin');
  await page.getByLabel('密码', { exact: true }).fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await page.waitForURL(/sysset_home\/basic/);
}

/** JavaScript sizes: what /login and the landing load in Chromium, and each lazy page's own. */
async function sizePart(serverUrl: string, failures: string[]): Promise<void> {
  if (existsSync(CHROMIUM)) {
    const loginJs = await gzipJsOf(`${serverUrl}/login`, async (page) => {
      await page.getByRole('button', { name: /登\s*录/ }).waitFor();
    });
    const shellJs = await gzipJsOf(`${serverUrl}/login`, logIn, { measureAfterVisit: true });
    const listJs = await gzipJsOf(
      `${serverUrl}/login`,
      async (page) => {
        await logIn(page);
        await page.goto(new URL(LIST_PAGE, page.url()).href);
        await page.locator('.ant-table').first().waitFor();
      },
      { measureAfterVisit: true },
    );
    for (const [what, js] of [
      ['/login', loginJs],
      ['logged-in landing', shellJs],
    ] as const) {
      console.log(`\nFiles ${what} loads (gzip KB)`);
      console.table(js.scripts.map((f) => ({ file: f.file, 'KB gzip': f.kb.toFixed(1) })));
    }
    console.log('\nJavaScript loaded (gzip)');
    console.table([
      {
        page: '/login',
        'KB gzip': loginJs.kb.toFixed(1),
        files: loginJs.files,
        budget: LOGIN_BUDGET_KB,
      },
      {
        page: 'logged-in landing',
        'KB gzip': shellJs.kb.toFixed(1),
        files: shellJs.files,
        budget: LANDING_BUDGET_KB,
      },
      {
        page: `list page ${LIST_PAGE} (fresh load)`,
        'KB gzip': listJs.kb.toFixed(1),
        files: listJs.files,
        budget: '-',
      },
    ]);
    if (loginJs.kb > LOGIN_BUDGET_KB)
      failures.push(`/login loads ${loginJs.kb.toFixed(1)} KB gzip JS > ${LOGIN_BUDGET_KB} KB`);
    if (shellJs.kb > LANDING_BUDGET_KB)
      failures.push(`landing loads ${shellJs.kb.toFixed(1)} KB gzip JS > ${LANDING_BUDGET_KB} KB`);
    const names = (js: typeof loginJs) => js.scripts.map((f) => f.file);
    heavyLoadedWithoutUse(names(loginJs), LOGIN_PAGE_SRC, '/login', failures);
    const landingUses = heavyLoadedWithoutUse(
      names(shellJs),
      LANDING_PAGE_SRC,
      'the landing',
      failures,
    );
    if (landingUses.length > 0) {
      const kb = shellJs.scripts
        .filter((f) => landingUses.some((u) => u.startsWith(`${f.file} `)))
        .reduce((sum, f) => sum + f.kb, 0);
      console.log(
        `The landing page draws with: ${landingUses.join('; ')} — ${kb.toFixed(1)} KB gzip of its total`,
      );
    }
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
}

/** `npm run bench -- --sizes` (or BENCH_PARTS=sizes): only the size part; `--load`: only the load part. */
function parts(): { load: boolean; sizes: boolean } {
  const args = process.argv.slice(2);
  const env = (process.env.BENCH_PARTS ?? '').split(',').filter(Boolean);
  const chosen = new Set([...args.map((a) => a.replace(/^--/, '')), ...env]);
  if (chosen.size === 0) return { load: true, sizes: true };
  return { load: chosen.has('load'), sizes: chosen.has('sizes') };
}

async function main() {
  const run = parts();
  ensureBuilt();
  const server = await startServer({ DEMO_DATA: 'false', AUTH_RATE_LIMIT_PER_MINUTE: '1000000' });
  const failures: string[] = [];
  try {
    // Also sets the administrator's password that the size part logs in with.
    const token = await adminToken(server.url);
    if (run.load) await loadPart(server.url, token, failures);
    if (run.sizes) await sizePart(server.url, failures);
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
