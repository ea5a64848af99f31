import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { writeMp4 } from '../../apps/server/src/modules/decorate/videos/mp4-writer.ts';
import {
  appErrors,
  browserAvailable,
  contextOptions,
  gone,
  screenshot,
  see,
  setLanguage,
  settled,
} from '../support/browser.ts';
import { storedAccessToken } from '../support/flows.ts';
import { clippedElements } from '../support/layout.ts';
import { adminSuite } from '../support/suite.ts';

const run = browserAvailable();
const ADMIN_PASSWORD = 'Video#2026clip';
const PAGE = '/decorate_m/video';
const TITLE = 'E2E 肩颈放松操';
/** Demo videos: one shown, one switched off. */
const DEMO_SHOWN = '高血压患者的家庭自测血压方法';
const DEMO_OFF = '房颤患者的日常注意事项';

/** A tiny real MP4 (H.264): 4 seconds of a bar moving across, 4 frames a second. */
function tinyMp4(): Buffer {
  const w = 160;
  const h = 90;
  return writeMp4({
    width: w,
    height: h,
    fps: 4,
    frameCount: 16,
    frame: (i) => {
      const rgb = new Uint8Array(w * h * 3);
      for (let y = 0; y < h; y++) {
        for (let x = 0; x < w; x++) {
          const o = (y * w + x) * 3;
          const bar = y > 35 && y < 55 && x >= i * 10 && x < i * 10 + 20;
          rgb[o] = bar ? 250 : 40;
          rgb[o + 1] = bar ? 190 : 120 + (x >> 2);
          rgb[o + 2] = bar ? 40 : 200;
        }
      }
      return rgb;
    },
  });
}

const rows = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row');
const row = (page: Page, text: string) => rows(page).filter({ hasText: text });
const field = (scope: ReturnType<Page['locator']>, label: string) =>
  scope.locator('.ant-form-item').filter({
    has: scope.page().locator('label').getByText(label, { exact: true }),
  });
const option = (page: Page, title: string) =>
  page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${title}"]`);
const card = (page: Page, title: string) => page.locator('.video-card').filter({ hasText: title });

/** A visitor's phone (no login) and what its console says. */
async function phone(browser: Browser, baseURL: string) {
  const context = await browser.newContext(
    contextOptions(baseURL, {
      viewport: { width: 375, height: 812 },
      isMobile: true,
      hasTouch: true,
    }),
  );
  const page = await context.newPage();
  const consoleErrors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') consoleErrors.push(m.text());
  });
  page.on('pageerror', (e) => consoleErrors.push(e.message));
  return { context, page, consoleErrors };
}

/**
 * The players settled for a screenshot: Chromium's own controls show a loading spinner over the
 * poster for a moment after a video gets its address (even with preload="none").
 */
async function posters(page: Page): Promise<void> {
  await settled(page);
  await page.waitForTimeout(1_500);
}

/**
 * Visible interface text in the wrong language: Latin words in the Chinese UI, Chinese in the
 * English UI. Data is left out: what is marked translate="no" (titles, descriptions), table cells
 * other than their buttons and tags, a language's own name in the switch. Product words (MP4, MB,
 * https, App) are interface in both.
 */
function wrongLanguage(page: Page, language: 'zh' | 'en'): Promise<string[]> {
  return page.evaluate((lang) => {
    // The page's own content (inside the layout: its main area) and its dialogs and messages;
    // not the shell's brand or the operator's name.
    const roots = document.querySelectorAll(
      '#main-content, .video-list-page, .ant-modal, .ant-message',
    );
    const HAN = /[\u3400-\u9fff]/;
    const LATIN = /[A-Za-z]{2,}/;
    const ALLOWED = /\b(MP4|MB|https|App|PNG|JPEG|GIF|WebP)\b/g;
    const found = new Set<string>();
    for (const root of Array.from(roots)) {
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent?.trim() ?? '';
        const el = node.parentElement;
        if (!text || !el) continue;
        if (el.closest('script, style, [translate="no"], [lang], [aria-hidden="true"]')) continue;
        const cell = el.closest('.ant-table-tbody .ant-table-cell');
        if (cell && !el.closest('.ant-table-cell button, .ant-table-cell .ant-tag')) continue;
        const box = el.getBoundingClientRect();
        if (box.width === 0 || box.height === 0) continue;
        const wrong = lang === 'zh' ? LATIN.test(text.replace(ALLOWED, '')) : HAN.test(text);
        if (wrong) found.add(text);
      }
    }
    return [...found];
  }, language);
}

