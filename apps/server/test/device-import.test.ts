import { PassThrough } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  DEVICE_IMPORT_MAX_BYTES,
  DEVICE_IMPORT_MAX_ROWS,
  DEVICE_IMPORT_REASON_HEADER,
  DeviceImportMessages,
  DeviceImportPaths,
  DeviceMessages,
  DevicePaths,
  chinaDayStart,
  type DeviceImportBatch,
  type DeviceImportResult,
  type DeviceImportRow,
  type Page,
} from '@health/contract';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { secretContext } from '../src/modules/device/devices/service.js';
import { parseCsv } from '../src/platform/sheet-reader.js';
import { openSecretBox } from '../src/platform/secrets.js';
import {
  bearer,
  bodyOf,
  call,
  exportRows,
  loginAdmin,
  loginViewerAndOutsider,
  setupApp,
  type TestApp,
} from './helpers/app.js';
import { databaseKinds } from './helpers/databases.js';

const HEADERS = ['序列号', '型号', '固件版本', '入库日期', '备注'];

/** An xlsx of these rows (the header first); a Date cell stays a date cell. */
async function xlsx(rows: unknown[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('设备');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** A large xlsx written as a stream (what Excel-sized files look like to the reader). */
async function bigXlsx(count: number, model: string): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: true });
  const sheet = workbook.addWorksheet('设备');
  sheet.addRow(HEADERS).commit();
  for (let i = 1; i <= count; i++) {
    sheet.addRow([`BIG-${String(i).padStart(6, '0')}`, model, 'v2.1', '2025-03-01', '']).commit();
  }
  sheet.commit();
  await workbook.commit();
  return Buffer.concat(chunks);
}

/** GBK bytes of a text (the reverse of the decoder, for the test's few characters). */
function gbk(text: string): Buffer {
  const decoder = new TextDecoder('gbk');
  const table = new Map<string, number[]>();
  for (let hi = 0x81; hi <= 0xfe; hi++)
    for (let lo = 0x40; lo <= 0xfe; lo++) {
      const ch = decoder.decode(Buffer.from([hi, lo]));
      if (!table.has(ch)) table.set(ch, [hi, lo]);
    }
  const bytes: number[] = [];
  for (const ch of text) {
    if (ch.charCodeAt(0) < 0x80) bytes.push(ch.charCodeAt(0));
    else bytes.push(...table.get(ch)!);
  }
  return Buffer.from(bytes);
}

