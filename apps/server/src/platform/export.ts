import { PassThrough } from 'node:stream';
import { EXPORT_MAX_ROWS, ExportMessages, formatChinaDate } from '@health/contract';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { Database } from '../db/schema.js';
import type { Actor } from './actor.js';
import type { AppContext } from './context.js';
import { AppError } from './errors.js';
import { countRows, mapBatches, readInBatches } from './pagination.js';

/**
 * Streamed Excel exports. Rows are read in batches (see `readInBatches` in pagination.ts) and
 * written to the reply as they come: never the whole table in memory. Anything that can fail
 * before the first byte (validation, permission, the row count, the first batch) answers the
 * usual JSON envelope; after that, a failure aborts the download.
 *
 * A service describes the export (it counts the rows and gives their batches); the route hands the
 * description to `sendExport`, the one function that audits and streams it:
 *
 *   // service.ts
 *   async export(actor: Actor, query: OperateLogExportQuery): Promise<AuditedExport<Row>> {
 *     const q = this.repo.filtered(query);
 *     return { actor, module: 'authority', title: '操作日志', filter: query,
 *              total: await this.repo.count(q), columns, batches: readInBatches(q, 1000) };
 *   }
 *   // routes.ts
 *   async (request, reply) => sendExport(ctx, reply, await service.export(actorOf(request), request.query))
 */

export interface ExportColumn<T> {
  /** Chinese column header. */
  header: string;
  /** Cell value of a row (string, number, Date, boolean; null/undefined → empty cell). */
  value: (row: T) => unknown;
  /** Column width in characters (default 16). */
  width?: number;
}

export interface XlsxExport<T> {
  /** File name with or without the .xlsx extension; may be Chinese. */
  fileName: string;
  sheetName?: string;
  columns: ExportColumn<T>[];
  /** Row batches, e.g. `readInBatches(query, 1000)` mapped to items. */
  batches: AsyncIterable<T[]>;
  /** Small tables after the main sheet, one sheet each (a statistics page's breakdowns). */
  sheets?: ExportSheet[];
}

/** A small table of its own sheet, its rows given whole. */
export interface ExportSheet {
  /** At most 31 characters, none of : \ / ? * [ ] (Excel's rules for a sheet's name). */
  name: string;
  columns: { header: string; width?: number }[];
  rows: unknown[][];
}

/** Refuse (255, before streaming) an export larger than the limit. */
export function assertExportSize(total: number, max = EXPORT_MAX_ROWS): void {
  if (total > max) throw new AppError(255, ExportMessages.tooMany(max));
}

/** "<title>-YYYYMMDDHHmmss.xlsx" in China time, whatever the server's time zone. */
export function exportFileName(title: string, at: number): string {
  return `${title}-${formatChinaDate(at, '{y}{m}{d}{h}{i}{s}')}.xlsx`;
}

/** RFC 5987 / 6266 Content-Disposition with an ASCII fallback and the UTF-8 name. */
export function contentDisposition(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

export const XLSX_CONTENT_TYPE =
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** What a spreadsheet may read as the start of a formula (OWASP "CSV injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;
/** A number written as text ("-5", "+3.5") or a lone dash: neither is a formula. */
const PLAIN_NUMBER_OR_DASH = /^(?:[+-]?\d+(?:\.\d+)?|-)$/;

/**
 * A text cell that a spreadsheet could take for a formula — it starts with `=`, `+`, `-`, `@`, a
 * tab or a carriage return — gets a leading single quote, so Excel, WPS or LibreOffice show it as
 * the text it is (a member named `=HYPERLINK(...)`, a reason `-1+1`, a cell an import echoes).
 * Every string cell of every export goes through here (`cellValue`); numbers stay numbers.
 */
export function spreadsheetSafeText(text: string): string {
  return FORMULA_START.test(text) && !PLAIN_NUMBER_OR_DASH.test(text) ? `'${text}` : text;
}

function cellValue(value: unknown): ExcelJS.CellValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return spreadsheetSafeText(value);
  if (typeof value === 'number' || typeof value === 'boolean' || value instanceof Date) {
    return value;
  }
  return spreadsheetSafeText(JSON.stringify(value) ?? '');
}

/** Resolve when the stream can take more, or has been closed (client gone). */
function drained(stream: PassThrough): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      stream.off('drain', done);
      stream.off('close', done);
      resolve();
    };
    stream.on('drain', done);
    stream.on('close', done);
  });
}

