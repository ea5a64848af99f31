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
  options: { width?: number; height?: number } = {},
): Promise<{ context: BrowserContext; page: Page; consoleErrors: string[] }> {
  const context = await browser.newContext(
    contextOptions(baseURL, {
      viewport: { width: options.width ?? 1366, height: options.height ?? 820 },
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

/** Wait until the locator is visible (the e2e runner is Vitest, so no Playwright matchers). */
export async function see(locator: Locator, timeout = 10_000): Promise<void> {
  try {
    await locator.first().waitFor({ state: 'visible', timeout });
  } catch (err) {
    // A rare timeout on a loaded machine says little by itself: say what the page showed.
    throw new Error(`${(err as Error).message}\n${await describePage(locator.page())}`, {
      cause: err,
    });
  }
}

/** A page's address, its requests in flight and the start of its text (for a failure's message). */
async function describePage(page: Page): Promise<string> {
  const pending = [...(inFlight.get(page) ?? [])].map((r) => r.url());
  const text = await page
    .locator('body')
    .innerText({ timeout: 2_000 })
    .catch(() => '(the page could not be read)');
  return [
    `the page: ${page.url()}`,
    `its requests in flight: ${pending.join(', ') || 'none'}`,
    `its text: ${text.replace(/\s+/g, ' ').slice(0, 800)}`,
  ].join('\n');
}

/** Wait until nothing matches the locator. */
export async function gone(locator: Locator, timeout = 10_000): Promise<void> {
  await locator.first().waitFor({ state: 'detached', timeout });
}

/** Requests in flight per page, event streams left out (they stay open for the page's life). */
const inFlight = new WeakMap<Page, Set<Request>>();

function trackRequests(page: Page): void {
  const pending = new Set<Request>();
  inFlight.set(page, pending);
  page.on('request', (r) => {
    if (r.headers().accept !== 'text/event-stream') pending.add(r);
  });
  page.on('requestfinished', (r) => pending.delete(r));
  page.on('requestfailed', (r) => pending.delete(r));
}

/**
 * Wait until the page has had no request in flight for `quietMs` — Playwright's `networkidle`,
 * except that a page following a server-sent event stream (the doctor workbench) settles too.
 */
export async function settled(page: Page, quietMs = 500, timeout = 30_000): Promise<void> {
  await page.waitForLoadState('load');
  const pending = inFlight.get(page);
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
