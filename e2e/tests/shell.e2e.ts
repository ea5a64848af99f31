import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, gone, newPage, screenshot, see, settled } from '../support/browser.ts';
import { agePassword, createGroup, moveOperator } from '../support/database.ts';
import {
  ADMIN,
  DEMO_PASSWORD,
  storedAccessToken,
  submitLogin,
  startWithAdmin,
} from '../support/flows.ts';
import { type RunningServer } from '../support/server.ts';

const run = browserAvailable();
const ADMIN_PASSWORD = 'Shell#2026a';

describe.runIf(run)('the layout shell, sessions and permissions', () => {
  let server: RunningServer;
  let browser: Browser;

  /** A fresh browser context logged in as the administrator, on the overview. */
  async function adminPage(options: { width?: number } = {}) {
    const opened = await newPage(browser, server.url, options);
    await submitLogin(opened.page, ADMIN, ADMIN_PASSWORD);
    await opened.page.waitForURL(/\/sysset_home\/basic/);
    await see(opened.page.getByRole('heading', { name: '概况' }));
    return opened;
  }

  const sideMenu = (page: Page) => page.getByRole('navigation', { name: '侧边菜单' });
  const userMenu = async (page: Page, item: string) => {
    await page.getByRole('button', { name: /^(用户菜单|User menu)$/ }).click();
    await page.getByRole('menuitem', { name: item }).click();
  };

  beforeAll(async () => {
    ({ server, browser } = await startWithAdmin(ADMIN_PASSWORD));
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('ends a session whose login time is older than the session lifetime', async () => {
    const { page, context } = await adminPage();
    await page.evaluate(() =>
      localStorage.setItem('jkadmin_login_time', JSON.stringify(Date.now() - 1_295_880_001)),
    );
    await page.reload();
    await page.waitForURL(/\/login\?redirect=/);
    const left = await page.evaluate(() => localStorage.getItem('jkadmin_access_token'));
    expect(left).toBeNull();
    await context.close();
  });

  it('sends a user with no stored route paths back to /login with an error', async () => {
    const { page, context } = await adminPage();
    await page.evaluate(() => localStorage.removeItem('jkadmin_route_data'));
    await page.reload();
    await page.waitForURL(/\/login/);
    expect(await page.evaluate(() => localStorage.getItem('jkadmin_access_token'))).toBeNull();
    await context.close();
  });

  it('logs out when the server says the session is invalid (266)', async () => {
    const { page, context } = await adminPage();
    const token = await storedAccessToken(page);
    const res = await fetch(`${server.url}/api/v3/adminLogin/oauth/logout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    expect((await res.json()).state).toBe(200);
    await page.getByRole('banner').getByRole('button', { name: '刷新', exact: true }).click();
    await page.waitForURL(/\/login/);
    await context.close();
  });

  it('remembers the sidebar state in a cookie and collapses it on mobile widths', async () => {
    const { page, context } = await adminPage();
    const cookie = async () =>
      (await context.cookies()).find((c) => c.name === 'sidebarStatus')?.value;
    await page.getByRole('button', { name: '收起菜单' }).click();
    await see(page.getByRole('button', { name: '展开菜单' }));
    expect(await cookie()).toBe('0');
    await page.reload();
    await see(page.getByRole('button', { name: '展开菜单' }));
    await page.getByRole('button', { name: '展开菜单' }).click();
    expect(await cookie()).toBe('1');
    // The sidebar opens with a width transition: read its width once it has settled.
    const sidebarWidth = () => sideMenu(page).evaluate((el) => el.getBoundingClientRect().width);
    await expect.poll(sidebarWidth, { timeout: 5_000 }).toBeGreaterThan(150);
    expect(await sidebarWidth()).toBeLessThanOrEqual(200);

    await page.setViewportSize({ width: 800, height: 800 });
    await see(page.getByRole('button', { name: '展开菜单' }));
    await screenshot(page, 'shell-mobile');
    await context.close();
  });

  it('opens pages in the tag bar and closes others and all, keeping the pinned tag', async () => {
    const { page, context } = await adminPage();
    expect(await page.getByRole('navigation', { name: '已打开的页面' }).count()).toBe(0);
    await userMenu(page, '显示标签栏');
    const tags = page.getByTestId('tag');
    await see(tags.filter({ hasText: '概况' }));
    await userMenu(page, '个人中心');
    await page.waitForURL(/\/profile\/index/);
    await see(tags.filter({ hasText: '个人中心' }));
    expect(await tags.count()).toBe(2);
    await screenshot(page, 'shell-tags');

    await tags.filter({ hasText: '个人中心' }).click({ button: 'right' });
    await page.getByRole('menuitem', { name: '关闭所有' }).click();
    await gone(tags.filter({ hasText: '个人中心' }));
    expect(await tags.count()).toBe(1);
    await page.waitForURL(/\/sysset_home\/basic/);

    await userMenu(page, '个人中心');
    await see(tags.filter({ hasText: '个人中心' }));
    await tags.filter({ hasText: '概况' }).click({ button: 'right' });
    await page.getByRole('menuitem', { name: '关闭其他' }).click();
    await gone(tags.filter({ hasText: '个人中心' }));
    await context.close();
  });

  it('follows /redirect/{path}, shows 404 for unknown paths and switches language', async () => {
    const { page, context, consoleErrors } = await adminPage();
    await page.goto('/redirect/sysset_home/basic');
    await page.waitForURL(/\/sysset_home\/basic$/);
    await see(page.getByRole('heading', { name: '概况' }));
    await page.goto('/no/such/page');
    await see(page.getByText('抱歉，您访问的页面不存在'));

    await page.goto('/sysset_home/basic');
    await userMenu(page, 'English');
    await see(page.getByRole('navigation', { name: /top/i }).getByText('System settings'));
    await expect.poll(() => page.title()).toMatch(/^Overview - /);
    await screenshot(page, 'shell-english');
    await userMenu(page, '简体中文');
    await see(page.getByRole('navigation', { name: '顶部导航' }).getByText('系统设置'));
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('animates, and not when the system asks for less motion', async () => {
    const { page, context } = await newPage(browser, server.url);
    await page.goto('/login');
    const login = page.getByRole('button', { name: '登录' });
    await see(login);
    /** The transition of an antd button: antd's motion durations, 0s with motion off. */
    const transition = () =>
      login.evaluate((button) => getComputedStyle(button).transitionDuration.split(',')[0]);
    // The test contexts ask for less motion (contextOptions): no animation.
    expect(await transition()).toBe('0s');
    // A system that does not ask for it (the setting followed as it changes): antd's motion.
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await page.waitForFunction(
      () =>
        getComputedStyle(document.querySelector('button.ant-btn-primary')!).transitionDuration !==
        '0s',
    );
    expect(await transition()).not.toBe('0s');
    await context.close();
  });

  it('asks for a password older than 90 days once a day, with a later button', async () => {
    agePassword(server.databaseFile, 'zhangwei', 91);
    const { page, context } = await newPage(browser, server.url);
    await submitLogin(page, 'zhangwei', DEMO_PASSWORD);
    await page.waitForURL(/\/sysset_home\/basic/);
    const dialog = page.getByRole('dialog', { name: '您的密码已超过90天未修改，请修改密码' });
    await see(dialog);
    await see(dialog.getByLabel('旧密码'));
    await screenshot(page, 'forced-over90');
    await dialog.getByRole('button', { name: '稍后修改' }).click();
    await gone(dialog);
    await page.reload();
    await see(page.getByRole('heading', { name: '概况' }));
    await page.waitForTimeout(1_500);
    expect(await page.getByRole('dialog').count()).toBe(0);
    await context.close();
  });

  it('refuses an operator whose group holds no page, and pages outside a group', async () => {
    const empty = createGroup(server.databaseFile, '无页面组', []);
    moveOperator(server.databaseFile, 'chenjing', empty);
    const { page, context } = await newPage(browser, server.url);
    await submitLogin(page, 'chenjing', DEMO_PASSWORD);
    await see(page.getByText('无操作权限,请联系管理员添加权限并重新登录'));
    expect(page.url()).toContain('/login');

    // A group with only a page that is not the overview: neither the page nor its API opens.
    const other = createGroup(server.databaseFile, '仅协议组', ['/sysset_agreement/lists']);
    moveOperator(server.databaseFile, 'chenjing', other);
    await submitLogin(page, 'chenjing', DEMO_PASSWORD);
    await settled(page);
    await page.goto('/sysset_home/basic');
    await page.waitForURL(/\/(401|404|login)/);
    expect(await page.getByRole('heading', { name: '概况' }).count()).toBe(0);
    const login = await fetch(`${server.url}/api/v3/adminLogin/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username: 'chenjing', password: DEMO_PASSWORD }),
    });
    const token = (await login.json()).data.access_token as string;
    const res = await fetch(`${server.url}/api/v3/system/admin/home/overview`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const body = await res.json();
    expect([res.status, body.state, body.msg]).toEqual([
      403,
      267,
      '无操作权限,请联系管理员添加权限并重新登录',
    ]);
    await context.close();
  });
});
