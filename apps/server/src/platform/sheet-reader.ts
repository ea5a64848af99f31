import { isUtf8 } from 'node:buffer';
import { Readable } from 'node:stream';
import { createInflateRaw } from 'node:zlib';
import { Messages } from '@health/contract';
import ExcelJS from 'exceljs';
import { ValidationError } from './errors.js';

/**
 * The rows of an uploaded spreadsheet, read as a stream: ExcelJS's streaming WorkbookReader for
 * xlsx (the first worksheet), a small RFC 4180 parser for csv (UTF-8 with or without BOM, UTF-16
 * with BOM, or GBK/GB18030 as Chinese Excel saves "CSV"). Neither ever holds the whole table: the
 * rows come one by one, and `progress.bytes` tells how much of the file has been read.
 *
 * An xlsx is a zip, and a small one may inflate to gigabytes (a 300 KB file took 860 MB): before
 * ExcelJS sees it, every part it would read is inflated here once, as a stream, and refused past
 * its limit (the sizes a zip declares can lie, so the bytes are counted); a cell may not exceed
 * Excel's own 32,767 characters. Refusals are field errors on `file` with a Chinese message.
 */

export type SheetKind = 'xlsx' | 'csv';

export interface SheetRow {
  /** The row's number in the file (1 = first line / first row of the sheet). */
  rowNo: number;
  cells: unknown[];
}

export interface ReadProgress {
  bytes: number;
}

const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const CHUNK_BYTES = 64 * 1024;

/** What the file is, by its content and name: xlsx (a zip), csv (text), or neither. */
export function detectSheetKind(data: Buffer, fileName: string): SheetKind | null {
  const name = fileName.toLowerCase();
  if (data.subarray(0, 4).equals(ZIP)) return name.endsWith('.csv') ? null : 'xlsx';
  if (!/\.(csv|txt)$/.test(name)) return null;
  // UTF-16 text has zero bytes; anything else with one is binary (a renamed .xls, an image).
  const head = data.subarray(0, 8192);
  const utf16 = (head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff);
  return !utf16 && head.includes(0) ? null : 'csv';
}

/** Limits of what an uploaded spreadsheet may hold once inflated. */
export const SHEET_LIMITS = {
  /** A worksheet or the shared strings: 100,000 rows of the device import template take ~25 MB. */
  dataPartBytes: 64 * 1024 * 1024,
  /**
   * The workbook, its relationships and the styles: a few KB in most files; Excel's 64,000 cell
   * formats at most take ~10 MB of styles.
   */
  otherPartBytes: 16 * 1024 * 1024,
  /** All the parts read, together. */
  totalBytes: 128 * 1024 * 1024,
  /** Excel's own limit of a cell. */
  cellChars: 32_767,
  /** Entries of the zip's directory (a real xlsx has a few dozen). */
  entries: 10_000,
};
/**
 * The longest stretch of a part's XML without a `<`: the text of one cell (or an attribute) is
 * such a stretch, and no character of it is written in more than 10 bytes (`&#x10FFFF;`). A
 * longer one is refused while inflating, before the XML parser would hold it as one string.
 */
const MAX_TEXT_RUN = 10 * SHEET_LIMITS.cellChars;

function tooLarge(): ValidationError {
  return ValidationError.field('file', Messages.sheetTooLarge);
}
function cellTooLong(rowNo?: number): ValidationError {
  return ValidationError.field('file', Messages.sheetCellTooLong(SHEET_LIMITS.cellChars, rowNo));
}

/** The pieces in chunks, in order, counting what has been handed on (scaled to `fileBytes`). */
function chunked(pieces: Buffer[], progress: ReadProgress, fileBytes?: number): Readable {
  const streamBytes = pieces.reduce((sum, piece) => sum + piece.length, 0);
  const scale = fileBytes === undefined || streamBytes === 0 ? 1 : fileBytes / streamBytes;
  let piece = 0;
  let offset = 0;
  let handed = 0;
  return new Readable({
    highWaterMark: CHUNK_BYTES,
    read() {
      while (piece < pieces.length && offset >= pieces[piece]!.length) {
        piece += 1;
        offset = 0;
      }
      if (piece >= pieces.length) {
        this.push(null);
        return;
      }
      const current = pieces[piece]!;
      const end = Math.min(offset + CHUNK_BYTES, current.length);
      const chunk = current.subarray(offset, end);
      offset = end;
      handed += chunk.length;
      progress.bytes = Math.round(handed * scale);
      this.push(chunk);
    },
  });
}

