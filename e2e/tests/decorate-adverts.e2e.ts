import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserAvailable, screenshot, see, setLanguage, settled } from '../support/browser.ts';
import { storedAccessToken } from '../support/flows.ts';
import { clippedElements } from '../support/layout.ts';
import { adminSuite } from '../support/suite.ts';

const run = browserAvailable();
const ADMIN_PASSWORD = 'Adv#2026slot';
const PAGE = '/decorate_m/adv';
const LIVE = 'E2E 血压计专场';
const FUTURE = 'E2E 下月健康讲座';
const GOODS = '欧姆龙电子血压计 U10';
const DAY_MS = 24 * 60 * 60 * 1000;
const CHINA_OFFSET_MS = 8 * 60 * 60 * 1000;

const rows = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row');
const row = (page: Page, text: string) => rows(page).filter({ hasText: text });
const field = (scope: ReturnType<Page['locator']>, label: string) =>
  scope
    .locator('.ant-form-item')
    .filter({ has: scope.page().locator('label', { hasText: label }) });
const option = (page: Page, title: string) =>
  page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${title}"]`);

/** "YYYY-MM-DD HH:mm" of a China wall-clock time `days` from today's midnight (China). */
function chinaDay(days: number, time = '00:00'): string {
  const today = Math.floor((Date.now() + CHINA_OFFSET_MS) / DAY_MS) * DAY_MS;
  return `${new Date(today + days * DAY_MS).toISOString().slice(0, 10)} ${time}`;
}

