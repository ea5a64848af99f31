import { describe, expect, it } from 'vitest';
import { browserAvailable, contextOptions, screenshot, see } from '../support/browser.ts';
import { DEMO_PASSWORD } from '../support/flows.ts';
import { addBoundDevice, uploadReading } from '../support/ingest.ts';
import { adminSuite } from '../support/suite.ts';

const run = browserAvailable();
const ADMIN_PASSWORD = 'Work#2026bench';
const WORKBENCH = '/health_medical_studio/doctor_workbench';
/** Grade 3 hypertension: urgent. */
const URGENT_BP = { systolic: 192, diastolic: 121, pulse: 96 };

describe.runIf(run)('the doctor workbench', () => {
  const suite = adminSuite(ADMIN_PASSWORD);

  it('shows a new urgent reading live, holds the queue under the pointer, claims and opens it', async () => {
    const { page, context, consoleErrors } = await suite.adminPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    const bp = await addBoundDevice(page, 'bp', 'E2E-BP-WORK-01');
    await page.goto(`${WORKBENCH}?level=urgent`);
    await see(page.getByText('实时', { exact: true }));
    const urgentCount = async () =>
      Number(
        await page
          .getByTestId('workbench-counts')
          .locator('.ant-statistic')
          .first()
          .locator('.ant-statistic-content-value')
          .innerText(),
      );
    // The counters load after the queue: read them once they show a number.
    await expect.poll(urgentCount, { timeout: 10_000 }).not.toBeNaN();
    const before = await urgentCount();

    // A device uploads an urgent reading: the open page shows it within 6 s, without a reload.
    const uploadedAt = Date.now();
    const first = await uploadReading(page, bp, {
      type: 'bp',
      measuredAt: uploadedAt - 30_000,
      values: URGENT_BP,
    });
    const row = page.locator('.ant-table-row', { hasText: '192/121 mmHg' });
    await row.first().waitFor({ timeout: 6_000 });
    expect(Date.now() - uploadedAt).toBeLessThan(6_000);
    await expect.poll(urgentCount, { timeout: 6_000 }).toBe(before + 1);
    await screenshot(page, 'workbench-live-1440-zh');

    // While the pointer is on the queue, a new alert does not move the rows: it waits.
    await row.first().hover();
    await uploadReading(page, bp, {
      type: 'bp',
      measuredAt: uploadedAt - 20_000,
      values: { ...URGENT_BP, systolic: 193 },
    });
    await see(page.getByText('队列有更新，鼠标移出列表后刷新'), 8_000);
    expect(await page.locator('.ant-table-row', { hasText: '193/121 mmHg' }).count()).toBe(0);
    await page.mouse.move(5, 5);
    await see(page.locator('.ant-table-row', { hasText: '193/121 mmHg' }), 6_000);

    // Claim the first one: the row names the claimer, and the detail page opens.
    await row.first().getByRole('button', { name: '认领' }).click();
    await see(page.getByText(/已认领，\d+ 分钟内有效/));
    await see(row.first().getByText('系统管理员'));
    await row.first().getByRole('button', { name: '查看' }).click();
    await page.waitForURL(/doctor-workbench-detail\?id=\d+/);
    await see(page.getByText('预警详情'));
    await see(page.getByText('近期测量'));
    await see(page.getByText(/系统管理员（至 /));
    await screenshot(page, 'workbench-detail-1440-zh');
    await page.getByRole('button', { name: '释放' }).click();
    await see(page.getByRole('button', { name: '认领' }));
    expect(first).toBeGreaterThan(0);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('opens an ECG alert with the recording in the viewer', async () => {
    const { page, context } = await suite.adminPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    const ecg = await addBoundDevice(page, 'ecg', 'E2E-ECG-WORK-01');
    const samples = Array.from({ length: 2500 }, (_, i) =>
      Math.round(1100 * Math.exp(-(((i % 94) - 40) ** 2) / 8)),
    );
    await uploadReading(page, ecg, {
      type: 'ecg',
      measuredAt: Date.now() - 40_000,
      values: { sampleRate: 250, leads: ['II'], samples: [samples], heartRate: 160 },
    });
    await page.goto(`${WORKBENCH}?type=ecg&level=urgent`);
    const row = page.locator('.ant-table-row', { hasText: '160' }).first();
    await see(row);
    await row.getByRole('button', { name: '查看' }).click();
    await see(page.locator('canvas.ecg-paper-canvas'), 15_000);
    await screenshot(page, 'workbench-detail-ecg-1440-zh');
    await context.close();
  });

  it('writes, signs and publishes the report of an alert, and the member opens it by the link', async () => {
    const { page, context, consoleErrors } = await suite.adminPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    const bp = await addBoundDevice(page, 'bp', 'E2E-BP-WORK-02');
    await uploadReading(page, bp, {
      type: 'bp',
      measuredAt: Date.now() - 50_000,
      values: { systolic: 188, diastolic: 119, pulse: 90 },
    });
    // Another doctor (the demo's 王芳) holds it first: the detail says who, not "claim it".
    const api = async (path: string, token: string, body?: Record<string, unknown>) =>
      (await (
        await fetch(`${suite.server.url}/api${path}`, {
          method: body ? 'POST' : 'GET',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: body ? JSON.stringify(body) : undefined,
        })
      ).json()) as { state: number; data: unknown };
    const login = await fetch(`${suite.server.url}/api/v3/adminLogin/oauth/token`, {
      method: 'POST',
      body: new URLSearchParams({ username: 'wangfang', password: DEMO_PASSWORD }),
    });
    const other = ((await login.json()) as { data: { access_token: string } }).data.access_token;
    const queue = (await api('/v3/health/admin/workbench/queue?level=urgent&pageSize=100', other))
      .data as { list: { id: number; values: { systolic: number } }[] };
    const alertId = queue.list.find((r) => r.values.systolic === 188)!.id;
    expect((await api('/v3/health/admin/workbench/claim', other, { id: alertId })).state).toBe(200);
    await page.goto(`/health_management/doctor-workbench-detail?id=${alertId}`);
    await see(page.getByText('该预警已由 王芳 认领，由其撰写报告'));
    expect(await page.getByText('认领该预警后即可撰写报告').count()).toBe(0);
    expect((await api('/v3/health/admin/workbench/release', other, { id: alertId })).state).toBe(
      200,
    );

    await page.goto(`${WORKBENCH}?level=urgent`);
    const row = page.locator('.ant-table-row', { hasText: '188/119 mmHg' }).first();
    await see(row);
    await row.getByRole('button', { name: '认领' }).click();
    await see(row.getByText('系统管理员'));
    await row.getByRole('button', { name: '查看' }).click();
    await see(page.getByText('撰写报告'));

    // A phrase to start from, then the doctor's own words.
    await page.getByRole('combobox', { name: '结论 常用语' }).click();
    await page.getByTitle('血压重度升高，达到三级高血压水平。').click();
    await page
      .getByRole('textbox', { name: '建议', exact: true })
      .fill('请今天到心内科门诊就诊，调整降压药。');
    await page.getByRole('button', { name: '签名并发布' }).click();
    await page.getByRole('button', { name: /确\s*定|OK/ }).click();
    await see(page.getByText('报告已发布'));
    await see(page.getByText('已有报告'));
    // Published: the alert is handled — who and when, no 释放, no red wait clock.
    await see(page.getByTestId('alert-handled').getByText(/^系统管理员（/));
    expect(await page.getByRole('button', { name: '释放' }).count()).toBe(0);
    const wait = page.getByTestId('alert-wait');
    await see(wait.getByText(/^用时 /));
    expect(await wait.evaluate((el) => el.className)).not.toMatch(/danger/);
    await screenshot(page, 'workbench-report-published-1440-zh');

    // 会员链接: the link itself, its QR code and a copy button that says what it did.
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: suite.server.url,
    });
    await page.getByRole('button', { name: '会员链接' }).click();
    const share = page.getByRole('dialog', { name: '会员查看链接' });
    await see(share.getByTestId('link-qr'));
    const link = await share.getByTestId('link-url').inputValue();
    expect(link).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/health-report-preview\?/);
    await see(share.getByText(/会员用手机扫码或打开链接即可查看报告，.+ 前有效/));
    await share.getByRole('button', { name: /复\s*制/ }).click();
    await see(page.getByText('已复制到剪贴板'));
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    await screenshot(page, 'workbench-member-link-1440-zh');
    await share.getByRole('button', { name: /关\s*闭/ }).click();

    // 报告中心 reads the reading handled too (one state).
    await page.goto('/report_list/bp');
    const reading = page.locator('.ant-table-row', { hasText: '188/119' }).first();
    await see(reading.getByText('已处理'));

    // The published report is in 健康报告; its member link opens without a login.
    await page.goto('/health_management/report');
    const reportRow = page.locator('.ant-table-row', { hasText: '血压重度升高' }).first();
    await see(reportRow.getByText('已发布'));
    await reportRow.getByRole('button', { name: '预览' }).click();
    await see(page.getByText('请今天到心内科门诊就诊，调整降压药。'));
    const member = await suite.browser.newContext(contextOptions(suite.server.url));
    const memberPage = await member.newPage();
    await memberPage.setViewportSize({ width: 375, height: 800 });
    await memberPage.goto(link);
    await see(memberPage.getByText('血压重度升高，达到三级高血压水平。'));
    await see(memberPage.getByText(/医生：系统管理员/));
    await memberPage.screenshot({ path: `${process.cwd()}/artifacts/report-public-375-zh.png` });
    // A tampered link shows nothing of the report.
    await memberPage.goto(link.slice(0, -2) + (link.endsWith('A') ? 'BB' : 'AA'));
    await see(memberPage.getByText('链接无效或已被篡改'));
    expect(await memberPage.getByText('血压重度升高').count()).toBe(0);
    await member.close();
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