/* ------------------------------------------------------------------ the zip of an xlsx */

/** The parts of an xlsx ExcelJS reads (exact names, as it matches them); the rest is never inflated. */
const WORKBOOK_PARTS = [
  'xl/_rels/workbook.xml.rels',
  'xl/workbook.xml',
  'xl/sharedStrings.xml',
  'xl/styles.xml',
];
const WORKSHEET = /^xl\/worksheets\/sheet\d+\.xml$/;
const SHARED_STRINGS = 'xl/sharedStrings.xml';

interface ZipPart {
  name: string;
  /** 0 stored, 8 deflated. */
  method: number;
  /** Where its compressed bytes are in the file. */
  data: Buffer;
  declaredSize: number;
}

/** Not a zip this reader can read: the callers' "unreadable" message. */
class ZipUnreadable extends Error {}

const SIG_LOCAL = 0x04034b50;
const SIG_CENTRAL = 0x02014b50;
const SIG_END = 0x06054b50;
const SIG_END64_LOCATOR = 0x07064b50;
const SIG_END64 = 0x06064b50;

function u16(data: Buffer, at: number): number {
  if (at < 0 || at + 2 > data.length) throw new ZipUnreadable('zip: out of bounds');
  return data.readUInt16LE(at);
}
function u32(data: Buffer, at: number): number {
  if (at < 0 || at + 4 > data.length) throw new ZipUnreadable('zip: out of bounds');
  return data.readUInt32LE(at);
}
function u64(data: Buffer, at: number): number {
  if (at < 0 || at + 8 > data.length) throw new ZipUnreadable('zip: out of bounds');
  return Number(data.readBigUInt64LE(at));
}

/** Where the central directory starts and how many entries it lists (zip64 too). */
function centralDirectory(data: Buffer): { offset: number; count: number } {
  // The end record is the last 22 bytes, unless a comment (≤ 65,535 bytes) follows it.
  const floor = Math.max(0, data.length - 22 - 0xffff);
  let end = -1;
  for (let at = data.length - 22; at >= floor; at--) {
    if (data.readUInt32LE(at) === SIG_END) {
      end = at;
      break;
    }
  }
  if (end < 0) throw new ZipUnreadable('zip: no end of central directory');
  let count = u16(data, end + 10);
  let offset = u32(data, end + 16);
  if ((count === 0xffff || offset === 0xffffffff) && end >= 20) {
    if (u32(data, end - 20) === SIG_END64_LOCATOR) {
      const end64 = u64(data, end - 12);
      if (u32(data, end64) !== SIG_END64) throw new ZipUnreadable('zip: bad zip64 end record');
      count = u64(data, end64 + 32);
      offset = u64(data, end64 + 48);
    }
  }
  return { offset, count };
}

