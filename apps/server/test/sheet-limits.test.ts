import { once } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { createDeflateRaw, deflateRawSync } from 'node:zlib';
import { DeviceImportPaths, Messages, OrderPaths, type DeviceImportBatch } from '@health/contract';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { SHEET_LIMITS, readSheetRows, type SheetKind } from '../src/platform/sheet-reader.js';
import { AppError } from '../src/platform/errors.js';
import { databaseKinds } from './helpers/databases.js';
import { bearer, bodyOf, call, loginAdmin, setupApp, type TestApp } from './helpers/app.js';

/**
 * An uploaded spreadsheet cannot make the server inflate without bound: each part of an xlsx is
 * counted as it inflates (whatever size the zip declares) and refused past its limit, a cell past
 * Excel's 32,767 characters is refused, in xlsx and csv alike — quickly, in little memory, with a
 * Chinese message.
 */

const MB = 1024 * 1024;
const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const WORKBOOK = Buffer.from(
  `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${MAIN_NS}" xmlns:r="${REL_NS}">` +
    '<sheets><sheet name="发货" sheetId="1" r:id="rId1"/></sheets></workbook>',
);
const WORKBOOK_RELS = Buffer.from(
  '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
    `<Relationship Id="rId1" Type="${REL_NS}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
);
const SHEET_HEAD = `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${MAIN_NS}"><sheetData>`;
const SHEET_TAIL = '</sheetData></worksheet>';

function textRow(rowNo: number, texts: string[]): string {
  const cells = texts.map(
    (text, i) =>
      `<c r="${String.fromCharCode(65 + i)}${rowNo}" t="inlineStr"><is><t>${text}</t></is></c>`,
  );
  return `<row r="${rowNo}">${cells.join('')}</row>`;
}

/** Raw deflate of the pieces, a repeated piece streamed (the test never holds the inflated bytes). */
async function deflated(
  pieces: (string | { repeat: string; bytes: number })[],
): Promise<{ data: Buffer; size: number }> {
  const deflater = createDeflateRaw({ level: 6 });
  const out: Buffer[] = [];
  deflater.on('data', (chunk: Buffer) => out.push(chunk));
  const ended = once(deflater, 'end');
  let size = 0;
  const write = async (chunk: Buffer) => {
    size += chunk.length;
    if (!deflater.write(chunk)) await once(deflater, 'drain');
  };
  for (const piece of pieces) {
    if (typeof piece === 'string') {
      await write(Buffer.from(piece));
      continue;
    }
    const block = Buffer.from(piece.repeat.repeat(Math.ceil(MB / piece.repeat.length)));
    for (let left = piece.bytes; left > 0; left -= block.length)
      await write(left >= block.length ? block : block.subarray(0, left));
  }
  deflater.end();
  await ended;
  return { data: Buffer.concat(out), size };
}

interface Entry {
  name: string;
  /** Deflated bytes and their inflated size, or plain bytes (deflated here). */
  deflated?: { data: Buffer; size: number };
  plain?: Buffer;
  /** The size the directory declares (default: the true one). */
  declaredSize?: number;
  /** In the local entries only, not in the central directory (what a smuggler adds). */
  hidden?: boolean;
  /** Stored as it is (method 0), not deflated. */
  stored?: boolean;
}

/** A zip of the entries (deflated, sizes in the local headers and the central directory). */
function zip(entries: Entry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const plain = entry.plain ?? Buffer.alloc(0);
    const body = entry.deflated ?? {
      data: entry.stored ? plain : deflateRawSync(plain),
      size: plain.length,
    };
    const method = entry.stored ? 0 : 8;
    const name = Buffer.from(entry.name);
    const declared = entry.declaredSize ?? body.size;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(body.data.length, 18);
    local.writeUInt32LE(declared, 22);
    local.writeUInt16LE(name.length, 26);
    if (!entry.hidden) {
      const central = Buffer.alloc(46);
      central.writeUInt32LE(0x02014b50, 0);
      central.writeUInt16LE(20, 4);
      central.writeUInt16LE(20, 6);
      central.writeUInt16LE(0x0800, 8);
      central.writeUInt16LE(method, 10);
      central.writeUInt32LE(body.data.length, 20);
      central.writeUInt32LE(declared, 24);
      central.writeUInt16LE(name.length, 28);
      central.writeUInt32LE(offset, 42);
      centrals.push(central, name);
    }
    locals.push(local, name, body.data);
    offset += local.length + name.length + body.data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(centrals.length / 2, 8);
  end.writeUInt16LE(centrals.length / 2, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** An xlsx whose first sheet is the given XML (deflated). */
function xlsxWithSheet(sheet: { data: Buffer; size: number }, declaredSize?: number): Buffer {
  return zip([
    { name: 'xl/workbook.xml', plain: WORKBOOK },
    { name: 'xl/_rels/workbook.xml.rels', plain: WORKBOOK_RELS },
    { name: 'xl/worksheets/sheet1.xml', deflated: sheet, declaredSize },
  ]);
}

async function readAll(data: Buffer, kind: SheetKind = 'xlsx'): Promise<unknown[][]> {
  const rows: unknown[][] = [];
  for await (const row of readSheetRows(data, kind, { bytes: 0 })) rows.push(row.cells);
  return rows;
}

/** What reading the file is refused with (its message), how long it took, how much memory grew. */
async function refusal(data: Buffer, kind: SheetKind = 'xlsx') {
  global.gc?.();
  const before = process.memoryUsage.rss();
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 5);
  const started = performance.now();
  let message = '(read)';
  try {
    await readAll(data, kind);
  } catch (err) {
    message = err instanceof AppError ? err.message : `not an AppError: ${String(err)}`;
  } finally {
    clearInterval(sampler);
  }
  peak = Math.max(peak, process.memoryUsage.rss());
  return { message, ms: performance.now() - started, grewMb: (peak - before) / MB };
}

describe('spreadsheet limits', () => {
  it('reads a well-formed file built the same way (the builder is sound)', async () => {
    const sheet = await deflated([
      SHEET_HEAD,
      textRow(1, ['订单号', '快递公司']),
      textRow(2, ['JF1', '顺丰']),
      SHEET_TAIL,
    ]);
    expect(await readAll(xlsxWithSheet(sheet))).toEqual([
      ['订单号', '快递公司'],
      ['JF1', '顺丰'],
    ]);
  });

  it('refuses a sheet of 100 MB of rows (a ~100 KB zip bomb declaring 2 KB) at its limit, quickly, in little memory', async () => {
    const sheet = await deflated([
      SHEET_HEAD,
      { repeat: textRow(2, ['A', 'B', 'C']), bytes: 100 * MB },
      SHEET_TAIL,
    ]);
    expect(sheet.data.length).toBeLessThan(500 * 1024);
    // The zip says 2 KB: the bytes are counted as they inflate, whatever it says.
    const result = await refusal(xlsxWithSheet(sheet, 2000));
    expect(result.message).toBe(Messages.sheetTooLarge);
    expect(result.ms).toBeLessThan(5000);
    expect(result.grewMb).toBeLessThan(60);
  });

  it('refuses a part declaring more than its limit before inflating anything', async () => {
    const sheet = await deflated([SHEET_HEAD, textRow(1, ['订单号']), SHEET_TAIL]);
    const declared = await refusal(xlsxWithSheet(sheet, SHEET_LIMITS.dataPartBytes + 1));
    expect(declared.message).toBe(Messages.sheetTooLarge);
    expect(declared.ms).toBeLessThan(100);
  });

  it('refuses tens of MB of one repeated byte in a cell after a few hundred KB', async () => {
    const sheet = await deflated([
      SHEET_HEAD,
      textRow(1, ['订单号']),
      '<row r="2"><c r="A2" t="inlineStr"><is><t>',
      { repeat: 'A', bytes: 50 * MB },
      `</t></is></c></row>${SHEET_TAIL}`,
    ]);
    const result = await refusal(xlsxWithSheet(sheet));
    expect(result.message).toBe(Messages.sheetCellTooLong(SHEET_LIMITS.cellChars));
    expect(result.ms).toBeLessThan(1000);
    expect(result.grewMb).toBeLessThan(30);
  });

  it('bounds a stored (not deflated) sheet the same way', async () => {
    const long = `${SHEET_HEAD}${textRow(1, ['x'.repeat(400_000)])}${SHEET_TAIL}`;
    const file = zip([
      { name: 'xl/workbook.xml', plain: WORKBOOK },
      { name: 'xl/_rels/workbook.xml.rels', plain: WORKBOOK_RELS },
      { name: 'xl/worksheets/sheet1.xml', plain: Buffer.from(long), stored: true },
    ]);
    expect((await refusal(file)).message).toBe(Messages.sheetCellTooLong(SHEET_LIMITS.cellChars));
    const fine = `${SHEET_HEAD}${textRow(1, ['订单号'])}${SHEET_TAIL}`;
    const ok = zip([
      { name: 'xl/workbook.xml', plain: WORKBOOK },
      { name: 'xl/_rels/workbook.xml.rels', plain: WORKBOOK_RELS },
      { name: 'xl/worksheets/sheet1.xml', plain: Buffer.from(fine), stored: true },
    ]);
    expect(await readAll(ok)).toEqual([['订单号']]);
  });

  it('never lets the reader see an entry the central directory does not list', async () => {
    const bomb = await deflated([
      SHEET_HEAD,
      { repeat: textRow(2, ['X']), bytes: 100 * MB },
      SHEET_TAIL,
    ]);
    const sheet = await deflated([SHEET_HEAD, textRow(1, ['订单号']), SHEET_TAIL]);
    const file = zip([
      { name: 'xl/worksheets/sheet2.xml', deflated: bomb, hidden: true },
      { name: 'xl/workbook.xml', plain: WORKBOOK },
      { name: 'xl/_rels/workbook.xml.rels', plain: WORKBOOK_RELS },
      { name: 'xl/worksheets/sheet1.xml', deflated: sheet },
    ]);
    const started = performance.now();
    expect(await readAll(file)).toEqual([['订单号']]);
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('refuses a cell over 32,767 characters (xlsx and csv), names its row, reads one at the limit', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('设备');
    sheet.addRow(['序列号', '备注']);
    sheet.addRow(['SN-1', 'x'.repeat(SHEET_LIMITS.cellChars)]);
    sheet.addRow(['SN-2', '长'.repeat(SHEET_LIMITS.cellChars + 1)]);
    const file = Buffer.from(await workbook.xlsx.writeBuffer());
    expect((await refusal(file)).message).toBe(
      Messages.sheetCellTooLong(SHEET_LIMITS.cellChars, 3),
    );

    const atLimit = `序列号,备注\nSN-1,${'x'.repeat(SHEET_LIMITS.cellChars)}\n`;
    expect((await readAll(Buffer.from(atLimit), 'csv'))[1]?.[1]).toHaveLength(
      SHEET_LIMITS.cellChars,
    );
    const csv = `序列号,备注\nSN-1,ok\nSN-2,"${'长'.repeat(200_000)}"\n`;
    expect((await refusal(Buffer.from(csv), 'csv')).message).toBe(
      Messages.sheetCellTooLong(SHEET_LIMITS.cellChars, 3),
    );
  });
});

function multipart(filename: string, content: Buffer) {
  const boundary = `----limits${Math.random().toString(16).slice(2)}`;
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

describe.each(databaseKinds)('uploaded zip bombs on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let bomb: Buffer;

  setupApp(kind, async (app) => {
    t = app;
    admin = await loginAdmin(t);
    bomb = xlsxWithSheet(
      await deflated([
        SHEET_HEAD,
        { repeat: textRow(2, ['A', 'B', 'C']), bytes: 100 * MB },
        SHEET_TAIL,
      ]),
      1000,
    );
  });

  const upload = (path: string, content: Buffer) => {
    const { payload, headers } = multipart('bomb.xlsx', content);
    return t.app.inject({
      method: 'POST',
      url: t.api(path),
      headers: { ...headers, ...bearer(admin) },
      payload,
    });
  };

  it('bulk shipping refuses it at once with the message', async () => {
    const response = await upload(OrderPaths.shipCheck, bomb);
    expect(response.statusCode).toBe(400);
    expect(bodyOf(response)).toMatchObject({ state: 255, msg: Messages.sheetTooLarge });
  });

  it('a device import batch fails with the message', async () => {
    const body = bodyOf<DeviceImportBatch>(await upload(DeviceImportPaths.upload, bomb));
    expect(body.state, body.msg).toBe(200);
    let batch = body.data;
    while (batch.status === 'validating') {
      await sleep(10);
      batch = bodyOf<DeviceImportBatch>(
        await call(t, 'GET', DeviceImportPaths.detail, { token: admin, query: { id: batch.id } }),
      ).data;
    }
    expect(batch).toMatchObject({ status: 'failed', message: Messages.sheetTooLarge });
  });
});
