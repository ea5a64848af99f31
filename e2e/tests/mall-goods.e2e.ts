import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserAvailable, screenshot, see } from '../support/browser.ts';
import { adminSuite } from '../support/suite.ts';

const run = browserAvailable();
const ADMIN_PASSWORD = 'Mall#2026a';
const SAVE = /保\s*存/;

/** A real 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

const rows = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row');
const row = (page: Page, text: string | RegExp) => rows(page).filter({ hasText: text });
const field = (page: Page, label: string) =>
  page.locator('.ant-form-item').filter({ has: page.locator('label', { hasText: label }) });

describe.runIf(run)('积分商城: goods, package types and 商品设置', () => {
  const suite = adminSuite(ADMIN_PASSWORD);

  it('套餐类型: lists the demo types and adds a service package with its tasks', async () => {
    const { page, context, consoleErrors } = await suite.adminPage();
    await page.goto('/integralmall/package_type');
    await see(page.getByRole('heading', { name: '套餐类型', level: 1 }));
    await see(row(page, '心电判读服务包'));
    await see(row(page, '上门随访服务包').getByText('上门服务 1次'));

    await page.getByRole('button', { name: /新\s*增/ }).click();
    const dialog = page.getByRole('dialog').filter({ hasText: '新增套餐类型' });
    await see(dialog);
    await dialog.getByLabel('类型名称').fill('血压管理服务包');
    await dialog.getByLabel('服务包').check();
    // A service package starts with one task; a second one is added.
    await see(dialog.getByRole('combobox', { name: '任务类型' }).first());
    await dialog.getByRole('button', { name: '添加健康任务' }).click();
    await dialog.getByRole('spinbutton', { name: '次数' }).nth(1).fill('4');
    await screenshot(page, 'mall-package-type-dialog');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await see(page.getByText('保存成功'), 30_000);
    const added = row(page, '血压管理服务包');
    await see(added);
    expect(await added.textContent()).toContain('服务包');
    expect(await added.textContent()).toContain('4次');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('商品管理: adds a goods item with an uploaded image and a type, lists it, puts it on shelf', async () => {
    const { page, context, consoleErrors } = await suite.adminPage();
    await page.goto('/integralmall/goods');
    await see(page.getByRole('heading', { name: '商品管理', level: 1 }));
    await see(row(page, '欧姆龙电子血压计 U10'));
    await see(row(page, '三诺安稳+血糖仪套装').getByText('已售罄'));
    await see(row(page, '智能提醒药盒（7日分装）').getByText('库存紧张'));
    await see(row(page, '防滑浴室凳').getByText('待审核'));
    await screenshot(page, 'mall-goods-list');

    await page.getByRole('button', { name: /新\s*增/ }).click();
    await page.waitForURL(/\/integralmall\/edit$/);
    await see(page.getByRole('heading', { name: '新增商品', level: 1 }));
    await page.getByLabel('商品名称').fill('家用制氧机 5L');
    await field(page, '商品图片')
      .locator('input[type=file]')
      .setInputFiles({ name: 'oxygen.png', mimeType: 'image/png', buffer: PNG });
    await see(page.getByTestId('image-list-preview').first(), 30_000);
    await see(field(page, '商品图片').getByText('封面'));
    await field(page, '套餐类型').locator('.ant-select-selector').click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option[title="健康器械"]')
      .click();
    await page.getByLabel('积分价格').fill('25800');
    await page.getByLabel('库存').fill('6');
    const editor = page.locator('.rich-text-editor .tiptap');
    await editor.click();
    await page.keyboard.type('5升大流量，静音运行');
    await screenshot(page, 'mall-goods-edit');
    await page.getByRole('button', { name: SAVE }).click();
    await page.waitForURL(/\/integralmall\/goods(\?|$)/);

    const mine = row(page, '家用制氧机 5L');
    await see(mine, 30_000);
    const text = (await mine.textContent()) ?? '';
    expect(text).toContain('健康器械');
    expect(text).toContain('25,800');
    expect(text).toContain('库存紧张');
    expect(await mine.locator('img').count()).toBe(1);
    const shelf = mine.getByRole('switch');
    expect(await shelf.getAttribute('aria-checked')).toBe('false');
    await shelf.click();
    await see(page.getByText('已上架').first(), 30_000);
    await page.reload();
    await see(row(page, '家用制氧机 5L'));
    expect(await row(page, '家用制氧机 5L').getByRole('switch').getAttribute('aria-checked')).toBe(
      'true',
    );

    // Opened again: the form shows what was saved (image, type, stock).
    await row(page, '家用制氧机 5L').getByRole('button', { name: '编辑' }).click();
    await page.waitForURL(/\/integralmall\/edit\?id=\d+/);
    await see(page.getByRole('heading', { name: '编辑商品', level: 1 }));
    expect(await page.getByLabel('库存').inputValue()).toBe('6');
    await see(page.getByTestId('image-list-preview').first());
    await see(page.locator('.rich-text-editor').getByText('5升大流量，静音运行'));
    await page.getByRole('button', { name: /取\s*消/ }).click();
    await page.waitForURL(/\/integralmall\/goods(\?|$)/);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('商品设置: saves the low-stock threshold and the default order, shown after a reload', async () => {
    const { page, context, consoleErrors } = await suite.adminPage();
    await page.goto('/manage_product/goods_setting');
    await see(page.getByRole('heading', { name: '商品设置', level: 1 }));
    const threshold = page.getByLabel('库存预警值');
    await see(threshold);
    expect(await threshold.inputValue()).toBe('10');
    await threshold.fill('5');
    await page.getByLabel('按销量').check();
    await page.getByRole('switch', { name: '商品上架审核' }).click();
    await page.getByRole('button', { name: SAVE }).first().click();
    await see(page.getByText('已保存', { exact: true }), 30_000);

    await page.reload();
    await see(page.getByLabel('库存预警值'));
    expect(await page.getByLabel('库存预警值').inputValue()).toBe('5');
    expect(await page.getByLabel('按销量').isChecked()).toBe(true);
    expect(
      await page.getByRole('switch', { name: '商品上架审核' }).getAttribute('aria-checked'),
    ).toBe('true');
    await screenshot(page, 'mall-goods-setting');

    // The goods list reads the threshold: stock 6 is no longer low, 3 still is (an item off shelf:
    // the demo orders never take its stock).
    await page.goto('/integralmall/goods');
    await see(row(page, '家用制氧机 5L'));
    expect(await row(page, '家用制氧机 5L').getByText('库存紧张').count()).toBe(0);
    await see(row(page, '智能提醒药盒（7日分装）').getByText('库存紧张'));
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