/** The parts of the zip ExcelJS reads, from its central directory, in the directory's order. */
function zipParts(data: Buffer): ZipPart[] {
  const { offset, count } = centralDirectory(data);
  if (count > SHEET_LIMITS.entries) throw tooLarge();
  const parts: ZipPart[] = [];
  let at = offset;
  for (let i = 0; i < count; i++) {
    if (u32(data, at) !== SIG_CENTRAL) throw new ZipUnreadable('zip: bad directory entry');
    const flags = u16(data, at + 8);
    const method = u16(data, at + 10);
    let compressedSize = u32(data, at + 20);
    let declaredSize = u32(data, at + 24);
    const nameLength = u16(data, at + 28);
    const extraLength = u16(data, at + 30);
    const commentLength = u16(data, at + 32);
    let localAt = u32(data, at + 42);
    const name = data.toString('utf8', at + 46, at + 46 + nameLength);
    // Zip64: the sizes and offset that do not fit 32 bits follow in extra field 0x0001.
    let extra = at + 46 + nameLength;
    const extraEnd = extra + extraLength;
    while (extra + 4 <= extraEnd) {
      const id = u16(data, extra);
      const size = u16(data, extra + 2);
      if (id === 0x0001) {
        let field = extra + 4;
        const next = () => {
          const value = u64(data, field);
          field += 8;
          return value;
        };
        if (declaredSize === 0xffffffff) declaredSize = next();
        if (compressedSize === 0xffffffff) compressedSize = next();
        if (localAt === 0xffffffff) localAt = next();
      }
      extra += 4 + size;
    }
    at = extraEnd + commentLength;

    if (!WORKBOOK_PARTS.includes(name) && !WORKSHEET.test(name)) continue;
    if (flags & 0x1) throw new ZipUnreadable('zip: encrypted');
    if (method !== 0 && method !== 8) throw new ZipUnreadable('zip: compression method');
    if (u32(data, localAt) !== SIG_LOCAL) throw new ZipUnreadable('zip: bad local header');
    const start = localAt + 30 + u16(data, localAt + 26) + u16(data, localAt + 28);
    if (start + compressedSize > data.length) throw new ZipUnreadable('zip: entry past the end');
    parts.push({ name, method, data: data.subarray(start, start + compressedSize), declaredSize });
  }
  return parts;
}

/** Counts the bytes since the last `<` across chunks; false once a stretch is too long. */
class TextRuns {
  /** Bytes since the last `<` before the current chunk. */
  private run = 0;

  accept(chunk: Buffer): boolean {
    // Index of the last `<` seen (negative: in an earlier chunk, `run` bytes before this one).
    let last = -1 - this.run;
    // A `<` must come within MAX_TEXT_RUN bytes of the previous one: jump from deadline to
    // deadline (a few steps a chunk) instead of visiting every `<`.
    for (;;) {
      const deadline = last + MAX_TEXT_RUN + 1;
      if (deadline >= chunk.length) break;
      const lt = chunk.lastIndexOf(0x3c, deadline);
      if (lt < 0 || lt <= last) return false;
      last = lt;
    }
    const lastLt = chunk.lastIndexOf(0x3c);
    if (lastLt >= 0 && lastLt > last) last = lastLt;
    this.run = chunk.length - 1 - last;
    return this.run <= MAX_TEXT_RUN;
  }
}

/**
 * Inflate a part as ExcelJS will (the same bytes, the same zlib: the same output), counting and
 * discarding, and refuse it past `limit` bytes or with too long a text. Runs in zlib's threads;
 * memory stays at a chunk whatever the part would inflate to.
 */
function inflatedSize(part: ZipPart, limit: number): Promise<number> {
  const runs = new TextRuns();
  if (part.method === 0) {
    if (part.data.length > limit) return Promise.reject(tooLarge());
    return runs.accept(part.data)
      ? Promise.resolve(part.data.length)
      : Promise.reject(cellTooLong());
  }
  return new Promise((resolve, reject) => {
    const inflater = createInflateRaw({ chunkSize: CHUNK_BYTES });
    let size = 0;
    let settled = false;
    const fail = (err: Error) => {
      if (settled) return;
      settled = true;
      inflater.destroy();
      reject(err);
    };
    inflater.on('data', (chunk: Buffer) => {
      if (settled) return;
      size += chunk.length;
      if (size > limit) fail(tooLarge());
      else if (!runs.accept(chunk)) fail(cellTooLong());
    });
    inflater.on('error', () => fail(new ZipUnreadable('zip: bad deflate data')));
    inflater.on('end', () => {
      if (settled) return;
      settled = true;
      resolve(size);
    });
    inflater.end(part.data);
  });
}

