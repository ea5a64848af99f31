import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  ARTIFACTS,
  browserAvailable,
  contextOptions,
  newPage,
  screenshot,
  see,
} from '../support/browser.ts';
import { withDatabase } from '../support/database.ts';
import { adminSuite } from '../support/suite.ts';

const run = browserAvailable();
const ADMIN_PASSWORD = 'Codes#2026a';

/** Pick an option of the open antd select. */
async function choose(page: Page, option: string): Promise<void> {
  await page
    .locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${option}"]`)
    .click();
}

/** Open the return form's courier select (also when a courier is chosen already). */
async function openCourier(page: Page): Promise<void> {
  await page.locator('.ant-form-item:has(#deviceReturn_courier) .ant-select-selector').click();
}

/**
 * Submit the return form and wait for the filing's answer; when none comes, fail saying what the
 * page showed instead (the form's errors, its inputs, a screenshot), not only that an element
 * never appeared.
 */
async function submitReturn(page: Page, button: string, shot: string): Promise<number> {
  const answered = page
    .waitForResponse(
      (r) => r.url().includes('/device/common/return/file') && r.request().method() === 'POST',
      { timeout: 20_000 },
    )
    // Settled either way, so that a click that throws leaves no rejection unawaited.
    .then(
      (response) => response.status(),
      () => null,
    );
  await page.getByRole('button', { name: button }).click();
  const status = await answered;
  if (status !== null) return status;
  await screenshot(page, `${shot}-no-answer`);
  const errors = await page.locator('.ant-form-item-explain-error').allInnerTexts();
  const values = await page
    .locator('.return-card input')
    .evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));
  throw new Error(
    `the filing was not answered in 20 s; the form shows errors: ${errors.join(' | ') || '—'}; ` +
      `its inputs hold: ${values.join(' | ')}`,
  );
}

/** Nothing wider than the window (no sideways scrolling of the page itself). */
const fitsWidth = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/** What pdftotext reads from a PDF, when poppler-utils is installed ('' otherwise). */
function pdfText(file: string): string {
  if (!existsSync('/usr/bin/pdftotext')) return '';
  return execFileSync('/usr/bin/pdftotext', [file, '-'], { encoding: 'utf8' });
}

