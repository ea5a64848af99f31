import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  DAY_MS,
  DEVICE_IMPORT_COLUMNS,
  DEVICE_IMPORT_DUPLICATE_ROWS_SHOWN,
  DEVICE_IMPORT_ERROR_CODES,
  DEVICE_IMPORT_FIRMWARE_MAX,
  DEVICE_IMPORT_MAX_ROWS,
  DEVICE_IMPORT_MODEL_MAX,
  DEVICE_IMPORT_REASON_HEADER,
  DEVICE_IMPORT_REMARK_MAX,
  DEVICE_IMPORT_SKIP_TEXTS,
  DEVICE_MODEL_TYPE_LABELS,
  DEVICE_SERIAL,
  DeviceImportMessages,
  chinaDateOf,
  chinaDayStart,
  deviceImportErrorText,
  type DeviceImportBatch,
  type DeviceImportColumnKey,
  type DeviceImportResult,
  type DeviceImportRow,
  type DeviceImportRowError,
  type DeviceImportRowsQuery,
  type Page,
} from '@health/contract';
import ExcelJS from 'exceljs';
import type { Insertable } from 'kysely';
import type { DeviceImportRowsTable } from '../../../db/schema.js';
import type { Actor, ActorLog } from '../../../platform/actor.js';
import { auditedChange } from '../../../platform/changes.js';
import type { AppContext } from '../../../platform/context.js';
import { spreadsheetSafeText, type XlsxExport } from '../../../platform/export.js';
import { AppError, NotFoundError, ValidationError } from '../../../platform/errors.js';
import {
  mapBatches,
  mapPage,
  readInBatches,
  type PageRequest,
} from '../../../platform/pagination.js';
import { DevicesRepo } from '../devices/repo.js';
import { newDeviceSecret, secretContext } from '../devices/service.js';
import { DeviceModelsRepo } from '../models/repo.js';
import { AUDIT_MODULE } from '../models/service.js';
import {
  cellText,
  dateCellText,
  detectSheetKind,
  readSheetRows,
  type ReadProgress,
  type SheetKind,
} from '../../../platform/sheet-reader.js';
import {
  DeviceImportsRepo,
  type DeviceImportBatchRow,
  type DeviceImportStagedRow,
} from './repo.js';

/** Rows validated (and staged) together: one DB look-up of serials, one insert, one progress. */
const BATCH_ROWS = 500;
/** Valid rows imported together (one insert of devices, one of events). */
const IMPORT_CHUNK = 500;
/** A validation whose progress has not moved for this long was interrupted (its process died). */
const STALE_MS = 2 * 60 * 1000;
/** Batches (and their staged rows) are kept this long. */
const KEEP_MS = 30 * DAY_MS;
/** Cell text kept in staging at most (longer text is an error anyway). */
const CELL_MAX = 1000;

/** A whole-file problem: the batch fails with this message. */
class ImportFileError extends Error {}
/** The app is closing: the validation stops and the batch says it was interrupted. */
class ImportInterrupted extends Error {}

const HEADER_NAMES: Record<DeviceImportColumnKey, string[]> = {
  serial: ['序列号', '设备序列号', 'sn', 'serial', 'serialno', 'serialnumber'],
  modelName: ['型号', '设备型号', '型号名称', 'model', 'modelname'],
  firmware: ['固件版本', '固件', 'firmware', 'firmwareversion'],
  stockDate: ['入库日期', '入库时间', 'stockdate', 'date'],
  remark: ['备注', 'remark', 'remarks', 'note'],
};

function normalizeHeader(text: string): string {
  return text
    .replace(/[（(](必填|选填|可选)[)）]/g, '')
    .replace(/[\s*＊_]/g, '')
    .toLowerCase();
}

/** The column of each known header; null when the serial or the model column is missing. */
export function headerColumns(cells: unknown[]): Map<DeviceImportColumnKey, number> | null {
  const columns = new Map<DeviceImportColumnKey, number>();
  cells.forEach((cell, index) => {
    const name = normalizeHeader(cellText(cell));
    for (const column of DEVICE_IMPORT_COLUMNS) {
      if (!columns.has(column.key) && HEADER_NAMES[column.key].includes(name))
        columns.set(column.key, index);
    }
  });
  return columns.has('serial') && columns.has('modelName') ? columns : null;
}

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

