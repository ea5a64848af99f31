import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserAvailable, newPage, screenshot, see, settled } from '../support/browser.ts';
import { ADMIN, submitLogin } from '../support/flows.ts';
import { BUILT_MENU_PAGES, clippedElements, coveredCells } from '../support/layout.ts';
import { adminSuite } from '../support/suite.ts';

const run = browserAvailable();
const ADMIN_PASSWORD = 'Layout#2026a';
const PREWARNING = '/sysset_setting/prewarning_set';
const MEMBERS = '/member_manage/lists';

/** Layouts that fit (issue 11, item 5), at 1440 × 900, 800 and 375 px wide. */
describe.runIf(run)('layouts fit the window', () => {
  const suite = adminSuite(ADMIN_PASSWORD);

  async function adminAt(width: number, height = 900) {
    const opened = await newPage(suite.browser, suite.server.url, { width, height });
    await submitLogin(opened.page, ADMIN, ADMIN_PASSWORD);
    await opened.page.waitForURL(/\/sysset_home\/basic/);
    return opened;
  }

  /** Open a list page and wait for its rows. */
  async function openList(page: Page, path: string) {
    await page.goto(path);
    await page.locator('.ant-table-row').first().waitFor({ timeout: 10_000 });
    await settled(page);
  }

  /** Open each list page of the build (every one has demo rows) and check it; returns their paths. */
  async function eachList(page: Page, check: (path: string) => Promise<void>): Promise<string[]> {
    const lists: string[] = [];
    for (const { path } of BUILT_MENU_PAGES) {
      await page.goto(path);
      await page.locator('.page-title').first().waitFor();
      await settled(page);
      if ((await page.locator('.ant-table').count()) === 0) continue;
      await page.locator('.ant-table-row').first().waitFor({ timeout: 10_000 });
      lists.push(path);
      await check(path);
    }
    return lists;
  }

  it('keeps every card of 预警配置 and its inputs inside the card at 1440, 1000, 800, 600 and 375 px', async () => {
    const { page, context, consoleErrors } = await adminAt(1440);
    await page.goto(PREWARNING);
    const cards = page.locator('[data-testid^="rule-"]');
    await see(cards.first());
    expect(await cards.count()).toBe(5);
    for (const width of [1440, 1000, 800, 600, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await page.waitForTimeout(300); // the sidebar's width transition
      // Every select and number box of each card lies inside the card.
      const outside = await cards.evaluateAll((els) =>
        els.flatMap((card) => {
          const c = card.getBoundingClientRect();
          return Array.from(card.querySelectorAll('.ant-select, .ant-input-number-group-wrapper'))
            .filter((el) => {
              const r = el.getBoundingClientRect();
              return r.left < c.left || r.right > c.right;
            })
            .map(
              (el) =>
                `${card.getAttribute('data-testid')}: ${el.querySelector('[aria-label]')?.getAttribute('aria-label')}`,
            );
        }),
      );
      expect(outside, `at ${width} px`).toEqual([]);
      expect(await clippedElements(page), `at ${width} px`).toEqual([]);
      await screenshot(page, `layout-prewarning-${width}`);
    }
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('shows every column of each list at 1440 × 900 with nothing under the fixed 操作 column', async () => {
    const { page, context, consoleErrors } = await adminAt(1440);
    const lists = await eachList(page, async (path) => {
      expect(await coveredCells(page), path).toEqual([]);
    });
    expect(lists).toContain(MEMBERS);
    await openList(page, MEMBERS);
    // The member list's dates are there in full, beside the actions.
    const firstRow = page.locator('.ant-table-row').first();
    await see(firstRow.getByText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/));
    await screenshot(page, 'layout-members-1440');
    expect(consoleErrors).toEqual([]);
    await context.close();
  }, 240_000);

  it('at 375 px scrolls each list sideways with its data visible, the query form stacked', async () => {
    const { page, context, consoleErrors } = await adminAt(375, 800);
    const lists = await eachList(page, async (path) => {
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
      // The first data column is in view, no column is pinned over the data.
      expect(firstColumn, path).toEqual({ visible: true, fixed: 0 });
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
        expect(fields.length, path).toBeGreaterThan(0);
        expect(fields.every(Boolean), path).toBe(true);
      }
      expect(await clippedElements(page), path).toEqual([]);
      // The top bar shows the current section's tab (the others may go under ···).
      const current = page.locator('.top-nav .ant-menu-item-selected');
      expect(await current.isVisible(), path).toBe(true);
    });
    expect(lists).toContain(MEMBERS);
    await openList(page, MEMBERS);
    await screenshot(page, 'layout-members-375');

    // A date range is picked within the phone's width (one month, both arrows).
    const form = page.getByTestId('list-query-form');
    await form.getByRole('button', { name: /展\s*开/ }).click();
    await form.getByPlaceholder('开始日期').first().click();
    const popup = page.locator('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden)');
    await see(popup);
    const box = await popup.evaluate((el) => {
      const r = el.getBoundingClientRect();
      return { left: r.left >= 0, right: r.right <= window.innerWidth, top: r.top >= 0 };
    });
    expect(box).toEqual({ left: true, right: true, top: true });
    // In the Chinese interface the picker's week and month are Chinese (dayjs's locale is set).
    const weekdays = await popup.locator('.ant-picker-content thead th').allTextContents();
    expect(weekdays.slice(0, 7)).toEqual(['一', '二', '三', '四', '五', '六', '日']);
    expect(await popup.locator('.ant-picker-header-view').first().innerText()).toMatch(/月/);
    await popup.locator('.ant-picker-header-next-btn').first().click();
    const days = popup.locator('td.ant-picker-cell-in-view');
    await days.nth(3).click();
    await days.nth(10).click();
    expect(await form.getByPlaceholder('结束日期').first().inputValue()).toMatch(
      /^\d{4}-\d{2}-11$/,
    );
    await screenshot(page, 'layout-members-375-range');
    expect(consoleErrors).toEqual([]);
    await context.close();
  }, 240_000);

  it('opens the sidebar again on a desktop width after the window was narrow, as the user left it', async () => {
    const { page, context } = await adminAt(1440);
    const cookie = async () =>
      (await context.cookies()).find((c) => c.name === 'sidebarStatus')?.value;
    const sidebarWidth = () =>
      page.locator('aside.sidebar').evaluate((el) => el.getBoundingClientRect().width);
    await see(page.getByRole('button', { name: '收起菜单' }));
    expect(await sidebarWidth()).toBeGreaterThanOrEqual(200);

    await page.setViewportSize({ width: 375, height: 800 });
    await see(page.getByRole('button', { name: '展开菜单' }));
    expect(await sidebarWidth()).toBe(0);
    // A page opened on mobile closes it too; none of this is the user's choice.
    await page.getByRole('button', { name: '展开菜单' }).click();
    await see(page.getByRole('button', { name: '收起菜单' }));
    await page.goto('/profile/index');
    await see(page.getByRole('button', { name: '展开菜单' }));
    expect(await cookie()).not.toBe('0');

    await page.setViewportSize({ width: 1440, height: 900 });
    await see(page.getByRole('button', { name: '收起菜单' }));
    await expect.poll(sidebarWidth, { timeout: 5_000 }).toBeGreaterThanOrEqual(200);

    // Collapsed by the user on desktop: collapsed again after a narrow spell.
    await page.getByRole('button', { name: '收起菜单' }).click();
    expect(await cookie()).toBe('0');
    await page.setViewportSize({ width: 375, height: 800 });
    await see(page.getByRole('button', { name: '展开菜单' }));
    await page.setViewportSize({ width: 1440, height: 900 });
    await expect.poll(sidebarWidth, { timeout: 5_000 }).toBeLessThan(80);
    await see(page.getByRole('button', { name: '展开菜单' }));
    await context.close();
  });

  it('styles the overview 查看 links as the app does and opens them without a reload', async () => {
    const { page, context, consoleErrors } = await adminAt(1440);
    const view = page.getByRole('link', { name: '查看操作记录' });
    await see(view);
    const style = await view.evaluate((a) => {
      const s = getComputedStyle(a);
      return { color: s.color, underline: s.textDecorationLine };
    });
    // antd's link colour (colorLink #1677ff), not the browser's default link.
    expect(style).toEqual({ color: 'rgb(22, 119, 255)', underline: 'none' });
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    await view.click();
    await page.waitForURL(/\/sysset_authority\/operate_log/);
    await see(page.getByRole('heading', { name: '操作日志' }));
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
