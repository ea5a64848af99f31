import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appErrors, browserAvailable, see } from '../support/browser.ts';
import { storedAccessToken } from '../support/flows.ts';
import { adminSuite } from '../support/suite.ts';

const run = browserAvailable();
const ADMIN_PASSWORD = 'Refuse#2026';

const rows = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row');

describe.runIf(run)('what the server refuses', () => {
  const suite = adminSuite(ADMIN_PASSWORD);

  it('a form the server refuses shows its message on the field, with no console error', async () => {
    const { page, context, consoleErrors } = await suite.adminPage();
    await page.goto('/profile/index');
    await page.getByLabel('旧密码').fill('Wrong#Pass1');
    await page.getByLabel('新密码', { exact: true }).fill('Another#Pass2');
    await page.getByLabel('确认新密码').fill('Another#Pass2');
    await page.getByRole('button', { name: '确认修改' }).click();
    await see(page.locator('.ant-form-item-explain-error').filter({ hasText: '旧密码不正确' }));
    await see(page.locator('.ant-message').getByText('旧密码不正确'));
    await page.waitForTimeout(500);
    expect(appErrors(consoleErrors)).toEqual([]);
    // The refusal changed nothing: the password is still the one set at first login.
    expect(await page.evaluate(() => location.pathname)).toBe('/profile/index');
    await context.close();
  });

  it('a confirmed action the server refuses shows its message, with no uncaught error', async () => {
    const { page, context, consoleErrors } = await suite.adminPage();
    await page.goto('/member_sign/activity');
    const draft = rows(page).filter({ has: page.getByTestId('notice-status').getByText('草稿') });
    await see(draft);
    const link = await draft.first().getByRole('link').first().getAttribute('href');
    const id = Number(/id=(\d+)/.exec(link ?? '')?.[1]);
    expect(id).toBeGreaterThan(0);

    // Sent meanwhile from another window: the row still offers 发送.
    const token = await storedAccessToken(page);
    const answer = await page.evaluate(
      async ({ id, token }) => {
        const res = await fetch('/api/v3/notice/admin/notice/send', {
          method: 'POST',
          headers: {
            Authorization: `Bearer ${token}`,
            'Content-Type': 'application/x-www-form-urlencoded',
          },
          body: `id=${id}`,
        });
        return ((await res.json()) as { state: number }).state;
      },
      { id, token },
    );
    expect(answer).toBe(200);

    const row = rows(page).filter({ has: page.locator(`a[href$="id=${id}"]`) });
    await row.getByRole('button', { name: '立即发送' }).click();
    await page
      .locator('.ant-popover:visible')
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await see(page.locator('.ant-message').getByText('只有草稿或待发送的通知可以发送'));
    await page.waitForTimeout(500);
    expect(appErrors(consoleErrors)).toEqual([]);
    await context.close();
  });
});