function clean(text: string): string {
  return text.replace(CONTROL, '').trim().slice(0, CELL_MAX);
}

/** 'YYYY-MM-DD' (also / or . between, an ignored time after) → the date, or null when not one. */
export function parseStockDate(text: string): string | null {
  const m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:[ T]\d{1,2}:\d{2}(?::\d{2})?)?$/.exec(text);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d)
    return null;
  return date.toISOString().slice(0, 10);
}

const ERROR_ORDER = new Map(DEVICE_IMPORT_ERROR_CODES.map((c, i) => [c, i]));
const byCode = (a: DeviceImportRowError, b: DeviceImportRowError) =>
  ERROR_ORDER.get(a.code)! - ERROR_ORDER.get(b.code)!;

/** No serial, or not one: neither looked up nor compared. */
const badSerial = (errors: readonly DeviceImportRowError[]) =>
  errors.some((e) => e.code === 'serialRequired' || e.code === 'serialFormat');

/** Model names → ids: exact first, else the one model whose name matches ignoring case. */
class ModelIndex {
  private readonly exact = new Map<string, number>();
  private readonly folded = new Map<string, number | null>();

  constructor(models: readonly { id: number; name: string }[]) {
    for (const m of models) {
      this.exact.set(m.name, Number(m.id));
      const key = m.name.toLowerCase();
      this.folded.set(key, this.folded.has(key) ? null : Number(m.id));
    }
  }

  find(name: string): number | null {
    return this.exact.get(name) ?? this.folded.get(name.toLowerCase()) ?? null;
  }
}

interface StagedRow {
  row: Omit<Insertable<DeviceImportRowsTable>, 'valid' | 'errors_json'>;
  errors: DeviceImportRowError[];
}

function toRow(r: DeviceImportStagedRow): DeviceImportRow {
  return {
    rowNo: Number(r.row_no),
    serial: r.serial,
    modelName: r.model_name,
    firmware: r.firmware,
    stockDate: r.stock_date,
    remark: r.remark,
    valid: Number(r.valid) === 1,
    errors: JSON.parse(r.errors_json) as DeviceImportRowError[],
    result: r.result,
    skipReason: r.skip_reason,
  };
}

/** Why a row is in the errors file, in Chinese. */
function reasonText(row: DeviceImportRow): string {
  const reasons = row.errors.map(deviceImportErrorText);
  if (row.skipReason) reasons.push(DEVICE_IMPORT_SKIP_TEXTS[row.skipReason]);
  return reasons.join('；');
}

/**
 * Batch import of devices (/device_list/insert). The upload answers at once with a batch; the
 * rows are validated in the background, in this process, a batch of rows at a time (the event
 * loop gets a turn between batches), staged with their errors, and the batch's progress moves in
 * the database so any process can answer the page's polling. An import run adds the valid rows
 * in one transaction, each with a new sealed secret and an 'import' event, skipping a serial that
 * exists by then, and writes one operation-log entry.
 */
export class DeviceImportService {
  private readonly repo: DeviceImportsRepo;
  private readonly running = new Set<Promise<void>>();
  private closing = false;

  constructor(private readonly ctx: AppContext) {
    this.repo = new DeviceImportsRepo(ctx.db);
  }

  /* ---------------------------------------------------------------- reading */

  private toBatch(r: DeviceImportBatchRow): DeviceImportBatch {
    const at = this.ctx.now();
    const stale = r.status === 'validating' && Number(r.updated_at) < at - STALE_MS;
    const status = stale ? 'failed' : r.status;
    const size = Number(r.size_bytes);
    const progress =
      status === 'validating'
        ? Math.min(99, Math.floor((Number(r.read_bytes) / Math.max(size, 1)) * 100))
        : status === 'failed'
          ? 0
          : 100;
    return {
      id: Number(r.id),
      fileName: r.file_name,
      status,
      message: stale ? DeviceImportMessages.interrupted : r.message,
      processed: Number(r.processed),
      total: Number(r.total),
      valid: Number(r.valid_count),
      invalid: Number(r.invalid_count),
      imported: Number(r.imported_count),
      skipped: Number(r.skipped_count),
      progress,
      operatorName: r.operator_name,
      createdAt: Number(r.created_at),
      validatedAt: r.validated_at === null ? null : Number(r.validated_at),
      importedAt: r.imported_at === null ? null : Number(r.imported_at),
    };
  }

