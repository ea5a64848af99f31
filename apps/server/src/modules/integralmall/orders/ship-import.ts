import {
  COURIER_LABELS,
  courierOf,
  DAY_MS,
  OrderMessages,
  SHIP_IMPORT_COLUMNS,
  SHIP_IMPORT_MAX_ROWS,
  SHIP_IMPORT_RESULT_HEADER,
  SHIP_ROW_ERROR_TEXTS,
  State,
  TRACKING_NO,
  type ShipBatch,
  type ShipImportColumnKey,
  type ShipRow,
  type ShipRowError,
} from '@health/contract';
import ExcelJS from 'exceljs';
import type { Actor } from '../../../platform/actor.js';
import type { AppContext } from '../../../platform/context.js';
import { AppError, NotFoundError, ValidationError } from '../../../platform/errors.js';
import type { XlsxExport } from '../../../platform/export.js';
import { cellText, detectSheetKind, readSheetRows } from '../../../platform/sheet-reader.js';
import { OrdersRepo, type OrderRowDb, type ShipBatchRow } from './repo.js';
import { AUDIT_MODULE, OrderService } from './service.js';

/** Checked files are kept this long (then their batch goes; the orders keep their events). */
const KEEP_MS = 30 * DAY_MS;
const CELL_MAX = 100;

const HEADER_NAMES: Record<ShipImportColumnKey, string[]> = {
  orderNo: ['订单号', '订单编号', '商城订单号', 'orderno', 'order', 'ordernumber'],
  courier: ['快递公司', '快递', '物流公司', 'courier', 'express', 'carrier'],
  trackingNo: ['快递单号', '运单号', '物流单号', 'trackingno', 'trackingnumber', 'waybill'],
};

function normalizeHeader(text: string): string {
  return text
    .replace(/[（(](必填|选填|可选)[)）]/g, '')
    .replace(/[\s*＊_.]/g, '')
    .toLowerCase();
}

/** The column of each header; null when one of the three is missing. */
function headerColumns(cells: unknown[]): Map<ShipImportColumnKey, number> | null {
  const columns = new Map<ShipImportColumnKey, number>();
  cells.forEach((cell, index) => {
    const name = normalizeHeader(cellText(cell));
    for (const column of SHIP_IMPORT_COLUMNS)
      if (!columns.has(column.key) && HEADER_NAMES[column.key].includes(name))
        columns.set(column.key, index);
  });
  return columns.size === SHIP_IMPORT_COLUMNS.length ? columns : null;
}

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;
const clean = (v: unknown) => cellText(v).replace(CONTROL, '').trim().slice(0, CELL_MAX);

/** Why an order in this state cannot be shipped (none: it can). */
export function orderErrors(order: OrderRowDb | undefined): ShipRowError[] {
  if (!order) return ['orderNotFound'];
  if (order.goods_kind === 'service') return ['serviceOrder'];
  if (order.status === 'shipped') return ['alreadyShipped'];
  if (order.status === 'completed') return ['alreadyCompleted'];
  if (order.status === 'cancelled') return ['alreadyCancelled'];
  return [];
}

/** A row's result as the result file says it, in Chinese. */
function resultText(row: ShipRow): string {
  if (row.result === 'shipped') return '已发货';
  if (row.errors.length > 0)
    return `${row.result === 'failed' ? '未发货' : '不能发货'}：${row.errors
      .map((e) => SHIP_ROW_ERROR_TEXTS[e])
      .join('；')}`;
  return '校验通过，待发货';
}

function toBatch(row: ShipBatchRow): ShipBatch {
  const rows = JSON.parse(row.rows_json) as ShipRow[];
  return {
    id: Number(row.id),
    fileName: row.file_name,
    status: row.status,
    total: Number(row.total),
    valid: Number(row.valid_count),
    invalid: Number(row.total) - Number(row.valid_count),
    shipped: Number(row.shipped_count),
    failed: Number(row.failed_count),
    rows,
    createdAt: Number(row.created_at),
  };
}

/**
 * 批量发货: the courier's file (xlsx / csv: 订单号, 快递公司, 快递单号) is read with the platform's
 * sheet reader and every row checked in a DRY RUN (unknown order, already shipped / completed /
 * cancelled, service order, bad courier, empty or malformed tracking number, an order number on
 * several rows); the batch keeps the rows and their results. The commit ships each valid row in
 * its own transaction through the state machine (re-checked there: an order changed since the
 * dry run fails alone, with its reason), one event each, and one operation-log entry for the file.
 */
export class ShipImportService {
  private readonly repo: OrdersRepo;
  private readonly orders: OrderService;

