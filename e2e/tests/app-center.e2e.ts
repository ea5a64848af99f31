import { describe, expect, it } from 'vitest';
import {
  appErrors,
  browserAvailable,
  newPage,
  screenshot,
  see,
  settled,
} from '../support/browser.ts';
import { createGroup, moveOperator } from '../support/database.ts';
import { DEMO_PASSWORD, submitLogin } from '../support/flows.ts';
import { clippedElements } from '../support/layout.ts';
import { adminSuite } from '../support/suite.ts';

const run = browserAvailable();
const ADMIN_PASSWORD = 'Apps#2026center';

describe.runIf(run)('应用中心', () => {
  const suite = adminSuite(ADMIN_PASSWORD);

  it('shows every app to the administrator, turns 每日签到 off and on, and links to its pages', async () => {
    const { page, context, consoleErrors } = await suite.adminPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/marketing_app/center');
    for (const key of ['signIn', 'mall', 'notices', 'consultation', 'videos', 'plans'])
      await see(page.getByTestId(`app-${key}`));
    const signIn = page.getByTestId('app-signIn');
    await see(signIn.getByText('已开启'));
    await see(signIn.getByText('今日签到次数'));
    await settled(page);
    await screenshot(page, 'app-center-1440-zh');
    await signIn.getByRole('switch', { name: '开启每日签到' }).click();
    await see(page.getByText('每日签到已关闭'));
    await see(signIn.getByText('已关闭'));
    await signIn.getByRole('switch', { name: '开启每日签到' }).click();
    await see(signIn.getByText('已开启'));
    await signIn.getByRole('link', { name: '签到设置' }).click();
    await page.waitForURL(/\/member_sign\/sign/);
    expect(appErrors(consoleErrors)).toEqual([]);
    await context.close();
  });

  it('shows a narrow operator only the apps it may open, without a switch it may not turn, at 1440 and 375 px in both languages', async () => {
    const group = createGroup(suite.server.databaseFile, '消息运营', [
      '/marketing_app/center',
      '/member_sign/activity',
      '/member_sign/sign',
    ]);
    moveOperator(suite.server.databaseFile, 'zhaomin', group);
    const { page, context, consoleErrors } = await newPage(suite.browser, suite.server.url);
    await submitLogin(page, 'zhaomin', DEMO_PASSWORD);
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    const problems: string[] = [];
    for (const language of ['zh-CN', 'en-US'] as const) {
      await page.evaluate((lang) => {
        const key = 'jkadmin_settings';
        const saved = JSON.parse(localStorage.getItem(key) ?? '{}') as object;
        localStorage.setItem(key, JSON.stringify({ ...saved, language: lang }));
      }, language);
      for (const width of [1440, 375]) {
        await page.setViewportSize({ width, height: width > 1000 ? 900 : 812 });
        await page.goto('/marketing_app/center');
        await see(page.getByTestId('app-signIn'));
        await see(page.getByTestId('app-notices'));
        expect(
          await page.locator('[data-testid^=app-]:not([data-testid^=app-switch])').count(),
        ).toBe(2);
        // 签到设置 without its edit action: the state, no switch.
        expect(await page.getByRole('switch').count()).toBe(0);
        await settled(page);
        for (const line of await clippedElements(page))
          problems.push(`${width} ${language}: ${line}`);
        await page.screenshot({
          path: `${process.cwd()}/artifacts/app-center-narrow-${width}-${language}.png`,
          fullPage: true,
        });
      }
    }
    expect(problems).toEqual([]);
    expect(appErrors(consoleErrors)).toEqual([]);
    await context.close();
  });
});