  private async load(id: number): Promise<DeviceImportBatch> {
    const row = await this.repo.findBatch(id);
    if (!row) throw new NotFoundError(DeviceImportMessages.notFound);
    return this.toBatch(row);
  }

  async list(page: PageRequest): Promise<Page<DeviceImportBatch>> {
    return mapPage(await this.repo.listBatches(page), (r) => this.toBatch(r));
  }

  detail(id: number): Promise<DeviceImportBatch> {
    return this.load(id);
  }

  async rows(query: DeviceImportRowsQuery & PageRequest): Promise<Page<DeviceImportRow>> {
    await this.load(query.id);
    return mapPage(await this.repo.rowsPage(query.id, query.filter, query), toRow);
  }

  /* ---------------------------------------------------------------- upload and validation */

  /** A new batch for the file; its rows are validated in the background. */
  async upload(actor: Actor, file: { data: Buffer; filename: string }): Promise<DeviceImportBatch> {
    const kind = detectSheetKind(file.data, file.filename);
    if (!kind) throw ValidationError.field('file', DeviceImportMessages.badType);
    const at = this.ctx.now();
    await this.repo.deleteBefore(at - KEEP_MS);
    const id = await this.repo.createBatch({
      file_name: file.filename || (kind === 'xlsx' ? 'import.xlsx' : 'import.csv'),
      status: 'validating',
      message: '',
      size_bytes: file.data.length,
      read_bytes: 0,
      processed: 0,
      total: 0,
      valid_count: 0,
      invalid_count: 0,
      imported_count: 0,
      skipped_count: 0,
      operator_id: actor.operatorId,
      operator_name: actor.displayName,
      created_at: at,
      updated_at: at,
      validated_at: null,
      imported_at: null,
    });
    const run = this.validate(id, file.data, kind, actor.log);
    this.running.add(run);
    void run.finally(() => this.running.delete(run));
    return this.load(id);
  }

  /** Resolves when the validations running in this process have finished (tests, close). */
  async idle(): Promise<void> {
    await Promise.allSettled([...this.running]);
  }

  /** The app closes: running validations stop at their next batch and say so. */
  async close(): Promise<void> {
    this.closing = true;
    await this.idle();
  }

  private checkRow(
    rowNo: number,
    cells: unknown[],
    columns: Map<DeviceImportColumnKey, number>,
    models: ModelIndex,
    today: string,
  ): StagedRow | null {
    const at = (key: DeviceImportColumnKey) => {
      const index = columns.get(key);
      return index === undefined ? undefined : cells[index];
    };
    const text = (key: DeviceImportColumnKey) => clean(cellText(at(key)));
    const serial = text('serial').toUpperCase();
    const modelName = text('modelName');
    const firmware = text('firmware');
    let stockDate = clean(dateCellText(at('stockDate')));
    const remark = text('remark');
    if (!serial && !modelName && !firmware && !stockDate && !remark) return null;

    const errors: DeviceImportRowError[] = [];
    if (!serial) errors.push({ code: 'serialRequired' });
    else if (!DEVICE_SERIAL.test(serial)) errors.push({ code: 'serialFormat' });
    let modelId: number | null = null;
    if (!modelName) errors.push({ code: 'modelRequired' });
    else if (
      modelName.length > DEVICE_IMPORT_MODEL_MAX ||
      (modelId = models.find(modelName)) === null
    )
      errors.push({ code: 'modelNotFound' });
    if (firmware.length > DEVICE_IMPORT_FIRMWARE_MAX) errors.push({ code: 'firmwareTooLong' });
    let stockAt: number | null = null;
    if (stockDate) {
      const date = parseStockDate(stockDate);
      if (!date) errors.push({ code: 'stockDateFormat' });
      else if (date > today) errors.push({ code: 'stockDateFuture' });
      else {
        stockDate = date;
        stockAt = chinaDayStart(date);
      }
    }
    if (remark.length > DEVICE_IMPORT_REMARK_MAX) errors.push({ code: 'remarkTooLong' });
    return {
      row: {
        batch_id: 0,
        row_no: rowNo,
        serial,
        model_name: modelName,
        firmware,
        stock_date: stockDate,
        remark,
        model_id: modelId,
        stock_at: stockAt,
      },
      errors,
    };
  }

