import { describe, expect, it } from 'vitest';
import { browserAvailable, screenshot, see } from '../support/browser.ts';
import { withDatabase } from '../support/database.ts';
import { adminSuite } from '../support/suite.ts';

const run = browserAvailable();
const ADMIN_PASSWORD = 'Report#2026a';

describe.runIf(run)('报告中心: the reading lists, trends and the member detail', () => {
  const suite = adminSuite(ADMIN_PASSWORD);

  it('lists blood pressure readings by level, draws a trend with its bands, handles one', async () => {
    const { page, context, consoleErrors } = await suite.adminPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/report_list/bp');
    await see(page.getByRole('heading', { name: '血压报告', level: 1 }));
    await see(page.locator('.ant-table-row').first());

    // Only warnings: every row says so, with its grade.
    await page.getByRole('button', { name: /展\s*开/ }).click();
    await page.getByLabel('预警级别').click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option[title="预警"]')
      .click();
    await page.getByRole('button', { name: /查\s*询/ }).click();
    await page.waitForURL(/level=warning/);
    const levelTags = page.locator('.ant-table-row td:nth-child(6) .ant-tag');
    await expect
      .poll(async () => [...new Set(await levelTags.allInnerTexts())], { timeout: 10_000 })
      .toEqual(['预警']);
    const reasons = await page.locator('.ant-table-row td:nth-child(6)').allInnerTexts();
    expect(reasons.every((r) => /二级高血压|低血压/.test(r))).toBe(true);
    await screenshot(page, 'report-bp-1440-zh');

    // The member's trend on the rules' bands.
    const first = page.locator('.ant-table-row').first();
    const member = (await first.locator('td').nth(1).innerText()).split('\n')[0]!;
    await first.getByRole('button', { name: '趋势' }).click();
    const drawer = page.getByRole('dialog', { name: `${member}的血压趋势` });
    await see(drawer);
    const chart = drawer.getByTestId('measurement-trend');
    await see(chart);
    expect(await chart.getAttribute('aria-label')).toMatch(/血压趋势（\d+ 次测量）/);
    await see(drawer.getByText(/分级区间按当前预警规则 v\d+ 绘制/));
    // The dashed diastolic bounds are named under the chart, not over the readings.
    await see(drawer.getByText('虚线：舒张压分级线 60 / 90 / 100 / 110 mmHg'));
    await see(chart.locator('canvas'));
    await screenshot(page, 'report-bp-trend-1440-zh');
    await page.locator('.ant-drawer-close').click();

    // Handle the first unhandled reading, with a remark.
    const row = page.locator('.ant-table-row', { hasText: '未处理' }).first();
    const rowKey = await row.getAttribute('data-row-key');
    await row.getByRole('button', { name: '处理' }).click();
    const dialog = page.getByRole('dialog', { name: '处理测量记录' });
    await see(dialog);
    await dialog.getByLabel('处理说明').fill('已电话随访，建议一周后复测');
    await dialog.getByRole('button', { name: /确\s*定|OK/ }).click();
    await see(page.getByText('已处理 1 条记录'));
    const handled = page.locator(`.ant-table-row[data-row-key="${rowKey}"]`);
    await see(handled.getByText('已处理'));
    await see(handled.getByText('已电话随访，建议一周后复测'));
    // In the database too, with the handler.
    const saved = withDatabase(suite.server.databaseFile, (db) =>
      db
        .prepare('select handled_by, handle_remark from measurements where id = ?')
        .get(Number(rowKey)),
    ) as { handled_by: string; handle_remark: string };
    expect(saved.handle_remark).toBe('已电话随访，建议一周后复测');
    expect(saved.handled_by).toBeTruthy();

    await page.setViewportSize({ width: 375, height: 812 });
    await see(page.locator('.ant-table-row').first());
    await screenshot(page, 'report-bp-375-zh');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it("shows a member's latest readings and trend on the member detail", async () => {
    const { page, context, consoleErrors } = await suite.adminPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    const memberId = withDatabase(suite.server.databaseFile, (db) =>
      db
        .prepare(
          "select member_id from measurements where type = 'bp' group by member_id order by count(*) desc limit 1",
        )
        .get(),
    ) as { member_id: number };
    await page.goto(`/member_manage/detail?id=${memberId.member_id}`);
    await page.getByRole('tab', { name: '测量' }).click();
    const bp = page.getByTestId('member-measurement-bp');
    await see(bp.getByText(/mmHg/));
    await see(bp.getByText(/共 \d+ 次 · 异常 \d+ 次/));
    await see(page.getByTestId('measurement-trend'));
    await see(page.locator('.ant-tabs-tabpane-active .ant-table-row').first());
    await screenshot(page, 'member-measurements-1440-zh');
    await page.setViewportSize({ width: 375, height: 812 });
    await screenshot(page, 'member-measurements-375-zh');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
