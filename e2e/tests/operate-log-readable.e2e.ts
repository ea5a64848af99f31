import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { gone, newPage, browserAvailable, screenshot, see } from '../support/browser.ts';
import { ADMIN, submitLogin } from '../support/flows.ts';
import { adminSuite } from '../support/suite.ts';

const run = browserAvailable();
const ADMIN_PASSWORD = 'OpLog#2026read';
const ok = /确\s*定|OK/;

const rows = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row');
/** Keys the log wrote before it was readable; none may show on the page. */
const RAW_KEYS = /\b(freeze|points|send|reveal|pointsBalance|frozenReason|field|phone|status)\b/;
/** The same in the English page (whose words include "points", "field" and "phone"). */
const RAW_KEYS_EN = /\b(freeze|send|reveal|pointsBalance|frozenReason|status)\b/;

/** The log's newest row of an action (by its label). */
const logRow = (page: Page, action: string | RegExp) =>
  rows(page)
    .filter({ has: page.locator('td', { hasText: action }) })
    .first();

async function openDrawer(page: Page, row: Locator, view: string | RegExp): Promise<Locator> {
  await row.getByRole('button', { name: view }).click();
  const drawer = page.locator('.ant-drawer-content');
  await see(drawer.getByTestId('operate-log-diff'));
  return drawer;
}

async function closeDrawer(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
  await page.locator('.ant-drawer-content').waitFor({ state: 'hidden' });
}

/** The before/after row of a field, by its label in the first cell. */
const diffRow = (drawer: Locator, label: string) =>
  drawer
    .getByTestId('operate-log-diff')
    .locator('tr')
    .filter({
      has: drawer.page().locator('td:first-child', { hasText: new RegExp(`^${label}$`) }),
    });

