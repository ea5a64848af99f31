import { existsSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type Locator,
  type Page,
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
 * Every test context asks for less motion (what a system's accessibility setting does): the app
 * then turns antd's animations off, so the tests act on dialogs, dropdowns and messages without
 * racing their animations (a click on a dialog still zooming in once left a radio unchecked).
 */
export const LESS_MOTION = { reducedMotion: 'reduce' } as const;

/** A fresh context (own storage and cookies) whose page records console errors. */
export async function newPage(
  browser: Browser,
  baseURL: string,
  options: { width?: number; height?: number } = {},
): Promise<{ context: BrowserContext; page: Page; consoleErrors: string[] }> {
  const context = await browser.newContext({
    ...LESS_MOTION,
    baseURL,
    locale: 'zh-CN',
    viewport: { width: options.width ?? 1366, height: options.height ?? 820 },
  });
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
  await locator.first().waitFor({ state: 'visible', timeout });
}

/** Wait until nothing matches the locator. */
export async function gone(locator: Locator, timeout = 10_000): Promise<void> {
  await locator.first().waitFor({ state: 'detached', timeout });
}

/** Requests in flight per page, event streams left out (they stay open for the page's life). */
const inFlight = new WeakMap<Page, Set<unknown>>();

function trackRequests(page: Page): void {
  const pending = new Set<unknown>();
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
