import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, newPage, screenshot, see } from '../support/browser.ts';
import { ADMIN, submitLogin, startWithAdmin } from '../support/flows.ts';
import { type RunningServer } from '../support/server.ts';

const run = browserAvailable();
const ADMIN_PASSWORD = 'OpLog#2026a';

describe.runIf(run)('operation log page', () => {
  let server: RunningServer;
  let browser: Browser;

  const rows = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row');
  const queryForm = (page: Page) => page.getByTestId('list-query-form');

  async function openFromMenu(page: Page): Promise<void> {
    const menu = page.getByRole('navigation', { name: '侧边菜单' });
    const item = menu.getByRole('menuitem', { name: '操作日志' });
    if (!(await item.isVisible())) await menu.getByText('权限管理').click();
    await item.click();
    await page.waitForURL(/\/sysset_authority\/operate_log/);
    await see(rows(page));
  }

  /** Pick an option of a select field of the query form by its label. */
  async function pick(page: Page, label: string, option: string): Promise<void> {
    await queryForm(page)
      .locator('.ant-form-item')
      .filter({ has: page.locator(`label[title="${label}"]`) })
      .locator('.ant-select-selector')
      .click();
    await page.locator('.ant-select-dropdown:visible').getByTitle(option, { exact: true }).click();
  }

  beforeAll(async () => {
    ({ server, browser } = await startWithAdmin(ADMIN_PASSWORD));
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('lists, filters, shows a diff, exports and shows the empty state', async () => {
    const { page, context, consoleErrors } = await newPage(browser, server.url);
    await submitLogin(page, ADMIN, ADMIN_PASSWORD);
    await page.waitForURL(/\/sysset_home\/basic/);

    // Open from the menu: rows from the server, newest first.
    await openFromMenu(page);
    await see(page.getByRole('columnheader', { name: '时间' }));
    expect(await rows(page).count()).toBe(20);
    const total = page.locator('.ant-pagination-total-text');
    await see(total);
    const allCount = Number((await total.textContent())?.match(/\d+/)?.[0]);
    expect(allCount).toBeGreaterThan(20);
    await screenshot(page, 'operate-log-list');

    // Filter by module.
    await pick(page, '模块', '权限管理');
    await queryForm(page)
      .getByRole('button', { name: /查\s*询/ })
      .click();
    await page.waitForURL(/module=authority/);
    await page.waitForFunction(
      () =>
        Array.from(document.querySelectorAll('.ant-table-tbody tr.ant-table-row')).every((tr) =>
          tr.textContent?.includes('权限管理'),
        ),
      undefined,
      { timeout: 10_000 },
    );
    const filteredCount = Number((await total.textContent())?.match(/\d+/)?.[0]);
    expect(filteredCount).toBeGreaterThan(0);
    expect(filteredCount).toBeLessThan(allCount);
    // The filter survives a reload (it is in the URL).
    await page.reload();
    await see(rows(page));
    await see(queryForm(page).getByTitle('权限管理'));
    await screenshot(page, 'operate-log-filtered');

    // Open the diff of a permission-group edit.
    const editRow = rows(page).filter({ hasText: '修改权限组' }).first();
    await editRow.getByRole('button', { name: '查看' }).click();
    const drawer = page.locator('.ant-drawer-content');
    await see(drawer.getByText('修改前后对比'));
    const diff = drawer.getByTestId('operate-log-diff');
    await see(diff);
    // Fields by their labels, never their keys.
    await see(diff.locator('tr.operate-log-changed').filter({ hasText: '描述' }));
    await see(diff.locator('tr').filter({ hasText: '修改人 · 用户名' }));
    expect(
      await diff.locator('tr.operate-log-changed').filter({ hasText: '修改人 · 用户名' }).count(),
    ).toBe(0);
    expect(await diff.textContent()).not.toMatch(/description|updatedBy|resourceCount/);
    await page.waitForTimeout(400); // the drawer's slide-in animation
    await screenshot(page, 'operate-log-diff');
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });

    // Export the current filter: an xlsx with exactly the filtered rows.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('list-export').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^操作日志-\d{14}\.xlsx$/);
    const file = await download.path();
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(file);
    const sheet = workbook.worksheets[0];
    expect(sheet?.getRow(1).getCell(3).value).toBe('模块');
    expect(sheet?.actualRowCount).toBe(filteredCount + 1);
    const modules = new Set<unknown>();
    sheet?.eachRow((row, n) => {
      if (n > 1) modules.add(row.getCell(3).value);
    });
    expect([...modules]).toEqual(['权限管理']);

    // Empty state for a filter nothing matches.
    await queryForm(page).getByPlaceholder('请输入操作员').fill('没有这个人');
    await queryForm(page)
      .getByRole('button', { name: /查\s*询/ })
      .click();
    await see(page.getByText('没有符合条件的数据'));
    expect(await rows(page).count()).toBe(0);
    await screenshot(page, 'operate-log-empty');

    // Reset brings every entry back (the export itself is now in the log too).
    await queryForm(page)
      .getByRole('button', { name: /重\s*置/ })
      .click();
    await see(rows(page));
    await page.waitForFunction(
      (n) => {
        const text = document.querySelector('.ant-pagination-total-text')?.textContent ?? '';
        return Number(text.match(/\d+/)?.[0]) > n;
      },
      allCount,
      { timeout: 10_000 },
    );
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
