import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserAvailable, gone, screenshot, see } from '../support/browser.ts';
import { adminSuite } from '../support/suite.ts';

const run = browserAvailable();
const ADMIN_PASSWORD = 'MemAdm#2026';

const rows = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row');

describe.runIf(run)('member admin pages', () => {
  const suite = adminSuite(ADMIN_PASSWORD);

  it('注销申请: approves one (member anonymised) and rejects one with a reason', async () => {
    const { page, context, consoleErrors } = await suite.adminPage();
    await page.goto('/member_manage/logoff?status=pending');
    await see(page.getByRole('heading', { name: '注销申请', level: 1 }));
    expect(await page.title()).toContain('注销申请');
    await see(rows(page).first());
    const pendingBefore = await rows(page).count();
    expect(pendingBefore).toBeGreaterThanOrEqual(2);
    const first = rows(page).first();
    const firstText = (await first.textContent()) ?? '';
    expect(firstText).toMatch(/\d{3}\*{4}\d{4}/);
    expect(firstText).toContain('待审核');
    const phone = /\d{3}\*{4}\d{4}/.exec(firstText)?.[0] ?? '';
    await screenshot(page, 'member-logoff-pending');

    // Approve with the confirm.
    await first.getByRole('button', { name: /通\s*过/ }).click();
    const confirm = page.locator('.ant-popconfirm:visible');
    await see(confirm.getByText('确定通过该注销申请吗？'));
    await confirm.getByRole('button', { name: /通\s*过/ }).click();
    await see(page.getByText('已通过，会员个人信息已清除'));
    await gone(page.locator('.ant-table-tbody tr.ant-table-row', { hasText: phone }));

    // The handled request shows the anonymised member: 已注销用户, no phone.
    await page.goto('/member_manage/logoff?status=approved&sortField=handledAt&sortOrder=descend');
    await see(rows(page).first());
    const approved = (await rows(page).first().textContent()) ?? '';
    expect(approved).toContain('已注销用户');
    expect(approved).toContain('已通过');
    expect(approved).not.toMatch(/\d{3}\*{4}\d{4}/);
    expect(approved).not.toContain(phone);
    await screenshot(page, 'member-logoff-approved');

    // The member's action log has the log-off, with no phone either.
    await page.goto(
      '/member_manage/action_log?action=logoff&sortField=createdAt&sortOrder=descend',
    );
    await see(page.getByRole('heading', { name: '行为日志', level: 1 }));
    await see(rows(page).first());
    const logRow = (await rows(page).first().textContent()) ?? '';
    expect(logRow).toContain('已注销用户');
    expect(logRow).toContain('账号注销');
    await screenshot(page, 'member-action-log');

    // Reject one: the reason is required.
    await page.goto('/member_manage/logoff?status=pending');
    await see(rows(page).first());
    const target = rows(page).first();
    const targetPhone = /\d{3}\*{4}\d{4}/.exec((await target.textContent()) ?? '')?.[0] ?? '';
    await target.getByRole('button', { name: /驳\s*回/ }).click();
    const dialog = page.getByRole('dialog');
    await see(dialog.getByText('驳回注销申请'));
    await dialog.getByRole('button', { name: /驳\s*回/ }).click();
    await see(dialog.getByText('请输入驳回原因'));
    await dialog.getByLabel('驳回原因').fill('账户仍有未归还的设备');
    await screenshot(page, 'member-logoff-reject');
    await dialog.getByRole('button', { name: /驳\s*回/ }).click();
    await see(page.getByText('已驳回', { exact: true }));
    await page.goto('/member_manage/logoff?status=rejected&sortField=handledAt&sortOrder=descend');
    await see(rows(page).first());
    const rejected = (await rows(page).first().textContent()) ?? '';
    expect(rejected).toContain('账户仍有未归还的设备');
    expect(rejected).toContain(targetPhone);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('会员等级: adds a grade in the modal', async () => {
    const { page, context, consoleErrors } = await suite.adminPage();
    await page.goto('/member_manage/grade');
    await see(page.getByRole('heading', { name: '会员等级', level: 1 }));
    expect(await page.title()).toContain('会员等级');
    await see(rows(page).first());
    expect((await rows(page).first().textContent()) ?? '').toContain('最低等级');
    await page.getByRole('button', { name: /新\s*增/ }).click();
    const dialog = page.getByRole('dialog');
    await see(dialog.getByText('新增会员等级'));
    await dialog.getByLabel('等级名称').fill('至尊会员');
    await dialog.getByLabel('所需成长值').fill('20000');
    await dialog.getByLabel('积分倍率').fill('2');
    await dialog.getByLabel('等级权益').fill('专属健康顾问；积分2倍');
    await screenshot(page, 'member-grade-add');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await see(page.getByText('保存成功'));
    await see(page.getByRole('cell', { name: '至尊会员' }));
    const row = rows(page).filter({ hasText: '至尊会员' });
    expect((await row.textContent()) ?? '').toContain('20000');
    expect((await row.textContent()) ?? '').toContain('×2');
    await screenshot(page, 'member-grade-list');

    await page.goto('/member_manage/grade_log');
    await see(page.getByRole('heading', { name: '等级变更记录', level: 1 }));
    await see(rows(page).first());
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('渠道管理: shows a channel QR code with its link', async () => {
    const { page, context, consoleErrors } = await suite.adminPage();
    await page.goto('/member_manage/channel');
    await see(page.getByRole('heading', { name: '渠道管理', level: 1 }));
    await see(rows(page).first());
    const first = rows(page).first();
    expect((await first.textContent()) ?? '').toContain('?channel=');
    await first.getByRole('button', { name: /二维码/ }).click();
    const img = page.getByTestId('channel-qrcode');
    await see(img);
    expect(await img.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    await see(page.getByRole('dialog').getByText(/\?channel=/));
    await see(page.getByRole('button', { name: /下载二维码/ }));
    await screenshot(page, 'member-channel-qrcode');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
