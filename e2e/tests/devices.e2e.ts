import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserAvailable, screenshot, see } from '../support/browser.ts';
import { storedAccessToken } from '../support/flows.ts';
import { adminSuite } from '../support/suite.ts';

const run = browserAvailable();
const ADMIN_PASSWORD = 'Dev#2026a';
const SERIAL = 'E2E-BP-000001';

const rows = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row');

/**
 * Open the first row's 更多 menu, choose a step and wait for its dialog (named `dialog`). A click
 * that lands while the menu is still animating in is lost under load: try again then.
 */
async function step(page: Page, name: string, dialog: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    await rows(page).first().getByRole('button', { name: /更多/ }).click();
    const item = page.getByRole('menuitem', { name, exact: true });
    await see(item);
    await item.click();
    const opened = await page
      .getByRole('dialog', { name: dialog })
      .waitFor({ state: 'visible', timeout: 5000 })
      .then(() => true)
      .catch(() => false);
    if (opened) return;
    if (attempt === 3) throw new Error(`the ${name} dialog did not open`);
    await page.keyboard.press('Escape');
  }
}

async function filterSerial(page: Page, serial: string): Promise<void> {
  await page.getByTestId('list-query-form').getByLabel('序列号').fill(serial);
  await page
    .getByTestId('list-query-form')
    .getByRole('button', { name: /查\s*询/ })
    .click();
  await see(rows(page).filter({ hasText: serial }));
}