describe.runIf(run)('operation log, read as a person reads it', () => {
  const suite = adminSuite(ADMIN_PASSWORD);

  it('names a points adjustment, a reveal, a freeze and a sent notice in Chinese and in English', async () => {
    const { page, context, consoleErrors } = await suite.adminPage();

    // ---- a member: adjust its points, reveal its phone, freeze it
    await page.goto('/member_manage/lists?status=normal');
    await see(rows(page).first());
    const link = rows(page).first().getByRole('link').first();
    const name = (await link.textContent())?.trim() ?? '';
    expect(name).not.toBe('');
    await link.click();
    await page.waitForURL(/\/member_manage\/detail\?id=\d+/);
    const phone = page.getByTestId('detail-phone');
    await see(phone);
    const masked = (await phone.textContent())?.trim() ?? '';
    expect(masked).toMatch(/^\d{3}\*{4}\d{4}$/);

    await page.getByRole('button', { name: '调整积分' }).click();
    const adjust = page.getByRole('dialog', { name: /调整会员/ });
    await adjust.getByLabel('数量').fill('50');
    await adjust.getByLabel('调整原因').fill('日志可读性检查');
    await adjust.getByRole('button', { name: ok }).click();
    await see(page.getByText(/积分已调整/));

    await page.getByRole('button', { name: '查看明文' }).first().click();
    await expect.poll(async () => (await phone.textContent())?.trim()).toMatch(/^\d{11}$/);
    const plain = (await phone.textContent())?.trim() ?? '';

    await page.getByRole('button', { name: '冻结', exact: true }).click();
    const freeze = page.getByRole('dialog', { name: /冻结会员/ });
    await freeze.getByLabel('冻结原因').fill('涉嫌刷积分');
    await freeze.getByRole('button', { name: ok }).click();
    await see(page.getByText('会员已冻结'));

    // ---- a draft notice sent now
    await page.goto('/member_sign/activity');
    const draft = rows(page)
      .filter({ has: page.getByTestId('notice-status').filter({ hasText: '草稿' }) })
      .first();
    await see(draft);
    const noticeTitle = (await draft.locator('td').first().textContent())?.trim() ?? '';
    await draft.getByRole('button', { name: '立即发送' }).click();
    await page.locator('.ant-popover:visible').getByRole('button', { name: ok }).click();
    await see(page.getByText(/已发送给\d+位会员|操作成功/));

    // ---- the log names them all in Chinese
    await page.goto('/sysset_authority/operate_log');
    await see(rows(page).first());
    const table = page.locator('.ant-table-tbody');
    const pointsRow = logRow(page, '调整积分');
    const revealRow = logRow(page, '查看明文');
    const freezeRow = logRow(page, '冻结会员');
    const sendRow = logRow(page, '发送通知');
    for (const row of [pointsRow, revealRow, freezeRow, sendRow]) await see(row);
    await see(pointsRow.getByText('积分管理'));
    await see(freezeRow.getByText('会员管理'));
    await see(sendRow.getByText('消息通知'));
    await see(sendRow.getByText(`通知 ${noticeTitle}`));
    // The reveal says whose number it was, masked.
    await see(revealRow.getByText(`会员 ${name}（${masked}）`));
    const tableText = (await table.textContent()) ?? '';
    expect(tableText).not.toMatch(RAW_KEYS);
    expect(tableText).not.toContain(plain);
    await screenshot(page, 'operate-log-readable-list');

    let drawer = await openDrawer(page, freezeRow, '查看');
    await see(diffRow(drawer, '状态').getByText('正常'));
    await see(diffRow(drawer, '状态').getByText('已冻结'));
    await see(diffRow(drawer, '冻结原因').getByText('涉嫌刷积分'));
    expect(await drawer.textContent()).not.toMatch(RAW_KEYS);
    await page.waitForTimeout(400); // the drawer's slide-in animation
    await screenshot(page, 'operate-log-readable-freeze');
    await closeDrawer(page);

    drawer = await openDrawer(page, revealRow, '查看');
    await see(diffRow(drawer, '查看字段').getByText('手机号'));
    await see(diffRow(drawer, '手机号').getByText(masked));
    const revealText = (await drawer.textContent()) ?? '';
    expect(revealText).toContain(`会员 ${name}（${masked}）`);
    expect(revealText).not.toMatch(RAW_KEYS);
    expect(revealText).not.toContain(plain);
    await page.waitForTimeout(400);
    await screenshot(page, 'operate-log-readable-reveal');
    await closeDrawer(page);

    drawer = await openDrawer(page, pointsRow, '查看');
    await see(diffRow(drawer, '积分余额'));
    await see(diffRow(drawer, '调整原因').getByText('日志可读性检查'));
    await closeDrawer(page);

    drawer = await openDrawer(page, sendRow, '查看');
    await see(diffRow(drawer, '状态').getByText('草稿'));
    await see(diffRow(drawer, '状态').getByText('已发送'));
    await closeDrawer(page);

    // ---- and in English
    await page.getByRole('button', { name: '用户菜单' }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await see(logRow(page, 'Freeze member'));
    await see(logRow(page, 'Adjust points').getByText('Points', { exact: true }));
    await see(logRow(page, 'Send notice').getByText('Notices', { exact: true }));
    await see(logRow(page, 'Reveal').getByText(`Member ${name} (${masked})`));
    const englishText = (await table.textContent()) ?? '';
    expect(englishText).not.toMatch(RAW_KEYS_EN);
    expect(englishText).not.toMatch(
      /冻结会员|调整积分|查看明文|发送通知|会员管理|积分管理|消息通知/,
    );
    await screenshot(page, 'operate-log-readable-list-en');

    drawer = await openDrawer(page, logRow(page, 'Freeze member'), 'View');
    await see(diffRow(drawer, 'Status').getByText('Normal'));
    await see(diffRow(drawer, 'Status').getByText('Frozen'));
    await see(diffRow(drawer, 'Freeze reason'));
    await page.waitForTimeout(400);
    await screenshot(page, 'operate-log-readable-freeze-en');
    await closeDrawer(page);

    drawer = await openDrawer(page, logRow(page, 'Reveal'), 'View');
    await see(diffRow(drawer, 'Revealed field').getByText('Phone', { exact: true }));
    await closeDrawer(page);

    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('fits a phone', async () => {
    const { page, context, consoleErrors } = await newPage(suite.browser, suite.server.url, {
      width: 375,
      height: 740,
    });
    await submitLogin(page, ADMIN, ADMIN_PASSWORD);
    await page.waitForURL(/\/sysset_home\/basic/);
    await page.goto('/sysset_authority/operate_log');
    await see(rows(page).first());
    await screenshot(page, 'operate-log-readable-375-list');
    await openDrawer(page, logRow(page, '修改权限组'), '查看');
    await page.waitForTimeout(400);
    await screenshot(page, 'operate-log-readable-375');
    await closeDrawer(page);
    await gone(page.locator('.ant-drawer-content'));
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
