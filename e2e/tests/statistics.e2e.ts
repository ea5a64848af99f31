import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appErrors, browserAvailable, screenshot, see, settled } from '../support/browser.ts';
import { storedAccessToken } from '../support/flows.ts';
import { clippedElements } from '../support/layout.ts';
import { adminSuite } from '../support/suite.ts';

const run = browserAvailable();
const ADMIN_PASSWORD = 'Stats#2026member';

/** A card's value as the page shows it ("1,322" → 1322). */
async function cardValue(page: Page, key: string): Promise<number> {
  const text = await page
    .getByTestId(`metric-${key}`)
    .locator('.ant-statistic-content-value')
    .innerText();
  return Number(text.replace(/,/g, ''));
}

/** The API's answer for the same metrics and period, with the page's session. */
async function apiMetrics(page: Page, keys: string[], start: string, end: string) {
  const token = await storedAccessToken(page);
  return page.evaluate(
    async ({ keys, start, end, token }) => {
      const res = await fetch(
        `/api/v3/statistics/admin/metrics?keys=${keys.join(',')}&start=${start}&end=${end}`,
        { headers: { authorization: `Bearer ${token}` } },
      );
      return (await res.json()) as {
        state: number;
        data: { metrics: { key: string; value: number; previous: number }[] };
      };
    },
    { keys, start, end, token },
  );
}

