import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  appErrors,
  browserAvailable,
  contextOptions,
  gone,
  newPage,
  screenshot,
  see,
  settled,
} from '../support/browser.ts';
import { withDatabase } from '../support/database.ts';
import { DEMO_PASSWORD, submitLogin } from '../support/flows.ts';
import { clippedElements } from '../support/layout.ts';
import { adminSuite } from '../support/suite.ts';

const run = browserAvailable();
const ADMIN_PASSWORD = 'Deco#2026pages';

/** A public API answer's data (no login). */
async function publicGet<T>(page: Page, path: string): Promise<T> {
  const res = await page.request.get(`/api${path}`);
  const body = (await res.json()) as { state: number; data: T };
  expect(body.state).toBe(200);
  return body.data;
}

/** Drag with the mouse in small steps (dnd-kit starts a drag after a few pixels). */
async function drag(page: Page, from: { x: number; y: number }, to: { x: number; y: number }) {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  for (let i = 1; i <= 12; i++) {
    await page.mouse.move(from.x + ((to.x - from.x) * i) / 12, from.y + ((to.y - from.y) * i) / 12);
  }
  await page.mouse.up();
}

const centre = async (page: Page, selector: string) => {
  const box = (await page.locator(selector).first().boundingBox())!;
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
};

const blockTypes = (page: Page) =>
  page.getByTestId('outline-row').locator('.deco-outline-label').allInnerTexts();

