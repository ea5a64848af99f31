import { existsSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Locator,
  type Page,
  type Request,
} from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const ARTIFACTS = fileURLToPath(new URL('../artifacts/', import.meta.url));

/**
 * Whether the browser tests can run. Under CI a missing browser is a failure; elsewhere the
 * suite is skipped with a loud message so nobody mistakes it for a pass.
 */
export function browserAvailable(): boolean {
  if (existsSync(CHROMIUM)) return true;
  const msg = `Chromium not found at ${CHROMIUM}: install it with 'apt-get install -y chromium'`;
  if (process.env.CI === 'true') throw new Error(msg);
  console.warn(`\n!!! BROWSER TESTS SKIPPED: ${msg} !!!\n`);
  return false;
}

export async function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/**
 * The options of every test context, `more` on top: the server, Chinese, and less motion (what a
 * system's accessibility setting asks for): the app then turns antd's animations off, so the
 * tests act on dialogs, dropdowns and messages without racing their animations (a click on a
 * dialog still zooming in once left a radio unchecked).
 */
export function contextOptions(
  baseURL: string,
  more: BrowserContextOptions = {},
): BrowserContextOptions {
  return { reducedMotion: 'reduce', baseURL, locale: 'zh-CN', ...more };
}

/** A fresh context (own storage and cookies) whose page records console errors. */
export async function newPage(
  browser: Browser,
  baseURL: string,
  options: {
    width?: number;
    height?: number;
    /** The local storage (a logged-in session) the context starts with. */
    storageState?: BrowserContextOptions['storageState'];
  } = {},
): Promise<{ context: BrowserContext; page: Page; consoleErrors: string[] }> {
  const context = await browser.newContext(
    contextOptions(baseURL, {
      viewport: { width: options.width ?? 1366, height: options.height ?? 820 },
      ...(options.storageState ? { storageState: options.storageState } : {}),
    }),
  );
  const page = await context.newPage();
  trackRequests(page);
  const consoleErrors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') consoleErrors.push(m.text());
  });
  page.on('pageerror', (e) => consoleErrors.push(e.message));
  return { context, page, consoleErrors };
}

/** Keep a screenshot as a test artifact (e2e/artifacts/<name>.png). */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: `${ARTIFACTS}${name}.png`, fullPage: false });
}

/**
 * The console errors that are the app's own. A refused request (state 255, HTTP 400) is answered
 * with its Chinese message and nothing else: Chromium logs the 400 itself as a failed resource
 * ("Failed to load resource: … 400"), which is the HTTP status mirroring the state
 * (ARCHITECTURE.md); no uncaught error may follow it.
 */
export function appErrors(consoleErrors: string[]): string[] {
  return consoleErrors.filter((e) => !/^Failed to load resource: .* 400 \(Bad Request\)$/.test(e));
}

/** Wait until the locator is visible (the e2e runner is Vitest, so no Playwright matchers). */
export async function see(locator: Locator, timeout = 10_000): Promise<void> {
  await locator.first().waitFor({ state: 'visible', timeout });
}

/**
 * A page's address, its requests in flight, its last answers to changes (POST) and the start of
 * its text: for a failure's message.
 */
async function describePage(page: Page): Promise<string> {
  const tracked = pages.get(page);
  const pending = [...(tracked?.inFlight ?? [])].map((r) => r.url());
  const text = await page
    .locator('body')
    .innerText({ timeout: 2_000 })
    .catch(() => '(the page could not be read)');
  return [
    `the page: ${page.url()}`,
    `its requests in flight: ${pending.join(', ') || 'none'}`,
    `its last changes: ${tracked?.lastPosts.join('; ') || 'none'}`,
    `its text: ${text.replace(/\s+/g, ' ').slice(0, 800)}`,
  ].join('\n');
}

/** What the open pages of the test showed (e2e/support/failures.ts prints it when a test fails). */
export async function describeOpenPages(): Promise<string> {
  const open = [...openPages].filter((page) => !page.isClosed());
  const described = await Promise.all(open.map(describePage));
  return described.join('\n---\n');
}

/** Wait until nothing matches the locator. */
export async function gone(locator: Locator, timeout = 10_000): Promise<void> {
  await locator.first().waitFor({ state: 'detached', timeout });
}

/**
 * Per page opened by newPage: its requests in flight (event streams left out: they stay open for
 * the page's life) and its last few answers to API changes, as `POST <path> → <state> <msg>`.
 */
const pages = new WeakMap<Page, { inFlight: Set<Request>; lastPosts: string[] }>();
/** The pages opened by newPage and not closed yet. */
const openPages = new Set<Page>();
const LAST_POSTS = 5;

function trackRequests(page: Page): void {
  const pending = new Set<Request>();
  const lastPosts: string[] = [];
  pages.set(page, { inFlight: pending, lastPosts });
  openPages.add(page);
  page.on('close', () => openPages.delete(page));
  page.on('request', (r) => {
    if (r.headers().accept !== 'text/event-stream') pending.add(r);
  });
  page.on('requestfinished', (r) => pending.delete(r));
  page.on('requestfailed', (r) => {
    pending.delete(r);
    if (r.method() === 'POST')
      remember(`POST ${new URL(r.url()).pathname} → ${r.failure()?.errorText}`);
  });
  page.on('response', async (response) => {
    const request = response.request();
    if (request.method() !== 'POST' || !request.url().includes('/api/')) return;
    const envelope = (await response.json().catch(() => null)) as {
      state?: number;
      msg?: string;
    } | null;
    const answer = envelope?.state
      ? `${envelope.state} ${envelope.msg}`
      : `HTTP ${response.status()}`;
    remember(`POST ${new URL(request.url()).pathname} → ${answer}`);
  });

  function remember(line: string): void {
    lastPosts.push(line);
    if (lastPosts.length > LAST_POSTS) lastPosts.shift();
  }
}

/**
 * The quiet window of the walks over every page: a page's requests start as it mounts, so
 * 200 ms without one means it has loaded (the default 500 ms is Playwright's, for any page).
 */
export const WALK_QUIET_MS = 200;

/**
 * Go to `path` inside the running app, as its menu does (the router's history, no reload of the
 * document): a walk over every page spends its time on the pages, not on loading the app again.
 */
export async function navigateInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/**
 * Wait until the page has had no request in flight for `quietMs` — Playwright's `networkidle`,
 * except that a page following a server-sent event stream (the doctor workbench) settles too.
 */
export async function settled(page: Page, quietMs = 500, timeout = 30_000): Promise<void> {
  await page.waitForLoadState('load');
  const pending = pages.get(page)?.inFlight;
  if (!pending) {
    await page.waitForLoadState('networkidle', { timeout });
    return;
  }
  const deadline = Date.now() + timeout;
  let quietSince = Date.now();
  for (;;) {
    if (pending.size > 0) quietSince = Date.now();
    else if (Date.now() - quietSince >= quietMs) return;
    if (Date.now() > deadline) throw new Error(`the page did not settle in ${timeout} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Switch the interface language as the language menu does (the stored setting), and reload. */
export async function setLanguage(page: Page, language: 'zh-CN' | 'en-US'): Promise<void> {
  await page.evaluate((lang) => {
    const key = 'jkadmin_settings';
    const saved = JSON.parse(localStorage.getItem(key) ?? '{}') as object;
    localStorage.setItem(key, JSON.stringify({ ...saved, language: lang }));
  }, language);
  await page.reload();
}
