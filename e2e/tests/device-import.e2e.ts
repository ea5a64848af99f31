import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { StorageKeys } from '../../packages/contract/src/storage.ts';
import { browserAvailable, screenshot, see } from '../support/browser.ts';
import { clippedElements } from '../support/layout.ts';
import { adminSuite } from '../support/suite.ts';

const run = browserAvailable();
const ADMIN_PASSWORD = 'Import#2026a';
const MODEL = '康护 BP-A1 上臂式血压计';

/** A csv as Chinese Excel writes it with "CSV UTF-8": a BOM, CRLF, a quoted remark. */
function importFile(): string {
  const lines = [
    '序列号,型号,固件版本,入库日期,备注',
    `E2E-IMPORT-001,${MODEL},v1.2,2025-01-10,"第一批,上午"`, // 2 valid
    `E2E-IMPORT-002,${MODEL},,2025-02-30,`, // 3 bad date
    `bad!,${MODEL},,,`, // 4 bad serial
    `E2E-IMPORT-003,${MODEL},,,`, // 5 duplicate of 6
    `E2E-IMPORT-003,${MODEL},,,`, // 6 duplicate of 5
    'E2E-IMPORT-004,没有这个型号,,,', // 7 unknown model
    `E2E-IMPORT-005,${MODEL},,,`, // 8 valid
  ];
  const dir = mkdtempSync(path.join(os.tmpdir(), 'device-import-e2e-'));
  const file = path.join(dir, '设备入库.csv');
  writeFileSync(file, `\ufeff${lines.join('\r\n')}\r\n`);
  return file;
}

async function useEnglish(page: Page): Promise<void> {
  await page.evaluate((key) => {
    const saved = JSON.parse(localStorage.getItem(key) ?? '{}') as Record<string, unknown>;
    localStorage.setItem(key, JSON.stringify({ ...saved, language: 'en-US' }));
  }, StorageKeys.settings);
  await page.reload();
}

describe.runIf(run)('批量导入 (device batch import)', () => {
  const suite = adminSuite(ADMIN_PASSWORD);

  it('uploads a file with bad rows, shows the errors, imports the valid rows, downloads the errors', async () => {
    const { page, context, consoleErrors } = await suite.adminPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/device_list/insert');
    await see(page.getByRole('heading', { name: '批量导入', level: 1 }));
    await see(page.getByText('导入的设备不显示密钥'));

    // The template downloads.
    const [template] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('import-template').click(),
    ]);
    expect(template.suggestedFilename()).toBe('设备导入模板.xlsx');

    await page.locator('input[type=file]').setInputFiles(importFile());
    const batch = page.getByTestId('import-batch');
    await see(batch.getByText('设备入库.csv'));
    await see(page.getByTestId('import-counts'), 20_000);
    const counts = await page.getByTestId('import-counts').innerText();
    expect(counts.replace(/\s+/g, ' ')).toContain('总行数 7 有效 2 有错误 5');

    // The rows with errors first, each with what is wrong.
    const rows = page.getByTestId('import-rows');
    await see(rows.getByText('序列号与文件第6行重复'));
    await see(rows.getByText('序列号与文件第5行重复'));
    await see(rows.getByText('入库日期格式应为 YYYY-MM-DD'));
    await see(rows.getByText('型号不存在，请先在“设备型号”中添加'));
    await see(rows.getByText(/序列号应为6到32位/));
    expect(await rows.locator('tbody tr.ant-table-row').count()).toBe(5);
    await screenshot(page, 'device-import-errors-1440');
    expect(await clippedElements(page)).toEqual([]);

    // The valid ones.
    await page.getByTestId('import-row-filter').getByText('有效 2').click();
    await see(rows.getByText('E2E-IMPORT-005'));
    expect(await rows.locator('tbody tr.ant-table-row').count()).toBe(2);

    // Import them.
    await page.getByTestId('import-run').click();
    await page
      .locator('.ant-popconfirm')
      .getByRole('button', { name: /导\s*入/ })
      .click();
    await see(page.getByTestId('import-done').getByText('已导入 2 台设备，跳过 0 台。'));
    await see(page.getByText('已导入2台设备，跳过0台'));
    expect(await page.getByTestId('import-run').count()).toBe(0);
    await see(page.getByTestId('import-status').getByText('已导入'));

    // The errors file: the five rows, their columns and why.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('import-errors-file').click(),
    ]);
    expect(download.suggestedFilename()).toBe('设备入库-错误行.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await download.path());
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      '序列号',
      '型号',
      '固件版本',
      '入库日期',
      '备注',
      '错误原因',
      '原行号',
    ]);
    expect(sheet.actualRowCount).toBe(6);
    const reasons = new Map<number, string>();
    sheet.eachRow((row, n) => {
      if (n > 1) reasons.set(Number(row.getCell(7).value), String(row.getCell(6).value));
    });
    expect(reasons.get(3)).toBe('入库日期格式应为 YYYY-MM-DD');
    expect(reasons.get(5)).toBe('序列号与文件第6行重复');

    // The history lists the batch.
    const history = page.locator('.list-page-table');
    await see(history.getByText('设备入库.csv'));

    // Narrow screens: nothing cut off.
    await page.setViewportSize({ width: 375, height: 800 });
    await page.waitForTimeout(300);
    await screenshot(page, 'device-import-375');
    expect(await clippedElements(page)).toEqual([]);

    // English.
    await useEnglish(page);
    await see(page.getByRole('heading', { name: 'Batch import', level: 1 }));
    await see(page.getByText('The same serial is on row 6 of the file'));
    await screenshot(page, 'device-import-375-en');
    expect(await clippedElements(page)).toEqual([]);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.waitForTimeout(300);
    await see(page.getByText('2 devices imported, 0 skipped.'));
    await screenshot(page, 'device-import-1440-en');
    expect(await clippedElements(page)).toEqual([]);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('shows the progress of a 50,000-row file while it is validated', async () => {
    const { page, context, consoleErrors } = await suite.adminPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/device_list/insert');
    const lines = ['序列号,型号'];
    for (let i = 1; i <= 50_000; i++) lines.push(`E2E-BULK-${String(i).padStart(6, '0')},${MODEL}`);
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'device-import-e2e-')), 'bulk.csv');
    writeFileSync(file, lines.join('\n'));
    await page.locator('input[type=file]').setInputFiles(file);
    await see(page.getByTestId('import-progress'));
    await screenshot(page, 'device-import-progress');
    await see(page.getByTestId('import-counts'), 60_000);
    const counts = await page.getByTestId('import-counts').innerText();
    expect(counts.replace(/\s+/g, ' ')).toContain('总行数 50,000 有效 50,000 有错误 0');
    await see(page.getByTestId('import-run').getByText('导入 50000 条有效数据'));
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
