import { describe, expect, it } from 'vitest';
import { CATALOGUE, PLANNED_CATALOGUE } from '../../packages/contract/src/catalogue.ts';
import { browserAvailable, screenshot, see } from '../support/browser.ts';
import { storedAccessToken } from '../support/flows.ts';
import { adminSuite } from '../support/suite.ts';

const run = browserAvailable();
const ADMIN_PASSWORD = 'Built#2026a';

const built = CATALOGUE.flatMap((s) => s.pages);
const unbuilt = PLANNED_CATALOGUE.flatMap((s) => s.pages).filter((p) => !p.entity);

/**
 * Issue 11 item 3: the super-admin held 74 pages, 41 of which opened the 404 page, and the group
 * editor offered them. A page is offered (resources, menus, the group tree, links) only once
 * its area is built. With 数字大屏 (issue 34) every planned page is built: each is offered, with
 * its area's top tab.
 */
describe.runIf(run)('only built pages are offered', () => {
  const suite = adminSuite(ADMIN_PASSWORD);

  it('gives the super-admin exactly the built pages — every planned one now — with every area’s top tab', async () => {
    const { page, context, consoleErrors } = await suite.adminPage();
    const token = await storedAccessToken(page);
    const offered = await page.evaluate(async (bearer) => {
      const res = await fetch('/api/v3/system/admin/adminUser/resources', {
        headers: { authorization: `Bearer ${bearer}` },
      });
      const body = (await res.json()) as {
        data: { resourceList: { children: { frontPath: string; hidden: boolean }[] }[] };
      };
      return body.data.resourceList.flatMap((s) => s.children);
    }, token);
    expect(unbuilt.map((p) => p.path)).toEqual([]);
    expect(offered.map((p) => p.frontPath).sort()).toEqual(built.map((p) => p.path).sort());

    // Each of them opens with its title and no 404 page: pages.e2e.ts walks them all (at 1440 and
    // 375 px), so it is not walked a third time here.
    // Every area's top tab; 数字大屏's opens in a new browser tab.
    const nav = page.getByRole('navigation', { name: '顶部导航' });
    const top = await nav.innerText();
    for (const area of ['设备中心', '报告中心', '健康管理', '积分商城', '统计中心', '应用中心'])
      expect(top).toContain(area);
    expect(await nav.locator('a[target="_blank"]', { hasText: '数字大屏' }).count()).toBe(1);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('offers every page with its actions in the group editor (数字大屏 with 大屏链接), and no link to a missing page', async () => {
    const { page, context } = await suite.adminPage();
    await page.goto('/sysset_authority/authority_group_edit');
    await see(page.getByRole('heading', { name: '新增权限组', level: 1 }));
    expect(await page.title()).toBe('新增权限组 - 居家健康服务平台');
    await page.getByRole('button', { name: '展开全部' }).click();
    const titles = (await page.locator('.ant-tree-title').allTextContents()).map((t) => t.trim());
    expect(titles).toContain('会员列表');
    expect(titles).toContain('设备列表');
    expect(titles).toContain('检验报告');
    expect(titles).toContain('医生工作台');
    expect(titles).toContain('商品管理');
    expect(titles).toContain('数字大屏');
    expect(titles).toContain('大屏链接');
    await screenshot(page, 'built-group-editor');

    await page.goto('/sysset_setting/base_set');
    await see(page.getByRole('heading', { name: '基础设置', level: 1 }));
    expect(await page.locator('main').innerText()).not.toContain('/equipment-return-address');
    expect(await page.locator('a[href*="equipment-return-address"]').count()).toBe(0);
    await context.close();
  });
});