function multipart(filename: string, content: Buffer) {
  const boundary = `----import${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('the csv parser', () => {
  async function* chunks(...texts: string[]) {
    for (const t of texts) yield t;
  }
  const parse = async (...texts: string[]) => {
    const out: string[][] = [];
    for await (const r of parseCsv(chunks(...texts))) out.push(r);
    return out;
  };

  it('reads quotes, doubled quotes, newlines in quotes and CRLF split across chunks', async () => {
    expect(await parse('a,"b,c",d\r', '\n"e ""q""","multi\nline",\r\nlast')).toEqual([
      ['a', 'b,c', 'd'],
      ['e "q"', 'multi\nline', ''],
      ['last'],
    ]);
    expect(await parse('x\ty\n1\t2\n')).toEqual([
      ['x', 'y'],
      ['1', '2'],
    ]);
  });
});

describe.each(databaseKinds)('device batch import on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let viewer: string;
  let modelId: number;

  setupApp(kind, async (app) => {
    t = app;
    admin = await loginAdmin(t);
    ({ viewer } = await loginViewerAndOutsider(t, ['/device_list/insert']));
    const at = t.clock.now;
    const model = await t.db
      .insertInto('device_models')
      .values({
        name: '血压计A1',
        type: 'bp',
        maker: '',
        picture: '',
        params_json: '[]',
        remark: '',
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    modelId = Number(model.id);
    const added = bodyOf(
      await call(t, 'POST', DevicePaths.add, {
        token: admin,
        json: { serial: 'EXIST-0001', modelId },
      }),
    );
    expect(added.state).toBe(200);
  });

  const upload = async (filename: string, content: Buffer, token = admin) => {
    const { payload, headers } = multipart(filename, content);
    const response = await t.app.inject({
      method: 'POST',
      url: t.api(DeviceImportPaths.upload),
      headers: { ...headers, ...bearer(token) },
      payload,
    });
    return bodyOf<DeviceImportBatch>(response);
  };

  const detail = async (id: number) =>
    bodyOf<DeviceImportBatch>(
      await call(t, 'GET', `${DeviceImportPaths.detail}?id=${id}`, { token: admin }),
    ).data;

  /** Poll the batch as the page does until its validation has ended. */
  const settled = async (id: number) => {
    for (;;) {
      const batch = await detail(id);
      if (batch.status !== 'validating') return batch;
      await sleep(10);
    }
  };

  const uploaded = async (filename: string, content: Buffer) => {
    const body = await upload(filename, content);
    expect(body.state, body.msg).toBe(200);
    return settled(body.data.id);
  };

  const rows = async (id: number, filter = 'all', pageSize = 100) =>
    bodyOf<Page<DeviceImportRow>>(
      await call(
        t,
        'GET',
        `${DeviceImportPaths.rows}?id=${id}&filter=${filter}&pageSize=${pageSize}`,
        { token: admin },
      ),
    ).data;

  const runImport = async (id: number, token = admin) =>
    bodyOf<DeviceImportResult>(
      await call(t, 'POST', DeviceImportPaths.import, { token, json: { id } }),
    );

  it('offers a template with the columns and the models', async () => {
    const response = await call(t, 'GET', DeviceImportPaths.template, { token: admin });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain('filename*=UTF-8');
    expect(await exportRows(response, '设备导入')).toEqual([HEADERS]);
    const guide = await exportRows(response, '填写说明');
    expect(guide.some((r) => r[0] === '血压计A1')).toBe(true);
  });

  let mixed: DeviceImportBatch;
  // The UTC day is never after the China day the server checks against.
  const today = new Date().toISOString().slice(0, 10);

  it('validates every row of a file and says what is wrong with each', async () => {
    const future = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    mixed = await uploaded(
      '设备清单.xlsx',
      await xlsx([
        ['序列号*', '型号*', '固件版本', '入库日期', '备注', '其他列'],
        ['GOOD-0001', '血压计A1', 'v1.0', '2024-01-05', '第一批', 'x'], // 2 valid
        ['ab', '血压计A1', '', '', '', ''], // 3 serialFormat
        ['', '血压计A1', '', '', '', ''], // 4 serialRequired
        ['DUP-0001', '血压计A1', '', '', '', ''], // 5 duplicate of 7
        ['EXIST-0001', '血压计A1', '', '', '', ''], // 6 in the database
        ['dup-0001', '血压计A1', '', '', '', ''], // 7 duplicate of 5 (case folded)
        ['GOOD-0002', '不存在的型号', '', '', '', ''], // 8 modelNotFound
        ['GOOD-0003', '血压计A1', '', '2024-13-01', '', ''], // 9 stockDateFormat
        ['GOOD-0004', '血压计A1', 'v'.repeat(33), '', 'r'.repeat(201), ''], // 10 two too long
        ['good-0005', '血压计a1', '', new Date(Date.UTC(2024, 1, 29)), '', ''], // 11 valid
        ['GOOD-0006', '', '', '', '', ''], // 12 modelRequired
        ['GOOD-0007', '血压计A1', '', future, '', ''], // 13 stockDateFuture
        ['', '', '', '', '', ''], // 14 blank: not a row
        ['GOOD-0008', '血压计A1', '', today.replace(/-/g, '/'), '', ''], // 15 valid
      ]),
    );
    expect(mixed).toMatchObject({
      status: 'validated',
      total: 13,
      processed: 13,
      valid: 3,
      invalid: 10,
      progress: 100,
      fileName: '设备清单.xlsx',
    });
    const all = (await rows(mixed.id)).list;
    const errors = Object.fromEntries(
      all.map((r) => [
        r.rowNo,
        r.errors.map((e) => (e.rows ? `${e.code}:${e.rows.join(',')}` : e.code)),
      ]),
    );
    expect(errors).toEqual({
      2: [],
      3: ['serialFormat'],
      4: ['serialRequired'],
      5: ['serialDuplicate:7'],
      6: ['serialExists'],
      7: ['serialDuplicate:5'],
      8: ['modelNotFound'],
      9: ['stockDateFormat'],
      10: ['firmwareTooLong', 'remarkTooLong'],
      11: [],
      12: ['modelRequired'],
      13: ['stockDateFuture'],
      15: [],
    });
    expect(all.find((r) => r.rowNo === 11)).toMatchObject({
      serial: 'GOOD-0005',
      stockDate: '2024-02-29',
      valid: true,
    });
    expect(all.find((r) => r.rowNo === 15)?.stockDate).toBe(today);

    const invalid = await rows(mixed.id, 'invalid', 5);
    expect(invalid.pagination.total).toBe(10);
    expect(invalid.list.map((r) => r.rowNo)).toEqual([3, 4, 5, 6, 7]);
    expect((await rows(mixed.id, 'valid')).list.map((r) => r.serial)).toEqual([
      'GOOD-0001',
      'GOOD-0005',
      'GOOD-0008',
    ]);
  });

  it('imports the valid rows once, each with a sealed secret, an event and one log entry', async () => {
    const logsBefore = await t.db
      .selectFrom('operation_logs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const result = await runImport(mixed.id);
    expect(result.state, result.msg).toBe(200);
    expect(result.msg).toBe(DeviceImportMessages.imported(3, 0));
    expect(result.data).toMatchObject({ imported: 3, skipped: 0 });
    expect(result.data.batch).toMatchObject({ status: 'imported', imported: 3, skipped: 0 });

    const devices = await t.db
      .selectFrom('devices')
      .selectAll()
      .where('serial', 'in', ['GOOD-0001', 'GOOD-0005', 'GOOD-0008', 'GOOD-0002', 'DUP-0001'])
      .orderBy('serial')
      .execute();
    expect(devices.map((d) => d.serial)).toEqual(['GOOD-0001', 'GOOD-0005', 'GOOD-0008']);
    const first = devices[0]!;
    expect(first).toMatchObject({ status: 'in_stock', firmware: 'v1.0', remark: '第一批' });
    expect(Number(first.model_id)).toBe(modelId);
    expect(Number(first.created_at)).toBe(chinaDayStart('2024-01-05'));
    const box = await openSecretBox(t.config);
    const secret = box.open(first.secret_sealed, secretContext('GOOD-0001'));
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(devices[1]!.secret_sealed).not.toBe(first.secret_sealed);

    const events = await t.db
      .selectFrom('device_events')
      .select(['action', 'to_status', 'operator_name'])
      .where('device_id', '=', first.id)
      .execute();
    expect(events).toEqual([
      { action: 'import', to_status: 'in_stock', operator_name: '系统管理员' },
    ]);

    const logs = await t.db
      .selectFrom('operation_logs')
      .selectAll()
      .orderBy('id', 'desc')
      .limit(1)
      .execute();
    const logsAfter = await t.db
      .selectFrom('operation_logs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(logsAfter.n) - Number(logsBefore.n)).toBe(1);
    expect(logs[0]).toMatchObject({ module: 'device', action: 'import' });
    expect(JSON.parse(logs[0]!.after_json as string)).toMatchObject({
      fileName: '设备清单.xlsx',
      imported: 3,
      skipped: 0,
      invalid: 10,
    });
  });

  it('is idempotent: a re-run adds nothing, the same file again has no valid row', async () => {
    const again = await runImport(mixed.id);
    expect(again.state).toBe(200);
    expect(again.data).toMatchObject({ imported: 0, skipped: 0 });
    const count = await t.db
      .selectFrom('devices')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('serial', 'like', 'GOOD-%')
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(3);

    const same = await uploaded(
      '设备清单.xlsx',
      await xlsx([HEADERS, ['GOOD-0001', '血压计A1'], ['GOOD-0005', '血压计A1']]),
    );
    expect(same).toMatchObject({ valid: 0, invalid: 2 });
    expect((await rows(same.id)).list.map((r) => r.errors[0]?.code)).toEqual([
      'serialExists',
      'serialExists',
    ]);
    const refused = await runImport(same.id);
    expect(refused).toMatchObject({ state: 255, msg: DeviceImportMessages.nothingValid });
  });

  it('skips and reports a serial added since the validation', async () => {
    const batch = await uploaded(
      'later.csv',
      Buffer.from(`\ufeff${HEADERS.join(',')}\r\nLATE-0001,血压计A1\r\nLATE-0002,血压计A1\r\n`),
    );
    expect(batch).toMatchObject({ status: 'validated', valid: 2 });
    await call(t, 'POST', DevicePaths.add, {
      token: admin,
      json: { serial: 'LATE-0002', modelId },
    });
    const result = await runImport(batch.id);
    expect(result.data).toMatchObject({ imported: 1, skipped: 1 });
    expect(result.data.batch).toMatchObject({ imported: 1, skipped: 1 });
    const late = (await rows(batch.id)).list;
    expect(late.map((r) => [r.serial, r.result, r.skipReason])).toEqual([
      ['LATE-0001', 'imported', null],
      ['LATE-0002', 'skipped', 'serialTaken'],
    ]);
    const errorsFile = await call(t, 'GET', `${DeviceImportPaths.errors}?id=${batch.id}`, {
      token: admin,
    });
    expect((await exportRows(errorsFile)).slice(1)).toEqual([
      // Empty cells read back as nothing.
      ['LATE-0002', '血压计A1', undefined, undefined, undefined, '导入时序列号已存在，已跳过', 3],
    ]);
  });

  it('never adds a device twice when two imports of a batch run at once', async () => {
    const lines = ['序列号,型号'];
    for (let i = 1; i <= 1200; i++) lines.push(`TWICE-${String(i).padStart(5, '0')},血压计A1`);
    const batch = await uploaded('twice.csv', Buffer.from(lines.join('\n')));
    expect(batch.valid).toBe(1200);
    const [a, b] = await Promise.all([runImport(batch.id), runImport(batch.id)]);
    expect([a.state, b.state]).toEqual([200, 200]);
    expect(a.data.imported + b.data.imported).toBe(1200);
    const count = await t.db
      .selectFrom('devices')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('serial', 'like', 'TWICE-%')
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1200);
    expect((await detail(batch.id)).imported).toBe(1200);
  });

  it('skips the rows of a model deleted since the validation', async () => {
    const at = t.clock.now;
    const gone = await t.db
      .insertInto('device_models')
      .values({
        name: '临时型号',
        type: 'bg',
        maker: '',
        picture: '',
        params_json: '[]',
        remark: '',
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const batch = await uploaded(
      'gone.csv',
      Buffer.from('序列号,型号\nGONE-00001,临时型号\nKEPT-00001,血压计A1\n'),
    );
    expect(batch.valid).toBe(2);
    await t.db.deleteFrom('device_models').where('id', '=', gone.id).execute();
    const result = await runImport(batch.id);
    expect(result.data).toMatchObject({ imported: 1, skipped: 1 });
    expect((await rows(batch.id)).list.map((r) => [r.serial, r.result, r.skipReason])).toEqual([
      ['GONE-00001', 'skipped', 'modelDeleted'],
      ['KEPT-00001', 'imported', null],
    ]);
  });

  it('reports a validation that stopped moving (its process died) as interrupted', async () => {
    const at = t.clock.now;
    const { id } = await t.db
      .insertInto('device_imports')
      .values({
        file_name: 'stuck.xlsx',
        status: 'validating',
        message: '',
        size_bytes: 1000,
        read_bytes: 400,
        processed: 10,
        total: 0,
        valid_count: 0,
        invalid_count: 0,
        imported_count: 0,
        skipped_count: 0,
        operator_id: null,
        operator_name: 'x',
        validated_at: null,
        imported_at: null,
        created_at: at - 10 * 60_000,
        updated_at: at - 5 * 60_000,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(await detail(Number(id))).toMatchObject({
      status: 'failed',
      message: DeviceImportMessages.interrupted,
    });
    expect(await runImport(Number(id))).toMatchObject({
      state: 255,
      msg: DeviceImportMessages.validationFailed,
    });
  });

  it('downloads the rows with errors as an annotated xlsx', async () => {
    const response = await call(t, 'GET', `${DeviceImportPaths.errors}?id=${mixed.id}`, {
      token: admin,
    });
    expect(response.statusCode).toBe(200);
    expect(decodeURIComponent(response.headers['content-disposition'] as string)).toContain(
      '设备清单-错误行.xlsx',
    );
    const sheet = await exportRows(response);
    expect(sheet[0]).toEqual([...HEADERS, DEVICE_IMPORT_REASON_HEADER, '原行号']);
    expect(sheet.length).toBe(11);
    const byRow = new Map(sheet.slice(1).map((r) => [r[6], r]));
    expect(byRow.get(3)?.[0]).toBe('AB');
    expect(byRow.get(3)?.[5]).toBe(DeviceMessages.serialFormat);
    expect(byRow.get(5)?.[5]).toBe('序列号与文件第7行重复');
    expect(byRow.get(6)?.[5]).toBe('序列号已存在于设备列表');
    expect(byRow.get(9)?.[3]).toBe('2024-13-01');
    expect(byRow.get(10)?.[5]).toBe('固件版本最多32个字符；备注最多200个字符');
  });

  it('reads GBK and UTF-8 csv files, and refuses what is not a table', async () => {
    const gbkFile = gbk(
      '序列号,型号,备注\r\nGBK-0001,血压计A1,备注一\r\nGBK-0002,血压计A1,"含,逗号"\r\n',
    );
    const fromGbk = await uploaded('gbk.csv', gbkFile);
    expect(fromGbk).toMatchObject({ status: 'validated', valid: 2, invalid: 0 });
    expect((await rows(fromGbk.id)).list.map((r) => r.remark)).toEqual(['备注一', '含,逗号']);

    const utf8 = await uploaded('plain.csv', Buffer.from('序列号,型号\nUTF-0001,血压计A1\n'));
    expect(utf8).toMatchObject({ status: 'validated', valid: 1 });

    const png = await upload('a.xlsx', Buffer.from('89504e470d0a1a0a0000', 'hex'));
    expect(png).toMatchObject({ state: 255, msg: DeviceImportMessages.badType });
    const xls = await upload('old.xls', Buffer.from('d0cf11e0a1b11ae1', 'hex'));
    expect(xls).toMatchObject({ state: 255, msg: DeviceImportMessages.badType });
    const empty = await upload('empty.csv', Buffer.alloc(0));
    expect(empty).toMatchObject({ state: 255, msg: DeviceImportMessages.emptyFile });

    const noColumns = await uploaded('cols.csv', Buffer.from('名称,数量\nA,1\n'));
    expect(noColumns).toMatchObject({
      status: 'failed',
      message: DeviceImportMessages.missingColumns,
    });
    const headerOnly = await uploaded('header.xlsx', await xlsx([HEADERS]));
    expect(headerOnly).toMatchObject({ status: 'failed', message: DeviceImportMessages.noRows });
    const broken = await uploaded('broken.xlsx', Buffer.from('504b0304deadbeef', 'hex'));
    expect(broken).toMatchObject({ status: 'failed', message: DeviceImportMessages.unreadable });
    expect(await runImport(broken.id)).toMatchObject({
      state: 255,
      msg: DeviceImportMessages.validationFailed,
    });
  });

  it('refuses a file over 20 MB at once and one over 100,000 rows once read', async () => {
    const huge = Buffer.alloc(DEVICE_IMPORT_MAX_BYTES + 1, 0x41);
    expect(await upload('huge.csv', huge)).toMatchObject({
      state: 255,
      msg: DeviceImportMessages.tooLarge,
    });
    const lines = ['序列号,型号'];
    for (let i = 0; i <= DEVICE_IMPORT_MAX_ROWS; i++) lines.push(`M-${i},x`);
    const many = await uploaded('many.csv', Buffer.from(lines.join('\n')));
    expect(many).toMatchObject({
      status: 'failed',
      message: DeviceImportMessages.tooManyRows(DEVICE_IMPORT_MAX_ROWS),
    });
    expect((await rows(many.id)).pagination.total).toBe(0);
  }, 60_000);

  it('lists the batches and refuses an operator without the add action', async () => {
    const list = bodyOf<Page<DeviceImportBatch>>(
      await call(t, 'GET', `${DeviceImportPaths.list}?pageSize=50`, { token: viewer }),
    );
    expect(list.state).toBe(200);
    expect(list.data.list.some((b) => b.id === mixed.id && b.status === 'imported')).toBe(true);

    expect(
      (await upload('v.csv', Buffer.from('序列号,型号\nV-000001,血压计A1\n'), viewer)).state,
    ).toBe(267);
    expect((await runImport(mixed.id, viewer)).state).toBe(267);
    expect(
      bodyOf(await call(t, 'GET', `${DeviceImportPaths.detail}?id=999999`, { token: admin })),
    ).toMatchObject({ msg: DeviceImportMessages.notFound });
  });

  it('validates 50,000 rows in the background, answering meanwhile, and imports them', async () => {
    const file = await bigXlsx(50_000, '血压计A1');
    const started = performance.now();
    const body = await upload('big.xlsx', file);
    const answered = performance.now() - started;
    expect(body.state).toBe(200);
    expect(body.data.status).toBe('validating');
    // The page's polling is answered while the rows are checked.
    let slowest = 0;
    let polls = 0;
    const seen = new Set<number>();
    let batch: DeviceImportBatch;
    for (;;) {
      const before = performance.now();
      batch = await detail(body.data.id);
      slowest = Math.max(slowest, performance.now() - before);
      polls += 1;
      seen.add(batch.progress);
      if (batch.status !== 'validating') break;
      await sleep(50);
    }
    const validated = performance.now() - started;
    expect(batch).toMatchObject({ status: 'validated', total: 50_000, valid: 50_000, invalid: 0 });
    expect(seen.size).toBeGreaterThan(2);

    const importStart = performance.now();
    const result = await runImport(batch.id);
    const imported = performance.now() - importStart;
    expect(result.data).toMatchObject({ imported: 50_000, skipped: 0 });
    console.log(
      `[${kind}] 50,000-row xlsx (${(file.length / 1024 / 1024).toFixed(1)} MB): upload answered in ${answered.toFixed(0)} ms, validated in ${(validated / 1000).toFixed(1)} s (${polls} polls, slowest ${slowest.toFixed(0)} ms), imported in ${(imported / 1000).toFixed(1)} s`,
    );
    expect(slowest).toBeLessThan(1500);
  }, 120_000);
});