describe.runIf(run)('统计中心: 会员统计', () => {
  const suite = adminSuite(ADMIN_PASSWORD);

  it('shows a period’s members with 环比, definitions, charts and a daily table that add up, and exports the same numbers', async () => {
    const { page, context, consoleErrors } = await suite.adminPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/statistics_data/member');
    await see(page.getByTestId('metric-members.new'));
    await see(page.getByTestId('stats-as-of').getByText(/^数据截至 \d{2}:\d{2}$/));
    // 近30天 by default: thirty rows, newest first, whose new members add up to the card.
    const table = page.getByTestId('stats-daily-table');
    await expect.poll(() => table.locator('.ant-table-row').count()).toBe(30);
    const [start, end] = await page
      .locator('.ant-picker-range input')
      .evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));
    expect(await table.locator('.ant-table-row').first().locator('td').first().innerText()).toBe(
      end,
    );
    const newMembers = await table
      .locator('.ant-table-row')
      .evaluateAll((rows) =>
        rows.reduce((sum, r) => sum + Number(r.querySelectorAll('td')[1]?.textContent ?? 0), 0),
      );
    expect(await cardValue(page, 'members.new')).toBe(newMembers);
    // The same numbers as the API's for the period.
    const answer = await apiMetrics(page, ['members.new', 'members.active7'], start!, end!);
    expect(answer.state).toBe(200);
    expect(await cardValue(page, 'members.new')).toBe(answer.data.metrics[0]!.value);
    expect(await cardValue(page, 'members.active7')).toBe(answer.data.metrics[1]!.value);
    await see(page.getByTestId('metric-members.new').getByText(/^上一周期 \d+$/));
    // A metric's definition on hover.
    await page.getByTestId('metric-members.active7').locator('.stats-metric-name').hover();
    await see(page.locator('.ant-tooltip').getByText(/近7天内（含当天）.*每人只计一次/));
    await see(page.getByTestId('stats-daily-chart'));
    await see(page.getByTestId('breakdown-members.new-channel').locator('canvas'));
    await settled(page);
    await screenshot(page, 'statistics-member-1440-zh');

    // Export: the table's days, then this period and the previous one, as on the cards.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: '导出Excel' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^会员统计-\d{14}\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await download.path());
    const sheet = workbook.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header.slice(0, 3)).toEqual(['日期', '新增会员（人）', '7日活跃会员（人）']);
    expect(sheet.actualRowCount).toBe(1 + 30 + 2);
    const totals = (sheet.getRow(32).values as unknown[]).slice(1);
    expect(totals[0]).toBe('本期');
    expect(totals[1]).toBe(await cardValue(page, 'members.new'));
    expect(totals[2]).toBe(await cardValue(page, 'members.active7'));
    // Then the page's breakdowns, a sheet each, named as their cards; every new member counted
    // in one channel.
    expect(workbook.worksheets.map((s) => s.name)).toEqual([
      '会员统计',
      ...['渠道', '省份', '性别', '年龄段', '会员等级'].map((d) => `新增会员 · 按${d}`),
    ]);
    const byChannel = workbook.getWorksheet('新增会员 · 按渠道')!;
    expect((byChannel.getRow(1).values as unknown[]).slice(1)).toEqual(['渠道', '新增会员（人）']);
    let channelSum = 0;
    byChannel.eachRow((row, n) => {
      if (n > 1) channelSum += Number(row.getCell(2).value);
    });
    expect(channelSum).toBe(totals[1]);

    // 近7天: seven rows; today compared with yesterday up to now.
    await page.locator('.stats-period-bar').getByText('近7天', { exact: true }).click();
    await expect.poll(() => table.locator('.ant-table-row').count()).toBe(7);
    await page.locator('.stats-period-bar').getByText('今天', { exact: true }).click();
    await expect.poll(() => table.locator('.ant-table-row').count()).toBe(1);
    expect(appErrors(consoleErrors)).toEqual([]);
    await context.close();
  });

  it('shows 健康数据统计 with its abnormal rate from the same numbers, 设备统计 with the devices now and the silent ones, and 积分统计 by source', async () => {
    const { page, context, consoleErrors } = await suite.adminPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/statistics_data/health');
    await see(page.getByTestId('metric-readings.all'));
    const all = await cardValue(page, 'readings.all');
    const abnormal = await cardValue(page, 'readings.abnormal');
    expect(all).toBeGreaterThan(0); // the demo's readings
    const rate = await page
      .getByTestId('rate-abnormalRate')
      .locator('.ant-statistic-content')
      .innerText();
    expect(rate.replace(/\s/g, '')).toBe(
      `${(Math.round((abnormal / all) * 1000) / 10).toFixed(1)}%`,
    );
    // The readings of every type add up to all readings.
    let byType = 0;
    for (const type of ['bp', 'bg', 'chol', 'ua', 'ecg'])
      byType += await cardValue(page, `readings.${type}`);
    expect(byType).toBe(all);
    await see(page.getByTestId('breakdown-readings.all-level').locator('canvas'));
    // How fast the demo's alerts were answered, and the doctors who published the reports.
    const details = page.getByTestId('health-details');
    await see(details.getByTestId('detail-median'));
    expect(await details.getByTestId('detail-median').innerText()).toMatch(
      /应答用时中位数\s+[\d.]+\s*分钟/,
    );
    await see(page.getByTestId('reports-by-doctor').locator('.ant-table-row').first());
    await settled(page);
    await screenshot(page, 'statistics-health-1440-zh');

    // 设备统计: the devices now add up to their total; silent devices show masked phones only.
    await page.goto('/statistics_data/device');
    await see(page.getByTestId('metric-devices.bound'));
    const total = Number(
      (await page.getByTestId('devices-total').innerText()).match(/设备总数 (\d+) 台/)![1],
    );
    expect(total).toBeGreaterThan(0);
    await see(page.getByTestId('devices-by-status').locator('canvas'));
    const silent = page.getByTestId('silent-devices');
    await see(silent.locator('.ant-table-row, .ant-empty').first());
    for (const phone of await silent.locator('.ant-table-row td:nth-child(4)').allInnerTexts())
      expect(phone).toMatch(/^(\d{3}\*{4}\d{4})?$/);
    await settled(page);
    await screenshot(page, 'statistics-device-1440-zh');

    await page.goto('/statistics_data/mall');
    await see(page.getByTestId('metric-points.issued'));
    expect(await cardValue(page, 'points.issued')).toBeGreaterThan(0);
    await see(page.getByTestId('breakdown-points.issued-source').locator('canvas'));
    // The points members hold, the period's orders by state and the goods redeemed most.
    await see(page.getByTestId('detail-balance'));
    await see(page.getByTestId('detail-orders-to_ship'));
    await see(page.getByTestId('top-goods').locator('.ant-table-row').first());
    await settled(page);
    await screenshot(page, 'statistics-mall-1440-zh');
    expect(appErrors(consoleErrors)).toEqual([]);
    await context.close();
  });

  // The menu walks open these pages at 1440 px in both languages (pages.e2e.ts, english.e2e.ts)
  // and at 375 px in English; here the phone in Chinese, once the charts have drawn.
  it('shows the statistics pages on a 375 px phone in Chinese with nothing cut off', async () => {
    const { page, context, consoleErrors } = await suite.adminPage();
    const problems: string[] = [];
    await page.setViewportSize({ width: 375, height: 812 });
    for (const name of ['member', 'device', 'health', 'mall']) {
      await page.goto(`/statistics_data/${name}`);
      await see(page.locator('.stats-metric-card').first());
      await see(page.getByTestId('stats-daily-chart').locator('canvas'));
      await settled(page);
      for (const line of await clippedElements(page)) problems.push(`${name}: ${line}`);
      await page.screenshot({ path: `${process.cwd()}/artifacts/statistics-${name}-375.png` });
    }
    expect(problems).toEqual([]);
    expect(appErrors(consoleErrors)).toEqual([]);
    await context.close();
  });
});
