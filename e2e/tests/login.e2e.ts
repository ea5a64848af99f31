import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, launch, newPage, screenshot, see } from '../support/browser.ts';
import {
  ADMIN,
  INITIAL_PASSWORD,
  completeFirstLoginChange,
  storedAccessToken,
  submitLogin,
} from '../support/flows.ts';
import { startServer, type RunningServer } from '../support/server.ts';

const run = browserAvailable();

describe.runIf(run)('login, the forced first-login change and logout', () => {
  let server: RunningServer;
  let browser: Browser;
  const NEW_PASSWORD = 'Health#2026';

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launch()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('walks a new administrator from the login page to the overview', async () => {
    const { page, consoleErrors, context } = await newPage(browser, server.url);

    // Not logged in: sent to /login with the wanted path in the redirect query.
    await page.goto('/sysset_home/basic');
    await page.waitForURL(/\/login\?redirect=/);
    expect(decodeURIComponent(page.url())).toContain('redirect=/sysset_home/basic');
    await expect.poll(() => page.title()).toMatch(/^登录 - /);
    await screenshot(page, 'login');

    // Wrong password: one message that does not say which part was wrong.
    await submitLogin(page, ADMIN, 'wrong-password');
    await see(page.getByRole('alert').filter({ hasText: '用户名或密码错误' }));

    // Right password: the forced dialog cannot be closed and has no old-password field.
    await submitLogin(page, ADMIN, INITIAL_PASSWORD);
    await page.waitForURL(/\/sysset_home\/basic/);
    const dialog = page.getByRole('dialog', { name: '首次登录，请修改初始密码' });
    await dialog.waitFor();
    expect(await dialog.getByLabel('旧密码').count()).toBe(0);
    expect(await dialog.getByRole('button', { name: /close|关闭/i }).count()).toBe(0);
    await page.keyboard.press('Escape');
    await page.waitForTimeout(300);
    expect(await dialog.isVisible()).toBe(true);
    await screenshot(page, 'forced-first-login');

    // The dialog's checks, in the spec's order.
    const submit = dialog.getByRole('button', { name: '确认修改' });
    await submit.click();
    await see(dialog.getByText('请输入新密码').last());
    await dialog.getByLabel('新密码', { exact: true }).fill('abcdefg');
    await dialog.getByLabel('确认新密码').fill('abcdefh');
    await submit.click();
    await see(dialog.getByText('两次输入的密码不一致'));
    await dialog.getByLabel('确认新密码').fill('abcdefg');
    await submit.click();
    await see(dialog.getByText('密码必须包含大写字母、小写字母、数字、特殊符号中的三种'));

    // A valid password: success, logged out after half a second, back at /login.
    await completeFirstLoginChange(page, NEW_PASSWORD);
    const oldToken = await page.evaluate(() => localStorage.getItem('jkadmin_access_token'));
    expect(oldToken).toBeNull();

    // The old password no longer works; the new one does, and no dialog comes back.
    await submitLogin(page, ADMIN, INITIAL_PASSWORD);
    await see(page.getByRole('alert').filter({ hasText: '用户名或密码错误' }).first());
    await submitLogin(page, ADMIN, NEW_PASSWORD);
    await page.waitForURL(/\/sysset_home\/basic/);
    await see(page.getByRole('heading', { name: '概况' }));
    await expect.poll(() => page.title()).toBe('概况 - 居家健康服务平台');
    await see(page.getByRole('navigation', { name: '顶部导航' }).getByText('系统设置'));
    await see(page.getByRole('navigation', { name: '侧边菜单' }).getByText('概况'));
    await see(page.getByText('今日登录'));
    await page.waitForTimeout(1_500);
    expect(await page.getByRole('dialog').count()).toBe(0);
    await screenshot(page, 'overview');

    // A logged-in user opening /login is sent to the root, and from there to the landing page.
    await page.goto('/login');
    await page.waitForURL(/\/sysset_home\/basic/);

    // The refresh button reloads the server's settings and says so.
    await page.getByRole('banner').getByRole('button', { name: '刷新', exact: true }).click();
    await expect(page.getByText('系统配置已刷新'));

    // Logout revokes the session on the server and clears the browser's storage.
    const token = await storedAccessToken(page);
    await page.getByRole('button', { name: '用户菜单' }).click();
    await page.getByRole('menuitem', { name: '退出登录' }).click();
    await page.waitForURL(/\/login/);
    const keys = await page.evaluate(() =>
      Object.keys(localStorage).filter((k) => k.startsWith('jkadmin_')),
    );
    expect(keys.filter((k) => !k.endsWith('settings'))).toEqual([]);
    const res = await fetch(`${server.url}/api/v3/system/admin/adminUser/info`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect((await res.json()).state).toBe(266);

    // Refused logins answer HTTP 400, which Chromium logs as a failed resource; nothing else may.
    expect(consoleErrors.filter((e) => !e.startsWith('Failed to load resource'))).toEqual([]);
    await context.close();
  });

  it('logs in when the button is pressed before the captcha settings have come', async () => {
    const { page, consoleErrors, context } = await newPage(browser, server.url);
    // A slow network: the captcha's answer (whether one is asked) takes two seconds.
    let answered = false;
    await page.route('**/v3/captcha/common/getCaptcha', async (route) => {
      const response = await route.fetch();
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      answered = true;
      await route.fulfill({ response });
    });
    await page.goto('/login');
    await submitLogin(page, ADMIN, NEW_PASSWORD);
    // Pressed before the answer: the login waits for it, then goes on (it used to do nothing).
    expect(answered).toBe(false);
    await page.waitForURL(/\/sysset_home\/basic/);
    await see(page.getByRole('heading', { name: '概况' }));
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});

describe.runIf(run)('the captcha', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer({ CAPTCHA_ENABLED: 'true' }), launch()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('shows an image that changes on click and refuses a wrong code', async () => {
    const { page, context } = await newPage(browser, server.url);
    await page.goto('/login');
    const refresh = page.getByRole('button', { name: '验证码图片，点击刷新' });
    const image = refresh.locator('img');
    await image.waitFor();
    const first = await image.getAttribute('src');
    expect(first).toMatch(/^data:image\/svg\+xml/);
    await refresh.click();
    await expect.poll(() => image.getAttribute('src')).not.toBe(first);

    await page.getByLabel('用户名').fill(ADMIN);
    await page.getByLabel('密码', { exact: true }).fill(INITIAL_PASSWORD);
    await page.getByRole('textbox', { name: '验证码' }).fill('zzzz');
    const before = await image.getAttribute('src');
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await see(
      page.getByRole('alert').filter({ hasText: '验证码错误或已过期，请重新输入' }).first(),
    );
    // A failed login fetches a new image: the old answer is spent.
    await expect.poll(() => image.getAttribute('src')).not.toBe(before);
    expect(page.url()).toContain('/login');
    await screenshot(page, 'login-captcha');
    await context.close();
  });
});
