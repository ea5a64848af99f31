import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserAvailable, screenshot, see } from '../support/browser.ts';
import { adminSuite } from '../support/suite.ts';

const run = browserAvailable();
const ADMIN_PASSWORD = 'Sets#2026a';

/** A real 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

describe.runIf(run)('settings pages', () => {
  const suite = adminSuite(ADMIN_PASSWORD);

  async function open(page: Page, section: string, title: string): Promise<void> {
    await page.goto(`/sysset_setting/${section}`);
    await see(page.getByRole('heading', { name: title, level: 1 }));
  }

  async function saveForm(page: Page): Promise<void> {
    await page
      .getByRole('button', { name: /保\s*存/ })
      .first()
      .click();
    await see(page.getByText('已保存', { exact: true }));
  }

  const valueOf = (page: Page, label: string) =>
    page.getByLabel(label, { exact: true }).inputValue();

  it('loads every settings page with its title and the server data', async () => {
    const { page, context, consoleErrors } = await suite.adminPage();
    const pages: [string, string, () => Promise<void>][] = [
      [
        'site_info',
        '站点配置',
        async () => expect(await valueOf(page, '平台名称')).toBe('居家健康服务平台'),
      ],
      ['pic_set', '图片配置', () => see(page.getByText('商品默认图'))],
      ['payment', '支付配置', () => see(page.getByTestId('pay-wechat').getByText('已设置'))],
      ['order', '运营配置', async () => expect(await valueOf(page, '售后期限')).toBe('15')],
      [
        'base_set',
        '基础设置',
        async () => expect(await valueOf(page, '积分名称')).toBe('健康积分'),
      ],
      [
        'app_set',
        'APP配置',
        async () => see(page.getByTestId('app-android').locator('input[value="2.3.1"]')),
      ],
      ['pay_set', '支付设置', async () => expect(await valueOf(page, '支付超时时间')).toBe('15')],
      ['conversation_set', '问诊配置', () => see(page.getByTitle('王芳'))],
      [
        'prewarning_set',
        '预警配置',
        async () => expect(await valueOf(page, '一级高血压收缩压')).toBe('140'),
      ],
    ];
    for (const [section, title, check] of pages) {
      await open(page, section, title);
      await check();
      expect(await page.title()).toBe(`${title} - 居家健康服务平台`);
      await screenshot(page, `settings-${section}`);
    }
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('saves each form and shows the value after a reload', async () => {
    const { page, context } = await suite.adminPage();
    const edits: [string, string, string, string][] = [
      ['order', '运营配置', '未支付自动取消', '40'],
      ['base_set', '基础设置', '积分名称', '健康币'],
      ['pay_set', '支付设置', '支付超时时间', '20'],
      ['conversation_set', '问诊配置', '每月免费次数', '5'],
      ['app_set', 'APP配置', 'APP 名称', '居家健康Pro'],
      ['prewarning_set', '预警配置', '空腹高血糖（≥）', '7.2'],
    ];
    for (const [section, title, label, value] of edits) {
      await open(page, section, title);
      const input = page.getByLabel(label, { exact: true });
      await input.fill(value);
      await see(page.getByText('有未保存的修改'));
      await saveForm(page);
      await page.reload();
      await see(page.getByRole('heading', { name: title, level: 1 }));
      await see(page.getByLabel(label, { exact: true }));
      expect(await page.getByLabel(label, { exact: true }).inputValue()).toBe(value);
    }
    await context.close();
  });

  it('puts the platform name into every page title', async () => {
    const { page, context } = await suite.adminPage();
    await open(page, 'site_info', '站点配置');
    await page.getByLabel('平台名称', { exact: true }).fill('康宁居家健康');
    await saveForm(page);
    await page.waitForFunction(() => document.title === '站点配置 - 康宁居家健康');
    await page.goto('/sysset_setting/order');
    await page.waitForFunction(() => document.title === '运营配置 - 康宁居家健康');
    await screenshot(page, 'settings-title');
    await context.close();
  });

  it('shows the field error of a contradictory warning rule and warns before leaving', async () => {
    const { page, context } = await suite.adminPage();
    await open(page, 'prewarning_set', '预警配置');
    await page.getByLabel('三级高血压收缩压', { exact: true }).fill('150');
    await page.getByRole('button', { name: /保\s*存/ }).click();
    await see(page.getByText('三级高血压的收缩压下限必须高于二级'));
    await screenshot(page, 'settings-prewarning-error');
    // Leaving with unsaved changes asks first.
    await page.getByRole('navigation', { name: '侧边菜单' }).getByText('运营配置').click();
    await see(page.getByText('离开后本页的修改将丢失，确定离开吗？'));
    await page.getByRole('button', { name: '留在本页' }).click();
    expect(page.url()).toContain('/sysset_setting/prewarning_set');
    await context.close();
  });

  it('shows payment keys only as 已设置 and never sends them back', async () => {
    const { page, context } = await suite.adminPage();
    const answers: string[] = [];
    page.on('response', async (r) => {
      if (r.url().includes('/sysPayConfig/')) answers.push(await r.text());
    });
    await open(page, 'payment', '支付配置');
    const wechat = page.getByTestId('pay-wechat');
    await see(wechat.getByTestId('secret-wechat-apiKey').getByText('已设置'));
    const apiKey = wechat.getByLabel('API 密钥');
    expect(await apiKey.inputValue()).toBe('');
    const secret = 'Kq2Lm4Np6Rs8Tv0Wy2Ab4Cd6Ef8Gh0Zx';
    await apiKey.fill(secret);
    await wechat.getByRole('button', { name: /保\s*存/ }).click();
    await see(page.getByText('已保存', { exact: true }));
    await page.reload();
    await see(page.getByTestId('pay-wechat').getByTestId('secret-wechat-apiKey'));
    expect(await page.getByTestId('pay-wechat').getByLabel('API 密钥').inputValue()).toBe('');
    expect(await page.content()).not.toContain(secret);
    expect(answers.length).toBeGreaterThan(1);
    for (const answer of answers) {
      expect(answer).not.toContain(secret);
      expect(answer).not.toContain('BEGIN');
    }
    await screenshot(page, 'settings-payment');
    await context.close();
  });

  it('uploads an image on pic_set and shows its preview', async () => {
    const { page, context } = await suite.adminPage();
    await open(page, 'pic_set', '图片配置');
    const field = page.locator('.ant-form-item').filter({ hasText: '商品默认图' });
    await field.locator('input[type=file]').setInputFiles({
      name: 'placeholder.png',
      mimeType: 'image/png',
      buffer: PNG,
    });
    const preview = field.locator('img');
    await see(preview);
    const src = await preview.getAttribute('src');
    expect(src).toMatch(/^\/uploads\/images\/\d{6}\/[0-9a-f]{32}\.png$/);
    const served = await fetch(`${suite.server.url}${src}`);
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);
    await saveForm(page);
    await page.reload();
    await see(
      page.locator('.ant-form-item').filter({ hasText: '商品默认图' }).locator(`img[src="${src}"]`),
    );
    await screenshot(page, 'settings-pic-set');
    await context.close();
  });
});
