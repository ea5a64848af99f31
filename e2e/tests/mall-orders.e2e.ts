import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserAvailable, screenshot, see } from '../support/browser.ts';
import { withDatabase } from '../support/database.ts';
import { clippedElements } from '../support/layout.ts';
import { adminSuite } from '../support/suite.ts';

const run = browserAvailable();
const ADMIN_PASSWORD = 'Mall#2026orders';
const GOODS = 'E2E 家用血压计';

/**
 * A cheap goods item on shelf, written directly: the demo goods cost more than a demo member
 * holds (mall-goods.e2e.ts adds goods through the pages).
 */
function insertGoods(file: string): number {
  return withDatabase(file, (db) => {
    const now = Date.now();
    const info = db
      .prepare(
        `INSERT INTO mall_goods (name, images_json, points_price, stock, limit_per_member, on_shelf,
           created_by, created_at, updated_at) VALUES (?, '[]', 100, 20, 0, 1, 'e2e', ?, ?)`,
      )
      .run(GOODS, now, now);
    return Number(info.lastInsertRowid);
  });
}

/** A demo member who can afford a few orders: phone and name. */
function richMember(file: string): { phone: string; name: string; id: number } {
  return withDatabase(
    file,
    (db) =>
      db
        .prepare(
          `SELECT id, phone, name FROM members WHERE status = 'normal' AND phone IS NOT NULL
           AND points_balance >= 500 ORDER BY points_balance DESC LIMIT 1`,
        )
        .get() as { phone: string; name: string; id: number },
  );
}

/** A courier file as Chinese Excel saves "CSV UTF-8": one good row, one unknown order. */
function shipFile(orderNo: string): string {
  const lines = [
    '订单号,快递公司,快递单号',
    `${orderNo},顺丰速运,SF1234567890`,
    'JF20990101000000,SF,SF0000000001',
  ];
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mall-ship-e2e-'));
  const file = path.join(dir, '快递单.csv');
  writeFileSync(file, `\ufeff${lines.join('\r\n')}\r\n`);
  return file;
}

/** Place an order for the member in the 下单 dialog; its order number from the toast. */
async function placeOrder(page: Page, phone: string, known: string[] = []): Promise<string> {
  await page.getByRole('button', { name: '下单' }).click();
  const dialog = page.getByRole('dialog', { name: '为会员下单' });
  // The whole number: a prefix also finds other members (the first option was sometimes another
  // demo member, with too few points for the second order).
  await dialog.locator('#mallOrder_memberId').fill(phone);
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option', {
      // Shown masked or whole.
      hasText: new RegExp(`${phone.slice(0, 3)}(\\*{4}|${phone.slice(3, 7)})${phone.slice(7)}`),
    })
    .first()
    .click();
  await see(dialog.getByTestId('order-balance'));
  await dialog.locator('#mallOrder_goodsId').click();
  await page.locator('.ant-select-dropdown:visible').getByText(new RegExp(GOODS)).click();
  await see(dialog.getByTestId('order-total').getByText('100 积分'));
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  // The toast of this order (an earlier order's may still show).
  const toasts = page.locator('.ant-message').getByText(/下单成功，订单号 JF\d{14}/);
  let no = '';
  await expect
    .poll(
      async () => {
        const numbers = (await toasts.allInnerTexts()).map((x) => /JF\d{14}/.exec(x)![0]);
        no = numbers.find((n) => !known.includes(n)) ?? '';
        return no;
      },
      { timeout: 30_000 },
    )
    .not.toBe('');
  await page.getByRole('dialog', { name: '为会员下单' }).waitFor({ state: 'hidden' });
  return no;
}

describe.runIf(run)('积分商城订单 (mall orders)', () => {
  const suite = adminSuite(ADMIN_PASSWORD);

  it('places orders for a demo member, ships one from a file with a bad row, cancels the other and sees the points back', async () => {
    insertGoods(suite.server.databaseFile);
    const member = richMember(suite.server.databaseFile);
    const { page, context, consoleErrors } = await suite.adminPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/integralmall/order');
    await see(page.getByText('兑换订单'));

    const first = await placeOrder(page, member.phone);
    const second = await placeOrder(page, member.phone, [first]);
    const row = (no: string) => page.locator('.ant-table-row', { hasText: no }).first();
    await see(row(first));
    await see(row(second).getByText('待发货'));
    await screenshot(page, 'mall-orders-1440-zh');
    expect(await clippedElements(page)).toEqual([]);

    // 批量发货: the dry run shows the bad row; ship the valid one; the result file downloads.
    await page.getByTestId('order-bulk-ship').click();
    const dialog = page.getByRole('dialog', { name: '批量发货' });
    await dialog.locator('input[type=file]').setInputFiles(shipFile(first));
    await see(
      dialog.getByTestId('ship-summary').getByText('共 2 行：可发货 1 行，有问题 1 行'),
      30_000,
    );
    await see(dialog.getByTestId('ship-rows').getByText('订单不存在'));
    await see(dialog.getByTestId('ship-rows').getByText('可发货'));
    await screenshot(page, 'mall-orders-ship-dry-run-1440-zh');
    await dialog.getByTestId('ship-commit').click();
    await see(dialog.getByTestId('ship-summary').getByText('已发货 1 单，未发货 1 单'), 30_000);
    const [result] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByTestId('ship-result').click(),
    ]);
    expect(result.suggestedFilename()).toBe('快递单-发货结果.xlsx');
    await dialog.getByRole('button', { name: '关闭' }).click();
    await see(row(first).getByText('已发货'), 30_000);
    await see(row(first).getByText('SF1234567890'));

    // Cancel the other: the points go back, in the same step.
    await row(second).getByTestId('order-more').click();
    await page.locator('.ant-dropdown:visible').getByText('取消订单').click();
    const cancel = page.getByRole('dialog', { name: new RegExp(`取消订单：${second}`) });
    await see(cancel.getByText('取消后 100 积分退回会员账户'));
    await cancel.locator('#mallOrderStep_reason').fill('会员来电取消');
    await cancel.getByRole('button', { name: /确\s*定/ }).click();
    await see(page.locator('.ant-message').getByText('取消订单：已完成'), 30_000);
    await see(row(second).getByText('已取消'), 30_000);

    // The detail: its timeline, then the member's ledger shows the refund.
    await row(second).getByText(second).click();
    await see(page.getByTestId('order-detail'));
    const events = page.getByTestId('order-events');
    await see(events.getByText('下单'));
    await see(events.getByText('会员来电取消'));
    await see(page.getByText('退回 #'));
    await screenshot(page, 'mall-order-detail-1440-zh');
    expect(await clippedElements(page)).toEqual([]);
    await page.getByRole('link', { name: '查看积分明细' }).click();
    await page.waitForURL(/integral_details/);
    const refund = page
      .locator('.ant-table-row', { hasText: second })
      .filter({ hasText: '兑换退回' });
    await see(refund, 30_000);
    await see(refund.getByText(/\+\s*100/));
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
