import type { Browser, BrowserContextOptions } from 'playwright-core';

const HOME = '/sysset_home/basic';
import { afterAll, beforeAll } from 'vitest';
import { newPage } from './browser.ts';
import { ADMIN, startWithAdmin, submitLogin } from './flows.ts';
import type { RunningServer } from './server.ts';

/** What a suite declared with `adminSuite` uses in its tests. */
export interface AdminSuite {
  /** The running server (valid inside the tests, after the suite's `beforeAll`). */
  readonly server: RunningServer;
  readonly browser: Browser;
  /** A fresh page (own context) logged in as the administrator, on the home page. */
  adminPage(): ReturnType<typeof newPage>;
}

/**
 * Call inside a `describe`: registers the set-up most browser suites share (the built server on a
 * fresh demo database, a browser, the administrator's initial password changed once to
 * `adminPassword`) and its tear-down, and returns what the tests use.
 */
export function adminSuite(adminPassword: string, env: Record<string, string> = {}): AdminSuite {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  let session: BrowserContextOptions['storageState'] | undefined;

  beforeAll(async () => {
    ({ server, browser } = await startWithAdmin(adminPassword, env));
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const suite: AdminSuite = {
    get server() {
      if (!server) throw new Error('the suite has not started (use it inside a test)');
      return server;
    },
    get browser() {
      if (!browser) throw new Error('the suite has not started (use it inside a test)');
      return browser;
    },
    async adminPage() {
      // The suite's administrator logs in through the form once; later pages start with that
      // session's storage (a second per page saved). A test that ended the session (logged out,
      // changed the password) sends the next page to the form again.
      if (session) {
        const opened = await newPage(suite.browser, suite.server.url, { storageState: session });
        await opened.page.goto(HOME);
        const form = opened.page.getByLabel('用户名');
        await opened.page.locator('.top-nav').or(form).first().waitFor();
        if (!(await form.isVisible())) return opened;
        await opened.context.close();
      }
      const opened = await newPage(suite.browser, suite.server.url);
      await submitLogin(opened.page, ADMIN, adminPassword);
      await opened.page.waitForURL(/\/sysset_home\/basic/);
      session = await opened.context.storageState();
      return opened;
    },
  };
  return suite;
}