function localHeader(part: ZipPart): Buffer {
  const name = Buffer.from(part.name, 'utf8');
  const header = Buffer.alloc(30);
  header.writeUInt32LE(SIG_LOCAL, 0);
  header.writeUInt16LE(20, 4); // version needed
  header.writeUInt16LE(0x0800, 6); // flags: UTF-8 name; sizes known (no data descriptor)
  header.writeUInt16LE(part.method, 8);
  // time, date and CRC stay 0: ExcelJS's unzipper checks none of them.
  header.writeUInt32LE(part.data.length, 18);
  header.writeUInt32LE(Math.min(part.declaredSize, 0xffffffff), 22);
  header.writeUInt16LE(name.length, 26);
  return Buffer.concat([header, name]);
}

/** An empty end-of-central-directory record: where ExcelJS's unzipper stops. */
const ZIP_END = (() => {
  const end = Buffer.alloc(22);
  end.writeUInt32LE(SIG_END, 0);
  return end;
})();
const EMPTY_SHARED_STRINGS: ZipPart = {
  name: SHARED_STRINGS,
  method: 0,
  data: Buffer.from('<?xml version="1.0" encoding="UTF-8"?><sst count="0" uniqueCount="0"/>'),
  declaredSize: 0,
};

/**
 * The zip ExcelJS reads: only the parts it uses, each checked by `inflatedSize` first, written
 * anew with the very compressed bytes checked (no entry the check did not see can reach it). The
 * workbook's parts come before the worksheets, so ExcelJS streams a worksheet rather than parking
 * it in a temporary file until the shared strings have been read.
 */
async function checkedXlsx(data: Buffer): Promise<Buffer[]> {
  const parts = zipParts(data);
  let total = 0;
  for (const part of parts) {
    const limit =
      WORKSHEET.test(part.name) || part.name === SHARED_STRINGS
        ? SHEET_LIMITS.dataPartBytes
        : SHEET_LIMITS.otherPartBytes;
    // A declared size over the limit is refused without inflating; a smaller one proves nothing.
    if (part.declaredSize > limit) throw tooLarge();
    total += await inflatedSize(part, Math.min(limit, SHEET_LIMITS.totalBytes - total));
  }
  const order = (part: ZipPart) => {
    const i = WORKBOOK_PARTS.indexOf(part.name);
    return i === -1 ? WORKBOOK_PARTS.length : i;
  };
  const ordered = [...parts].sort((a, b) => order(a) - order(b));
  if (!parts.some((p) => p.name === SHARED_STRINGS)) ordered.unshift(EMPTY_SHARED_STRINGS);
  return [...ordered.flatMap((part) => [localHeader(part), part.data]), ZIP_END];
}

/** The text encoding of a csv: a BOM decides, else UTF-8 when valid, else GB18030 (⊃ GBK). */
export function csvEncoding(data: Buffer): string {
  if (data[0] === 0xef && data[1] === 0xbb && data[2] === 0xbf) return 'utf-8';
  if (data[0] === 0xff && data[1] === 0xfe) return 'utf-16le';
  if (data[0] === 0xfe && data[1] === 0xff) return 'utf-16be';
  return isUtf8(data) ? 'utf-8' : 'gb18030';
}

/** The delimiter of the first line: comma unless tabs or semicolons clearly are. */
function delimiterOf(firstText: string): string {
  const line = firstText.split(/\r?\n/, 1)[0] ?? '';
  const count = (c: string) => line.split(c).length - 1;
  const comma = count(',');
  if (count('\t') > comma) return '\t';
  if (count(';') > comma) return ';';
  return ',';
}

