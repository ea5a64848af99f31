import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserAvailable, screenshot, see } from '../support/browser.ts';
import { storedAccessToken } from '../support/flows.ts';
import { adminSuite } from '../support/suite.ts';

const run = browserAvailable();
const ADMIN_PASSWORD = 'Lab#2026a';
const TITLE = 'E2E 血脂复查';
/** A real 1×1 PNG: the report's photo. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

const rows = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row');
/** A China calendar day, `daysAgo` before today, as the date picker types it. */
const chinaDate = (daysAgo: number) =>
  new Date(Date.now() + 8 * 3_600_000 - daysAgo * 86_400_000).toISOString().slice(0, 10);

describe.runIf(run)('lab reports: a report from the lipid panel with a high LDL', () => {
  const suite = adminSuite(ADMIN_PASSWORD);

  it('adds a report from the template, sees the ↑ flag live, in the list and in the detail', async () => {
    const { page, context, consoleErrors } = await suite.adminPage();
    const token = await storedAccessToken(page);
    const options = await page.request.get(
      '/api/v3/report/admin/inspection/memberOptions?keyword=13',
      { headers: { authorization: `Bearer ${token}` } },
    );
    const member = (
      (await options.json()) as { data: { id: number; name: string; phone: string }[] }
    ).data[0]!;

    await page.goto('/report_list/inspection');
    await see(page.getByRole('heading', { name: '检验报告', level: 1 }));
    // The demo reports are listed, with their flags.
    await see(rows(page).first());
    await see(page.getByTestId('inspection-flags').first());

    await page.getByRole('button', { name: /新\s*增/ }).click();
    const dialog = page.getByRole('dialog', { name: '新增检验报告' });
    await see(dialog);
    await dialog.getByLabel('会员').fill(member.name);
    await page
      .locator('.ant-select-dropdown:visible')
      .getByText(`${member.name}（${member.phone}）`)
      .first()
      .click();
    await dialog.getByLabel('常用模板').click();
    await page
      .locator('.ant-select-dropdown:visible')
      .getByText('血脂四项', { exact: true })
      .click();
    const items = dialog.getByTestId('inspection-item-row');
    await see(items.nth(3));
    expect(await items.count()).toBe(4);
    expect(await dialog.getByLabel('报告名称').inputValue()).toBe('血脂四项检验报告');
    await dialog.getByLabel('报告名称').fill(TITLE);
    await dialog.getByLabel('医院/检验机构').fill('社区卫生服务中心检验室');
    await dialog.getByLabel('采样日期').fill(chinaDate(1));
    await dialog.getByLabel('采样日期').press('Enter');
    await dialog.getByLabel('报告日期').fill(chinaDate(0));
    await dialog.getByLabel('报告日期').press('Enter');

    // The values; the LDL-C (≤ 3.4) is high, and says so as it is typed.
    const values = ['4.6', '1.2', '4.1', '1.3'];
    for (const [i, v] of values.entries()) await items.nth(i).getByLabel('结果').fill(v);
    await see(items.nth(2).getByText('↑ 偏高'));
    await see(items.nth(0).getByText('正常'));
    await dialog.locator('input[type=file]').setInputFiles({
      name: '化验单.png',
      mimeType: 'image/png',
      buffer: PNG,
    });
    await see(dialog.getByTestId('inspection-file'));
    await screenshot(page, 'inspection-form');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await see(page.getByText('保存成功'));

    // The list shows the high item.
    const form = page.getByTestId('list-query-form');
    await form.getByLabel('报告名称').fill(TITLE);
    await form.getByRole('button', { name: /查\s*询/ }).click();
    const row = rows(page).filter({ hasText: TITLE });
    await see(row);
    await expect.poll(() => rows(page).count(), { timeout: 10_000 }).toBe(1);
    await see(row.getByText('↑ 偏高 1 项'));
    await see(row.getByText(member.phone));
    await screenshot(page, 'inspection-list');

    // The detail: the LDL-C red with its arrow, the others normal, the photo previewed.
    await row.getByRole('button', { name: '详情' }).click();
    const table = page.getByTestId('inspection-items');
    const ldl = table.locator('tr').filter({ hasText: 'LDL-C' });
    await see(ldl.getByText('4.1 ↑'));
    await see(ldl.getByText('↑ 偏高'));
    await see(ldl.getByText('≤ 3.4'));
    expect(await table.getByText('↑ 偏高').count()).toBe(1);
    await see(page.locator('.ant-drawer').getByTestId('inspection-image'));
    await screenshot(page, 'inspection-detail');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
