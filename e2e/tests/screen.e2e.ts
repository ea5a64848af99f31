import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  appErrors,
  browserAvailable,
  newPage,
  see,
  setLanguage,
  screenshot,
} from '../support/browser.ts';
import { storedAccessToken } from '../support/flows.ts';
import { addBoundDevice, uploadReading } from '../support/ingest.ts';
import { clippedElements } from '../support/layout.ts';
import { adminSuite } from '../support/suite.ts';

const run = browserAvailable();
const ADMIN_PASSWORD = 'Screen#2026a';
const GRADE3 = { systolic: 188, diastolic: 114, pulse: 77 };

/** What is wrong with the stage at this window size (empty when it fits and is drawn sharp). */
async function stageProblems(page: Page, width: number, height: number): Promise<string[]> {
  const problems = await clippedElements(page);
  const facts = await page.evaluate(() => {
    const stage = document.querySelector('[data-testid="screen-stage"]')!.getBoundingClientRect();
    // Each chart's canvas holds as many pixels as its box shows (drawn at its size, not stretched).
    const charts = Array.from(document.querySelectorAll<HTMLElement>('.screen-chart')).map(
      (chart) => {
        const canvas = chart.querySelector('canvas');
        const box = chart.getBoundingClientRect();
        return {
          id: chart.dataset.testid,
          box: [Math.round(box.width), Math.round(box.height)],
          canvas: canvas ? [canvas.width, canvas.height] : null,
          dpr: window.devicePixelRatio,
        };
      },
    );
    // Text that overflows its own box (a cut label).
    const cut = Array.from(document.querySelectorAll<HTMLElement>('.screen-stage *'))
      .filter(
        (el) =>
          el.children.length === 0 &&
          el.textContent!.trim() !== '' &&
          getComputedStyle(el).textOverflow !== 'ellipsis' &&
          el.scrollWidth > el.clientWidth + 1 &&
          getComputedStyle(el).overflow !== 'visible',
      )
      .map((el) => el.textContent);
    return { stage: [Math.round(stage.width), Math.round(stage.height)], charts, cut };
  });
  const scale = Math.min(width / 1920, height / 1080);
  if (Math.abs(facts.stage[0]! - 1920 * scale) > 2 || Math.abs(facts.stage[1]! - 1080 * scale) > 2)
    problems.push(`stage ${facts.stage.join('×')} at ${width}×${height}`);
  for (const chart of facts.charts) {
    if (!chart.canvas) problems.push(`${chart.id}: no canvas`);
    else if (
      Math.abs(chart.canvas[0]! - chart.box[0]! * chart.dpr) > 2 * chart.dpr ||
      Math.abs(chart.canvas[1]! - chart.box[1]! * chart.dpr) > 2 * chart.dpr
    )
      problems.push(
        `${chart.id}: canvas ${chart.canvas.join('×')} for a box ${chart.box.join('×')}`,
      );
  }
  problems.push(...facts.cut.map((text) => `cut: ${text}`));
  return problems;
}

/**
 * Wait until every chart of the screen has its canvas at its box's size (the page never settles:
 * its live stream stays open).
 */
async function chartsDrawn(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const charts = Array.from(document.querySelectorAll<HTMLElement>('.screen-chart'));
    return (
      charts.length === 4 &&
      charts.every((chart) => {
        const canvas = chart.querySelector('canvas');
        return (
          canvas !== null &&
          Math.abs(canvas.width - chart.clientWidth * window.devicePixelRatio) <= 2
        );
      })
    );
  });
  // The resize observer's redraw and the count-up's last frame.
  await page.waitForTimeout(1_500);
}

