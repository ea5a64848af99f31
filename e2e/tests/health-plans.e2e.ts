import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserAvailable, screenshot, see, setLanguage, settled } from '../support/browser.ts';
import { storedAccessToken } from '../support/flows.ts';
import { clippedElements } from '../support/layout.ts';
import { adminSuite } from '../support/suite.ts';

const run = browserAvailable();
const ADMIN_PASSWORD = 'Plan#2026care';
const PLANS = '/health_management/health-management-plan';
const TITLE = 'E2E 血压管理方案';

/** The API as the logged-in page calls it (its stored token). */
async function apiGet<T>(page: Page, path: string, params: Record<string, unknown>): Promise<T> {
  const token = await storedAccessToken(page);
  const query = new URLSearchParams(
    Object.entries(params).map(([k, v]) => [k, String(v)]),
  ).toString();
  const res = await page.request.get(`/api${path}?${query}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const body = (await res.json()) as { state: number; data: T };
  expect(body.state).toBe(200);
  return body.data;
}

describe.runIf(run)('health plans', () => {
  const suite = adminSuite(ADMIN_PASSWORD);

  it('creates a plan with a follow-up schedule for a demo member; its tasks wait in 待分配', async () => {
    const { page, context, consoleErrors } = await suite.adminPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(PLANS);
    await see(page.getByText('健康管理方案').first());
    // The demo plans are listed with their members.
    await see(page.locator('.ant-table-row').first());
    await settled(page);
    await screenshot(page, 'plans-list-1440-zh');

    // A demo member without an active plan, whose name no other member has.
    const plans = await apiGet<{ list: { memberId: number; status: string }[] }>(
      page,
      '/v3/health/admin/plan/list',
      { pageSize: 100 },
    );
    const taken = new Set(plans.list.filter((p) => p.status === 'active').map((p) => p.memberId));
    const options = await apiGet<{ id: number; name: string }[]>(
      page,
      '/v3/health/admin/plan/memberOptions',
      { keyword: '13' },
    );
    const member = options.find(
      (m) => !taken.has(m.id) && options.filter((o) => o.name === m.name).length === 1,
    )!;
    expect(member).toBeDefined();

    await page.getByRole('button', { name: '新建方案' }).click();
    const dialog = page.getByRole('dialog', { name: '新建健康管理方案' });
    await see(dialog);
    // The schema's messages on their fields.
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await see(dialog.getByText('请选择会员'));
    await see(dialog.getByText('请填写方案标题'));
    await dialog.locator('#healthPlan_memberId').fill(member.name);
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: member.name })
      .first()
      .click();
    await dialog.locator('#healthPlan_title').fill(TITLE);
    // 目标 is optional: the first row left blank does not block saving (it is dropped).
    await dialog.getByRole('button', { name: '添加目标' }).click();
    await dialog.getByLabel('目标 2').fill('血压控制在 130/80 以下');
    await dialog.locator('#healthPlan_diet').fill('低盐饮食，每日食盐不超过 5 克');
    await dialog.getByRole('button', { name: '添加用药' }).click();
    await dialog.getByLabel('药品').fill('氨氯地平片');
    await dialog.getByLabel('剂量').fill('5 mg');
    // Every 7 days, 3 times, from the default day (tomorrow).
    await dialog.locator('#healthPlan_schedule_everyDays').fill('7');
    await dialog.locator('#healthPlan_schedule_occurrences').fill('3');
    await settled(page);
    await screenshot(page, 'plans-dialog-1440-zh');
    expect(await clippedElements(page)).toEqual([]);
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await see(page.locator('.ant-message').getByText('已保存'));
    const saved = await apiGet<{ list: { title: string; goals: string[] }[] }>(
      page,
      '/v3/health/admin/plan/list',
      { pageSize: 100 },
    );
    expect(saved.list.find((p) => p.title === TITLE)?.goals).toEqual(['血压控制在 130/80 以下']);

    // The plan's drawer lists its three tasks, waiting to be assigned.
    const row = page.locator('.ant-table-row', { hasText: TITLE }).first();
    await see(row);
    await row.getByRole('button', { name: '详情' }).click();
    const tasks = page.getByTestId('plan-tasks');
    await see(tasks);
    for (const i of [1, 2, 3]) await see(tasks.getByText(`随访（第 ${i}/3 次）`));
    expect(await tasks.locator('.ant-table-row').count()).toBe(3);
    expect(await tasks.locator('.ant-tag', { hasText: '待分配' }).count()).toBe(3);
    await settled(page);
    await screenshot(page, 'plans-drawer-1440-zh');
    await page.keyboard.press('Escape');

    // 待分配 shows them for the member, from the plan.
    await page.goto('/health_tasks/health_assign');
    await see(page.getByText('待分配任务'));
    for (const i of [1, 2, 3]) {
      const task = page
        .locator('.ant-table-row', { hasText: member.name })
        .filter({ hasText: `随访（第 ${i}/3 次）` });
      await see(task);
      await see(task.getByText('健康管理方案'));
    }

    // 375 px: the list scrolls sideways, the dialog and drawer fill the screen.
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(PLANS);
    await see(page.locator('.ant-table-row', { hasText: TITLE }));
    await settled(page);
    await screenshot(page, 'plans-list-375-zh');
    await page
      .locator('.ant-table-row', { hasText: TITLE })
      .getByRole('button', { name: '编辑' })
      .click();
    await see(page.getByRole('dialog', { name: '编辑健康管理方案' }));
    await settled(page);
    await screenshot(page, 'plans-dialog-375-zh');
    expect(await clippedElements(page)).toEqual([]);
    await page.keyboard.press('Escape');

    // English.
    await setLanguage(page, 'en-US');
    await page.setViewportSize({ width: 1440, height: 900 });
    await see(page.getByText('Care plans').first());
    await see(page.locator('.ant-table-row', { hasText: TITLE }));
    await settled(page);
    await screenshot(page, 'plans-list-1440-en');
    await page
      .locator('.ant-table-row', { hasText: TITLE })
      .getByRole('button', { name: 'Details' })
      .click();
    await see(page.getByTestId('plan-tasks'));
    await settled(page);
    await screenshot(page, 'plans-drawer-1440-en');
    await page.keyboard.press('Escape');
    await page
      .locator('.ant-table-row', { hasText: TITLE })
      .getByRole('button', { name: 'Edit' })
      .click();
    await see(page.getByRole('dialog', { name: 'Edit care plan' }));
    await settled(page);
    await screenshot(page, 'plans-dialog-1440-en');
    expect(await clippedElements(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await page.setViewportSize({ width: 375, height: 800 });
    await settled(page);
    await screenshot(page, 'plans-list-375-en');
    await setLanguage(page, 'zh-CN');
    expect(consoleErrors).toEqual([]);
    await context.close();
  }, 120_000);
});