describe.runIf(run)('device list: a device through its lifecycle', () => {
  const suite = adminSuite(ADMIN_PASSWORD);

  it('adds a device, shows its secret once, binds it to a member, unbinds and reports a fault', async () => {
    const { page, context, consoleErrors } = await suite.adminPage();
    // A member in good standing to bind to, as the picker will offer it.
    const token = await storedAccessToken(page);
    const options = await page.request.get('/api/v3/device/admin/device/memberOptions?keyword=13', {
      headers: { authorization: `Bearer ${token}` },
    });
    const member = (
      (await options.json()) as { data: { id: number; name: string; phone: string }[] }
    ).data[0]!;

    await page.goto('/device_list/list');
    await see(page.getByRole('heading', { name: '设备列表', level: 1 }));
    await see(rows(page).first());

    // Add: the secret is shown once, in a dialog that says so.
    await page.getByRole('button', { name: /新\s*增/ }).click();
    const add = page.getByRole('dialog', { name: '新增设备' });
    await add.getByLabel('序列号').fill(SERIAL.toLowerCase());
    await add.getByLabel('型号').click();
    await page.locator('.ant-select-dropdown:visible').getByText('康护 BP-A1 上臂式血压计').click();
    await add.getByRole('button', { name: /确\s*定/ }).click();
    const secretDialog = page.getByRole('dialog', { name: `设备密钥：${SERIAL}` });
    await see(secretDialog.getByText('密钥只显示这一次', { exact: false }));
    expect(await secretDialog.getByTestId('device-secret').textContent()).toMatch(/^[\w-]{43}$/);
    await screenshot(page, 'device-secret');
    await secretDialog.getByRole('button', { name: /关\s*闭/ }).click();

    // Bind it to the member picked by name.
    await filterSerial(page, SERIAL);
    await see(rows(page).first().getByText('在库'));
    await step(page, '绑定', `绑定：${SERIAL}`);
    const bind = page.getByRole('dialog', { name: `绑定：${SERIAL}` });
    await bind.getByLabel('会员').fill(member.name);
    await page
      .locator('.ant-select-dropdown:visible')
      .getByText(`${member.name}（${member.phone}）`)
      .first()
      .click();
    await bind.getByRole('button', { name: /确\s*定/ }).click();
    await see(page.getByText('已绑定', { exact: true }).first());
    await see(rows(page).first().getByText(member.phone));
    await screenshot(page, 'device-bound');

    // The member's detail shows the device in its devices tab.
    await page.goto(`/member_manage/detail?id=${member.id}`);
    await page.getByRole('tab', { name: '设备' }).click();
    await see(page.getByRole('tabpanel').getByText(SERIAL));
    await see(page.getByRole('tabpanel').getByText('已绑定'));

    // Unbind needs a reason; then a fault.
    await page.goto('/device_list/list');
    await filterSerial(page, SERIAL);
    await step(page, '解绑', `解绑：${SERIAL}`);
    const unbind = page.getByRole('dialog', { name: `解绑：${SERIAL}` });
    await unbind.getByRole('button', { name: /确\s*定/ }).click();
    await see(unbind.getByText('请输入原因'));
    await unbind.getByLabel('原因').fill('会员更换设备');
    await unbind.getByRole('button', { name: /确\s*定/ }).click();
    await see(rows(page).first().getByText('在库'));
    await step(page, '报故障', `报故障：${SERIAL}`);
    const fault = page.getByRole('dialog', { name: `报故障：${SERIAL}` });
    await fault.getByLabel('原因').fill('无法开机');
    await fault.getByRole('button', { name: /确\s*定/ }).click();
    await see(rows(page).first().getByText('故障'));

    // The drawer lists every step with who did it.
    await rows(page).first().getByRole('button', { name: '详情' }).click();
    const events = page.getByTestId('device-events');
    await see(events.getByText('报故障'));
    for (const name of ['入库', '绑定', '解绑']) await see(events.getByText(name, { exact: true }));
    await see(events.getByText('会员更换设备'));
    await screenshot(page, 'device-events');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it("shows a bound demo device's readings, uploaded through the ingest API, with their levels", async () => {
    const { page, context, consoleErrors } = await suite.adminPage();
    await page.goto('/device_list/list?status=bound&sortField=lastUploadAt&sortOrder=descend');
    await see(rows(page).first().getByText('已绑定'));
    await see(rows(page).first().getByText('在线'));
    await rows(page).first().getByRole('button', { name: '详情' }).click();
    const readings = page.getByTestId('device-readings');
    await see(readings.locator('.ant-table-row').first());
    expect(await readings.locator('.ant-table-row').count()).toBeGreaterThan(0);
    const levels = await readings.locator('.ant-tag').allTextContents();
    expect(levels.every((l) => ['正常', '预警', '紧急'].includes(l))).toBe(true);
    await see(page.locator('.ant-drawer').getByText(/共 \d+ 条/));
    await page.waitForTimeout(400);
    await screenshot(page, 'device-readings');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it("binds an in-stock device with a member's binding code, which is then used", async () => {
    const { page, context, consoleErrors } = await suite.adminPage();
    const token = await storedAccessToken(page);
    const headers = { authorization: `Bearer ${token}` };
    const getData = async <T>(path: string) =>
      ((await (await page.request.get(path, { headers })).json()) as { data: T }).data;
    const models = await getData<{ id: number; name: string }[]>(
      '/api/v3/device/admin/model/options',
    );
    const model = models.find((m) => m.name === '康护 BP-A1 上臂式血压计')!;
    const batch = (
      (await (
        await page.request.post('/api/v3/device/admin/code/add', {
          headers,
          data: { modelId: model.id, count: 1, expiresInDays: 30 },
        })
      ).json()) as { data: { batchNo: string } }
    ).data;
    const codes = await getData<{ list: { code: string }[] }>(
      `/api/v3/device/admin/code/list?batchNo=${batch.batchNo}`,
    );
    const code = codes.list[0]!.code;
    const member = (
      await getData<{ id: number; name: string; phone: string }[]>(
        '/api/v3/device/admin/device/memberOptions?keyword=15',
      )
    )[0]!;

    await page.goto('/device_list/list');
    await see(rows(page).first());
    await page.getByRole('button', { name: /新\s*增/ }).click();
    const add = page.getByRole('dialog', { name: '新增设备' });
    await add.getByLabel('序列号').fill('E2E-BP-000002');
    await add.getByLabel('型号').click();
    await page.locator('.ant-select-dropdown:visible').getByText(model.name).click();
    await add.getByRole('button', { name: /确\s*定/ }).click();
    await page
      .getByRole('dialog', { name: '设备密钥：E2E-BP-000002' })
      .getByRole('button', { name: /关\s*闭/ })
      .click();
    await filterSerial(page, 'E2E-BP-000002');
    await step(page, '用绑定码绑定', '用绑定码绑定：E2E-BP-000002');
    const dialog = page.getByRole('dialog', { name: '用绑定码绑定：E2E-BP-000002' });
    await see(dialog.getByText('绑定后该码即失效', { exact: false }));
    await dialog.getByLabel('绑定码').fill(code.toLowerCase());
    await dialog.getByLabel('会员').fill(member.name);
    await page
      .locator('.ant-select-dropdown:visible')
      .getByText(`${member.name}（${member.phone}）`)
      .first()
      .click();
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await see(page.getByText('已绑定，绑定码已使用'));
    await see(rows(page).first().getByText('已绑定'));

    // 码管理 shows who used the code, for which device.
    await page.goto(`/device_list/detail?batchNo=${batch.batchNo}`);
    const codeRow = rows(page).filter({ hasText: 'E2E-BP-000002' });
    await see(codeRow);
    await see(codeRow.getByText(member.phone));
    await screenshot(page, 'device-code-used');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
