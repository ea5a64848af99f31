import type { Browser, Page } from 'playwright-core';
import { launch } from './browser.ts';
import { startServer, type RunningServer } from './server.ts';

export const ADMIN = 'admin';
export const INITIAL_PASSWORD = 'Admin@123';
export const DEMO_PASSWORD = 'Demo@2024';

/** Fill the login form and submit it (the captcha is off on the e2e server unless a test turns it on). */
export async function submitLogin(page: Page, username: string, password: string): Promise<void> {
  if (!page.url().includes('/login')) await page.goto('/login');
  await page.getByLabel('用户名').fill(username);
  await page.getByLabel('密码', { exact: true }).fill(password);
  await page.getByRole('button', { name: /登\s*录/ }).click();
}

/** Change the password in the forced first-login dialog and wait to be sent back to /login. */
export async function completeFirstLoginChange(page: Page, newPassword: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: '首次登录，请修改初始密码' });
  await dialog.waitFor();
  await dialog.getByLabel('新密码', { exact: true }).fill(newPassword);
  await dialog.getByLabel('确认新密码').fill(newPassword);
  await dialog.getByRole('button', { name: '确认修改' }).click();
  await page.waitForURL(/\/login/);
}

/** Log in as a user whose initial password must be changed, change it, and log in again. */
export async function loginChangingInitialPassword(
  page: Page,
  username: string,
  initialPassword: string,
  newPassword: string,
): Promise<void> {
  await submitLogin(page, username, initialPassword);
  await completeFirstLoginChange(page, newPassword);
  await submitLogin(page, username, newPassword);
  await page.waitForURL(/\/sysset_home\/basic|\/$/);
}

/** The stored access token, read from the browser's local storage. */
export async function storedAccessToken(page: Page): Promise<string> {
  return page.evaluate(() => {
    const raw = localStorage.getItem('jkadmin_access_token');
    return raw ? (JSON.parse(raw) as string) : '';
  });
}

/**
 * The set-up most browser suites share: the built server on a fresh demo database, a browser, and
 * the administrator's initial password changed once to `adminPassword`.
 */
export async function startWithAdmin(
  adminPassword: string,
  env: Record<string, string> = {},
): Promise<{ server: RunningServer; browser: Browser }> {
  const [server, browser] = await Promise.all([startServer(env), launch()]);
  await changeInitialPassword(server.url, ADMIN, INITIAL_PASSWORD, adminPassword);
  return { server, browser };
}

/**
 * The forced first change of a password, through the API (what the dialog sends): a second per
 * suite instead of a browser's round; the dialog itself is tested in login.e2e.ts.
 */
export async function changeInitialPassword(
  url: string,
  username: string,
  initialPassword: string,
  newPassword: string,
): Promise<void> {
  const post = async (path: string, form: Record<string, string>, token?: string) => {
    const res = await fetch(`${url}/api${path}`, {
      method: 'POST',
      headers: token ? { authorization: `Bearer ${token}` } : {},
      body: new URLSearchParams(form),
    });
    const body = (await res.json()) as { state: number; msg: string; data: unknown };
    if (body.state !== 200) throw new Error(`${path}: ${body.state} ${body.msg}`);
    return body.data as Record<string, unknown>;
  };
  const login = await post('/v3/adminLogin/oauth/token', {
    grant_type: 'password',
    username,
    password: initialPassword,
  });
  await post(
    '/v3/system/admin/adminUser/updatePwd',
    { newPassword, newPasswordCfm: newPassword },
    String(login.access_token),
  );
}