describe.runIf(run)('数字大屏', () => {
  const suite = adminSuite(ADMIN_PASSWORD);

  it('opens from its top tab in a new tab at 1920×1080 and 1280×720, and shows a new alert live in the feed', async () => {
    const { page, context, consoleErrors } = await suite.adminPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    // 概况 leads with the business today: the glossary's headline cards, each to its page.
    const newMembers = page.getByTestId('headline-members.new');
    await see(newMembers);
    const overviewNew = (await newMembers.locator('.kpi-today').innerText()).replace(/\D/g, '');
    await see(page.getByTestId('headline-readings.all-urgent'));
    await see(page.getByTestId('headline-alerts.raised-waiting'));
    await page.screenshot({ path: `${process.cwd()}/artifacts/overview-headlines.png` });
    const device = await addBoundDevice(page, 'bp', 'E2E-SCREEN-BP-01');
    const [screen] = await Promise.all([
      context.waitForEvent('page'),
      page.getByRole('navigation', { name: '顶部导航' }).getByText('数字大屏').click(),
    ]);
    await screen.waitForURL(/\/digital-large-screen$/);
    await screen.setViewportSize({ width: 1920, height: 1080 });
    await see(screen.getByTestId('screen-total-members'), 15_000);
    expect(await screen.title()).toBe('数字大屏 - 居家健康服务平台');
    await see(screen.getByText('会员分布 · 按省份'));
    await see(screen.getByTestId('screen-as-of'));
    // The live feed is connected; the totals have counted up to the demo's numbers.
    await see(screen.getByTestId('screen-live').getByText('实时'), 15_000);
    const snapshot = (await (
      await screen.request.get('/api/v3/statistics/screen/snapshot', {
        headers: { authorization: `Bearer ${await storedAccessToken(screen)}` },
      })
    ).json()) as { data: { totals: { key: string; value: number }[] } };
    const members = snapshot.data.totals.find((x) => x.key === 'members')!.value;
    await expect
      .poll(() => screen.getByTestId('screen-total-members').innerText(), { timeout: 5_000 })
      .toContain(new Intl.NumberFormat('zh-CN').format(members));
    await chartsDrawn(screen);
    expect(await stageProblems(screen, 1920, 1080)).toEqual([]);
    // The same number on the overview and on the screen (both the glossary's members.new today).
    expect(
      (
        await screen
          .getByTestId('screen-today-members.new')
          .locator('.screen-today-value')
          .innerText()
      ).replace(/\D/g, ''),
    ).toBe(overviewNew);
    await screenshot(screen, 'screen-1920');

    // A new urgent reading: its alert appears at the top of the feed within seconds, masked.
    const before = await screen.getByTestId('screen-feed-item').count();
    await uploadReading(page, device, {
      type: 'bp',
      measuredAt: Date.now() - 5_000,
      values: GRADE3,
    });
    const newest = screen.getByTestId('screen-feed-item').first();
    await expect.poll(() => newest.innerText(), { timeout: 15_000 }).toMatch(/紧急[\s\S]*\*/);
    expect(await newest.getAttribute('class')).toContain('screen-feed-new');
    expect(await screen.getByTestId('screen-feed-item').count()).toBeGreaterThanOrEqual(
      Math.min(before, 1),
    );

    await screen.setViewportSize({ width: 1280, height: 720 });
    await chartsDrawn(screen);
    await expect.poll(() => stageProblems(screen, 1280, 720), { timeout: 5_000 }).toEqual([]);
    await screenshot(screen, 'screen-1280');

    await setLanguage(screen, 'en-US');
    await see(screen.getByText('Members by province'), 15_000);
    await chartsDrawn(screen);
    expect(await stageProblems(screen, 1280, 720)).toEqual([]);
    await screenshot(screen, 'screen-1280-en');
    await setLanguage(screen, 'zh-CN');
    // The headline card opens its statistics page.
    await page.getByTestId('headline-members.new').getByRole('link', { name: /查看/ }).click();
    await page.waitForURL(/\/statistics_data\/member$/);
    expect(appErrors(consoleErrors)).toEqual([]);
    await context.close();
  });

  it('makes a screen link that opens the screen on a TV without a login, shows when it was last seen, and stops at once when revoked', async () => {
    const { page, context, consoleErrors } = await suite.adminPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/digital-large-screen');
    await see(page.getByTestId('screen-total-members'), 15_000);
    await page.getByRole('button', { name: '大屏链接' }).click();
    await see(page.getByText('还没有大屏链接'));
    await page.getByRole('button', { name: '新建链接' }).click();
    // Bad input is refused in Chinese, and nothing is made.
    await page.getByRole('button', { name: /确\s*定|OK/ }).click();
    await see(page.getByText('请输入链接名称'));
    await page.getByLabel('链接名称').fill('大厅大屏');
    await page.getByLabel('备注').fill('一楼大厅电视');
    await page.getByRole('button', { name: /确\s*定|OK/ }).click();
    const url = await page.getByTestId('link-url').inputValue();
    expect(url).toMatch(/\/digital-large-screen#screen=[\w-]{40,}$/);
    await see(page.getByTestId('link-qr'));
    await see(page.getByText('关闭后无法再次查看该链接'));
    await page.screenshot({ path: `${process.cwd()}/artifacts/screen-link-created.png` });
    await page.locator('.ant-modal-footer').getByRole('button').click();
    const row = page.locator('.ant-table-row', { hasText: '大厅大屏' });
    await see(row.getByText('有效'));
    await see(row.getByText('尚未打开'));

    // The TV: no session at all.
    const tv = await newPage(suite.browser, suite.server.url, { width: 1920, height: 1080 });
    await tv.page.goto(url);
    await see(tv.page.getByTestId('screen-total-members'), 15_000);
    expect(tv.page.url()).toContain('/digital-large-screen');
    // An operator's controls are not on the TV.
    expect(await tv.page.getByRole('button', { name: '大屏链接' }).count()).toBe(0);
    await see(tv.page.getByTestId('screen-live').getByText('实时'), 15_000);
    // Nothing else opens with it: the address of another page goes to the login.
    await tv.page.goto('/member_manage/lists');
    await tv.page.waitForURL(/\/login/);

    await page.reload();
    await page.getByRole('button', { name: '大屏链接' }).click();
    await expect
      .poll(() => page.locator('.ant-table-row', { hasText: '大厅大屏' }).innerText())
      .toMatch(/\d{2}:\d{2}/);
    expect(await page.locator('.ant-table-row', { hasText: '大厅大屏' }).innerText()).not.toContain(
      '尚未打开',
    );
    await page
      .locator('.ant-table-row', { hasText: '大厅大屏' })
      .getByRole('button', { name: '撤销' })
      .click();
    await page.getByRole('button', { name: /确\s*定|OK/ }).click();
    await see(page.locator('.ant-table-row', { hasText: '大厅大屏' }).getByText('已撤销'));

    await tv.page.goto(url);
    await see(tv.page.getByTestId('screen-refused'), 15_000);
    expect(await tv.page.getByTestId('screen-refused').innerText()).toContain('大屏链接已被撤销');
    await tv.page.screenshot({ path: `${process.cwd()}/artifacts/screen-link-revoked.png` });
    expect(appErrors(tv.consoleErrors).filter((e) => !/401|Unauthorized/.test(e))).toEqual([]);
    expect(appErrors(consoleErrors)).toEqual([]);
    await tv.context.close();
    await context.close();
  });
});