describe.runIf(run)('装修 广告位', () => {
  const suite = adminSuite(ADMIN_PASSWORD);

  it('adds a live slot linking to goods through the picker and a future one; the app gets only the live one', async () => {
    const { page, context, consoleErrors } = await suite.adminPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(PAGE);
    await see(page.getByRole('heading', { name: '广告位', level: 1 }));
    // The demo slots, with their states.
    await see(row(page, '家用血压计限时兑换').getByText('投放中'));
    await see(row(page, '健康关爱季 即将开启').getByText('待投放'));
    await settled(page);
    await screenshot(page, 'decorate-adverts-list-1440-zh');

    // A banner image of the demo's, to upload as the new slot's.
    const token = await storedAccessToken(page);
    const demo = await page.request.get(
      '/api/v3/decorate/admin/adv/list?position=mall_carousel&pageSize=1',
      { headers: { authorization: `Bearer ${token}` } },
    );
    const demoImage = ((await demo.json()) as { data: { list: { image: string }[] } }).data.list[0]!
      .image;
    const banner = Buffer.from(await (await page.request.get(demoImage)).body());

    // 1. A slot on the mall carousel, linking to a goods item picked by name.
    await page.getByRole('button', { name: '新增广告' }).click();
    const dialog = page.getByRole('dialog').filter({ hasText: '新增广告' });
    await see(dialog);
    await dialog.getByLabel('广告标题').fill(LIVE);
    await field(dialog, '广告位置').locator('.ant-select-selector').click();
    await option(page, '商城轮播').click();
    await see(field(dialog, '广告图片').getByText('建议尺寸 750×360 像素'));
    await field(dialog, '广告图片')
      .locator('input[type=file]')
      .setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: banner });
    await see(dialog.getByTestId('advert-preview-slot').locator('img'), 30_000);
    await dialog.getByTestId('link-type').click();
    await option(page, '商城商品').click();
    await dialog.getByTestId('link-target').click();
    // Goods off shelf are found too, marked: a link to them would not work.
    await page.keyboard.type('药盒');
    await see(option(page, '智能提醒药盒（7日分装）').getByText('未上架'));
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('血压');
    await option(page, GOODS).click();
    await see(dialog.getByTestId('link-target').getByText(GOODS));
    await settled(page);
    await screenshot(page, 'decorate-adverts-dialog-1440-zh');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await see(page.getByText('保存成功'), 30_000);
    const live = row(page, LIVE);
    await see(live);
    const text = (await live.textContent()) ?? '';
    expect(text).toContain('投放中');
    expect(text).toContain('商城轮播');
    expect(text).toContain(GOODS);
    expect(text).not.toContain('链接失效');

    // 2. One whose window starts next month: 待投放.
    await page.getByRole('button', { name: '新增广告' }).click();
    await see(dialog);
    await dialog.getByLabel('广告标题').fill(FUTURE);
    await field(dialog, '广告位置').locator('.ant-select-selector').click();
    await option(page, '商城轮播').click();
    await field(dialog, '广告图片')
      .locator('input[type=file]')
      .setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: banner });
    await see(dialog.getByTestId('advert-preview-slot').locator('img'), 30_000);
    const range = field(dialog, '投放时间');
    await range.getByPlaceholder('开始时间').click();
    await range.getByPlaceholder('开始时间').fill(chinaDay(40, '09:00'));
    await page.keyboard.press('Enter');
    await range.getByPlaceholder('结束时间').fill(chinaDay(50, '18:00'));
    await page.keyboard.press('Enter');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await see(row(page, FUTURE), 30_000);
    const future = (await row(page, FUTURE).textContent()) ?? '';
    expect(future).toContain('待投放');
    expect(future).toContain(`${chinaDay(40, '09:00')}`);
    expect(future).toContain(`${chinaDay(50, '18:00')}`);

    // The app's list (no login): the live slot, never the future one.
    const answer = await page.request.get(
      '/api/v3/decorate/common/adv/list?position=mall_carousel',
    );
    const body = (await answer.json()) as {
      state: number;
      data: { list: { title: string; navType: string }[] };
    };
    expect(body.state).toBe(200);
    const titles = body.data.list.map((a) => a.title);
    expect(titles).toContain(LIVE);
    expect(titles).not.toContain(FUTURE);
    // Nor the demo's ended or switched-off ones.
    expect(titles).not.toContain('暖心好物兑换');
    expect(titles).not.toContain('积分商城会员日');
    expect(body.data.list.find((a) => a.title === LIVE)?.navType).toBe('jjk_mall_goods');

    // Edited: the dialog shows the saved link by the goods' name.
    await row(page, LIVE).getByRole('button', { name: '编辑' }).click();
    const edit = page.getByRole('dialog').filter({ hasText: '编辑广告' });
    await see(edit.getByTestId('link-target').getByText(GOODS));
    await see(edit.getByTestId('advert-preview-slot').locator('img'));
    expect(await clippedElements(page)).toEqual([]);
    await edit.getByRole('button', { name: /取\s*消/ }).click();

    // 375 px, Chinese.
    await page.setViewportSize({ width: 375, height: 800 });
    await page.reload();
    await see(row(page, LIVE));
    await settled(page);
    await screenshot(page, 'decorate-adverts-list-375-zh');
    await row(page, LIVE).getByRole('button', { name: '编辑' }).click();
    await see(edit.getByTestId('advert-preview-slot').locator('img'));
    await settled(page);
    await screenshot(page, 'decorate-adverts-dialog-375-zh');
    expect(await clippedElements(page)).toEqual([]);
    // Below the form on a phone: the preview, the frame within the dialog.
    await edit.getByTestId('advert-preview').scrollIntoViewIfNeeded();
    await screenshot(page, 'decorate-adverts-preview-375-zh');
    const frame = await edit.locator('.advert-phone').boundingBox();
    const modalBody = await edit.locator('.ant-modal-body').boundingBox();
    expect(frame!.x).toBeGreaterThanOrEqual(modalBody!.x);
    expect(frame!.x + frame!.width).toBeLessThanOrEqual(modalBody!.x + modalBody!.width + 1);
    await edit.getByRole('button', { name: /取\s*消/ }).click();

    // English, 1440 and 375 px.
    await setLanguage(page, 'en-US');
    await page.setViewportSize({ width: 1440, height: 900 });
    await see(page.getByRole('heading', { name: 'Ad slots', level: 1 }));
    await see(row(page, LIVE).getByText('Live'));
    await see(row(page, FUTURE).getByText('Scheduled'));
    await settled(page);
    await screenshot(page, 'decorate-adverts-list-1440-en');
    await page.getByRole('button', { name: 'Add ad' }).click();
    const add = page.getByRole('dialog').filter({ hasText: 'Add ad' });
    await see(add.getByText('Recommended size 750×360 px'));
    await add.getByTestId('link-type').click();
    await option(page, 'Mall goods').click();
    await add.getByRole('button', { name: 'OK' }).click();
    await see(add.getByText('Please enter the ad title'));
    await see(add.getByText('Please choose the goods item to link to'));
    await settled(page);
    await screenshot(page, 'decorate-adverts-dialog-1440-en');
    expect(await clippedElements(page)).toEqual([]);
    await add.getByRole('button', { name: 'Cancel' }).click();
    await page.setViewportSize({ width: 375, height: 800 });
    await settled(page);
    await screenshot(page, 'decorate-adverts-list-375-en');
    await row(page, LIVE).getByRole('button', { name: 'Edit' }).click();
    const editEn = page.getByRole('dialog').filter({ hasText: 'Edit ad' });
    await see(editEn.getByTestId('link-target').getByText(GOODS));
    await settled(page);
    await screenshot(page, 'decorate-adverts-dialog-375-en');
    expect(await clippedElements(page)).toEqual([]);
    await editEn.getByRole('button', { name: 'Cancel' }).click();
    await setLanguage(page, 'zh-CN');

    expect(consoleErrors).toEqual([]);
    await context.close();
  }, 180_000);
});