  private async validate(id: number, data: Buffer, kind: SheetKind, log: ActorLog) {
    const progress: ReadProgress = { bytes: 0 };
    try {
      const models = new ModelIndex(await new DeviceModelsRepo(this.ctx.db).all());
      const today = chinaDateOf(this.ctx.now());
      const devices = new DevicesRepo(this.ctx.db);
      let columns: Map<DeviceImportColumnKey, number> | null = null;
      /** Serial → its first row; serial → every row, for serials on several rows. */
      const firstRow = new Map<string, number>();
      const duplicates = new Map<string, number[]>();
      let pending: StagedRow[] = [];
      let processed = 0;

      const flush = async () => {
        if (this.closing) throw new ImportInterrupted();
        const checkable = pending.filter((p) => !badSerial(p.errors));
        const existing = await devices.existingSerials([
          ...new Set(checkable.map((p) => p.row.serial)),
        ]);
        const rows = pending.map((p) => {
          const errors =
            !badSerial(p.errors) && existing.has(p.row.serial)
              ? [...p.errors, { code: 'serialExists' as const }].sort(byCode)
              : p.errors;
          return {
            ...p.row,
            batch_id: id,
            model_id: errors.length === 0 ? p.row.model_id : null,
            valid: errors.length === 0 ? (1 as const) : (0 as const),
            errors_json: JSON.stringify(errors),
          };
        });
        await this.ctx.db.transaction().execute(async (trx) => {
          const repo = new DeviceImportsRepo(trx);
          await repo.insertRows(rows);
          await repo.updateBatch(id, {
            processed,
            read_bytes: progress.bytes,
            updated_at: this.ctx.now(),
          });
        });
        pending = [];
        // Let the requests waiting meanwhile run before the next batch.
        await nextTurn();
      };

      for await (const { rowNo, cells } of readSheetRows(data, kind, progress)) {
        if (!columns) {
          if (cells.every((c) => cellText(c).trim() === '')) continue;
          columns = headerColumns(cells);
          if (!columns) throw new ImportFileError(DeviceImportMessages.missingColumns);
          continue;
        }
        const staged = this.checkRow(rowNo, cells, columns, models, today);
        if (!staged) continue;
        processed += 1;
        if (processed > DEVICE_IMPORT_MAX_ROWS)
          throw new ImportFileError(DeviceImportMessages.tooManyRows(DEVICE_IMPORT_MAX_ROWS));
        const serial = staged.row.serial;
        if (!badSerial(staged.errors)) {
          const first = firstRow.get(serial);
          if (first === undefined) firstRow.set(serial, rowNo);
          else {
            const group = duplicates.get(serial) ?? [first];
            group.push(rowNo);
            duplicates.set(serial, group);
            // Its full list of other rows is written once the whole file is read.
            staged.errors = [...staged.errors, { code: 'serialDuplicate' as const }].sort(byCode);
          }
        }
        pending.push(staged);
        if (pending.length >= BATCH_ROWS) await flush();
      }
      if (!columns) throw new ImportFileError(DeviceImportMessages.emptyFile);
      if (processed === 0) throw new ImportFileError(DeviceImportMessages.noRows);
      await flush();
      await this.completeDuplicates(id, duplicates);
      const counts = await this.repo.validityCounts(id);
      const at = this.ctx.now();
      await this.repo.updateBatch(id, {
        status: 'validated',
        processed,
        total: processed,
        valid_count: counts.valid,
        invalid_count: counts.invalid,
        read_bytes: data.length,
        validated_at: at,
        updated_at: at,
      });
    } catch (err) {
      // The sheet reader refuses a file with an AppError of its own (too large once inflated, a
      // cell too long): its message is the batch's, like ImportFileError's.
      const said = err instanceof ImportFileError || err instanceof AppError;
      const message = said
        ? err.message
        : err instanceof ImportInterrupted
          ? DeviceImportMessages.interrupted
          : DeviceImportMessages.unreadable;
      if (!said && !(err instanceof ImportInterrupted))
        log.error({ err, importBatch: id }, '设备导入文件校验失败');
      try {
        await this.repo.deleteRows(id);
        await this.repo.updateBatch(id, {
          status: 'failed',
          message,
          updated_at: this.ctx.now(),
        });
      } catch (e) {
        log.error({ err: e, importBatch: id }, '设备导入批次状态无法更新');
      }
    }
  }