describe.runIf(run)('码管理 and the public return page', () => {
  const suite = adminSuite(ADMIN_PASSWORD);

  it('generates a batch and downloads its QR label sheet as a PDF', async () => {
    const { page, context, consoleErrors } = await suite.adminPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/device_list/detail');
    await see(page.getByRole('heading', { name: '码管理', level: 1 }));
    await see(page.locator('.ant-table-row'));

    await page.getByRole('button', { name: '生成绑定码' }).click();
    const dialog = page.getByRole('dialog', { name: '批量生成绑定码' });
    await see(dialog);
    await dialog.getByLabel('设备型号').click();
    await choose(page, '康护 BP-A1 上臂式血压计');
    await dialog.getByLabel('生成数量').fill('30');
    await screenshot(page, 'device-codes-generate-1440-zh');
    await dialog.getByRole('button', { name: '生成绑定码' }).click();

    // The toast follows the refetch of the list: slow under load.
    await see(page.getByText('已生成 30 个绑定码'), 30_000);
    const download = page.waitForEvent('download');
    await page.getByTestId('print-new-batch').click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^绑定码-B\d{8}-[0-9A-Z]{4}-\d{8}\.pdf$/);
    mkdirSync(ARTIFACTS, { recursive: true });
    const saved = `${ARTIFACTS}device-codes.pdf`;
    await file.saveAs(saved);
    const pdf = readFileSync(saved);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = pdfText(saved);
    if (text) {
      expect(text).toContain('设备绑定码');
      expect(text).toContain('康护 BP-A1 上臂式血压计');
      expect(text.match(/[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}/g)?.length).toBe(30);
    }

    // The new batch in the list.
    await page.getByRole('button', { name: '查看本批' }).click();
    await see(page.getByText('共 30 条'));
    await screenshot(page, 'device-codes-1440-zh');
    await page.setViewportSize({ width: 375, height: 812 });
    await see(page.locator('.ant-table-row'));
    expect(await fitsWidth(page)).toBe(true);
    await screenshot(page, 'device-codes-375-zh');

    // Used codes show their member (masked phone) and device.
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/device_list/detail?status=used');
    await see(page.locator('.ant-table-row'));
    expect(await page.locator('.ant-table-row').first().innerText()).toMatch(/\d{3}\*{4}\d{4}/);
    await screenshot(page, 'device-codes-used-1440-zh');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('shows the codes page in English', async () => {
    const { page, context, consoleErrors } = await newPage(suite.browser, suite.server.url, {
      width: 1440,
      height: 900,
    });
    await page.goto('/login');
    await page.getByRole('button', { name: 'English' }).click();
    await page.getByLabel('User name').fill('admin');
    await page.getByLabel('Password', { exact: true }).fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(/\/sysset_home\/basic/);
    await page.goto('/device_list/detail');
    await see(page.getByRole('heading', { name: 'Codes', level: 1 }));
    await see(page.locator('.ant-table-row'));
    await screenshot(page, 'device-codes-1440-en');
    await page.getByRole('button', { name: 'Generate codes' }).click();
    await see(page.getByRole('dialog', { name: 'Generate binding codes' }));
    await screenshot(page, 'device-codes-generate-1440-en');
    await page.keyboard.press('Escape');
    await page.setViewportSize({ width: 375, height: 812 });
    await see(page.locator('.ant-table-row'));
    expect(await fitsWidth(page)).toBe(true);
    await screenshot(page, 'device-codes-375-en');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('files a return on the public page, and the overview counts it', async () => {
    // A lent device without a return filed, and its member's phone.
    const target = withDatabase(suite.server.databaseFile, (db) =>
      db
        .prepare(
          `SELECT d.serial AS serial, m.phone AS phone FROM devices d JOIN members m ON m.id = d.member_id
           WHERE d.status = 'lent' AND NOT EXISTS (SELECT 1 FROM device_returns r WHERE r.device_id = d.id)
           ORDER BY d.id LIMIT 1`,
        )
        .get(),
    ) as { serial: string; phone: string };
    expect(target.serial).toBeTruthy();
    const pendingBefore = withDatabase(suite.server.databaseFile, (db) =>
      Number(
        (
          db
            .prepare(
              "SELECT count(DISTINCT device_id) AS n FROM device_returns WHERE status = 'pending'",
            )
            .get() as { n: number }
        ).n,
      ),
    );

    const visitor = await suite.browser.newContext(
      contextOptions(suite.server.url, {
        viewport: { width: 375, height: 812 },
        isMobile: true,
        hasTouch: true,
      }),
    );
    const page = await visitor.newPage();
    const consoleErrors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') consoleErrors.push(m.text());
    });
    await page.goto('/equipment-return-address');
    await see(page.getByRole('heading', { name: '设备归还', level: 1 }));
    await see(page.getByTestId('return-address'));
    expect(await page.getByTestId('return-address').innerText()).toContain('设备回收中心');
    expect(await page.title()).toBe('设备归还 - 居家健康服务平台');
    expect(await fitsWidth(page)).toBe(true);
    await screenshot(page, 'return-page-375-zh');

    const fill = async (phone: string, tracking: string) => {
      await page.getByLabel('手机号').fill(phone);
      await page.getByLabel('设备序列号').fill(target.serial.toLowerCase());
      await openCourier(page);
      await choose(page, '顺丰速运');
      await page.getByLabel('快递单号').fill(tracking);
      return submitReturn(page, '提交登记', 'return-page-zh');
    };
    // Validation in the browser, in Chinese.
    await page.getByRole('button', { name: '提交登记' }).click();
    await see(page.getByText('请输入手机号码'));
    // A phone that is not the member's: one message, not saying which part is wrong.
    const wrong = target.phone === '13000000000' ? '13000000001' : '13000000000';
    expect(await fill(wrong, 'SF1400000001')).toBe(400);
    await see(page.getByTestId('return-refusal'));
    expect(await page.getByTestId('return-refusal').innerText()).toContain(
      '手机号与设备序列号不匹配，请核对后重试',
    );
    await screenshot(page, 'return-page-refused-375-zh');
    expect(await fill(target.phone, 'SF1400000001')).toBe(200);
    await see(page.getByTestId('return-filed'));
    expect(await page.getByTestId('return-filed').innerText()).toContain('寄回登记成功');
    expect(await page.getByTestId('return-filed').innerText()).toContain(target.serial);
    await screenshot(page, 'return-page-filed-375-zh');

    // In English, at 1440: the same tracking number again is already filed.
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.getByRole('button', { name: '登记另一台设备' }).click();
    await page.getByRole('button', { name: 'English' }).click();
    await see(page.getByRole('heading', { name: 'Return a device', level: 1 }));
    await screenshot(page, 'return-page-1440-en');
    await page.getByLabel('Phone number').fill(target.phone);
    await page.getByLabel('Device serial').fill(target.serial);
    await openCourier(page);
    await choose(page, 'SF Express');
    await page.getByLabel('Tracking number').fill('SF1400000001');
    expect(await submitReturn(page, 'File the return', 'return-page-en')).toBe(200);
    await see(page.getByText('This tracking number is already filed'));
    await screenshot(page, 'return-page-filed-1440-en');
    await page.getByRole('button', { name: 'File another device' }).click();
    // The form comes back empty before anything is typed into it.
    await see(page.getByLabel('Phone number'));
    expect(await page.getByLabel('Phone number').inputValue()).toBe('');
    await page.getByLabel('Phone number').fill('13000000009');
    await page.getByLabel('Device serial').fill(target.serial);
    await openCourier(page);
    await choose(page, 'SF Express');
    await page.getByLabel('Tracking number').fill('SF1400000002');
    expect(await submitReturn(page, 'File the return', 'return-page-en')).toBe(400);
    await see(page.getByTestId('return-refusal'));
    expect(await page.getByTestId('return-refusal').innerText()).toContain(
      'The phone number and the device serial do not match',
    );
    await page.setViewportSize({ width: 375, height: 812 });
    expect(await fitsWidth(page)).toBe(true);
    await screenshot(page, 'return-page-refused-375-en');
    // The two refusals answer HTTP 400 (the browser logs them); nothing else went wrong.
    expect(consoleErrors.filter((e) => !e.includes('status of 400'))).toEqual([]);
    await visitor.close();

    // The overview's to-do counts the new return.
    const { page: admin, context } = await suite.adminPage();
    const todo = admin.getByTestId('todo-pendingReturn');
    await see(todo);
    expect(await todo.innerText()).toContain('待处理设备寄回');
    expect(await todo.innerText()).toContain(String(pendingBefore + 1));
    await screenshot(admin, 'overview-returns-todo-1440-zh');
    await context.close();
  });
});
