import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, gone, newPage, screenshot, see } from '../support/browser.ts';
import type { Browser } from 'playwright-core';
import {
  ADMIN,
  completeFirstLoginChange,
  storedAccessToken,
  submitLogin,
  startWithAdmin,
} from '../support/flows.ts';
import { type RunningServer } from '../support/server.ts';

const run = browserAvailable();
const ADMIN_PASSWORD = 'Authority#2026';
const OPERATOR_PASSWORD = 'Nurse#2026b';

/** The checkbox of the tree row whose title is exactly `title`. */
function treeCheckbox(page: Page, title: string) {
  return page
    .locator('.ant-tree-treenode')
    .filter({ has: page.locator('.ant-tree-title', { hasText: new RegExp(`^${title}$`) }) })
    .locator('.ant-tree-checkbox');
}

describe.runIf(run)('permission groups and operators', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    ({ server, browser } = await startWithAdmin(ADMIN_PASSWORD));
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('grants exactly two pages to a new operator, refuses the rest, and ends the session on disable', async () => {
    // ---- the admin creates a group with two pages in the tree editor
    const admin = await newPage(browser, server.url);
    const a = admin.page;
    await submitLogin(a, ADMIN, ADMIN_PASSWORD);
    await a.waitForURL(/\/sysset_home\/basic/);
    await a.goto('/sysset_authority/authority_group');
    await see(a.getByRole('cell', { name: /超级管理员/ }));
    await see(a.getByRole('cell', { name: /医生组/ }));
    await screenshot(a, 'authority-group-list');
    await a.getByRole('button', { name: '新增权限组' }).click();
    await a.waitForURL(/\/sysset_authority\/authority_group_edit$/);
    await see(a.getByRole('heading', { name: '新增权限组' }));
    await a.getByRole('textbox', { name: '权限组名称' }).fill('随访护士组');
    await a.getByRole('textbox', { name: '描述' }).fill('只看概况与权限组');
    await treeCheckbox(a, '概况').last().click();
    await treeCheckbox(a, '权限组').click();
    await see(a.getByText('已选 2 个页面、0 项操作'));
    // The hidden edit page comes with its list page, checked and disabled.
    await a
      .locator('.ant-tree-treenode')
      .filter({ has: a.locator('.ant-tree-title', { hasText: /^权限组$/ }) })
      .locator('.ant-tree-switcher')
      .click();
    const hiddenRow = a
      .locator('.ant-tree-treenode')
      .filter({ hasText: '编辑权限组' })
      .filter({ hasText: '随列表页授予' });
    await see(hiddenRow.locator('.ant-tree-checkbox-checked.ant-tree-checkbox-disabled'));
    await a.waitForTimeout(400); // the expand animation settles
    await hiddenRow.last().scrollIntoViewIfNeeded();
    await screenshot(a, 'authority-group-edit');
    await a.getByRole('button', { name: /保\s*存/ }).click();
    await a.waitForURL(/\/sysset_authority\/authority_group(\?|$)/);
    const groupRow = a.getByRole('row', { name: /随访护士组/ });
    await see(groupRow);
    // 页面数 is the editor's count: the hidden edit page is not one picked.
    expect(await groupRow.getByRole('cell').nth(2).textContent()).toBe('2');

    // ---- an operator in that group, with a generated initial password shown once
    await a.goto('/sysset_authority/authority_member');
    await see(a.getByRole('cell', { name: 'zhangwei' }));
    await screenshot(a, 'authority-member-list');
    await a.getByRole('button', { name: '新增操作员' }).click();
    await a.waitForURL(/authority_member_edit/);
    await see(a.getByRole('heading', { name: '新增操作员' }));
    await a.getByRole('textbox', { name: '用户名' }).fill('nurse_li');
    await a.getByRole('textbox', { name: '姓名' }).fill('李护士');
    await a.getByRole('textbox', { name: '手机号' }).fill('13712345678');
    const selectOf = (label: string) =>
      a
        .locator('.ant-form-item')
        .filter({ has: a.locator(`label[title="${label}"]`) })
        .locator('.ant-select-selector');
    // A new operator takes the 岗位 of the group it is put into.
    await selectOf('权限组').click();
    await a.locator('.ant-select-item-option[title="医生组"]').click();
    await see(selectOf('岗位').getByText('医生', { exact: true }));
    await selectOf('权限组').click();
    await a.locator('.ant-select-item-option[title="随访护士组"]').click();
    await see(selectOf('岗位').getByText('运营', { exact: true }));
    await selectOf('岗位').click();
    await a.locator('.ant-select-item-option[title="医生助理"]').click();
    await a.getByRole('button', { name: /保\s*存/ }).click();
    const passwordBox = a.getByTestId('initial-password');
    await see(passwordBox);
    const initialPassword = await passwordBox.inputValue();
    expect(initialPassword).toMatch(/^.{12}$/);
    await a.waitForTimeout(400); // the dialog's opening animation
    await screenshot(a, 'authority-initial-password');
    await a.getByRole('button', { name: '我已记下' }).click();
    await a.waitForURL(/\/sysset_authority\/authority_member(\?|$)/);
    const memberRow = a.getByRole('row', { name: /nurse_li/ });
    await see(memberRow);
    await see(memberRow.getByText('137****5678'));
    await see(memberRow.getByText('待改密'));

    // ---- the operator logs in elsewhere: forced change, then only the two pages
    const nurse = await newPage(browser, server.url);
    const n = nurse.page;
    await submitLogin(n, 'nurse_li', initialPassword);
    await completeFirstLoginChange(n, OPERATOR_PASSWORD);
    await submitLogin(n, 'nurse_li', OPERATOR_PASSWORD);
    await n.waitForURL(/\/sysset_home\/basic/);
    const side = n.getByRole('navigation', { name: '侧边菜单' });
    await see(side.getByText('权限组'));
    const menuItems = (await side.getByRole('menuitem').allTextContents()).map((s) => s.trim());
    expect(menuItems).toEqual(['概况', '权限组']);
    const top = (await n.getByRole('navigation', { name: '顶部导航' }).innerText()).trim();
    expect(top).toBe('系统设置');
    await side.getByText('权限组').click();
    await n.waitForURL(/\/sysset_authority\/authority_group/);
    await see(n.getByRole('cell', { name: /随访护士组/ }));
    // Read-only: the group holds no action on the page.
    expect(await n.getByRole('button', { name: '新增权限组' }).count()).toBe(0);
    await screenshot(n, 'authority-operator-menu');

    // ---- the admin grants the group the operation log: the operator's refresh button applies it
    // at once, no reload of the page (issue 11: permission changes applied only after F5).
    const adminToken = await storedAccessToken(a);
    const granted = await a.evaluate(async (bearer) => {
      const headers = { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' };
      const list = (await (
        await fetch('/api/v3/system/admin/authorityGroup/list?name=随访护士组', { headers })
      ).json()) as { data: { list: { id: number }[] } };
      const id = list.data.list[0]!.id;
      const detail = (await (
        await fetch(`/api/v3/system/admin/authorityGroup/detail?id=${id}`, { headers })
      ).json()) as { data: { name: string; description: string; resources: string[] } };
      const res = await fetch('/api/v3/system/admin/authorityGroup/update', {
        method: 'POST',
        headers,
        body: JSON.stringify({
          id,
          name: detail.data.name,
          description: detail.data.description,
          resources: [...detail.data.resources, '/sysset_authority/operate_log'],
        }),
      });
      return ((await res.json()) as { state: number }).state;
    }, adminToken);
    expect(granted).toBe(200);
    await n.getByRole('banner').getByRole('button', { name: '刷新', exact: true }).click();
    await see(side.getByText('操作日志'));
    await side.getByText('操作日志').click();
    await n.waitForURL(/\/sysset_authority\/operate_log/);
    await see(n.getByRole('heading', { name: '操作日志', level: 1 }));

    const token = await storedAccessToken(n);
    const outside = await n.evaluate(async (bearer) => {
      const res = await fetch('/api/v3/system/admin/adminUser/list', {
        headers: { authorization: `Bearer ${bearer}` },
      });
      return { status: res.status, body: (await res.json()) as { state: number; msg: string } };
    }, token);
    expect(outside.status).toBe(403);
    expect(outside.body).toMatchObject({
      state: 267,
      msg: '无操作权限,请联系管理员添加权限并重新登录',
    });

    // ---- the admin disables the operator: the open session ends at its next request
    await a.reload();
    const row = a.getByRole('row', { name: /nurse_li/ });
    // Its live session is listed in the sessions drawer.
    await row.getByRole('button', { name: /更多/ }).click();
    await a.getByRole('menuitem', { name: '会话' }).click();
    const drawer = a.getByRole('dialog').filter({ hasText: '“李护士”的在线会话' });
    await see(drawer.getByRole('cell', { name: '127.0.0.1' }));
    expect(await drawer.locator('tr.ant-table-row').count()).toBe(1);
    await a.waitForTimeout(400); // the drawer's opening animation
    await screenshot(a, 'authority-member-sessions');
    await a.keyboard.press('Escape');
    await gone(drawer);
    await row.getByRole('switch').click();
    const confirm = a.getByRole('dialog').filter({ hasText: '确定停用“李护士”吗' });
    await see(confirm);
    await confirm.getByRole('button', { name: /确\s*定|OK/ }).click();
    await see(a.getByText('已停用，结束了 1 个会话'));
    await gone(confirm);
    await see(row.locator('.ant-switch:not(.ant-switch-checked)'));
    await screenshot(a, 'authority-member-disabled');

    // Its next request (the token check when the page is opened again) answers 266 and ends
    // the session.
    await n.reload();
    await n.waitForURL(/\/login/);
    await see(n.getByRole('button', { name: /登\s*录/ }));
    expect(await storedAccessToken(n)).toBe('');
    await screenshot(n, 'authority-operator-logged-out');

    expect(admin.consoleErrors).toEqual([]);
    await nurse.context.close();
    await admin.context.close();
  });

  it('shows the own sessions on the profile page', async () => {
    const { page, context, consoleErrors } = await newPage(browser, server.url);
    await submitLogin(page, ADMIN, ADMIN_PASSWORD);
    await page.waitForURL(/\/sysset_home\/basic/);
    await page.goto('/profile/index');
    const card = page.locator('.ant-card').filter({ hasText: '登录会话' });
    await see(card.getByText('当前会话'));
    await screenshot(page, 'authority-profile-sessions');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
