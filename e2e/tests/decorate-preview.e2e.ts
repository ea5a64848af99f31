import type { APIRequestContext, Browser, Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { formatChinaDate } from '../../packages/contract/src/format.ts';
import {
  emptyDocument,
  newBlock,
  type PageBlock,
  type PageDocument,
} from '../../packages/contract/src/decorate/page-document.ts';
import {
  appErrors,
  browserAvailable,
  contextOptions,
  screenshot,
  see,
  settled,
} from '../support/browser.ts';
import { storedAccessToken } from '../support/flows.ts';
import { clippedElements } from '../support/layout.ts';
import { adminSuite } from '../support/suite.ts';

const run = browserAvailable();
const ADMIN_PASSWORD = 'Preview#2026page';

const TEXT = {
  page: '春季健康首页',
  nav: ['血压测量', '健康报告', '积分商城', '每日签到'],
  notice: '春季健康月：会员兑换家用血压计享双倍积分，活动截至4月30日，详情请咨询您的健康管家',
  goodsTitle: '精选好物',
  videoTitle: '健康课堂',
  servicesTitle: '健康服务',
  title: '为您推荐',
  subtitle: '根据您的健康档案精选',
  search: '搜索商品、服务',
  rich: '会员须知',
  richBody: '积分兑换的商品7天内发货',
  adUrl: 'https://example.com/spring-health',
} as const;

/** A picture to upload: a diagonal gradient between two colours with a few soft discs. */
function picture(width: number, height: number, from: string, to: string): Buffer {
  const rgb = (h: string) => [1, 3, 5].map((i) => parseInt(h.slice(i, i + 2), 16));
  const [a, b] = [rgb(from), rgb(to)];
  const png = new PNG({ width, height });
  const discs = [
    [0.78, 0.35, 0.28],
    [0.2, 0.8, 0.18],
    [0.55, 0.75, 0.1],
  ].map(([x, y, r]) => [x! * width, y! * height, r! * Math.min(width, height)] as const);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const t = (x / width + y / height) / 2;
      let light = 0;
      for (const [cx, cy, r] of discs) {
        const d = Math.hypot(x - cx, y - cy);
        if (d < r) light = Math.max(light, 0.35 * Math.min(1, (r - d) / 3));
      }
      const o = (y * width + x) * 4;
      for (let c = 0; c < 3; c++) {
        const v = a[c]! + (b[c]! - a[c]!) * t;
        png.data[o + c] = Math.round(v + (255 - v) * light);
      }
      png.data[o + 3] = 255;
    }
  }
  return PNG.sync.write(png);
}

/** The API as the logged-in administrator calls it (the page's stored token). */
function adminApi(request: APIRequestContext, token: string) {
  const headers = { authorization: `Bearer ${token}` };
  const answer = async <T>(res: Awaited<ReturnType<APIRequestContext['get']>>, path: string) => {
    const body = (await res.json()) as { state: number; msg: string; data: T };
    if (body.state !== 200) throw new Error(`${path}: ${body.state} ${body.msg}`);
    return body.data;
  };
  return {
    get: async <T>(path: string, params: Record<string, string | number> = {}) =>
      answer<T>(await request.get(`/api${path}`, { headers, params }), path),
    post: async <T>(path: string, data: unknown) =>
      answer<T>(await request.post(`/api${path}`, { headers, data }), path),
    upload: async (name: string, buffer: Buffer) =>
      (
        await answer<{ url: string }>(
          await request.post('/api/v3/system/admin/upload/image', {
            headers,
            multipart: { file: { name, mimeType: 'image/png', buffer } },
          }),
          name,
        )
      ).url,
  };
}

