import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserAvailable, gone, contextOptions, screenshot, see } from '../support/browser.ts';
import { adminSuite } from '../support/suite.ts';

const run = browserAvailable();
const ADMIN_PASSWORD = 'Install#2026';

const ANDROID_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
/** The demo data's APP配置 links. */
const ANDROID_URL = 'https://download.jujia-health.example.com/android/jujia-2.3.1.apk';
const IOS_URL = 'https://apps.apple.com/cn/app/id1234567890';

/** A visitor (no login) with its own device, and every console error it sees. */
async function visitor(
  browser: Browser,
  baseURL: string,
  device: { userAgent?: string; width: number; height: number; mobile?: boolean },
) {
  const context = await browser.newContext({
    ...contextOptions(baseURL),
    userAgent: device.userAgent,
    viewport: { width: device.width, height: device.height },
    isMobile: device.mobile ?? false,
    hasTouch: device.mobile ?? false,
  });
  const page = await context.newPage();
  const consoleErrors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') consoleErrors.push(m.text());
  });
  page.on('pageerror', (e) => consoleErrors.push(e.message));
  await page.goto('/openinstall');
  await see(page.locator('.open-install-head h1'));
  return { context, page, consoleErrors };
}

const cards = (page: Page) => page.locator('[data-testid^="platform-"]');
const card = (page: Page, platform: 'android' | 'ios') => page.getByTestId(`platform-${platform}`);

/** The order of the platform cards, top to bottom (or left to right). */
const cardOrder = (page: Page) =>
  cards(page).evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')));

/** Whether an image finished loading with real pixels (a QR code, not a broken image). */
const loaded = (page: Page, alt: string) =>
  page
    .getByAltText(alt)
    .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 100);