  constructor(private readonly ctx: AppContext) {
    this.repo = new OrdersRepo(ctx.db);
    this.orders = new OrderService(ctx);
  }

  private async load(id: number): Promise<ShipBatchRow> {
    const row = await this.repo.findBatch(id);
    if (!row) throw new NotFoundError(OrderMessages.batchNotFound);
    return row;
  }

  async detail(id: number): Promise<ShipBatch> {
    return toBatch(await this.load(id));
  }

  /** The rows of the file, checked; nothing is shipped. */
  async check(actor: Actor, file: { data: Buffer; filename: string }): Promise<ShipBatch> {
    const kind = detectSheetKind(file.data, file.filename);
    if (!kind) throw ValidationError.field('file', OrderMessages.badType);
    const read: { rowNo: number; orderNo: string; courierText: string; trackingNo: string }[] = [];
    let columns: Map<ShipImportColumnKey, number> | null = null;
    try {
      for await (const { rowNo, cells } of readSheetRows(file.data, kind, { bytes: 0 })) {
        if (!columns) {
          if (cells.every((c) => cellText(c).trim() === '')) continue;
          columns = headerColumns(cells);
          if (!columns) throw ValidationError.field('file', OrderMessages.missingColumns);
          continue;
        }
        const at = (key: ShipImportColumnKey) => clean(cells[columns!.get(key)!]);
        const row = {
          rowNo,
          orderNo: at('orderNo').toUpperCase(),
          courierText: at('courier'),
          trackingNo: at('trackingNo').toUpperCase(),
        };
        if (!row.orderNo && !row.courierText && !row.trackingNo) continue;
        read.push(row);
        if (read.length > SHIP_IMPORT_MAX_ROWS)
          throw ValidationError.field('file', OrderMessages.tooManyRows);
      }
    } catch (err) {
      if (err instanceof AppError) throw err;
      throw ValidationError.field('file', OrderMessages.unreadable);
    }
    if (!columns) throw ValidationError.field('file', OrderMessages.missingColumns);
    if (read.length === 0) throw ValidationError.field('file', OrderMessages.noRows);

    const found = new Map(
      (await this.repo.byNumbers([...new Set(read.map((r) => r.orderNo).filter(Boolean))])).map(
        (o) => [o.order_no, o],
      ),
    );
    // An order number on several rows: the later rows are duplicates; when the rows disagree
    // (another courier or tracking number) none of them is shipped.
    const byNo = new Map<string, typeof read>();
    for (const r of read) if (r.orderNo) byNo.set(r.orderNo, [...(byNo.get(r.orderNo) ?? []), r]);

    const rows: ShipRow[] = read.map((r) => {
      const errors: ShipRowError[] = [];
      const order = r.orderNo ? found.get(r.orderNo) : undefined;
      if (!r.orderNo) errors.push('orderNoRequired');
      else errors.push(...orderErrors(order));
      const courier = courierOf(r.courierText);
      if (!r.courierText) errors.push('courierRequired');
      else if (!courier) errors.push('courierUnknown');
      if (!r.trackingNo) errors.push('trackingRequired');
      else if (!TRACKING_NO.test(r.trackingNo)) errors.push('trackingFormat');
      const same = r.orderNo ? (byNo.get(r.orderNo) ?? []) : [];
      if (same.length > 1) {
        const agree = same.every(
          (o) => courierOf(o.courierText) === courier && o.trackingNo === r.trackingNo,
        );
        if (!agree || same[0] !== r) errors.push('duplicateRow');
      }
      return {
        rowNo: r.rowNo,
        orderNo: r.orderNo,
        courierText: r.courierText,
        courier,
        trackingNo: r.trackingNo,
        orderId: order ? Number(order.id) : null,
        errors,
        result: null,
      };
    });

    const at = this.ctx.now();
    await this.repo.deleteBatchesBefore(at - KEEP_MS);
    const id = await this.repo.insertBatch({
      file_name: file.filename || (kind === 'xlsx' ? 'ship.xlsx' : 'ship.csv'),
      status: 'checked',
      rows_json: JSON.stringify(rows),
      total: rows.length,
      valid_count: rows.filter((r) => r.errors.length === 0).length,
      operator_id: actor.operatorId,
      operator_name: actor.displayName,
      created_at: at,
      updated_at: at,
    });
    return this.detail(id);
  }