/** Records of csv text chunks: quoted fields, doubled quotes, CRLF/LF/CR, newlines in quotes. */
export async function* parseCsv(
  texts: AsyncIterable<string>,
): AsyncGenerator<string[], void, undefined> {
  let delimiter: string | null = null;
  let field = '';
  let record: string[] = [];
  let quoted = false;
  /** Inside quotes, a quote was just seen: a second one is a literal quote, anything else ends. */
  let quoteSeen = false;
  /** The previous character was a CR ending a record (a following LF belongs to it). */
  let afterCr = false;
  /** Records yielded so far (the current one is the next). */
  let records = 0;
  const endField = () => {
    if (field.length > SHEET_LIMITS.cellChars) throw cellTooLong(records + 1);
    record.push(field);
    field = '';
  };

  for await (const text of texts) {
    delimiter ??= delimiterOf(text);
    for (let i = 0; i < text.length; i++) {
      const c = text[i]!;
      if (afterCr) {
        afterCr = false;
        if (c === '\n') continue;
      }
      if (quoted) {
        if (quoteSeen) {
          quoteSeen = false;
          if (c === '"') {
            field += '"';
            continue;
          }
          quoted = false;
          // fall through: the character after the closing quote
        } else if (c === '"') {
          quoteSeen = true;
          continue;
        } else {
          field += c;
          continue;
        }
      }
      if (c === '"' && field === '') {
        quoted = true;
      } else if (c === delimiter) {
        endField();
      } else if (c === '\n' || c === '\r') {
        endField();
        afterCr = c === '\r';
        records += 1;
        yield record;
        record = [];
      } else {
        field += c;
      }
    }
    // A field still open after a chunk (64 KB) is bounded too, not only when it ends.
    if (field.length > SHEET_LIMITS.cellChars) throw cellTooLong(records + 1);
  }
  if (field !== '' || record.length > 0) {
    endField();
    yield record;
  }
}

async function* decoded(stream: Readable, encoding: string): AsyncGenerator<string> {
  // The decoder drops a BOM and keeps a character split between chunks for the next one.
  const decoder = new TextDecoder(encoding);
  for await (const chunk of stream) {
    const text = decoder.decode(chunk as Buffer, { stream: true });
    if (text) yield text;
  }
  const rest = decoder.decode();
  if (rest) yield rest;
}

async function* csvRows(data: Buffer, progress: ReadProgress): AsyncGenerator<SheetRow> {
  let rowNo = 0;
  for await (const record of parseCsv(decoded(chunked([data], progress), csvEncoding(data)))) {
    rowNo += 1;
    yield { rowNo, cells: record };
  }
}

async function* xlsxRows(data: Buffer, progress: ReadProgress): AsyncGenerator<SheetRow> {
  const pieces = await checkedXlsx(data);
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(chunked(pieces, progress, data.length), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    // Dates come as Date only when the cell styles are known.
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  let first = true;
  for await (const worksheet of reader) {
    // The first worksheet holds the data; later ones (the template's instructions) are skipped.
    for await (const row of worksheet as AsyncIterable<ExcelJS.Row>) {
      if (!first) continue;
      const values = row.values as unknown[];
      const cells = Array.isArray(values) ? values.slice(1) : [];
      if (cells.some((cell) => cellText(cell).length > SHEET_LIMITS.cellChars))
        throw cellTooLong(row.number);
      yield { rowNo: row.number, cells };
    }
    first = false;
  }
}

/** The rows of the file, one at a time. */
export function readSheetRows(
  data: Buffer,
  kind: SheetKind,
  progress: ReadProgress,
): AsyncGenerator<SheetRow> {
  return kind === 'xlsx' ? xlsxRows(data, progress) : csvRows(data, progress);
}

/* ------------------------------------------------------------------ cells */

/** A Date cell as ExcelJS gives it: the date written, at 00:00 UTC. */
function dateText(d: Date): string {
  return Number.isNaN(d.getTime()) ? '' : d.toISOString().slice(0, 10);
}

/** What a cell says, as text (rich text joined, a formula's result, a link's text). */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return dateText(value);
  if (typeof value === 'object') {
    const v = value as {
      richText?: { text?: string }[];
      text?: unknown;
      result?: unknown;
      error?: unknown;
    };
    if (Array.isArray(v.richText)) return v.richText.map((r) => r.text ?? '').join('');
    if ('result' in v) return cellText(v.result);
    if (v.text !== undefined) return cellText(v.text);
  }
  return '';
}

const EXCEL_EPOCH_DAYS = 25569; // 1970-01-01 as an Excel serial day

/** A date cell's text: a number there is an Excel serial day (a date cell without its style). */
export function dateCellText(value: unknown): string {
  if (typeof value === 'number' && Number.isInteger(value) && value > 0 && value < 2958466) {
    return dateText(new Date((value - EXCEL_EPOCH_DAYS) * 86_400_000));
  }
  return cellText(value);
}
