import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  WALK_QUIET_MS,
  browserAvailable,
  navigateInApp,
  newPage,
  screenshot,
  settled,
} from '../support/browser.ts';
import { ADMIN, submitLogin } from '../support/flows.ts';
import { BUILT_MENU_PAGES, clippedElements, coveredCells } from '../support/layout.ts';
import { adminSuite } from '../support/suite.ts';

const run = browserAvailable();
const ADMIN_PASSWORD = 'Pages#2026a';
const PRODUCT_TITLE = '居家健康服务平台';
const NOT_FOUND = '抱歉，您访问的页面不存在';

/**
 * The smoke test of every page the build has (ARCHITECTURE.md "Testing rules"): as the
 * super-admin on the demo data, each built menu page (a catalogue page with an entity; hidden
 * pages need a record and are covered by their flows) loads, has its Chinese title in the
 * document title, shows no error state, shows data rows where it is a list, and logs no console
 * error — on a desktop window and on a 375 px phone, where nothing may be cut off either (no card
 * overflowing, no control cut by its box, no page wider than the window).
 * Each list's layout is checked on the same walk (issue 11, item 5): at 1440 px every column is
 * shown with nothing under the fixed 操作 column; at 375 px the list scrolls sideways with its
 * first data column in view and no column pinned over the data, the query form's fields stacked,
 * and the top bar showing the current section's tab.
 */

/** The list's layout on a 375 px phone. */
async function phoneListProblems(page: Page): Promise<string[]> {
  const problems: string[] = [];
  const firstColumn = await page.evaluate(() => {
    const box = document.querySelector('.ant-table-content, .ant-table-body');
    const cell = document.querySelector(
      '.ant-table-row > td:not(.ant-table-selection-column):not(.ant-table-row-expand-icon-cell)',
    );
    if (!box || !cell) return 'no table';
    cell.scrollIntoView({ block: 'center', inline: 'nearest' });
    const b = box.getBoundingClientRect();
    const c = cell.getBoundingClientRect();
    const fixed = document.querySelectorAll(
      '.ant-table-cell-fix-right, .ant-table-cell-fix-left',
    ).length;
    // In the table's box and on top (no pinned column over it).
    const top = document.elementFromPoint(c.left + c.width / 2, c.top + c.height / 2);
    const inBox = c.left >= b.left - 1 && c.right <= b.right + 1;
    return { visible: inBox && !!top && cell.contains(top), fixed };
  });
  if (JSON.stringify(firstColumn) !== JSON.stringify({ visible: true, fixed: 0 }))
    problems.push(`first data column: ${JSON.stringify(firstColumn)}`);
  // The query form's fields stack, each the width of the form.
  const form = page.getByTestId('list-query-form');
  if ((await form.count()) > 0) {
    const fields = await form.evaluate((f) => {
      const fr = f.getBoundingClientRect();
      const controls = f.querySelectorAll(
        '.ant-col:not(.list-page-query-actions) .ant-form-item-control',
      );
      return Array.from(controls)
        .filter((c) => c.getBoundingClientRect().width > 0)
        .map((c) => {
          const r = c.getBoundingClientRect();
          return r.left >= fr.left && r.right <= fr.right && r.width > fr.width / 2;
        });
    });
    if (fields.length === 0 || !fields.every(Boolean))
      problems.push(`query form not stacked: ${JSON.stringify(fields)}`);
  }
  // The top bar shows the current section's tab (the others may go under ···).
  if (!(await page.locator('.top-nav .ant-menu-item-selected').isVisible()))
    problems.push('the top bar does not show the current section');
  return problems;
}

describe.runIf(run)('every page loads with its title and data', () => {
  const suite = adminSuite(ADMIN_PASSWORD);

  async function openEachPage(width: number, height: number, navigation: 'load' | 'in-app') {
    const { page, context, consoleErrors } = await newPage(suite.browser, suite.server.url, {
      width,
      height,
    });
    await submitLogin(page, ADMIN, ADMIN_PASSWORD);
    await page.waitForURL(/\/sysset_home\/basic/);
    const menuText = await page.getByRole('navigation', { name: '顶部导航' }).innerText();
    expect(menuText).toContain('系统设置');

    const clipped: string[] = [];
    const lists: string[] = [];
    for (const { path, title } of BUILT_MENU_PAGES) {
      // On the desktop each page is loaded from its address (a bookmark, a link in a message);
      // on the phone it is opened inside the app, as its menu does.
      if (navigation === 'load') await page.goto(path);
      else await navigateInApp(page, path);
      const expected = `${title} - ${PRODUCT_TITLE}`;
      await expect.poll(() => page.title(), { timeout: 15_000, message: path }).toBe(expected);
      await settled(page, WALK_QUIET_MS);
      expect(await page.getByText(NOT_FOUND).count(), path).toBe(0);
      // No page shows an error state on the demo data.
      expect(await page.locator('.ant-alert-error, .ant-result-error').count(), path).toBe(0);
      // A list shows the server's rows (every list has demo data).
      const tables = page.locator('.ant-table');
      if ((await tables.count()) > 0) {
        await expect
          .poll(() => page.locator('.ant-table-row').count(), { timeout: 10_000, message: path })
          .toBeGreaterThan(0);
        lists.push(path);
        // At 1440 px: no cell under a fixed column.
        const problems = await (width < 768 ? phoneListProblems : coveredCells)(page);
        clipped.push(...problems.map((problem) => `${path}: ${problem}`));
      }
      clipped.push(...(await clippedElements(page)).map((problem) => `${path}: ${problem}`));
    }
    await screenshot(page, `pages-last-${width}`);
    expect(clipped).toEqual([]);
    expect(lists).toContain('/member_manage/lists');
    expect(consoleErrors).toEqual([]);
    await context.close();
  }

  it('lists the built pages of the areas so far (系统设置, 会员中心)', () => {
    expect(BUILT_MENU_PAGES.length).toBeGreaterThanOrEqual(27);
  });

  it('opens each menu page at 1440 × 900', () => openEachPage(1440, 900, 'load'), 180_000);

  it('opens each menu page on a 375 px phone', () => openEachPage(375, 812, 'in-app'), 180_000);
});