  /** Ship the valid rows of a checked file (once: a second commit is refused). */
  async commit(actor: Actor, id: number): Promise<ShipBatch> {
    const batch = toBatch(await this.load(id));
    if (batch.status === 'committed')
      throw new AppError(State.FAILED, OrderMessages.batchCommitted);
    if (batch.valid === 0) throw new AppError(State.FAILED, OrderMessages.nothingValid);
    if (!(await this.repo.claimBatch(id, this.ctx.now())))
      throw new AppError(State.FAILED, OrderMessages.batchCommitted);

    let shipped = 0;
    let failedRows = 0;
    const rows: ShipRow[] = [];
    for (const row of batch.rows) {
      if (row.errors.length > 0 || row.orderId === null || row.courier === null) {
        rows.push(row);
        continue;
      }
      try {
        await this.ctx.db.transaction().execute(async (trx) => {
          const order = await new OrdersRepo(trx).find(row.orderId!);
          const errors = orderErrors(order);
          if (errors.length > 0) throw new RowRefused(errors);
          await this.orders.stepIn(
            trx,
            actor,
            'ship',
            order!,
            { id: row.orderId!, courier: row.courier!, trackingNo: row.trackingNo },
            `批量发货（${batch.fileName}）：`,
          );
        });
        shipped += 1;
        rows.push({ ...row, result: 'shipped' });
      } catch (err) {
        if (!(err instanceof AppError) && !(err instanceof RowRefused)) throw err;
        // Changed since the dry run: say what it is now.
        const now = await this.repo.find(row.orderId);
        const errors = orderErrors(now);
        failedRows += 1;
        rows.push({
          ...row,
          result: 'failed',
          errors: errors.length ? errors : ['alreadyShipped'],
        });
      }
    }
    await this.repo.updateBatch(id, {
      rows_json: JSON.stringify(rows),
      shipped_count: shipped,
      failed_count: failedRows,
      updated_at: this.ctx.now(),
    });
    await this.ctx.audit.record(actor, {
      module: AUDIT_MODULE,
      action: 'shipImport',
      target: `批量发货 ${batch.fileName}`,
      after: {
        fileName: batch.fileName,
        total: batch.total,
        shippedCount: shipped,
        failedCount: failedRows + batch.invalid,
      },
      message: OrderMessages.committed(shipped, failedRows + batch.invalid),
    });
    return this.detail(id);
  }

  /** The file's rows with a result column. */
  async resultFile(id: number): Promise<XlsxExport<ShipRow>> {
    const batch = toBatch(await this.load(id));
    const base = batch.fileName.replace(/\.(xlsx|csv|txt)$/i, '');
    return {
      fileName: `${base}-发货结果.xlsx`,
      sheetName: '发货结果',
      columns: [
        { header: '订单号', value: (r) => r.orderNo, width: 22 },
        {
          header: '快递公司',
          value: (r) => (r.courier ? COURIER_LABELS[r.courier] : r.courierText),
          width: 12,
        },
        { header: '快递单号', value: (r) => r.trackingNo, width: 22 },
        { header: SHIP_IMPORT_RESULT_HEADER, value: resultText, width: 48 },
        { header: '原行号', value: (r) => r.rowNo, width: 8 },
      ],
      batches: (async function* () {
        yield batch.rows;
      })(),
    };
  }

  /** The template: the three columns as text, and how to fill them. */
  async template(): Promise<Buffer> {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('批量发货', { views: [{ state: 'frozen', ySplit: 1 }] });
    sheet.columns = SHIP_IMPORT_COLUMNS.map((c) => ({
      header: c.header,
      key: c.key,
      width: c.key === 'courier' ? 14 : 24,
      style: { numFmt: '@' },
    }));
    sheet.getRow(1).font = { bold: true };
    const guide = workbook.addWorksheet('填写说明');
    guide.columns = [
      { header: '列', key: 'column', width: 14 },
      { header: '说明', key: 'rule', width: 70 },
    ];
    guide.getRow(1).font = { bold: true };
    guide.addRows([
      ['订单号', '订单管理中的订单号（如 JF20250101123456），须为待发货的实物订单'],
      ['快递公司', '快递公司编码或中文名称（见下方列表）'],
      ['快递单号', '6到32位字母、数字或连字符'],
      [],
      [
        '说明',
        `只读取第一个工作表；每个文件最多${SHIP_IMPORT_MAX_ROWS}行，也可上传同样列的 CSV 文件`,
      ],
      [],
      ['编码', '快递公司'],
      ...Object.entries(COURIER_LABELS).map(([code, name]) => [code.toUpperCase(), name]),
    ]);
    return Buffer.from(await workbook.xlsx.writeBuffer());
  }
}

/** A row whose order cannot be shipped any more (found in its transaction). */
class RowRefused extends Error {
  constructor(readonly errors: ShipRowError[]) {
    super(errors.join(','));
  }
}
