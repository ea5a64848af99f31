import { isUtf8 } from 'node:buffer';
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';

/**
 * The rows of an uploaded spreadsheet, read as a stream: ExcelJS's streaming WorkbookReader for
 * xlsx (the first worksheet), a small RFC 4180 parser for csv (UTF-8 with or without BOM, UTF-16
 * with BOM, or GBK/GB18030 as Chinese Excel saves "CSV"). Neither ever holds the whole table: the
 * rows come one by one, and `progress.bytes` tells how much of the file has been read.
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

/** The file in chunks, counting what has been handed on. */
function chunked(data: Buffer, progress: ReadProgress): Readable {
  let offset = 0;
  return new Readable({
    highWaterMark: CHUNK_BYTES,
    read() {
      if (offset >= data.length) {
        this.push(null);
        return;
      }
      const end = Math.min(offset + CHUNK_BYTES, data.length);
      const chunk = data.subarray(offset, end);
      offset = end;
      progress.bytes = end;
      this.push(chunk);
    },
  });
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
        record.push(field);
        field = '';
      } else if (c === '\n' || c === '\r') {
        record.push(field);
        field = '';
        afterCr = c === '\r';
        yield record;
        record = [];
      } else {
        field += c;
      }
    }
  }
  if (field !== '' || record.length > 0) {
    record.push(field);
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
  for await (const record of parseCsv(decoded(chunked(data, progress), csvEncoding(data)))) {
    rowNo += 1;
    yield { rowNo, cells: record };
  }
}

async function* xlsxRows(data: Buffer, progress: ReadProgress): AsyncGenerator<SheetRow> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(chunked(data, progress), {
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
      yield { rowNo: row.number, cells: Array.isArray(values) ? values.slice(1) : [] };
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
