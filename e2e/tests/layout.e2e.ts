import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserAvailable, newPage, screenshot, see, settled } from '../support/browser.ts';
import { ADMIN, submitLogin } from '../support/flows.ts';
import { clippedElements, coveredCells } from '../support/layout.ts';
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

  // Every list's columns at 1440 px and its sideways scroll at 375 px are checked on the walk of
  // every page (pages.e2e.ts); here, what one list shows in full.
  it('shows the member list’s dates in full beside the actions at 1440 × 900', async () => {
    const { page, context, consoleErrors } = await adminAt(1440);
    await openList(page, MEMBERS);
    expect(await coveredCells(page)).toEqual([]);
    // The member list's dates are there in full, beside the actions.
    const firstRow = page.locator('.ant-table-row').first();
    await see(firstRow.getByText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/));
    await screenshot(page, 'layout-members-1440');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('at 375 px picks a date range of the member list’s query form within the phone’s width', async () => {
    const { page, context, consoleErrors } = await adminAt(375, 800);
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
  });

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
