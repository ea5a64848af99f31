import { describe, expect, it } from 'vitest';
import { browserAvailable, screenshot, see } from '../support/browser.ts';
import { adminSuite } from '../support/suite.ts';

const run = browserAvailable();
const ADMIN_PASSWORD = 'Limit#2026a';

/**
 * Issue 11 item 2: a field never changes what the user typed. A text longer than its limit is
 * kept as typed and refused with a message; a number out of range is kept as typed and refused
 * with a message that says the range (antd's maxLength cut passwords at 20 and InputNumber's
 * min/max clamped -5 to 5 and 99999999 to 1440, saving values the user never typed).
 */
describe.runIf(run)('text and number limits', () => {
  const suite = adminSuite(ADMIN_PASSWORD);

  it('keeps a too-long password as typed and says the limit (reset and change dialogs)', async () => {
    const { page, context, consoleErrors } = await suite.adminPage();
    const tooLong = 'Abcdefgh#12345678901234'; // 23 characters

    await page.goto('/sysset_authority/authority_member');
    const row = page.locator('.ant-table-row', { hasText: 'zhangwei' });
    await row.getByRole('button', { name: '更多' }).click();
    await page.getByRole('menuitem', { name: '重置密码' }).click();
    const reset = page.getByRole('dialog', { name: /重置.*的密码/ });
    const field = reset.getByLabel('新的初始密码');
    await field.fill(tooLong);
    expect(await field.inputValue()).toBe(tooLong);
    await reset.getByRole('button', { name: /重\s*置/ }).click();
    await see(reset.getByText('密码最多20位'));
    await screenshot(page, 'limits-reset-password');
    await reset.getByRole('button', { name: /取\s*消/ }).click();

    await page.getByRole('button', { name: '用户菜单' }).click();
    await page.getByRole('menuitem', { name: '修改密码' }).click();
    const change = page.getByRole('dialog', { name: '修改密码' });
    await change.getByLabel('旧密码').fill(ADMIN_PASSWORD);
    await change.getByLabel('新密码', { exact: true }).fill(tooLong);
    await change.getByLabel('确认新密码').fill(tooLong);
    expect(await change.getByLabel('新密码', { exact: true }).inputValue()).toBe(tooLong);
    await change.getByRole('button', { name: '确认修改' }).click();
    await see(change.getByText('请输入6-20位字符'));
    await screenshot(page, 'limits-change-password');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('refuses an out-of-range number with its range and keeps the saved value', async () => {
    const { page, context } = await suite.adminPage();
    await page.goto('/sysset_setting/order');
    const minutes = page.getByLabel('未支付自动取消', { exact: true });
    await see(minutes);
    await expect.poll(() => minutes.inputValue()).not.toBe('');
    const saved = await minutes.inputValue();
    const save = page.getByRole('button', { name: /保\s*存/ }).first();

    for (const typed of ['-5', '99999999']) {
      await minutes.fill(typed);
      await minutes.blur();
      expect(await minutes.inputValue()).toBe(typed);
      await save.click();
      await see(page.getByText('未支付自动取消时间应在5到1440之间'));
    }
    await screenshot(page, 'limits-order-range');

    await page.reload();
    await expect.poll(() => minutes.inputValue()).toBe(saved);
    await context.close();
  });

  it('keeps a too-long member name as typed and says the limit', async () => {
    const { page, context } = await suite.adminPage();
    await page.goto('/member_manage/lists');
    await page.getByRole('button', { name: '新增会员' }).click();
    const dialog = page.getByRole('dialog', { name: '新增会员' });
    const name = dialog.getByLabel('姓名', { exact: true });
    const long = '张'.repeat(31);
    await name.fill(long);
    expect(await name.inputValue()).toBe(long);
    await dialog.getByRole('button', { name: /确\s*定|保\s*存/ }).click();
    await see(dialog.getByText('姓名最多30个字符'));
    await context.close();
  });
});
