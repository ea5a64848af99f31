import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, gone, newPage, screenshot, see } from '../support/browser.ts';
import {
  ADMIN,
  completeFirstLoginChange,
  storedAccessToken,
  submitLogin,
  startWithAdmin,
} from '../support/flows.ts';
import { type RunningServer } from '../support/server.ts';

const run = browserAvailable();
const ADMIN_PASSWORD = 'Security#2026';
const HR_INITIAL = 'Init@2026a';
const HR_PASSWORD = 'Hr#2026secure';

/** POST a JSON body to the API with a token, from inside the page (same origin). */
async function apiPost(page: Page, path: string, token: string, body: unknown) {
  return page.evaluate(
    async ({ path, token, body }) => {
      const res = await fetch(`/api${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return (await res.json()) as { state: number; msg: string; data: { id?: number } };
    },
    { path, token, body },
  );
}

/**
 * The security rules as an operator meets them in the browser: a first session sees nothing but
 * the password change; an account manager cannot reach beyond its own permissions (greyed
 * choices, read-only rows); the login asks for a captcha after repeated failures.
 */
describe.runIf(run)('security rules in the browser', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    ({ server, browser } = await startWithAdmin(ADMIN_PASSWORD));
    // The admin creates an account manager: operators (add, edit, reset) and groups (add,
    // edit), nothing else.
    const { page, context } = await newPage(browser, server.url);
    await submitLogin(page, ADMIN, ADMIN_PASSWORD);
    await page.waitForURL(/\/sysset_home\/basic/);
    const token = await storedAccessToken(page);
    const group = await apiPost(page, '/v3/system/admin/authorityGroup/add', token, {
      name: '账号管理组',
      description: '维护操作员账号',
      resources: [
        '/sysset_home/basic',
        '/sysset_authority/authority_member',
        '/sysset_authority/authority_member:add',
        '/sysset_authority/authority_member:edit',
        '/sysset_authority/authority_member:reset',
        '/sysset_authority/authority_group',
        '/sysset_authority/authority_group:add',
        '/sysset_authority/authority_group:edit',
      ],
    });
    expect(group.state).toBe(200);
    const hr = await apiPost(page, '/v3/system/admin/adminUser/add', token, {
      username: 'hr_zhao',
      realName: '赵人事',
      groupId: group.data.id,
      staffRole: 'operator',
      password: HR_INITIAL,
    });
    expect(hr.state).toBe(200);
    await context.close();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('shows a first session nothing but the password change; the server refuses the rest', async () => {
    const { page, context, consoleErrors } = await newPage(browser, server.url, { width: 1440 });
    await submitLogin(page, 'hr_zhao', HR_INITIAL);
    await page.waitForURL(/\/sysset_home\/basic/);
    // The page itself is not rendered: only the lock notice behind the forced dialog.
    await see(page.getByText('修改初始密码后才能使用系统'));
    const dialog = page.getByRole('dialog', { name: '首次登录，请修改初始密码' });
    await see(dialog);
    await page.waitForTimeout(400); // the dialog's opening animation
    await screenshot(page, 'security-first-login-1440');

    const token = await storedAccessToken(page);
    const refused = await page.evaluate(async (bearer) => {
      const res = await fetch('/api/v3/system/admin/adminUser/list', {
        headers: { authorization: `Bearer ${bearer}` },
      });
      return { status: res.status, body: (await res.json()) as { state: number; msg: string } };
    }, token);
    expect(refused).toEqual({
      status: 403,
      body: { state: 268, msg: '请先修改初始密码，修改后才能继续使用系统', data: null },
    });

    await completeFirstLoginChange(page, HR_PASSWORD);
    expect(consoleErrors.filter((e) => !e.includes('403'))).toEqual([]);
    await context.close();
  });

  it('offers an account manager only what it holds itself', async () => {
    const { page, context, consoleErrors } = await newPage(browser, server.url, { width: 1440 });
    await submitLogin(page, 'hr_zhao', HR_PASSWORD);
    await page.waitForURL(/\/sysset_home\/basic/);

    // The operator list: the super-admin's row can be looked at, not managed.
    await page.goto('/sysset_authority/authority_member');
    const adminRow = page.getByRole('row', { name: /系统管理员|admin/ }).first();
    await see(adminRow.getByText('无权管理'));
    expect(await adminRow.getByRole('button', { name: '编辑' }).count()).toBe(0);
    const ownRow = page.getByRole('row', { name: /hr_zhao/ });
    await see(ownRow.getByRole('button', { name: '编辑' }));
    await screenshot(page, 'security-operator-list-1440');

    // The super-admin's account, opened by its address: shown, greyed out, nothing to save.
    await page.goto('/sysset_authority/authority_member_edit?id=1');
    await see(page.getByText(/该操作员的权限组包含你没有的权限/));
    await see(page.getByRole('textbox', { name: '姓名' }));
    expect(await page.getByRole('textbox', { name: '姓名' }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: /保\s*存/ }).count()).toBe(0);
    await page.goto('/sysset_authority/authority_member');

    // Its own account: the group cannot be changed.
    await ownRow.getByRole('button', { name: '编辑' }).click();
    await page.waitForURL(/authority_member_edit\?id=/);
    await see(page.getByText('不能修改自己的权限组，请由其他管理员调整'));

    // A new account: groups holding more than it holds are greyed out.
    await page.goto('/sysset_authority/authority_member_edit');
    await see(page.getByRole('heading', { name: '新增操作员' }));
    await page
      .locator('.ant-form-item')
      .filter({ has: page.locator('label[title="权限组"]') })
      .locator('.ant-select-selector')
      .click();
    const superOption = page.locator('.ant-select-item-option', { hasText: '超级管理员' });
    await see(superOption);
    expect(await superOption.getAttribute('class')).toContain('ant-select-item-option-disabled');
    expect(await superOption.textContent()).toContain('超出你的权限');
    const ownOption = page.locator('.ant-select-item-option', { hasText: '账号管理组' });
    expect(await ownOption.getAttribute('class')).not.toContain('ant-select-item-option-disabled');
    await screenshot(page, 'security-operator-group-choice-1440');
    await page.keyboard.press('Escape');

    // Its own group is read-only to it; a new group can only hold what it holds.
    await page.goto('/sysset_authority/authority_group');
    const ownGroup = page.getByRole('row', { name: /账号管理组/ });
    await ownGroup.getByRole('button', { name: '查看' }).click();
    await see(page.getByText('这是你所在的权限组，不能修改自己的权限，请由其他管理员修改。'));
    await page.goto('/sysset_authority/authority_group_edit');
    await see(page.getByRole('heading', { name: '新增权限组' }));
    const memberList = page
      .locator('.ant-tree-treenode')
      .filter({ has: page.locator('.ant-tree-title', { hasText: /^会员列表$/ }) });
    await see(memberList.locator('.ant-tree-checkbox-disabled'));
    await see(page.getByText('灰色为你自己没有的权限，不能授予'));
    await screenshot(page, 'security-group-tree-1440');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('fits a phone and speaks English', async () => {
    const { page, context } = await newPage(browser, server.url, { width: 375, height: 740 });
    await submitLogin(page, 'hr_zhao', HR_PASSWORD);
    await page.waitForURL(/\/sysset_home\/basic/);
    await page.goto('/sysset_authority/authority_member');
    await see(page.getByText('无权管理').first());
    await screenshot(page, 'security-operator-list-375');
    await page.getByRole('button', { name: '用户菜单' }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await see(page.getByText('Not yours to manage').first());
    await gone(page.getByRole('menuitem', { name: 'English' }));
    await screenshot(page, 'security-operator-list-375-en');
    await context.close();
  });

  it('lets a second tab take up the tokens the first one refreshed (no reuse, no log-out)', async () => {
    // Two tabs of one browser share local storage but each keeps its tokens in memory.
    const first = await newPage(browser, server.url, { width: 1440 });
    await submitLogin(first.page, ADMIN, ADMIN_PASSWORD);
    await first.page.waitForURL(/\/sysset_home\/basic/);
    const second = await first.context.newPage();
    await second.goto('/sysset_authority/authority_group');
    await see(second.getByRole('cell', { name: /账号管理组/ }));

    // The first tab refreshes the session (as its client does when the access token expires).
    const refreshed = await first.page.evaluate(async () => {
      const refresh = JSON.parse(localStorage.getItem('jkadmin_refresh_token') ?? '""') as string;
      const res = await fetch('/api/v3/adminLogin/oauth/token', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refresh }),
      });
      const body = (await res.json()) as {
        state: number;
        data: { access_token: string; refresh_token: string };
      };
      localStorage.setItem('jkadmin_access_token', JSON.stringify(body.data.access_token));
      localStorage.setItem('jkadmin_refresh_token', JSON.stringify(body.data.refresh_token));
      return body.state;
    });
    expect(refreshed).toBe(200);

    // Later than the server's grace for simultaneous refreshes (REFRESH_REUSE_GRACE_MS, 10 s),
    // the second tab's next call meets 266 with its old token: it takes the stored pair instead
    // of replaying its rotated-out refresh token, which would now end the whole session.
    await second.waitForTimeout(10_500);
    await second.getByRole('navigation', { name: '侧边菜单' }).getByText('操作员管理').click();
    await second.waitForURL(/\/sysset_authority\/authority_member/);
    await see(second.getByRole('cell', { name: 'hr_zhao' }));
    expect(second.url()).not.toContain('/login');
    await first.page.reload();
    await see(first.page.getByRole('heading', { name: '概况' }));
    await first.context.close();
  });

  it('asks for the captcha after repeated wrong passwords, even with the captcha off', async () => {
    const { page, context } = await newPage(browser, server.url, { width: 1440 });
    await page.goto('/login');
    for (let i = 0; i < 3; i++) {
      await submitLogin(page, 'wangfang', `Wrong#${i}x`);
      await see(page.getByText('用户名或密码错误').last());
      await page.waitForTimeout(i === 0 ? 100 : 2 ** (i - 1) * 1000 + 200); // the growing delay
    }
    await submitLogin(page, 'wangfang', 'Wrong#4x');
    await see(page.getByText('登录失败次数较多，请输入验证码'));
    await see(page.getByRole('textbox', { name: '验证码' }));
    await see(page.getByRole('img', { name: '验证码' }));
    await screenshot(page, 'security-login-captcha-1440');
    await context.close();
  });
});