/** A visitor's phone (no login, its own context) and what its console says. */
async function phone(browser: Browser, baseURL: string, reducedMotion = true) {
  const context = await browser.newContext(
    contextOptions(baseURL, {
      viewport: { width: 375, height: 812 },
      isMobile: true,
      hasTouch: true,
      ...(reducedMotion ? {} : { reducedMotion: 'no-preference' as const }),
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

const block = (page: Page, type: string) => page.locator(`[data-block-type="${type}"]`);

/** Images of the page that have not loaded (a placeholder shown, or a broken image). */
function missingImages(page: Page): Promise<string[]> {
  return page.evaluate(() => [
    ...Array.from(document.querySelectorAll('.deco-img-empty')).map(
      (el) => `placeholder: ${el.getAttribute('aria-label')}`,
    ),
    ...Array.from(document.querySelectorAll<HTMLImageElement>('img.deco-img'))
      .filter((img) => !img.complete || img.naturalWidth === 0)
      .map((img) => `not loaded: ${img.alt} ${img.src}`),
  ]);
}

/** Every image of the page loaded (those below the fold too). */
async function imagesLoaded(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    Array.from(document.querySelectorAll<HTMLImageElement>('img.deco-img')).every(
      (img) => img.complete,
    ),
  );
}

/**
 * Visible interface text in the wrong language: Latin words in Chinese, Chinese in English. Data
 * (marked translate="no": the operator's texts, goods, videos) and a language's own name in the
 * switch are left out.
 */
function wrongLanguage(page: Page, language: 'zh' | 'en'): Promise<string[]> {
  return page.evaluate((lang) => {
    const HAN = /[\u3400-\u9fff]/;
    const LATIN = /[A-Za-z]{2,}/;
    const found = new Set<string>();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim() ?? '';
      const el = node.parentElement;
      if (!text || !el) continue;
      if (el.closest('script, style, [translate="no"], [lang], [aria-hidden="true"]')) continue;
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      if (lang === 'zh' ? LATIN.test(text.replace(/\bApp\b/g, '')) : HAN.test(text))
        found.add(text);
    }
    return [...found];
  }, language);
}

describe.runIf(run)('装修 page preview (/m/preview, no login)', () => {
  const suite = adminSuite(ADMIN_PASSWORD);
  let previewUrl = '';
  let previewToken = '';
  let expiresAt = 0;
  let pageId = 0;
  let api: ReturnType<typeof adminApi>;
  let goodsNames: { onSale: string[]; soldOut: string };
  let videoTitle = '';
  let serviceNames: string[] = [];

  it('makes a draft with one block of every type and a preview link through the API', async () => {
    // The administrator's page stays open: its request context calls the API in the last test.
    const { page } = await suite.adminPage();
    api = adminApi(page.request, await storedAccessToken(page));

    // Real pictures, uploaded: the carousel's, the nav icons', the image ads'.
    const [slide1, slide2, ad1, ad2, ...icons] = await Promise.all([
      api.upload('slide-1.png', picture(750, 360, '#1677ff', '#69b1ff')),
      api.upload('slide-2.png', picture(750, 360, '#13a8a8', '#87e8de')),
      api.upload('ad-1.png', picture(340, 200, '#fa8c16', '#ffd591')),
      api.upload('ad-2.png', picture(340, 200, '#eb2f96', '#ffadd2')),
      api.upload('icon-1.png', picture(96, 96, '#f5222d', '#ff7875')),
      api.upload('icon-2.png', picture(96, 96, '#722ed1', '#b37feb')),
      api.upload('icon-3.png', picture(96, 96, '#fa8c16', '#ffc069')),
      api.upload('icon-4.png', picture(96, 96, '#52c41a', '#95de64')),
    ]);

    // Demo records: goods on sale and a sold-out one, a video, the service packages.
    const goods = await api.get<{
      list: { id: number; name: string; stock: number; onShelf: boolean }[];
    }>('/v3/integralmall/admin/goods/list', { current: 1, pageSize: 50 });
    const onSale = goods.list.filter((g) => g.onShelf && g.stock > 0).slice(0, 3);
    const soldOut = goods.list.find((g) => g.onShelf && g.stock === 0)!;
    expect(onSale).toHaveLength(3);
    expect(soldOut).toBeDefined();
    goodsNames = { onSale: onSale.map((g) => g.name), soldOut: soldOut.name };
    const videos = await api.get<{ list: { id: number; title: string; enabled: boolean }[] }>(
      '/v3/decorate/admin/video/list',
      { current: 1, pageSize: 20 },
    );
    const video = videos.list.find((v) => v.enabled)!;
    videoTitle = video.title;
    const types = await api.get<{ id: number; name: string; kind: string; enabled: boolean }[]>(
      '/v3/integralmall/admin/packageType/options',
    );
    const services = types.filter((t) => t.kind === 'service' && t.enabled);
    expect(services.length).toBeGreaterThan(0);
    serviceNames = services.map((s) => s.name);

    const doc: PageDocument = emptyDocument(TEXT.page);
    doc.root.props.backgroundColor = '#f0f5ff';
    const search = newBlock('search', 'search-1');
    search.props.placeholder = TEXT.search;
    const carousel = newBlock('carousel', 'carousel-1');
    carousel.props.intervalMs = 2000;
    carousel.props.items = [
      { image: slide1, link: { navType: 'mall_home', subContent: '' } },
      { image: slide2, link: { navType: 'jkyfspy', subContent: '' } },
    ];
    const nav = newBlock('navGrid', 'nav-1');
    const navLinks = ['my_devices', 'my_reports', 'mall_home', 'sign_in'] as const;
    nav.props.items = TEXT.nav.map((title, i) => ({
      icon: icons[i]!,
      title,
      link: { navType: navLinks[i]!, subContent: '' },
    }));
    // Three a row, one row a page: the fourth item on a second page, swiped to.
    nav.props.columns = 3;
    nav.props.rows = 1;
    const notice = newBlock('notice', 'notice-1');
    notice.props.text = TEXT.notice;
    const ad = newBlock('imageAd', 'ad-1');
    ad.props.layout = 'two';
    ad.props.items = [
      { image: ad1, link: { navType: 'ljdz', subContent: TEXT.adUrl } },
      { image: ad2, link: { navType: 'none', subContent: '' } },
    ];
    const title = newBlock('title', 'title-1');
    title.props.text = TEXT.title;
    title.props.subtitle = TEXT.subtitle;
    title.props.link = { navType: 'mall_home', subContent: '' };
    const goodsList = newBlock('goodsList', 'goods-1');
    goodsList.props.title = TEXT.goodsTitle;
    goodsList.props.source = 'picked';
    goodsList.props.goodsIds = [...onSale.map((g) => g.id), soldOut.id];
    const blank = newBlock('blank', 'blank-1');
    blank.props.height = 24;
    blank.props.divider = true;
    blank.props.color = '#1677ff';
    const videoBlock = newBlock('video', 'video-1');
    videoBlock.props.title = TEXT.videoTitle;
    videoBlock.props.videoId = video.id;
    const health = newBlock('healthService', 'health-1');
    health.props.title = TEXT.servicesTitle;
    health.props.packageTypeIds = services.map((s) => s.id);
    const rich = newBlock('richText', 'rich-1');
    rich.props.html =
      `<h3>${TEXT.rich}</h3><p>${TEXT.richBody}，<strong>节假日顺延</strong>。</p>` +
      '<img src="x" onerror="window.__xss = 1"><script>window.__xss = 2</script>';
    doc.content = [search, carousel, nav, notice, ad, title, goodsList, blank, videoBlock];
    doc.content.push(health, rich);

    ({ id: pageId } = await api.post<{ id: number }>('/v3/decorate/admin/page/add', {
      kind: 'home',
      name: TEXT.page,
    }));
    const detail = await api.get<{ revision: number }>('/v3/decorate/admin/page/detail', {
      id: pageId,
    });
    await api.post('/v3/decorate/admin/page/saveDraft', {
      id: pageId,
      revision: detail.revision,
      document: doc,
    });
    const link = await api.post<{ url: string; token: string; expiresAt: number }>(
      '/v3/decorate/admin/page/previewLink',
      { id: pageId },
    );
    expect(link.url).toBe(`/m/preview?token=${link.token}`);
    previewUrl = link.url;
    previewToken = link.token;
    expiresAt = link.expiresAt;
  });

  it('shows every block of the draft on a phone, nothing cut off, under a draft banner', async () => {
    const { page, context, consoleErrors } = await phone(suite.browser, suite.server.url);
    await page.goto(previewUrl);
    const banner = page.getByTestId('preview-banner');
    await see(
      banner.getByText(`预览 · 草稿，链接到期时间 ${formatChinaDate(expiresAt, '{h}:{i}')}`),
    );
    expect(await page.title()).toContain(TEXT.page);
    await see(page.locator('.deco-titlebar').getByText(TEXT.page));

    // One of each type, in the order saved.
    const types = await page
      .locator('[data-block-type]')
      .evaluateAll((els) => els.map((el) => el.getAttribute('data-block-type')));
    expect(types).toEqual([
      'search',
      'carousel',
      'navGrid',
      'notice',
      'imageAd',
      'title',
      'goodsList',
      'blank',
      'video',
      'healthService',
      'richText',
    ]);
    await see(block(page, 'search').getByText(TEXT.search));
    await see(block(page, 'carousel').getByRole('img', { name: '轮播图图片 1' }));
    expect(
      await block(page, 'carousel')
        .getByRole('button', { name: /^第 \d 张$/ })
        .count(),
    ).toBe(2);
    for (const name of TEXT.nav) await see(block(page, 'navGrid').getByText(name));
    expect(
      await block(page, 'navGrid')
        .getByTestId('deco-navgrid-pager')
        .locator('.deco-navgrid')
        .count(),
    ).toBe(2);
    // Less motion asked for (the test context): the notice wraps instead of scrolling.
    await see(block(page, 'notice').getByText(TEXT.notice));
    expect(await page.locator('.deco-notice-track').count()).toBe(0);
    await see(block(page, 'imageAd').getByRole('img', { name: '图片广告图片 2' }));
    await see(block(page, 'title').getByText(TEXT.title));
    await see(block(page, 'title').getByText(TEXT.subtitle));
    await see(block(page, 'title').getByRole('button', { name: '更多' }));
    const goods = block(page, 'goodsList');
    await see(goods.getByText(TEXT.goodsTitle));
    for (const name of goodsNames.onSale) await see(goods.getByText(name, { exact: true }));
    const soldOutCard = page.getByTestId('deco-goods').filter({ hasText: goodsNames.soldOut });
    await see(soldOutCard.getByText('售罄'));
    expect(await goods.getByText('售罄').count()).toBe(1);
    await see(goods.getByText(/^\d+ 积分$/));
    expect(
      await block(page, 'blank')
        .locator('hr')
        .evaluate((hr) => getComputedStyle(hr).borderTopColor),
    ).toBe('rgb(22, 119, 255)');
    expect(Math.round((await block(page, 'blank').boundingBox())!.height)).toBe(24);
    await see(block(page, 'video').getByText(TEXT.videoTitle));
    await see(block(page, 'video').getByText(videoTitle));
    await see(block(page, 'video').getByRole('button', { name: `播放视频：${videoTitle}` }));
    await see(block(page, 'healthService').getByText(TEXT.servicesTitle));
    for (const name of serviceNames) await see(block(page, 'healthService').getByText(name));
    // Each package with its plans (the demo's 心电判读服务包（3次）, its points).
    await see(block(page, 'healthService').getByText('心电判读服务包（3次）'));
    await see(block(page, 'healthService').getByText(/8800 (积分|points)/));
    await see(block(page, 'richText').getByText(TEXT.rich));
    await see(block(page, 'richText').getByText(TEXT.richBody, { exact: false }));
    // The rich text is sanitised: no script, no event handler ran.
    expect(await block(page, 'richText').locator('script, [onerror]').count()).toBe(0);
    expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
    // Nothing to fill in on this page: no "暂无…" hint.
    expect(await page.getByTestId('block-empty').count()).toBe(0);

    await settled(page);
    await imagesLoaded(page);
    expect(await missingImages(page)).toEqual([]);
    expect(await clippedElements(page)).toEqual([]);
    expect(await wrongLanguage(page, 'zh')).toEqual([]);
    await screenshot(page, 'decorate-preview-375-zh');
    await page.screenshot({
      path: new URL('../artifacts/decorate-preview-375-zh-full.png', import.meta.url).pathname,
      fullPage: true,
    });
    expect(appErrors(consoleErrors)).toEqual([]);
    await context.close();
  });

  it('keeps a phone’s width on a large screen, centred', async () => {
    const context = await suite.browser.newContext(
      contextOptions(suite.server.url, { viewport: { width: 1280, height: 800 } }),
    );
    const page = await context.newPage();
    await page.goto(previewUrl);
    await see(block(page, 'title').getByText(TEXT.title));
    const frame = (await page.getByTestId('page-frame').boundingBox())!;
    expect(Math.round(frame.width)).toBe(480);
    expect(Math.round(frame.x)).toBe((1280 - 480) / 2);
    await settled(page);
    await imagesLoaded(page);
    expect(await clippedElements(page)).toEqual([]);
    await screenshot(page, 'decorate-preview-1280-zh');
    await context.close();
  });

  it('answers taps as a browser can: web addresses open, app pages say where they go, videos play', async () => {
    const { page, context, consoleErrors } = await phone(suite.browser, suite.server.url);
    await page.goto(previewUrl);
    await see(block(page, 'navGrid').getByText('积分商城'));

    await block(page, 'navGrid').getByText('积分商城').click();
    await see(page.locator('.ant-message').getByText('在 App 中打开：积分商城首页'));
    await block(page, 'title').getByRole('button', { name: '更多' }).click();
    await see(page.locator('.ant-message').getByText('在 App 中打开：积分商城首页'));
    await page.getByTestId('deco-goods').first().click();
    await see(page.locator('.ant-message').getByText('在 App 中打开：商城商品'));

    // An https web address opens in a new tab (answered here: the machine has no internet).
    await context.route(`${TEXT.adUrl}**`, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>spring</title>' }),
    );
    const [popup] = await Promise.all([
      context.waitForEvent('page'),
      block(page, 'imageAd').getByRole('img', { name: '图片广告图片 1' }).click(),
    ]);
    await popup.waitForLoadState();
    expect(popup.url()).toBe(TEXT.adUrl);
    await popup.close();
    // The second ad has no link: not a button.
    expect(await block(page, 'imageAd').getByRole('button').count()).toBe(1);

    // The video plays in place.
    await block(page, 'video')
      .getByRole('button', { name: `播放视频：${videoTitle}` })
      .click();
    const player = block(page, 'video').locator('video');
    await see(player);
    await page.waitForFunction(() => {
      const v = document.querySelector('[data-block-type="video"] video');
      return v instanceof HTMLVideoElement && v.readyState >= 1;
    });
    expect(await player.evaluate((v: HTMLVideoElement) => v.duration)).toBeGreaterThan(0);
    expect(appErrors(consoleErrors)).toEqual([]);
    await context.close();
  });

  it('moves when motion is allowed: the carousel advances, a long notice scrolls', async () => {
    const { page, context, consoleErrors } = await phone(suite.browser, suite.server.url, false);
    await page.goto(previewUrl);
    await see(page.locator('.deco-notice-track'));
    const current = () =>
      block(page, 'carousel')
        .locator('.deco-carousel-dot[aria-current="true"]')
        .getAttribute('aria-label');
    expect(await current()).toBe('第 1 张');
    await page.waitForFunction(
      () =>
        document
          .querySelector('[data-block-type="carousel"] .deco-carousel-dot[aria-current="true"]')
          ?.getAttribute('aria-label') === '第 2 张',
      undefined,
      { timeout: 6_000 },
    );
    // A dot takes the carousel to its slide.
    await block(page, 'carousel').getByRole('button', { name: '第 1 张' }).click();
    await page.waitForFunction(
      () =>
        document
          .querySelector('[data-block-type="carousel"] .deco-carousel-dot[aria-current="true"]')
          ?.getAttribute('aria-label') === '第 1 张',
    );
    expect(appErrors(consoleErrors)).toEqual([]);
    await context.close();
  });

  it('speaks English when English is chosen on the page', async () => {
    const { page, context, consoleErrors } = await phone(suite.browser, suite.server.url);
    await page.goto(previewUrl);
    await see(block(page, 'title').getByText(TEXT.title));
    await page.getByRole('button', { name: 'English' }).click();
    await see(
      page
        .getByTestId('preview-banner')
        .getByText(`Preview · draft; the link expires at ${formatChinaDate(expiresAt, '{h}:{i}')}`),
    );
    await see(block(page, 'goodsList').getByText('Sold out'));
    await see(block(page, 'title').getByRole('button', { name: 'More' }));
    await see(block(page, 'goodsList').getByText(/^\d+ points$/));
    await settled(page);
    await imagesLoaded(page);
    expect(await clippedElements(page)).toEqual([]);
    expect(await wrongLanguage(page, 'en')).toEqual([]);
    await screenshot(page, 'decorate-preview-375-en');
    await page.screenshot({
      path: new URL('../artifacts/decorate-preview-375-en-full.png', import.meta.url).pathname,
      fullPage: true,
    });
    await block(page, 'navGrid').getByText('积分商城').click();
    await see(page.locator('.ant-message').getByText('Open in the app: Points mall'));
    expect(appErrors(consoleErrors)).toEqual([]);
    await context.close();
  });

  it('shows blocks not filled in yet as the builder adds them: hints and empty boxes, no made-up items', async () => {
    const doc: PageDocument = emptyDocument('新页面');
    const types = [
      'search',
      'carousel',
      'navGrid',
      'notice',
      'imageAd',
      'title',
      'goodsList',
      'blank',
      'video',
      'healthService',
      'richText',
    ] as const;
    doc.content = types.map((type, i) => newBlock(type, `empty-${i}`) as PageBlock);
    // Goods picked by hand, none picked yet.
    const goods = newBlock('goodsList', 'empty-6');
    goods.props.source = 'picked';
    doc.content[6] = goods;
    const { id } = await api.post<{ id: number }>('/v3/decorate/admin/page/add', {
      kind: 'topic',
      name: '新页面',
    });
    await api.post('/v3/decorate/admin/page/saveDraft', { id, revision: 1, document: doc });
    const link = await api.post<{ url: string }>('/v3/decorate/admin/page/previewLink', { id });

    const { page, context, consoleErrors } = await phone(suite.browser, suite.server.url);
    await page.goto(link.url);
    await see(block(page, 'richText').getByText('暂无内容'));
    expect(await page.locator('[data-block-type]').count()).toBe(types.length);
    await see(block(page, 'carousel').getByText('请添加轮播图片'));
    await see(block(page, 'navGrid').getByText('暂无导航项'));
    await see(block(page, 'notice').getByText('暂无公告内容'));
    await see(block(page, 'imageAd').getByRole('img', { name: '图片广告图片 1：未上传图片' }));
    await see(block(page, 'title').getByText('未填写标题'));
    await see(block(page, 'goodsList').getByText('暂无商品'));
    expect(await page.getByTestId('deco-goods').count()).toBe(0);
    await see(block(page, 'search').getByText('搜索'));
    await see(block(page, 'video').getByText('暂无视频'));
    await see(block(page, 'healthService').getByText('暂无服务套餐'));
    await settled(page);
    expect(await clippedElements(page)).toEqual([]);
    expect(await wrongLanguage(page, 'zh')).toEqual([]);
    await page.screenshot({
      path: new URL('../artifacts/decorate-preview-empty-375-zh.png', import.meta.url).pathname,
      fullPage: true,
    });
    expect(appErrors(consoleErrors)).toEqual([]);
    await context.close();
  });

  it('shows the server’s message and nothing of the page for a tampered, missing or revoked link', async () => {
    const { page, context, consoleErrors } = await phone(suite.browser, suite.server.url);
    const tampered = previewToken.slice(0, -2) + (previewToken.endsWith('A') ? 'BB' : 'AA');
    await page.goto(`/m/preview?token=${tampered}`);
    await see(page.getByText('预览链接无效'));
    await see(page.getByText('无法打开预览'));
    expect(await page.locator('[data-block-type]').count()).toBe(0);
    expect(await page.getByTestId('page-frame').count()).toBe(0);
    expect((await page.getByTestId('preview-banner').textContent())?.trim()).toBe('');
    await settled(page);
    expect(await clippedElements(page)).toEqual([]);
    await screenshot(page, 'decorate-preview-invalid-375-zh');

    await page.goto('/m/preview');
    await see(page.getByText('预览链接无效'));
    expect(await page.locator('[data-block-type]').count()).toBe(0);

    await api.post('/v3/decorate/admin/page/revokePreview', { id: pageId });
    await page.goto(previewUrl);
    await see(page.getByText('预览链接已被撤销'));
    expect(await page.locator('[data-block-type]').count()).toBe(0);
    expect(appErrors(consoleErrors)).toEqual([]);
    await context.close();
  });
});
