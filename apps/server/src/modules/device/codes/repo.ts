import type { DeviceCodeExportQuery } from '@health/contract';
import type { Insertable, Kysely, Selectable } from 'kysely';
import { containsText } from '../../../db/like.js';
import type { Database, DeviceCodesTable } from '../../../db/schema.js';
import { applySort } from '../../../platform/pagination.js';

export type DeviceCodeRow = Selectable<DeviceCodesTable>;

const SORT = {
  createdAt: 'c.created_at',
  expiresAt: 'c.expires_at',
  usedAt: 'c.used_at',
} as const;

/** Inserted per statement: well under SQLite's and PostgreSQL's bound-parameter limits. */
const INSERT_CHUNK = 200;

/** Queries of binding codes (the only file that touches device_codes). */
export class DeviceCodesRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /** Codes with their model, and the member and device of a used one. */
  private joined() {
    return this.db
      .selectFrom('device_codes as c')
      .innerJoin('device_models as dm', 'dm.id', 'c.model_id')
      .leftJoin('members as m', 'm.id', 'c.used_member_id')
      .leftJoin('devices as d', 'd.id', 'c.used_device_id')
      .selectAll('c')
      .select(['dm.name as model_name', 'm.name as member_name', 'm.phone as member_phone'])
      .select('d.serial as device_serial');
  }

  /** The filtered, sorted query of the list and the export; `now` decides what is expired. */
  query(query: DeviceCodeExportQuery, now: number) {
    let q = this.joined();
    if (query.code) q = q.where(containsText('c.code', query.code));
    if (query.batchNo) q = q.where(containsText('c.batch_no', query.batchNo));
    if (query.modelId) q = q.where('c.model_id', '=', query.modelId);
    if (query.phone) q = q.where(containsText('m.phone', query.phone));
    if (query.serial) q = q.where(containsText('d.serial', query.serial.toUpperCase()));
    switch (query.status) {
      case 'unused':
        q = q.where('c.status', '=', 'unused').where('c.expires_at', '>', now);
        break;
      case 'expired':
        q = q.where('c.status', '=', 'unused').where('c.expires_at', '<=', now);
        break;
      case 'used':
      case 'void':
        q = q.where('c.status', '=', query.status);
        break;
    }
    return applySort(q, query, SORT, { field: 'createdAt', order: 'descend' }, 'c.id');
  }

  /** The codes of a selection or a batch that may get a label: unused and not expired. */
  printable(selection: { ids: readonly number[]; batchNo?: string }, now: number) {
    let q = this.joined().where('c.status', '=', 'unused').where('c.expires_at', '>', now);
    q = selection.ids.length > 0 ? q.where('c.id', 'in', selection.ids) : q;
    if (selection.batchNo) q = q.where('c.batch_no', '=', selection.batchNo);
    return q.orderBy('c.batch_no').orderBy('c.id').execute();
  }

  findByCode(code: string): Promise<DeviceCodeRow | undefined> {
    return this.db
      .selectFrom('device_codes')
      .selectAll()
      .where('code', '=', code)
      .executeTakeFirst();
  }

  find(id: number): Promise<DeviceCodeRow | undefined> {
    return this.db.selectFrom('device_codes').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Which of these codes exist already (a new batch draws again for those). */
  async existingCodes(codes: readonly string[]): Promise<Set<string>> {
    const found = new Set<string>();
    for (let i = 0; i < codes.length; i += INSERT_CHUNK) {
      const rows = await this.db
        .selectFrom('device_codes')
        .select('code')
        .where('code', 'in', codes.slice(i, i + INSERT_CHUNK))
        .execute();
      for (const r of rows) found.add(r.code);
    }
    return found;
  }

  async batchExists(batchNo: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('device_codes')
      .select('id')
      .where('batch_no', '=', batchNo)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  async insertMany(rows: readonly Insertable<DeviceCodesTable>[]): Promise<void> {
    for (let i = 0; i < rows.length; i += INSERT_CHUNK)
      await this.db
        .insertInto('device_codes')
        .values(rows.slice(i, i + INSERT_CHUNK))
        .execute();
  }

  /** Void the unused codes of a selection or a batch; the codes voided. */
  async voidUnused(
    selection: { ids: readonly number[]; batchNo?: string },
    at: number,
    by: string,
  ): Promise<string[]> {
    let q = this.db
      .updateTable('device_codes')
      .set({ status: 'void', voided_at: at, voided_by: by })
      .where('status', '=', 'unused');
    if (selection.ids.length > 0) q = q.where('id', 'in', selection.ids);
    if (selection.batchNo) q = q.where('batch_no', '=', selection.batchNo);
    const rows = await q.returning('code').execute();
    return rows.map((r) => r.code);
  }

  /**
   * The code is used, only if it is still unused and unexpired (false: another request used it
   * first, or it expired meanwhile). The conditional update is what makes a code single-use when
   * two requests race: the second finds no unused row to update.
   */
  async markUsed(
    id: number,
    values: { memberId: number; deviceId: number; at: number },
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('device_codes')
      .set({
        status: 'used',
        used_at: values.at,
        used_member_id: values.memberId,
        used_device_id: values.deviceId,
      })
      .where('id', '=', id)
      .where('status', '=', 'unused')
      .where('expires_at', '>', values.at)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }
}

export type JoinedDeviceCodeRow = Awaited<
  ReturnType<ReturnType<DeviceCodesRepo['query']>['execute']>
>[number];
