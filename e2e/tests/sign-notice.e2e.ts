import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserAvailable, screenshot, see } from '../support/browser.ts';
import { adminSuite } from '../support/suite.ts';

const run = browserAvailable();
const ADMIN_PASSWORD = 'Sign#2026a';
const SAVE = /保\s*存/;

const rows = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row');
const row = (page: Page, text: string | RegExp) => rows(page).filter({ hasText: text });

function pad(n: number): string {
  return String(n).padStart(2, '0');
}
/** Local "YYYY-MM-DD HH:mm:ss" of a time (the browser runs on the same machine). */
function localText(at: number): string {
  const d = new Date(at);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(
    d.getMinutes(),
  )}:${pad(d.getSeconds())}`;
}

describe.runIf(run)('check-in and notice pages', () => {
  // A short poll interval, so a notice scheduled a few seconds ahead is sent promptly.
  const suite = adminSuite(ADMIN_PASSWORD, { JOBS_POLL_INTERVAL_MS: '500' });

  it('签到设置: changes the check-in points and a streak reward, shows records and the daily chart', async () => {
    const { page, context, consoleErrors } = await suite.adminPage();
    await page.goto('/member_sign/sign');
    await see(page.getByRole('heading', { name: '签到设置', level: 1 }));
    expect(await page.title()).toContain('签到设置');

    const base = page.getByLabel('每日签到积分', { exact: true });
    await see(base);
    expect(await base.inputValue()).toBe('5');
    const firstReward = page.getByLabel('奖励积分 1', { exact: true });
    expect(await firstReward.inputValue()).toBe('10');
    await base.fill('8');
    await firstReward.fill('15');
    await page.getByRole('button', { name: '添加奖励' }).click();
    await page.getByLabel('第 N 天 4', { exact: true }).fill('14');
    await page.getByLabel('奖励积分 4', { exact: true }).fill('60');
    await page.getByRole('button', { name: SAVE }).first().click();
    await see(page.getByText('已保存', { exact: true }));

    await page.reload();
    await see(page.getByLabel('每日签到积分', { exact: true }));
    expect(await page.getByLabel('每日签到积分', { exact: true }).inputValue()).toBe('8');
    expect(await page.getByLabel('奖励积分 1', { exact: true }).inputValue()).toBe('15');
    expect(await page.getByLabel('第 N 天 4', { exact: true }).inputValue()).toBe('14');
    await screenshot(page, 'sign-rules');

    // A duplicate streak day is refused with the contract's message on the field.
    await page.getByLabel('第 N 天 4', { exact: true }).fill('3');
    await page.getByRole('button', { name: SAVE }).first().click();
    await see(page.getByText('连续签到天数不能重复').first());
    await page.getByLabel('第 N 天 4', { exact: true }).fill('14');

    await page.getByRole('tab', { name: '签到记录' }).click();
    await see(rows(page).first());
    expect(await rows(page).first().textContent()).toMatch(/\d{3}\*{4}\d{4}/);
    await screenshot(page, 'sign-records');

    await page.getByRole('tab', { name: '每日签到' }).click();
    await see(page.getByTestId('sign-daily-chart'));
    await see(page.getByText('合计'));
    await page.waitForTimeout(500);
    await screenshot(page, 'sign-daily');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('消息通知: creates a notice with rich text, schedules it a few seconds ahead and sees it sent', async () => {
    const { page, context, consoleErrors } = await suite.adminPage();
    await page.goto('/member_sign/activity');
    await see(page.getByRole('heading', { name: '消息通知', level: 1 }));
    await see(rows(page).first());
    for (const status of ['草稿', '待发送', '已发送', '已撤回']) {
      await see(page.getByTestId('notice-status').filter({ hasText: status }).first());
    }
    await screenshot(page, 'notice-list');

    await page.getByRole('button', { name: '新建通知' }).click();
    await page.waitForURL(/\/member_sign\/activitydetail$/);
    await see(page.getByRole('heading', { name: '新建通知' }));
    await page.getByRole('textbox', { name: '通知标题' }).fill('端午健康提醒');
    await page.getByLabel('指定等级').check();
    await page
      .locator('.ant-form-item')
      .filter({ hasText: '会员等级' })
      .locator('.ant-select-selector')
      .click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
    await page.keyboard.press('Escape');
    const editor = page.locator('.rich-text-editor .tiptap');
    await editor.click();
    await page.keyboard.type('端午假期请注意');
    await page.getByRole('button', { name: '加粗' }).click();
    await page.keyboard.type('饮食清淡');
    await screenshot(page, 'notice-edit');
    await page.getByRole('button', { name: SAVE }).click();
    await page.waitForURL(/\/member_sign\/activity(\?|$)/);
    const mine = row(page, '端午健康提醒');
    await see(mine.getByTestId('notice-status').filter({ hasText: '草稿' }));

    // Opened again in the same session (no reload), twice, the editor shows what was saved.
    for (let time = 0; time < 2; time++) {
      await mine.getByRole('link', { name: '编辑' }).click();
      await page.waitForURL(/\/member_sign\/activitydetail\?id=\d+/);
      await see(page.locator('.rich-text-editor strong').filter({ hasText: '饮食清淡' }));
      const title = page.getByRole('textbox', { name: '通知标题' });
      expect(await title.inputValue()).toBe('端午健康提醒');
      await page.getByRole('button', { name: /取\s*消/ }).click();
      await page.waitForURL(/\/member_sign\/activity(\?|$)/);
    }

    await mine.getByRole('button', { name: '定时发送' }).click();
    const dialog = page.getByRole('dialog').filter({ hasText: '定时发送' });
    await see(dialog);
    const picker = dialog.locator('.ant-picker input');
    await picker.click();
    await picker.fill(localText(Date.now() + 6000));
    await picker.press('Enter');
    await page.waitForTimeout(400);
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await see(mine.getByTestId('notice-status').filter({ hasText: '待发送' }));
    await screenshot(page, 'notice-scheduled');

    // The server sends it at its time; the list shows 已发送 after a reload.
    const deadline = Date.now() + 30_000;
    for (;;) {
      await page.reload();
      await see(rows(page).first());
      const text = (await mine.getByTestId('notice-status').textContent()) ?? '';
      if (text.includes('已发送')) break;
      if (Date.now() > deadline) throw new Error(`notice still ${text}`);
      await page.waitForTimeout(1500);
    }
    expect(Number((await mine.locator('td').nth(5).textContent())?.trim())).toBeGreaterThan(0);
    await screenshot(page, 'notice-sent');

    await mine.getByRole('link', { name: '查看' }).click();
    await page.waitForURL(/\/member_sign\/activitydetail\?id=\d+/);
    await see(page.getByText('已发送或已撤回的通知不能修改。'));
    await see(page.locator('.rich-text-editor strong').filter({ hasText: '饮食清淡' }));
    // Headed as what it is (a view of a sent notice), not the route's "新建活动".
    await see(page.getByRole('heading', { name: '查看通知', level: 1 }));
    expect(await page.title()).toBe('查看通知 - 居家健康服务平台');
    await screenshot(page, 'notice-view');
    // Nothing was edited on a read-only notice: leaving asks nothing.
    await page.getByRole('button', { name: /取\s*消/ }).click();
    await page.waitForURL(/\/member_sign\/activity(\?|$)/);
    expect(await page.getByText('有未保存的修改').count()).toBe(0);

    // Sending a draft now says how many members it reached, as the server counted them.
    const draft = rows(page).filter({
      has: page.getByTestId('notice-status').filter({ hasText: '草稿' }),
    });
    await draft.first().getByRole('button', { name: '立即发送' }).click();
    await page
      .locator('.ant-popover:visible, .ant-modal-confirm:visible, .ant-popconfirm:visible')
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await see(page.getByText(/^已发送给\d+位会员$/));
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
