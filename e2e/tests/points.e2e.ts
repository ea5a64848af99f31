import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserAvailable, screenshot, see } from '../support/browser.ts';
import { adminSuite } from '../support/suite.ts';

const run = browserAvailable();
const ADMIN_PASSWORD = 'Pts#2026a';

const queryForm = (page: Page) => page.getByTestId('list-query-form');
const rows = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row');

describe.runIf(run)('points pages', () => {
  const suite = adminSuite(ADMIN_PASSWORD);

  it('积分配置: changes the daily cap and shows it after a reload', async () => {
    const { page, context, consoleErrors } = await suite.adminPage();
    await page.goto('/member_integral/integral_configuration');
    await see(page.getByRole('heading', { name: '积分配置', level: 1 }));
    expect(await page.title()).toContain('积分配置');
    const cap = page.getByLabel('每日获取上限', { exact: true });
    await see(cap);
    expect(await cap.inputValue()).toBe('200');
    await cap.fill('345');
    await page
      .getByRole('button', { name: /保\s*存/ })
      .first()
      .click();
    await see(page.getByText('已保存', { exact: true }));
    await page.reload();
    await see(page.getByLabel('每日获取上限', { exact: true }));
    expect(await page.getByLabel('每日获取上限', { exact: true }).inputValue()).toBe('345');
    await screenshot(page, 'points-config');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('积分明细: lists the ledger with the summary and filters by type', async () => {
    const { page, context, consoleErrors } = await suite.adminPage();
    await page.goto('/member_integral/integral_details');
    await see(page.getByRole('heading', { name: '积分明细', level: 1 }));
    await see(rows(page).first());
    expect(await rows(page).count()).toBe(20);
    await see(page.getByTestId('points-summary').getByText('发放积分'));
    // Masked phones and coloured amounts.
    expect(await rows(page).first().textContent()).toMatch(/\d{3}\*{4}\d{4}/);
    await see(page.locator('.points-amount').first());
    await screenshot(page, 'points-details');

    await queryForm(page)
      .locator('.ant-form-item')
      .filter({ has: page.locator('label[title="类型"]') })
      .locator('.ant-select-selector')
      .click();
    await page
      .locator('.ant-select-dropdown:visible')
      .getByTitle('积分兑换', { exact: true })
      .click();
    await queryForm(page)
      .getByRole('button', { name: /查\s*询/ })
      .click();
    await page.waitForURL(/type=redeem/);
    await page.waitForFunction(
      () => {
        const trs = Array.from(document.querySelectorAll('.ant-table-tbody tr.ant-table-row'));
        return trs.length > 0 && trs.every((tr) => tr.textContent?.includes('积分兑换'));
      },
      undefined,
      { timeout: 10_000 },
    );
    const amounts = await page.locator('.points-amount').allTextContents();
    expect(amounts.length).toBeGreaterThan(0);
    expect(amounts.every((a) => a.startsWith('-'))).toBe(true);
    await screenshot(page, 'points-details-redeem');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
