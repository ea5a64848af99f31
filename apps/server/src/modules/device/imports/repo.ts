import type { DeviceImportRowFilter } from '@health/contract';
import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { Database, DeviceImportRowsTable, DeviceImportsTable } from '../../../db/schema.js';
import { toNumber } from '../../../db/values.js';
import { paginate, type PageRequest } from '../../../platform/pagination.js';
import { insertRow } from '../../../platform/row-writes.js';

export type DeviceImportBatchRow = Selectable<DeviceImportsTable>;
export type DeviceImportStagedRow = Selectable<DeviceImportRowsTable>;

/** Queries of import batches and their staged rows (the only file that touches these tables). */
export class DeviceImportsRepo {
  constructor(private readonly db: Kysely<Database>) {}

  createBatch(values: Insertable<DeviceImportsTable>): Promise<number> {
    return insertRow(this.db, 'device_imports', values);
  }

  findBatch(id: number): Promise<DeviceImportBatchRow | undefined> {
    return this.db.selectFrom('device_imports').selectAll().where('id', '=', id).executeTakeFirst();
  }

  listBatches(page: PageRequest) {
    const q = this.db
      .selectFrom('device_imports')
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc');
    return paginate(this.db, q, page);
  }

  async updateBatch(id: number, values: Updateable<DeviceImportsTable>): Promise<void> {
    await this.db.updateTable('device_imports').set(values).where('id', '=', id).execute();
  }

  /**
   * Take the batch for an import run (inside its transaction): only a validated or imported batch,
   * and on PostgreSQL the row stays locked until the run commits, so two runs go one after the other.
   */
  async claimForImport(id: number, at: number): Promise<boolean> {
    const result = await this.db
      .updateTable('device_imports')
      .set({ updated_at: at })
      .where('id', '=', id)
      .where('status', 'in', ['validated', 'imported'])
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async insertRows(rows: readonly Insertable<DeviceImportRowsTable>[]): Promise<void> {
    if (rows.length === 0) return;
    await this.db
      .insertInto('device_import_rows')
      .values([...rows])
      .execute();
  }

  rowsByNumbers(batchId: number, rowNos: readonly number[]) {
    return this.db
      .selectFrom('device_import_rows')
      .select(['row_no', 'errors_json'])
      .where('batch_id', '=', batchId)
      .where('row_no', 'in', [...rowNos])
      .execute();
  }

  async setRowErrors(batchId: number, rowNo: number, errorsJson: string): Promise<void> {
    await this.db
      .updateTable('device_import_rows')
      .set({ errors_json: errorsJson, valid: 0, model_id: null })
      .where('batch_id', '=', batchId)
      .where('row_no', '=', rowNo)
      .execute();
  }

  async validityCounts(batchId: number): Promise<{ valid: number; invalid: number }> {
    const rows = await this.db
      .selectFrom('device_import_rows')
      .select(['valid', (eb) => eb.fn.countAll<number>().as('n')])
      .where('batch_id', '=', batchId)
      .groupBy('valid')
      .execute();
    const count = (v: number) => toNumber(rows.find((r) => Number(r.valid) === v)?.n ?? 0);
    return { valid: count(1), invalid: count(0) };
  }

  async resultCounts(batchId: number): Promise<{ imported: number; skipped: number }> {
    const rows = await this.db
      .selectFrom('device_import_rows')
      .select(['result', (eb) => eb.fn.countAll<number>().as('n')])
      .where('batch_id', '=', batchId)
      .where('result', 'is not', null)
      .groupBy('result')
      .execute();
    const count = (r: string) => toNumber(rows.find((x) => x.result === r)?.n ?? 0);
    return { imported: count('imported'), skipped: count('skipped') };
  }

  rowsPage(batchId: number, filter: DeviceImportRowFilter, page: PageRequest) {
    let q = this.db.selectFrom('device_import_rows').selectAll().where('batch_id', '=', batchId);
    if (filter === 'valid') q = q.where('valid', '=', 1);
    if (filter === 'invalid') q = q.where('valid', '=', 0);
    return paginate(this.db, q.orderBy('row_no'), page);
  }

  /** The next valid rows not imported yet, by row number (an import run reads them in chunks). */
  validRowsAfter(batchId: number, afterRowNo: number, limit: number) {
    return this.db
      .selectFrom('device_import_rows')
      .selectAll()
      .where('batch_id', '=', batchId)
      .where('valid', '=', 1)
      .where('row_no', '>', afterRowNo)
      .where((eb) => eb.or([eb('result', 'is', null), eb('result', '=', 'skipped')]))
      .orderBy('row_no')
      .limit(limit)
      .execute();
  }

  async markResult(
    batchId: number,
    rowNos: readonly number[],
    result: 'imported' | 'skipped',
    skipReason: DeviceImportRowsTable['skip_reason'] = null,
  ): Promise<void> {
    if (rowNos.length === 0) return;
    await this.db
      .updateTable('device_import_rows')
      .set({ result, skip_reason: skipReason })
      .where('batch_id', '=', batchId)
      .where('row_no', 'in', [...rowNos])
      .execute();
  }

  /** The rows of the errors file: invalid ones and valid ones an import skipped, by row number. */
  errorRows(batchId: number) {
    return this.db
      .selectFrom('device_import_rows')
      .selectAll()
      .where('batch_id', '=', batchId)
      .where((eb) => eb.or([eb('valid', '=', 0), eb('result', '=', 'skipped')]))
      .orderBy('row_no');
  }

  async deleteRows(batchId: number): Promise<void> {
    await this.db.deleteFrom('device_import_rows').where('batch_id', '=', batchId).execute();
  }

  /** Batches created before `at`, with their rows (staging is not kept for ever). */
  async deleteBefore(at: number): Promise<void> {
    const old = await this.db
      .selectFrom('device_imports')
      .select('id')
      .where('created_at', '<', at)
      .execute();
    for (const { id } of old) {
      await this.deleteRows(Number(id));
      await this.db.deleteFrom('device_imports').where('id', '=', id).execute();
    }
  }
}
