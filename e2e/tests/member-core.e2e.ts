import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserAvailable, screenshot, see } from '../support/browser.ts';
import { adminSuite } from '../support/suite.ts';

const run = browserAvailable();
const ADMIN_PASSWORD = 'Mem#2026core';
/** 199 is not a prefix of the demo members' phones. */
const PHONE = '19912345876';
const MASKED = '199****5876';

const queryForm = (page: Page) => page.getByTestId('list-query-form');
const rows = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row');

async function pick(page: Page, option: string) {
  await page
    .locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${option}"]`)
    .click();
}

describe.runIf(run)('members: list, add with a family member, detail', () => {
  const suite = adminSuite(ADMIN_PASSWORD);

  it('adds a member with a contact, finds it by part of its phone, opens its detail and adjusts its points', async () => {
    const { page, context, consoleErrors } = await suite.adminPage();

    // ---- the list shows demo members, masked
    await page.goto('/member_manage/lists');
    await see(page.getByRole('heading', { name: '会员列表', level: 1 }));
    expect(await page.title()).toContain('会员列表');
    await see(rows(page).first());
    expect(await rows(page).count()).toBeGreaterThan(5);
    const firstPhone = await rows(page).first().getByRole('cell').first().textContent();
    expect(firstPhone).toMatch(/\d{3}\*{4}\d{4}/);
    await screenshot(page, 'member-list');

    // ---- add a member with one family member
    await page.getByRole('button', { name: '新增会员' }).click();
    const dialog = page.getByRole('dialog', { name: '新增会员' });
    await see(dialog);
    await dialog.getByLabel('手机号', { exact: true }).fill(PHONE);
    await dialog.getByLabel('姓名', { exact: true }).fill('测试会员甲');
    await dialog.getByLabel('身份证号').fill('11010519491231002X');
    await dialog.getByRole('button', { name: '添加家庭成员' }).click();
    const contact = dialog.getByTestId('contact-row').first();
    await contact.getByPlaceholder('姓名').fill('测试家属乙');
    await contact.getByPlaceholder('手机号').fill('13800001111');
    await contact.locator('.ant-select').click();
    await pick(page, '子女');
    await screenshot(page, 'member-add');
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await see(page.getByText('会员已新增'));

    // ---- find it by a fragment from the middle of its number
    await queryForm(page).getByLabel('手机号').fill('2345876');
    await queryForm(page)
      .getByRole('button', { name: /查\s*询/ })
      .click();
    await page.waitForURL(/phone=2345876/);
    await expect.poll(() => rows(page).count(), { timeout: 10_000 }).toBe(1);
    const row = rows(page).filter({ hasText: '测试会员甲' });
    await see(row);
    await see(row.getByText(MASKED));
    expect(await row.textContent()).not.toContain(PHONE);
    await screenshot(page, 'member-search');

    // ---- the detail: profile masked, the contact with its relationship label
    await row.getByRole('link', { name: '测试会员甲' }).click();
    await page.waitForURL(/\/member_manage\/detail\?id=\d+/);
    await see(page.getByTestId('detail-phone'));
    expect(await page.getByTestId('detail-phone').textContent()).toBe(MASKED);
    const contactRow = rows(page).filter({ hasText: '测试家属乙' });
    await see(contactRow);
    await see(contactRow.getByText('子女'));
    await see(contactRow.getByText('138****1111'));
    await screenshot(page, 'member-detail');

    // ---- adjust its points and see the ledger tab
    await page.getByRole('button', { name: '调整积分' }).click();
    const adjust = page.getByRole('dialog', { name: /调整会员/ });
    await see(adjust);
    await adjust.getByLabel('数量').fill('120');
    await adjust.getByLabel('调整原因').fill('线下活动奖励');
    await adjust.getByRole('button', { name: /确\s*定|OK/ }).click();
    await see(page.getByText(/积分已调整/));
    await page.getByRole('tab', { name: '积分明细' }).click();
    const ledgerRow = rows(page).filter({ hasText: '线下活动奖励' });
    await see(ledgerRow);
    await see(ledgerRow.getByText('+120'));
    await screenshot(page, 'member-detail-ledger');

    // ---- 家庭成员管理 lists it across members
    await page.goto('/member_manage/manage');
    await see(page.getByRole('heading', { name: '家庭成员管理', level: 1 }));
    await queryForm(page).getByLabel('会员手机号').fill('2345876');
    await queryForm(page)
      .getByRole('button', { name: /查\s*询/ })
      .click();
    await page.waitForURL(/memberPhone=2345876/);
    await expect.poll(() => rows(page).count(), { timeout: 10_000 }).toBe(1);
    await see(rows(page).filter({ hasText: '测试家属乙' }));
    await screenshot(page, 'member-family-manage');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