/**
 * Send an .xlsx built from row batches. The first batch is read before the headers go out, so a
 * failing query still answers the JSON envelope.
 */
export async function sendXlsx<T>(reply: FastifyReply, spec: XlsxExport<T>): Promise<FastifyReply> {
  const iterator = spec.batches[Symbol.asyncIterator]();
  const first = await iterator.next();

  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet(spec.sheetName ?? 'Sheet1', {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  sheet.columns = spec.columns.map((c, i) => ({
    header: c.header,
    key: `c${i}`,
    width: c.width ?? 16,
  }));
  sheet.getRow(1).font = { bold: true };

  const fileName = spec.fileName.endsWith('.xlsx') ? spec.fileName : `${spec.fileName}.xlsx`;
  const log = reply.log;

  const write = async () => {
    let batch = first;
    while (!batch.done) {
      for (const row of batch.value) {
        sheet.addRow(spec.columns.map((c) => cellValue(c.value(row)))).commit();
      }
      // Let the client catch up before reading more rows.
      if (out.writableNeedDrain) await drained(out);
      if (out.destroyed) {
        // The client went away: stop reading.
        await iterator.return?.();
        return;
      }
      batch = await iterator.next();
    }
    sheet.commit();
    for (const extra of spec.sheets ?? []) {
      const more = workbook.addWorksheet(extra.name, { views: [{ state: 'frozen', ySplit: 1 }] });
      more.columns = extra.columns.map((c, i) => ({
        header: c.header,
        key: `c${i}`,
        width: c.width ?? 16,
      }));
      more.getRow(1).font = { bold: true };
      for (const row of extra.rows) more.addRow(row.map(cellValue)).commit();
      more.commit();
    }
    await workbook.commit();
  };

  write().catch((err: unknown) => {
    log.error({ err }, 'export failed while streaming');
    out.destroy(err instanceof Error ? err : new Error(String(err)));
  });

  return reply
    .header('content-type', XLSX_CONTENT_TYPE)
    .header('content-disposition', contentDisposition(fileName))
    .header('cache-control', 'no-store')
    .send(out);
}

/** An export as a service describes it: who asks, what goes to the operation log, the rows. */
export interface AuditedExport<T> {
  /** Who asks for it (recorded in the operation log). */
  actor: Actor;
  /** Audit module of the operation log. */
  module: string;
  /** Names the file, the sheet and the audit entry's target. */
  title: string;
  /** The query the export was made from, kept in the audit entry. */
  filter: unknown;
  /** Rows the export will hold (counted before anything is sent). */
  total: number;
  columns: ExportColumn<T>[];
  batches: AsyncIterable<T[]>;
  /** More sheets after the rows' (see XlsxExport). */
  sheets?: ExportSheet[];
  /** Audit message, when the default one is not enough. */
  message?: string;
}

/**
 * An export read from `query`: its rows counted first, then read in batches of 1,000 and each
 * made an export row by `map`.
 *
 *   return queryExport(this.ctx.db, q, toItem, { actor, module, title: '会员行为日志',
 *     filter: query, columns });
 */
export async function queryExport<DB, TB extends keyof DB, O, T>(
  db: Kysely<Database>,
  query: SelectQueryBuilder<DB, TB, O>,
  map: (row: O) => T,
  spec: Omit<AuditedExport<T>, 'total' | 'batches'>,
): Promise<AuditedExport<T>> {
  return {
    ...spec,
    total: await countRows(db, query),
    batches: mapBatches(readInBatches(query, 1000), map),
  };
}

/**
 * The one way to answer an export: refuse one over the limit, write it to the operation log with
 * its filter and size, then stream the workbook.
 */
export async function sendExport<T>(
  ctx: Pick<AppContext, 'audit' | 'now'>,
  reply: FastifyReply,
  spec: AuditedExport<T>,
): Promise<FastifyReply> {
  assertExportSize(spec.total);
  await ctx.audit.record(spec.actor, {
    module: spec.module,
    action: 'export',
    target: spec.title,
    after: { filter: spec.filter, rows: spec.total },
    ...(spec.message ? { message: spec.message } : {}),
  });
  return sendXlsx(reply, {
    fileName: exportFileName(spec.title, ctx.now()),
    sheetName: spec.title,
    columns: spec.columns,
    batches: spec.batches,
    ...(spec.sheets ? { sheets: spec.sheets } : {}),
  });
}