  /** Every row of a serial found on several rows names the others (the first ones). */
  private async completeDuplicates(id: number, duplicates: Map<string, number[]>) {
    const rowNos = [...duplicates.values()].flat();
    const others = new Map<number, number[]>();
    for (const group of duplicates.values())
      for (const rowNo of group)
        others.set(
          rowNo,
          group.filter((r) => r !== rowNo).slice(0, DEVICE_IMPORT_DUPLICATE_ROWS_SHOWN),
        );
    for (let i = 0; i < rowNos.length; i += BATCH_ROWS) {
      const chunk = rowNos.slice(i, i + BATCH_ROWS);
      await this.ctx.db.transaction().execute(async (trx) => {
        const repo = new DeviceImportsRepo(trx);
        for (const row of await repo.rowsByNumbers(id, chunk)) {
          const rowNo = Number(row.row_no);
          const errors = (JSON.parse(row.errors_json) as DeviceImportRowError[]).filter(
            (e) => e.code !== 'serialDuplicate',
          );
          errors.push({ code: 'serialDuplicate', rows: others.get(rowNo) ?? [] });
          await repo.setRowErrors(id, rowNo, JSON.stringify(errors.sort(byCode)));
        }
      });
      await nextTurn();
    }
  }

  /* ---------------------------------------------------------------- import */

  /**
   * Add the valid rows not imported yet, in one transaction: a serial that exists by now (a
   * re-run, another import, a device added by hand) or a model deleted meanwhile is skipped and
   * reported, never duplicated.
   */
  async import(actor: Actor, id: number): Promise<DeviceImportResult> {
    const batch = await this.load(id);
    if (batch.status === 'validating')
      throw new AppError(255, DeviceImportMessages.stillValidating);
    if (batch.status === 'failed') throw new AppError(255, DeviceImportMessages.validationFailed);
    if (batch.valid === 0) throw new AppError(255, DeviceImportMessages.nothingValid);
    const at = this.ctx.now();
    const run = await auditedChange(this.ctx, actor, async (trx) => {
      const repo = new DeviceImportsRepo(trx);
      const devices = new DevicesRepo(trx);
      if (!(await repo.claimForImport(id, at)))
        throw new AppError(255, DeviceImportMessages.stillValidating);
      const models = new Set((await new DeviceModelsRepo(trx).all()).map((m) => Number(m.id)));
      let imported = 0;
      let skipped = 0;
      let after = 0;
      for (;;) {
        const rows = await repo.validRowsAfter(id, after, IMPORT_CHUNK);
        if (rows.length === 0) break;
        after = Number(rows[rows.length - 1]!.row_no);
        const existing = await devices.existingSerials(rows.map((r) => r.serial));
        const taken: number[] = [];
        const gone: number[] = [];
        const candidates = rows.filter((r) => {
          if (existing.has(r.serial)) taken.push(Number(r.row_no));
          else if (r.model_id === null || !models.has(Number(r.model_id)))
            gone.push(Number(r.row_no));
          else return true;
          return false;
        });
        const added = await devices.insertManyNew(
          candidates.map((r) => ({
            serial: r.serial,
            model_id: Number(r.model_id),
            status: 'in_stock' as const,
            member_id: null,
            secret_sealed: this.ctx.secrets.seal(newDeviceSecret(), secretContext(r.serial)),
            firmware: r.firmware,
            remark: r.remark,
            created_at: r.stock_at === null ? at : Number(r.stock_at),
            updated_at: at,
          })),
        );
        const addedIds = new Map(added.map((a) => [a.serial, a.id]));
        const done: number[] = [];
        for (const r of candidates) {
          // Not added: another request took the serial since the look-up.
          (addedIds.has(r.serial) ? done : taken).push(Number(r.row_no));
        }
        await devices.insertEvents(
          added.map((a) => ({
            device_id: a.id,
            action: 'import',
            from_status: null,
            to_status: 'in_stock' as const,
            member_id: null,
            operator_id: actor.operatorId,
            operator_name: actor.displayName,
            remark: '',
            data_json: JSON.stringify({ importBatch: id }),
            created_at: at,
          })),
        );
        await repo.markResult(id, done, 'imported');
        await repo.markResult(id, taken, 'skipped', 'serialTaken');
        await repo.markResult(id, gone, 'skipped', 'modelDeleted');
        imported += done.length;
        skipped += taken.length + gone.length;
      }
      const counts = await repo.resultCounts(id);
      await repo.updateBatch(id, {
        status: 'imported',
        imported_count: counts.imported,
        skipped_count: counts.skipped,
        imported_at: at,
        updated_at: at,
      });
      return {
        result: { imported, skipped },
        entry: {
          module: AUDIT_MODULE,
          action: 'import',
          target: `批量导入 ${batch.fileName}`,
          after: { fileName: batch.fileName, imported, skipped, invalid: batch.invalid },
        },
      };
    });
    return { batch: await this.load(id), ...run };
  }