describe.runIf(run)('装修 健康视频 (health videos)', () => {
  const suite = adminSuite(ADMIN_PASSWORD);
  let uploaded = { url: '', cover: '' };

  it('adds a video through the dialog: a cover and an MP4 uploaded, its duration read from the file', async () => {
    const { page, context, consoleErrors } = await suite.adminPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(PAGE);
    await see(page.getByRole('heading', { name: '健康视频', level: 1 }));
    await see(row(page, DEMO_SHOWN));
    expect(await row(page, DEMO_SHOWN).textContent()).toContain('04:05');
    await settled(page);
    expect(await clippedElements(page)).toEqual([]);
    expect(await wrongLanguage(page, 'zh')).toEqual([]);
    await screenshot(page, 'decorate-videos-list-1440-zh');

    // A demo cover to upload as the new one's.
    const token = await storedAccessToken(page);
    const demo = await page.request.get('/api/v3/decorate/admin/video/list?pageSize=1', {
      headers: { authorization: `Bearer ${token}` },
    });
    const demoCover = ((await demo.json()) as { data: { list: { cover: string }[] } }).data.list[0]!
      .cover;
    const cover = Buffer.from(await (await page.request.get(demoCover)).body());

    await page.getByRole('button', { name: '新增视频' }).click();
    const dialog = page.getByRole('dialog').filter({ hasText: '新增健康视频' });
    await see(dialog);
    // Submitted empty: the contract's messages, in Chinese.
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await see(dialog.getByText('请输入视频标题'));
    await see(dialog.getByText('请选择视频分类'));
    await see(dialog.getByText('请上传视频或输入视频地址'));
    await see(dialog.getByText('请填写视频时长'));
    // An address that is not https.
    await field(dialog, '视频文件').getByRole('textbox').fill('http://example.com/a.mp4');
    await see(dialog.getByText('视频地址必须是上传的 MP4 或 https 地址'));
    await field(dialog, '视频文件').getByRole('textbox').fill('');

    await dialog.getByLabel('视频标题').fill(TITLE);
    await field(dialog, '视频分类').locator('.ant-select-selector').click();
    await option(page, '运动康复').click();
    await field(dialog, '视频封面')
      .locator('input[type=file]')
      .setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: cover });
    await see(field(dialog, '视频封面').getByTestId('image-upload-preview'), 30_000);
    // Not an MP4 (a PNG named .mp4): refused by its content.
    await field(dialog, '视频文件')
      .locator('input[type=file]')
      .setInputFiles({ name: 'fake.mp4', mimeType: 'video/mp4', buffer: cover });
    await see(
      page.locator('.ant-message').getByText('只能上传 MP4 视频（按文件内容识别）'),
      30_000,
    );
    // The real one: its address and duration fill in.
    await field(dialog, '视频文件')
      .locator('input[type=file]')
      .setInputFiles({ name: 'neck.mp4', mimeType: 'video/mp4', buffer: tinyMp4() });
    await see(page.locator('.ant-message').getByText('视频已上传，时长 00:04'), 30_000);
    expect(await field(dialog, '时长（秒）').getByRole('spinbutton').inputValue()).toBe('4');
    await see(field(dialog, '时长（秒）').getByText('即 00:04'));
    const preview = dialog.getByTestId('video-preview');
    await see(preview);
    await page.waitForFunction(() => {
      const v = document.querySelector('[data-testid="video-preview"]');
      return v instanceof HTMLVideoElement && v.readyState >= 1;
    });
    expect(await preview.evaluate((v: HTMLVideoElement) => Math.round(v.duration))).toBe(4);
    await dialog.getByLabel('视频简介').fill('久坐后跟着做，缓解肩颈僵硬');
    await field(dialog, '排序').getByRole('spinbutton').fill('0');
    await posters(page);
    expect(await clippedElements(page)).toEqual([]);
    expect(await wrongLanguage(page, 'zh')).toEqual([]);
    await screenshot(page, 'decorate-videos-dialog-1440-zh');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await see(page.getByText('保存成功'), 30_000);
    await gone(dialog.locator('.ant-form'));

    const added = row(page, TITLE);
    await see(added);
    const text = (await added.textContent()) ?? '';
    expect(text).toContain('运动康复');
    expect(text).toContain('00:04');
    expect(await added.getByRole('switch').getAttribute('aria-checked')).toBe('true');
    // Sort 0: first.
    expect(await rows(page).first().textContent()).toContain(TITLE);

    const list = await page.request.get(
      `/api/v3/decorate/admin/video/list?keyword=${encodeURIComponent(TITLE)}`,
      { headers: { authorization: `Bearer ${token}` } },
    );
    const saved = ((await list.json()) as { data: { list: { url: string; cover: string }[] } }).data
      .list[0]!;
    expect(saved.url).toMatch(/^\/uploads\/videos\/\d{6}\/[0-9a-f]{32}\.mp4$/);
    expect(saved.cover).toMatch(/^\/uploads\/images\//);
    uploaded = saved;
    expect(appErrors(consoleErrors)).toEqual([]);
    await context.close();
  });

  it('shows it on /video-list to a phone without a login, playable with its cover as the poster', async () => {
    const { page, context, consoleErrors } = await phone(suite.browser, suite.server.url);
    await page.goto('/video-list');
    await see(page.getByRole('heading', { name: '健康视频', level: 1 }));
    await see(card(page, TITLE));
    await see(card(page, DEMO_SHOWN));
    expect(await card(page, DEMO_OFF).count()).toBe(0);
    await posters(page);
    expect(await clippedElements(page)).toEqual([]);
    expect(await wrongLanguage(page, 'zh')).toEqual([]);
    await screenshot(page, 'video-list-375-zh');

    // Its category's tab: that video alone.
    await page.getByRole('tab', { name: '运动康复 1' }).click();
    await see(card(page, TITLE));
    expect(await page.locator('.video-card').count()).toBe(1);

    const video = card(page, TITLE).locator('video');
    expect(await video.getAttribute('src')).toBe(uploaded.url);
    expect(await video.getAttribute('poster')).toBe(uploaded.cover);
    // The poster is the cover, loaded.
    expect(
      await page.evaluate(async (src) => {
        const img = new Image();
        img.src = src;
        await img.decode();
        return img.naturalWidth;
      }, uploaded.cover),
    ).toBeGreaterThan(100);

    // Play: a tap on the play button of the player's own controls (bottom left; they are in the
    // browser's closed shadow tree, so by position), as a member would.
    const box = (await video.boundingBox())!;
    await page.mouse.click(box.x + 24, box.y + box.height - 48);
    const playing = () =>
      video.evaluate((v: HTMLVideoElement) => !v.paused && v.currentTime > 0.5 && !v.error);
    await page.waitForFunction(
      () => {
        const v = document.querySelector('.video-card video') as HTMLVideoElement | null;
        return !!v && !v.paused && v.currentTime > 0.5;
      },
      undefined,
      { timeout: 15_000 },
    );
    expect(await playing()).toBe(true);
    expect(
      await video.evaluate((v: HTMLVideoElement) => [v.videoWidth, v.videoHeight, v.duration]),
    ).toEqual([160, 90, 4]);
    await screenshot(page, 'video-list-375-zh-playing');
    expect(appErrors(consoleErrors)).toEqual([]);
    await context.close();
  });

  it('shows /video-list in English, at 375 and 1440 px', async () => {
    const { page, context, consoleErrors } = await phone(suite.browser, suite.server.url);
    await page.goto('/video-list');
    await see(page.getByRole('heading', { name: '健康视频', level: 1 }));
    await page.getByRole('button', { name: 'English' }).click();
    await see(page.getByRole('heading', { name: 'Health videos', level: 1 }));
    await see(page.getByRole('tab', { name: 'Exercise and rehab 1' }));
    await see(card(page, TITLE).getByText('Duration 00:04'));
    await posters(page);
    expect(await clippedElements(page)).toEqual([]);
    expect(await wrongLanguage(page, 'en')).toEqual([]);
    await screenshot(page, 'video-list-375-en');

    await page.setViewportSize({ width: 1440, height: 900 });
    await posters(page);
    expect(await clippedElements(page)).toEqual([]);
    // Three to a row.
    const tops = await page
      .locator('.video-card')
      .evaluateAll((els) => els.slice(0, 3).map((e) => e.getBoundingClientRect().top));
    expect(new Set(tops).size).toBe(1);
    await screenshot(page, 'video-list-1440-en');
    await page.getByRole('button', { name: '简体中文' }).click();
    await see(page.getByRole('heading', { name: '健康视频', level: 1 }));
    await posters(page);
    expect(await wrongLanguage(page, 'zh')).toEqual([]);
    await screenshot(page, 'video-list-1440-zh');
    expect(appErrors(consoleErrors)).toEqual([]);
    await context.close();
  });

  it('says so when there is nothing to show or the list cannot be loaded', async () => {
    const { page, context } = await phone(suite.browser, suite.server.url);
    await page.route('**/api/v3/decorate/common/video/list*', (route) =>
      route.fulfill({ json: { state: 200, msg: '操作成功', data: { categories: [], list: [] } } }),
    );
    await page.goto('/video-list');
    await see(page.getByTestId('video-list-empty').getByText('暂无健康视频，敬请期待'));
    await screenshot(page, 'video-list-375-zh-empty');
    await page.unroute('**/api/v3/decorate/common/video/list*');
    await page.route('**/api/v3/decorate/common/video/list*', (route) =>
      route.fulfill({
        status: 429,
        json: { state: 429, msg: '请求过于频繁，请稍后再试', data: null },
      }),
    );
    await page.reload();
    await see(page.getByText('视频列表加载失败'));
    await see(page.getByText('请求过于频繁，请稍后再试'));
    expect(await wrongLanguage(page, 'zh')).toEqual([]);
    await screenshot(page, 'video-list-375-zh-error');
    await page.unroute('**/api/v3/decorate/common/video/list*');
    await page.getByRole('button', { name: /重\s*试/ }).click();
    await see(card(page, TITLE));
    await context.close();
  });

  it('switched off in the list, it is gone from /video-list; the list reads in English too', async () => {
    const { page, context, consoleErrors } = await suite.adminPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(PAGE);
    const added = row(page, TITLE);
    await see(added);
    await added.getByRole('switch').click();
    await see(page.locator('.ant-message').getByText('已停用'), 30_000);
    await page.waitForFunction(
      (title) =>
        Array.from(document.querySelectorAll('.ant-table-row'))
          .find((r) => r.textContent?.includes(title))
          ?.querySelector('[role="switch"]')
          ?.getAttribute('aria-checked') === 'false',
      TITLE,
    );

    const visitor = await phone(suite.browser, suite.server.url);
    await visitor.page.goto('/video-list');
    await see(card(visitor.page, DEMO_SHOWN));
    expect(await card(visitor.page, TITLE).count()).toBe(0);
    // Its category has no enabled video left: no tab.
    expect(await visitor.page.getByRole('tab', { name: /运动康复/ }).count()).toBe(0);
    await visitor.context.close();

    // The admin list in English, at 1440 and 375 px.
    await setLanguage(page, 'en-US');
    await see(page.getByRole('heading', { name: 'Health videos', level: 1 }));
    await see(row(page, TITLE).getByText('Exercise and rehab'));
    await settled(page);
    expect(await clippedElements(page)).toEqual([]);
    expect(await wrongLanguage(page, 'en')).toEqual([]);
    await screenshot(page, 'decorate-videos-list-1440-en');
    await row(page, TITLE).getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog').filter({ hasText: 'Edit health video' });
    await see(dialog.getByTestId('video-preview'));
    await posters(page);
    expect(await wrongLanguage(page, 'en')).toEqual([]);
    await screenshot(page, 'decorate-videos-dialog-1440-en');
    await page.keyboard.press('Escape');
    await gone(dialog.locator('.ant-form'));

    await page.setViewportSize({ width: 375, height: 812 });
    await settled(page);
    expect(await clippedElements(page)).toEqual([]);
    await screenshot(page, 'decorate-videos-list-375-en');
    await setLanguage(page, 'zh-CN');
    await see(page.getByRole('heading', { name: '健康视频', level: 1 }));
    await settled(page);
    expect(await clippedElements(page)).toEqual([]);
    expect(await wrongLanguage(page, 'zh')).toEqual([]);
    await screenshot(page, 'decorate-videos-list-375-zh');
    expect(appErrors(consoleErrors)).toEqual([]);
    await context.close();
  });
});