/** Nothing wider than the window (no sideways scrolling on a phone). */
const fitsWidth = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe.runIf(run)('/openinstall: the app download page', () => {
  const suite = adminSuite(ADMIN_PASSWORD);

  it('a desktop sees both platforms, each with its button and QR code', async () => {
    const { page, context, consoleErrors } = await visitor(suite.browser, suite.server.url, {
      width: 1440,
      height: 900,
    });
    expect(await page.locator('.open-install-head h1').textContent()).toBe('居家健康');
    expect(await cardOrder(page)).toEqual(['platform-android', 'platform-ios']);
    const android = card(page, 'android').getByRole('link', { name: '下载 Android 版' });
    expect(await android.getAttribute('href')).toBe(ANDROID_URL);
    const ios = card(page, 'ios').getByRole('link', { name: '下载 iOS 版' });
    expect(await ios.getAttribute('href')).toBe(IOS_URL);
    await see(card(page, 'android').getByText('最新版本 2.3.1'));
    await see(card(page, 'ios').getByText('最新版本 2.3.0'));
    await see(card(page, 'android').getByText('血压趋势图支持按周、按月切换'));
    expect(await loaded(page, 'Android 下载二维码')).toBe(true);
    expect(await loaded(page, 'iOS 下载二维码')).toBe(true);
    expect(await page.getByText('适用于您的设备').count()).toBe(0);
    // Side by side at 1440 px.
    const [a, b] = await cards(page).evaluateAll((els) =>
      els.map((e) => e.getBoundingClientRect().top),
    );
    expect(a).toBe(b);
    await page.waitForFunction(() => document.title === '居家健康 下载 - 居家健康服务平台');
    await screenshot(page, 'openinstall-desktop-1440');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('an iPhone sees iOS first with its button, and the Android QR code to scan', async () => {
    const { page, context, consoleErrors } = await visitor(suite.browser, suite.server.url, {
      userAgent: IPHONE_UA,
      width: 375,
      height: 812,
      mobile: true,
    });
    expect(await cardOrder(page)).toEqual(['platform-ios', 'platform-android']);
    await see(card(page, 'ios').getByText('适用于您的设备'));
    const ios = card(page, 'ios').getByRole('link', { name: '下载 iOS 版' });
    expect(await ios.getAttribute('href')).toBe(IOS_URL);
    // Its own platform's QR code would be of no use on the phone itself.
    expect(await page.getByAltText('iOS 下载二维码').count()).toBe(0);
    expect(await loaded(page, 'Android 下载二维码')).toBe(true);
    await see(card(page, 'android').getByText('Android 手机扫码下载'));
    expect(await fitsWidth(page)).toBe(true);
    await screenshot(page, 'openinstall-iphone-375');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('follows what an admin saves in APP配置; a platform without a link says so', async () => {
    const admin = await suite.adminPage();
    await admin.page.goto('/sysset_setting/app_set');
    await see(admin.page.getByRole('heading', { name: 'APP配置', level: 1 }));
    await admin.page.getByLabel('APP 名称', { exact: true }).fill('康宁健康');
    const androidSet = admin.page.getByTestId('app-android');
    await androidSet.getByLabel('最新版本', { exact: true }).fill('2.5.0');
    await androidSet
      .getByLabel('更新说明', { exact: true })
      .fill('1. 新增用药提醒\n2. 修复已知问题');
    await admin.page.getByTestId('app-ios').getByLabel('下载地址', { exact: true }).fill('');
    await admin.page
      .getByRole('button', { name: /保\s*存/ })
      .first()
      .click();
    await see(admin.page.getByText('已保存', { exact: true }));
    await admin.context.close();

    const { page, context, consoleErrors } = await visitor(suite.browser, suite.server.url, {
      userAgent: ANDROID_UA,
      width: 375,
      height: 812,
      mobile: true,
    });
    expect(await page.locator('.open-install-head h1').textContent()).toBe('康宁健康');
    expect(await cardOrder(page)).toEqual(['platform-android', 'platform-ios']);
    const android = card(page, 'android');
    await see(android.getByText('适用于您的设备'));
    await see(android.getByText('最新版本 2.5.0'));
    await see(android.getByText('新增用药提醒'));
    expect(await android.getByRole('link', { name: '下载 Android 版' }).getAttribute('href')).toBe(
      ANDROID_URL,
    );
    // iOS has no link now: no dead button, no QR code, a clear word instead.
    const ios = card(page, 'ios');
    await see(ios.getByText('暂未提供下载'));
    expect(await ios.getByRole('link').count()).toBe(0);
    expect(await ios.getByRole('button').count()).toBe(0);
    expect(await page.getByAltText('iOS 下载二维码').count()).toBe(0);
    expect(await fitsWidth(page)).toBe(true);
    await page.waitForFunction(() => document.title === '康宁健康 下载 - 居家健康服务平台');
    await screenshot(page, 'openinstall-android-375');

    // The visitor's own language choice: English, kept for the next visit.
    await page.getByRole('button', { name: 'English' }).click();
    await see(android.getByRole('link', { name: 'Download for Android' }));
    await see(ios.getByText('Not available for download yet'));
    await see(android.getByText('Latest version 2.5.0'));
    await page.reload();
    await see(page.getByRole('button', { name: '中文' }));
    await see(android.getByRole('link', { name: 'Download for Android' }));
    // Chinese is left only in the data (app name, release notes) and in the switch back to it.
    const text = await page.evaluate(() => {
      const main = document.querySelector('main')!.cloneNode(true) as HTMLElement;
      main
        .querySelectorAll('h1, .open-install-notes p, .language-switch')
        .forEach((e) => e.remove());
      return main.textContent ?? '';
    });
    expect(text).toContain('Download for Android');
    expect(text, text).not.toMatch(/[\u4e00-\u9fff]/);
    await screenshot(page, 'openinstall-android-375-en');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('/auth-redirect still hands the sign-in callback to the window that opened it', async () => {
    const { page, context, consoleErrors } = await visitor(suite.browser, suite.server.url, {
      width: 1440,
      height: 900,
    });
    const received = page.evaluate(
      () =>
        new Promise<unknown>((resolve) =>
          window.addEventListener('message', (e) => resolve(e.data), { once: true }),
        ),
    );
    const [popup] = await Promise.all([
      context.waitForEvent('page'),
      page.evaluate(() => void window.open('/auth-redirect?code=abc123&state=xyz', 'signin')),
    ]);
    expect(await received).toEqual({ type: 'auth-redirect', query: 'code=abc123&state=xyz' });
    await popup.waitForEvent('close');
    // Opened directly (no opener), it says where the sign-in went.
    await page.goto('/auth-redirect?code=abc123');
    await see(page.getByText('登录信息已传回原窗口，您可以关闭此页面。'));
    await gone(page.locator('.open-install'));
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