describe.runIf(run)('装修: the page builder', () => {
  const suite = adminSuite(ADMIN_PASSWORD);

  it('builds a home page by mouse and keyboard, undoes, publishes after its problems are fixed, enables it and compares and rolls back versions', async () => {
    const { page, context, consoleErrors } = await suite.adminPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/decorate_m/lists');
    await page.getByRole('button', { name: '新建首页' }).click();
    await page.getByRole('dialog').getByRole('textbox', { name: '页面名称' }).fill('E2E 夏季首页');
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await page.waitForURL(/\/decorate_m\/home_edit\?id=\d+/);
    const id = Number(new URL(page.url()).searchParams.get('id'));
    await see(page.getByTestId('builder-phone'));

    // Click: a title, appended and selected; its text typed in the settings.
    await page.getByTestId('palette-title').click();
    await page
      .getByTestId('builder-settings')
      .getByRole('textbox', { name: '标题' })
      .first()
      .fill('夏季健康头条');
    await see(page.getByTestId('builder-phone').getByText('夏季健康头条'));
    // Drag: a carousel dropped onto the title (it goes before it).
    await drag(
      page,
      await centre(page, '[data-testid=palette-carousel]'),
      await centre(page, '[data-testid=canvas-block]'),
    );
    await see(page.getByTestId('outline-row').nth(1));
    expect(await blockTypes(page)).toEqual(['轮播图', '标题']);

    // Undo takes the carousel away, redo brings it back.
    await page.getByRole('button', { name: '撤销' }).click();
    expect(await blockTypes(page)).toEqual(['标题']);
    await page.getByRole('button', { name: '重做' }).click();
    expect(await blockTypes(page)).toEqual(['轮播图', '标题']);

    // Keyboard: pick the title up by its handle, move it up, drop it; the screen reader hears it.
    // The handle is named by the block's place and kind (and renamed when blocks move).
    const handle = page
      .getByTestId('outline-row')
      .nth(1)
      .getByRole('button', { name: '拖动第 2 个组件（标题）' });
    await handle.focus();
    // What the screen reader is told (dnd-kit's live region, visually hidden).
    const heard = (text: string) =>
      expect.poll(() => page.locator('[id^=DndLiveRegion]').textContent()).toContain(text);
    await page.keyboard.press('Space');
    await heard('已拿起组件 标题');
    // As a person would: a moment after picking it up (dnd-kit measures the list first).
    await page.waitForTimeout(150);
    await page.keyboard.press('ArrowUp');
    await heard('组件 标题 移到第 1 位');
    await page.keyboard.press('Space');
    await heard('组件 标题 已放到第 1 位');
    expect(await blockTypes(page)).toEqual(['标题', '轮播图']);
    await see(
      page
        .getByTestId('outline-row')
        .first()
        .getByRole('button', { name: '拖动第 1 个组件（标题）' }),
    );

    // Publishing checks the page first: the empty carousel is named and selectable.
    await page.getByRole('button', { name: '发布', exact: true }).click();
    await page.getByRole('button', { name: '检查并发布' }).click();
    const problems = page.getByTestId('publish-problems');
    await see(problems.getByText('第2个组件（轮播图）：轮播图片至少需要一项'));
    await screenshot(page, 'decorate-builder-problems-1440-zh');
    await problems.getByText('第2个组件（轮播图）：轮播图片至少需要一项').click();
    await see(page.locator('.deco-canvas-block.is-selected.has-problem'));
    // Fixed by deleting the carousel from its toolbar; then it publishes.
    await page.locator('.deco-block-toolbar').getByRole('button', { name: '删除' }).click();
    await page.getByRole('button', { name: '发布', exact: true }).click();
    await page.getByRole('textbox', { name: '发布说明' }).fill('夏季首页上线');
    await page.getByRole('button', { name: '检查并发布' }).click();
    await see(page.getByText('已发布为第 1 版'));
    await see(page.getByTestId('save-status').getByText('已保存'));

    // A second version: the title changes.
    await page.getByTestId('canvas-block').first().click();
    await page
      .getByTestId('builder-settings')
      .getByRole('textbox', { name: '标题' })
      .first()
      .fill('夏季健康头条（第二版）');
    await page.getByRole('button', { name: '发布', exact: true }).click();
    await page.getByRole('button', { name: '检查并发布' }).click();
    await see(page.getByText('已发布为第 2 版'));
    // 定时发布: the draft at a time to come; the list shows when.
    await page.getByRole('button', { name: '定时发布' }).click();
    const when = page.getByRole('dialog').getByRole('textbox', { name: '发布时间' });
    await when.fill('2030-01-01 09:00');
    await when.press('Enter');
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /确\s*定|OK/ })
      .click();
    await see(page.getByText('将于 2030-01-01 09:00 发布'));
    // The builder keeps saying so: edits saved after it would stop it.
    await see(page.getByTestId('builder-scheduled').getByText(/已定时于 2030-01-01 09:00 发布/));
    // The picker is China time whatever the browser's zone: 09:00 in Beijing is 01:00 UTC.
    const scheduled = withDatabase(suite.server.databaseFile, (db) =>
      db.prepare('SELECT scheduled_at FROM decorate_pages WHERE id = ?').get(id),
    ) as { scheduled_at: number };
    expect(new Date(Number(scheduled.scheduled_at)).toISOString()).toBe('2030-01-01T01:00:00.000Z');

    // Enabled from the list: the app's home is this page now.
    await page.getByRole('button', { name: '返回列表' }).click();
    await page.waitForURL(/\/decorate_m\/lists/);
    const row = page.locator('.ant-table-row', { hasText: 'E2E 夏季首页' });
    await row.getByRole('button', { name: '启用' }).click();
    await page.getByRole('button', { name: /确\s*定|OK/ }).click();
    await see(row.getByText('启用中'));
    await see(row.getByText('定时发布 01-01 09:00'));
    await expect
      .poll(async () => JSON.stringify(await publicGet(page, '/v3/decorate/common/page/home')), {
        timeout: 10_000,
      })
      .toContain('夏季健康头条（第二版）');

    // Versions: compare v1 with v2, then roll back to v1 (a new draft; the app keeps v2).
    await row.getByRole('button', { name: '版本记录' }).click();
    const drawer = page.locator('.ant-drawer');
    await see(drawer.getByText('v2'));
    await drawer.locator('.ant-table-row').nth(0).locator('.ant-checkbox-input').check();
    await drawer.locator('.ant-table-row').nth(1).locator('.ant-checkbox-input').check();
    await drawer.getByTestId('compare-versions').click();
    const diff = drawer.getByTestId('version-diff');
    await see(diff.getByText('修改'));
    await see(diff.getByText('夏季健康头条（第二版）'));
    await screenshot(page, 'decorate-versions-compare-1440-zh');
    await drawer.locator('.ant-table-row').nth(1).getByRole('button', { name: '回滚' }).click();
    await page.getByRole('button', { name: /确\s*定|OK/ }).click();
    await page.waitForURL(new RegExp(`home_edit\\?id=${id}`));
    await see(page.getByTestId('builder-phone').getByText('夏季健康头条', { exact: true }));
    const home = await publicGet<{ version: number }>(page, '/v3/decorate/common/page/home');
    expect(home.version).toBe(2);

    expect(appErrors(consoleErrors)).toEqual([]);
    await context.close();
  });

  it('builds, publishes and rolls back a topic and the mall home the same way, and the app reads them', async () => {
    const { page, context, consoleErrors } = await suite.adminPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    const settings = page.getByTestId('builder-settings');
    /** Append a title block with this text. */
    const addTitle = async (text: string) => {
      await page.getByTestId('palette-title').click();
      await settings.getByRole('textbox', { name: '标题' }).first().fill(text);
      await see(page.getByTestId('builder-phone').getByText(text));
    };
    const publish = async (version: number) => {
      await page.getByRole('button', { name: '发布', exact: true }).click();
      await page.getByRole('button', { name: '检查并发布' }).click();
      await see(page.getByText(`已发布为第 ${version} 版`));
    };
    const rollBackTo = async (version: number) => {
      await page.getByRole('button', { name: '版本记录' }).click();
      const drawer = page.locator('.ant-drawer');
      await drawer
        .locator('.ant-table-row', { hasText: `v${version}` })
        .getByRole('button', { name: '回滚' })
        .click();
      await page.getByRole('button', { name: /确\s*定|OK/ }).click();
      await gone(drawer.locator('.ant-drawer-content'));
    };

    // A topic: made, built, published twice, rolled back to v1 and published again.
    await page.goto('/decorate_m/topic_lists');
    await page.getByRole('button', { name: '新建专题' }).click();
    await page.getByRole('dialog').getByRole('textbox', { name: '页面名称' }).fill('E2E 秋季专题');
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await page.waitForURL(/_edit\?id=\d+/);
    const topicId = Number(new URL(page.url()).searchParams.get('id'));
    await addTitle('秋季养生第一版');
    await publish(1);
    await settings.getByRole('textbox', { name: '标题' }).first().fill('秋季养生第二版');
    await publish(2);
    const topic = () =>
      publicGet<unknown>(page, `/v3/decorate/common/page/topic?id=${topicId}`).then((t) =>
        JSON.stringify(t),
      );
    await expect.poll(() => topic(), { timeout: 10_000 }).toContain('秋季养生第二版');
    await rollBackTo(1);
    await see(page.getByTestId('builder-phone').getByText('秋季养生第一版'));
    await publish(3);
    await expect.poll(() => topic(), { timeout: 10_000 }).toContain('秋季养生第一版');
    // A member opens it on a phone, without a login.
    const phone = await suite.browser.newContext(
      contextOptions(suite.server.url, { viewport: { width: 375, height: 812 } }),
    );
    const member = await phone.newPage();
    await member.goto(`/m/topic?id=${topicId}`);
    await see(member.getByText('秋季养生第一版'));
    await phone.close();

    // The mall home (the enabled 积分商城首页): a title published, then rolled back away.
    await page.goto('/integralmall/deco');
    await page
      .locator('.ant-table-row', { hasText: '积分商城首页' })
      .getByRole('button', { name: '装修' })
      .click();
    await page.waitForURL(/\/integralmall\/integralmall_edit\?id=\d+/);
    await see(page.getByTestId('builder-phone'));
    const mall = () =>
      publicGet<{ version: number }>(page, '/v3/decorate/common/page/mall').then((m) => ({
        version: m.version,
        text: JSON.stringify(m),
      }));
    const before = await mall();
    await addTitle('商城限时兑换');
    await publish(before.version + 1);
    await expect
      .poll(async () => (await mall()).text, { timeout: 10_000 })
      .toContain('商城限时兑换');
    await rollBackTo(before.version);
    await gone(page.getByTestId('builder-phone').getByText('商城限时兑换'));
    await publish(before.version + 2);
    await expect
      .poll(async () => (await mall()).text, { timeout: 10_000 })
      .not.toContain('商城限时兑换');
    expect(appErrors(consoleErrors)).toEqual([]);
    await context.close();
  });

  it('saves by itself a few seconds after the last change, asks before leaving unsaved changes, and moves, copies, undoes and redoes from the toolbar and the keyboard', async () => {
    const { page, context, consoleErrors } = await suite.adminPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/decorate_m/topic_lists');
    await page.getByRole('button', { name: '新建专题' }).click();
    await page
      .getByRole('dialog')
      .getByRole('textbox', { name: '页面名称' })
      .fill('E2E 自动保存专题');
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await page.waitForURL(/_edit\?id=\d+/);
    const builderUrl = page.url();
    const id = Number(new URL(builderUrl).searchParams.get('id'));
    const status = page.getByTestId('save-status');
    const draftTypes = () => {
      const row = withDatabase(suite.server.databaseFile, (db) =>
        db.prepare('SELECT draft_json FROM decorate_pages WHERE id = ?').get(id),
      ) as { draft_json: string };
      const doc = JSON.parse(row.draft_json) as {
        content: { type: string; props: { text?: string } }[];
      };
      return doc.content.map((b) => (b.type === 'title' ? `title:${b.props.text}` : b.type));
    };

    // Autosave: the change shows as unsaved, then is saved with no click on 保存草稿.
    await page.getByTestId('palette-title').click();
    await page
      .getByTestId('builder-settings')
      .getByRole('textbox', { name: '标题' })
      .first()
      .fill('第一块');
    await page.getByTestId('palette-notice').click();
    await see(status.getByText('有未保存的修改'));
    await see(status.getByText('已保存'), 10_000);
    expect(draftTypes()).toEqual(['title:第一块', 'notice']);

    // The selected block's toolbar: 复制 puts the copy after it and selects the copy; ↓ and ↑.
    await page.getByTestId('canvas-block').first().click();
    const toolbar = page.locator('.deco-block-toolbar');
    await toolbar.getByRole('button', { name: '复制' }).click();
    expect(await blockTypes(page)).toEqual(['标题', '标题', '公告栏']);
    await see(page.getByTestId('canvas-block').nth(1).and(page.locator('.is-selected')));
    await toolbar.getByRole('button', { name: '下移' }).click();
    expect(await blockTypes(page)).toEqual(['标题', '公告栏', '标题']);
    await see(page.getByTestId('canvas-block').nth(2).and(page.locator('.is-selected')));
    await toolbar.getByRole('button', { name: '上移' }).click();
    expect(await blockTypes(page)).toEqual(['标题', '标题', '公告栏']);

    // Ctrl+Z steps back through the moves and the copy, Ctrl+Shift+Z forward again.
    await page.keyboard.press('Control+z');
    expect(await blockTypes(page)).toEqual(['标题', '公告栏', '标题']);
    await page.keyboard.press('Control+z');
    await page.keyboard.press('Control+z');
    expect(await blockTypes(page)).toEqual(['标题', '公告栏']);
    await page.keyboard.press('Control+Shift+z');
    expect(await blockTypes(page)).toEqual(['标题', '标题', '公告栏']);
    // Not while typing: inside a field Ctrl+Z is the field's own undo.
    await page.getByTestId('canvas-block').first().click();
    const field = page
      .getByTestId('builder-settings')
      .getByRole('textbox', { name: '标题' })
      .first();
    await field.focus();
    await page.keyboard.press('Control+z');
    expect(await blockTypes(page)).toEqual(['标题', '标题', '公告栏']);
    await see(status.getByText('已保存'), 10_000);
    expect(draftTypes()).toEqual(['title:第一块', 'title:第一块', 'notice']);

    // Leaving with a change not yet saved asks; 留下 stays, 离开 leaves.
    await page.getByTestId('palette-search').click(); // after the selected (first) block
    await page.getByRole('button', { name: '返回列表' }).click();
    const ask = page.getByRole('dialog').filter({ hasText: '有未保存的修改' });
    await see(ask.getByText('离开后未保存的修改将丢失。'));
    await screenshot(page, 'decorate-builder-leave-1440-zh');
    await ask.getByRole('button', { name: '留下' }).click();
    await gone(ask);
    expect(page.url()).toBe(builderUrl);
    // Once it has saved itself, leaving asks nothing.
    await see(status.getByText('已保存'), 10_000);
    expect(draftTypes()).toEqual(['title:第一块', 'search', 'title:第一块', 'notice']);
    await page.getByRole('button', { name: '返回列表' }).click();
    await page.waitForURL(/\/decorate_m\/topic_lists/);
    await page.goto(builderUrl);
    await see(page.getByTestId('builder-phone'));
    await page.getByTestId('palette-title').click();
    await page.getByRole('button', { name: '返回列表' }).click();
    await ask.getByRole('button', { name: '离开' }).click();
    await page.waitForURL(/\/decorate_m\/topic_lists/);
    expect(appErrors(consoleErrors)).toEqual([]);
    await context.close();
  });

  it('opens the draft on a phone through its preview link without a login', async () => {
    const { page, context } = await suite.adminPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/decorate_m/topic_lists');
    await page
      .locator('.ant-table-row', { hasText: '高血压防治专题' })
      .getByRole('button', { name: '预览' })
      .click();
    const link = page.getByTestId('preview-url');
    await see(link);
    await see(page.locator('.ant-qrcode canvas'));
    // Opened at this machine's own address (as the tests are): a phone could not open the code.
    await see(page.getByText('后台是以本机地址打开的，手机扫码无法访问', { exact: false }));
    await screenshot(page, 'decorate-preview-dialog-1440-zh');
    const url = (await link.getAttribute('href'))!;
    expect(url).toMatch(/\/m\/preview\?token=/);
    const phone = await suite.browser.newContext(
      contextOptions(suite.server.url, { viewport: { width: 375, height: 812 } }),
    );
    const member = await phone.newPage();
    await member.goto(url);
    await see(member.getByText('高血压是最常见的慢性病之一', { exact: false }));
    await settled(member);
    expect(await clippedElements(member)).toEqual([]);
    await member.screenshot({
      path: `${process.cwd()}/artifacts/decorate-preview-topic-375-zh.png`,
      fullPage: true,
    });
    // Revoked: the same link shows the reason and nothing of the page.
    await page.getByRole('button', { name: '撤销全部预览链接' }).click();
    await see(page.getByText('预览链接已撤销'));
    await member.reload();
    await see(member.getByText('预览链接已被撤销'));
    expect(await member.getByText('高血压是最常见的慢性病之一', { exact: false }).count()).toBe(0);
    // The published topic itself, at the link 复制链接 copies: no login, no preview banner.
    const topicId = await page
      .locator('.ant-table-row', { hasText: '高血压防治专题' })
      .getAttribute('data-row-key');
    await member.goto(`/m/topic?id=${topicId}`);
    await see(member.getByText('高血压是最常见的慢性病之一', { exact: false }));
    expect(await member.getByTestId('preview-banner').innerText()).toBe('');
    await member.goto('/m/topic?id=999999');
    await see(member.getByText('页面不存在或已被删除'));
    await phone.close();
    await context.close();
  });

  it('shows who is editing, opens read-only, and lets another operator take over', async () => {
    const first = await suite.adminPage();
    await first.page.setViewportSize({ width: 1440, height: 900 });
    await first.page.goto('/decorate_m/lists');
    await first.page
      .locator('.ant-table-row', { hasText: '春节活动首页' })
      .getByRole('button', { name: '装修' })
      .click();
    await see(first.page.getByTestId('builder-phone'));
    await see(first.page.getByRole('button', { name: '撤销' }));

    // 周强 (a demo administrator) opens the same page: read-only, told who edits it.
    const second = await newPage(suite.browser, suite.server.url);
    await submitLogin(second.page, 'zhouqiang', DEMO_PASSWORD);
    await second.page.waitForURL(/\/sysset_home\/basic/);
    await second.page.setViewportSize({ width: 1440, height: 900 });
    await second.page.goto(first.page.url());
    await see(second.page.getByText('系统管理员 正在编辑，当前为只读'));
    expect(await second.page.getByTestId('palette-title').isDisabled()).toBe(true);
    await second.page.getByRole('button', { name: '接管' }).click();
    await second.page.getByRole('button', { name: /确\s*定|OK/ }).click();
    await gone(second.page.getByText('正在编辑，当前为只读'));
    await expect.poll(() => second.page.getByTestId('palette-title').isDisabled()).toBe(false);

    // The first one's next save is refused: the page says who took over and stops editing.
    await first.page.getByTestId('palette-search').click();
    await see(first.page.getByText('周强 已接管编辑，您的修改未再保存'), 15_000);
    expect(await first.page.getByTestId('palette-title').isDisabled()).toBe(true);
    await first.context.close();
    await second.context.close();
  });

  it('refuses a save made on an older draft, names who saved it and when, and loads theirs', async () => {
    // One operator in two tabs (the edit lock is the operator's, so both may edit).
    const { page, context, consoleErrors } = await suite.adminPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/integralmall/deco');
    await page
      .locator('.ant-table-row', { hasText: '积分商城首页' })
      .getByRole('button', { name: '装修' })
      .click();
    await see(page.getByTestId('builder-phone'));
    await see(page.getByTestId('save-status').getByText('已保存'));
    const before = await blockTypes(page);
    const other = await context.newPage();
    await other.setViewportSize({ width: 1440, height: 900 });
    await other.goto(page.url());
    await see(other.getByTestId('builder-phone'));
    await expect.poll(() => other.getByTestId('palette-title').isDisabled()).toBe(false);

    // The first tab adds a title and saves it.
    await page.getByTestId('palette-title').click();
    await page
      .getByTestId('builder-settings')
      .getByRole('textbox', { name: '标题' })
      .first()
      .fill('第一个标签页的标题');
    await page.getByRole('button', { name: '保存草稿' }).click();
    await see(page.getByTestId('save-status').getByText('已保存'));

    // The second, still on the draft before it, adds a notice and saves: refused, told by whom.
    await other.getByTestId('palette-notice').click();
    await other.getByRole('button', { name: '保存草稿' }).click();
    const dialog = other.getByRole('dialog').filter({ hasText: '草稿已被他人保存' });
    await see(
      dialog.getByText(
        /该页面已被系统管理员于\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})?保存，请载入最新草稿后再修改/,
      ),
    );
    await screenshot(other, 'decorate-builder-stale-1440-zh');
    // Nothing was overwritten: the draft is the first tab's.
    const draft = withDatabase(suite.server.databaseFile, (db) =>
      db.prepare("SELECT draft_json FROM decorate_pages WHERE name = '积分商城首页'").get(),
    ) as { draft_json: string };
    const types = (JSON.parse(draft.draft_json) as { content: { type: string }[] }).content.map(
      (b) => b.type,
    );
    expect(types.at(-1)).toBe('title');
    expect(types).not.toContain('notice');
    await dialog.getByRole('button', { name: '载入最新草稿' }).click();
    await gone(dialog);
    await see(other.getByTestId('builder-phone').getByText('第一个标签页的标题'));
    expect(await blockTypes(other)).toEqual([...before, '标题']);
    await see(other.getByTestId('save-status').getByText('已保存'));
    expect(appErrors(consoleErrors)).toEqual([]);
    await context.close();
  });

  it('shows the builder at 1440 and 375 px in Chinese and English, and the lists on a Chinese phone, with nothing cut off', async () => {
    const { page, context, consoleErrors } = await suite.adminPage();
    const problems: string[] = [];
    for (const language of ['zh-CN', 'en-US'] as const) {
      await page.evaluate((lang) => {
        const key = 'jkadmin_settings';
        const saved = JSON.parse(localStorage.getItem(key) ?? '{}') as object;
        localStorage.setItem(key, JSON.stringify({ ...saved, language: lang }));
      }, language);
      for (const width of [1440, 375]) {
        await page.setViewportSize({ width, height: width > 1000 ? 900 : 812 });
        // The lists are menu pages: the walks check them at 1440 px in both languages and at
        // 375 px in English (pages.e2e.ts, english.e2e.ts); here the phone in Chinese.
        const lists =
          width === 375 && language === 'zh-CN'
            ? ['/decorate_m/lists', '/decorate_m/topic_lists', '/integralmall/deco']
            : [];
        for (const path of lists) {
          await page.goto(path);
          await see(page.locator('.ant-table-row').first());
          await settled(page);
          for (const line of await clippedElements(page))
            problems.push(`${path} ${width} ${language}: ${line}`);
        }
        await page.goto('/decorate_m/lists');
        await page
          .locator('.ant-table-row', { hasText: '居家健康首页' })
          .getByRole('button', { name: /装修|Build/ })
          .click();
        await see(page.getByTestId('builder-phone'));
        await settled(page);
        for (const line of await clippedElements(page))
          problems.push(`builder ${width} ${language}: ${line}`);
        await page.screenshot({
          path: `${process.cwd()}/artifacts/decorate-builder-${width}-${language}.png`,
          fullPage: true,
        });
      }
    }
    expect(problems).toEqual([]);
    expect(appErrors(consoleErrors)).toEqual([]);
    await context.close();
  });
});