  /* ---------------------------------------------------------------- files */

  /** The rows not imported (invalid, or skipped by an import) with the reason, as xlsx. */
  async errorsFile(id: number): Promise<XlsxExport<DeviceImportRow>> {
    const batch = await this.load(id);
    if (batch.status === 'validating')
      throw new AppError(255, DeviceImportMessages.stillValidating);
    const base = batch.fileName.replace(/\.(xlsx|csv|txt)$/i, '');
    return {
      fileName: `${base}-错误行.xlsx`,
      sheetName: '错误行',
      columns: [
        { header: '序列号', value: (r) => r.serial, width: 22 },
        { header: '型号', value: (r) => r.modelName, width: 18 },
        { header: '固件版本', value: (r) => r.firmware, width: 12 },
        { header: '入库日期', value: (r) => r.stockDate, width: 12 },
        { header: '备注', value: (r) => r.remark, width: 24 },
        { header: DEVICE_IMPORT_REASON_HEADER, value: reasonText, width: 48 },
        { header: '原行号', value: (r) => r.rowNo, width: 8 },
      ],
      batches: mapBatches(readInBatches(this.repo.errorRows(id), 1000), toRow),
    };
  }

  /** The template: the columns (text cells, so Excel keeps serials and dates as written) and how to fill them. */
  async template(): Promise<Buffer> {
    const models = await new DeviceModelsRepo(this.ctx.db).all();
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('设备导入', { views: [{ state: 'frozen', ySplit: 1 }] });
    const widths: Record<DeviceImportColumnKey, number> = {
      serial: 24,
      modelName: 20,
      firmware: 14,
      stockDate: 14,
      remark: 30,
    };
    sheet.columns = DEVICE_IMPORT_COLUMNS.map((c) => ({
      header: c.header,
      key: c.key,
      width: widths[c.key],
      style: { numFmt: '@' },
    }));
    sheet.getRow(1).font = { bold: true };
    const guide = workbook.addWorksheet('填写说明');
    guide.columns = [
      { header: '列', key: 'column', width: 14 },
      { header: '是否必填', key: 'required', width: 10 },
      { header: '说明', key: 'rule', width: 70 },
    ];
    guide.getRow(1).font = { bold: true };
    guide.addRows([
      [
        '序列号',
        '必填',
        '6到32位大写字母、数字或连字符，以字母或数字开头；不能与文件中其他行或已有设备重复',
      ],
      ['型号', '必填', '设备型号名称，须已在“设备型号”中添加（见下方列表）'],
      ['固件版本', '选填', `最多${DEVICE_IMPORT_FIRMWARE_MAX}个字符`],
      ['入库日期', '选填', '格式 YYYY-MM-DD，不能晚于今天；不填则为导入当天'],
      ['备注', '选填', `最多${DEVICE_IMPORT_REMARK_MAX}个字符`],
      [],
      [
        '说明',
        '',
        `只读取第一个工作表；每个文件最多${DEVICE_IMPORT_MAX_ROWS}行，也可上传同样列的 CSV 文件（UTF-8 或 GBK）`,
      ],
      ['密钥', '', '导入的设备不显示密钥：在设备列表中对设备“重置密钥”即可获得'],
      [],
      ['现有型号', '设备类型'],
      ...models.map((m) => [spreadsheetSafeText(m.name), DEVICE_MODEL_TYPE_LABELS[m.type]]),
    ]);
    return Buffer.from(await workbook.xlsx.writeBuffer());
  }
}
