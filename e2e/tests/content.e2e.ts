import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, newPage, screenshot, see } from '../support/browser.ts';
import { ADMIN, submitLogin, startWithAdmin } from '../support/flows.ts';
import { type RunningServer } from '../support/server.ts';

const run = browserAvailable();
const ADMIN_PASSWORD = 'Content#2026';
/** antd puts a space between the two characters of a Chinese button label. */
const OK = /^确\s*定$/;
const SAVE = /^保\s*存$/;

describe.runIf(run)('search words, SMS templates and agreements', () => {
  let server: RunningServer;
  let browser: Browser;

  async function adminPage() {
    const opened = await newPage(browser, server.url);
    await submitLogin(opened.page, ADMIN, ADMIN_PASSWORD);
    await opened.page.waitForURL(/\/sysset_home\/basic/);
    return opened;
  }

  const row = (page: Page, text: string | RegExp) => page.getByRole('row', { name: text });

  beforeAll(async () => {
    ({ server, browser } = await startWithAdmin(ADMIN_PASSWORD));
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('lists the demo search words, adds one and rebuilds the suggestion list', async () => {
    const { page, context, consoleErrors } = await adminPage();
    await page.goto('/sysset_setting/search');
    await see(page.getByRole('cell', { name: '血压计', exact: true }));
    await see(page.getByRole('cell', { name: '血压管理方案' }));
    await screenshot(page, 'content-search-list');

    await page.getByRole('button', { name: '新增搜索词' }).click();
    await page.waitForURL(/\/sysset_setting\/search_edit$/);
    await see(page.getByRole('heading', { name: '新增搜索词' }));
    // Required field first: the form says so.
    await page.getByRole('button', { name: SAVE }).click();
    await see(page.getByText('请输入搜索词'));
    await page.getByRole('textbox', { name: '搜索词' }).fill('智能手环');
    await screenshot(page, 'content-search-edit');
    await page.getByRole('button', { name: SAVE }).click();
    await page.waitForURL(/\/sysset_setting\/search(\?|$)/);
    await see(row(page, /智能手环/));

    await page.getByRole('button', { name: '重建联想词' }).click();
    await page.getByRole('button', { name: OK }).click();
    // Demo: 10 hot words (one disabled, one expired) + 3 default words, plus the new one.
    const count = page.getByTestId('suggest-count');
    await see(count, 15_000);
    expect(await count.textContent()).toMatch(/^联想词 12 条，重建于/);
    await see(page.getByText('联想词已重建，共 12 条'));
    await screenshot(page, 'content-search-suggest');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('refuses a broken placeholder, saves the fixed template, test-sends it and shows it in the outbox', async () => {
    const { page, context, consoleErrors } = await adminPage();
    await page.goto('/sysset_notice_set/msg_tpl');
    await see(row(page, /验证码/));
    await see(row(page, /设备归还提醒/));
    await screenshot(page, 'content-sms-list');

    await page.getByRole('button', { name: '新增模板' }).click();
    const dialog = page.getByRole('dialog', { name: '新增短信模板' });
    await see(dialog);
    await dialog.getByLabel('模板编码').fill('visit_remind');
    await dialog.getByLabel('模板名称').fill('上门随访提醒');
    await dialog.locator('.ant-select-selection-item', { hasText: '验证码' }).click();
    // antd's accessible option list holds only the options around the active one: click the item.
    await page.locator('.ant-select-item-option[title="其他"]').click();
    const content = dialog.getByLabel('模板内容');
    await content.fill('【居家健康】${name}您好，${nurse}将于${time上门随访，请保持电话畅通。');
    await dialog.getByRole('button', { name: OK }).click();
    await see(dialog.getByText(/占位符缺少“}”/));
    await screenshot(page, 'content-sms-broken-placeholder');
    await content.fill('【居家健康】${name}您好，${nurse}将于${time}上门随访，请保持电话畅通。');
    await see(dialog.getByText('变量：name、nurse、time'));
    await dialog.getByRole('button', { name: OK }).click();
    await see(page.getByText('保存成功'));
    const templateRow = row(page, /上门随访提醒/);
    await see(templateRow);

    await templateRow.getByRole('button', { name: '测试发送' }).click();
    const send = page.getByRole('dialog', { name: '测试发送：上门随访提醒' });
    await see(send);
    await send.getByLabel('接收手机号').fill('13900001111');
    await send.getByLabel('${name}').fill('王秀英');
    await send.getByLabel('${nurse}').fill('李护士');
    await send.getByLabel('${time}').fill('6月3日上午9点');
    const expected = '【居家健康】王秀英您好，李护士将于6月3日上午9点上门随访，请保持电话畅通。';
    expect(await send.getByTestId('sms-preview').textContent()).toBe(expected);
    await screenshot(page, 'content-sms-test-send');
    await send.getByRole('button', { name: /^发\s*送$/ }).click();
    await see(page.getByText('测试短信已发送，可在“发件箱”查看'));

    await page.getByRole('tab', { name: '发件箱' }).click();
    const sent = row(page, /139\*\*\*\*1111/);
    await see(sent);
    expect(await sent.textContent()).toContain(expected);
    expect(await page.getByText('13900001111').count()).toBe(0);
    await screenshot(page, 'content-sms-outbox');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('strips scripts from a saved agreement and shows it to a logged-out visitor', async () => {
    const { page, context } = await adminPage();
    await page.goto('/sysset_agreement/lists');
    await see(row(page, /用户服务协议/));
    await see(row(page, /会员积分规则/));
    await screenshot(page, 'content-agreement-list');

    const privacy = row(page, /隐私政策/);
    const versionBefore = Number(
      ((await privacy.getByText(/^v\d+$/).textContent()) ?? 'v0').slice(1),
    );
    await privacy.getByRole('button', { name: '编辑' }).click();
    await page.waitForURL(/\/sysset_agreement\/lists_edit\?id=\d+/);
    await see(page.getByRole('heading', { name: '编辑协议' }));
    await see(page.getByTestId('rich-text-editor').getByText('我们收集的信息'));
    await screenshot(page, 'content-agreement-edit');

    await page.getByRole('button', { name: 'HTML源码' }).click();
    await page
      .getByRole('textbox', { name: 'HTML源码' })
      .fill(
        '<h3>第一条 适用范围</h3><p>本政策适用于居家健康服务平台的全部服务。</p>' +
          '<script>alert(1)</script><img src=x onerror="alert(2)">' +
          '<p><a href="javascript:alert(3)">查看详情</a></p>',
      );
    await page.getByRole('button', { name: SAVE }).click();
    await page.waitForURL(/\/sysset_agreement\/lists(\?|$)/);
    await see(page.getByText(`保存成功，当前版本 v${versionBefore + 1}`));
    await see(row(page, /隐私政策/).getByText(`v${versionBefore + 1}`));

    // A new agreement written with the visual editor's toolbar.
    await page.getByRole('button', { name: '新增协议' }).click();
    await page.waitForURL(/\/sysset_agreement\/lists_edit$/);
    await page.getByRole('combobox', { name: '协议编码' }).fill('service_promise');
    await page.getByRole('textbox', { name: '协议标题' }).fill('服务承诺');
    const editor = page.locator('.rich-text-editor .tiptap');
    await editor.click();
    await page.getByRole('button', { name: '标题2' }).click();
    await page.keyboard.type('一、服务范围');
    await page.keyboard.press('Enter');
    await page.keyboard.type('我们为签约会员提供');
    await page.getByRole('button', { name: '加粗' }).click();
    await page.keyboard.type('上门随访');
    await page.getByRole('button', { name: '加粗' }).click();
    await page.keyboard.type('服务。');
    await screenshot(page, 'content-agreement-visual-editor');
    await page.getByRole('button', { name: SAVE }).click();
    await page.waitForURL(/\/sysset_agreement\/lists(\?|$)/);
    await see(row(page, /服务承诺/).getByText('v1'));
    await context.close();

    // A visitor without a session: no dialog may ever open.
    const visitor = await newPage(browser, server.url);
    const dialogs: string[] = [];
    visitor.page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await visitor.page.goto('/auth_agreement?code=privacy_policy');
    await see(visitor.page.getByRole('heading', { name: '隐私政策' }));
    await see(visitor.page.getByText('本政策适用于居家健康服务平台的全部服务。'));
    await see(visitor.page.getByText(`版本 v${versionBefore + 1}`));
    const html = await visitor.page.getByTestId('agreement-content').innerHTML();
    expect(html).not.toMatch(/<script|onerror|javascript:|<img/i);
    expect(await visitor.page.evaluate(() => document.querySelectorAll('main script').length)).toBe(
      0,
    );
    expect(visitor.page.url()).toContain('/auth_agreement');
    await visitor.page.waitForTimeout(300);
    expect(dialogs).toEqual([]);
    expect(await visitor.page.title()).toContain('隐私政策');
    await screenshot(visitor.page, 'content-agreement-public');

    await visitor.page.goto('/auth_agreement?code=service_promise');
    await see(visitor.page.getByRole('heading', { name: '一、服务范围', level: 2 }));
    expect(await visitor.page.getByTestId('agreement-content').innerHTML()).toContain(
      '<p>我们为签约会员提供<strong>上门随访</strong>服务。</p>',
    );

    await visitor.page.goto('/auth_agreement?code=points_rules');
    await see(visitor.page.getByRole('cell', { name: '每日签到' }));
    await screenshot(visitor.page, 'content-agreement-public-table');

    await visitor.page.goto('/auth_agreement?code=no_such_agreement');
    await see(visitor.page.getByText('未找到该协议'));
    await see(visitor.page.getByText('链接可能有误，或协议已下线。请确认链接后重试。'));
    await screenshot(visitor.page, 'content-agreement-unknown');
    expect(dialogs).toEqual([]);
    expect(visitor.consoleErrors.filter((e) => !/404|Failed to load resource/.test(e))).toEqual([]);
    await visitor.context.close();
  });
});
