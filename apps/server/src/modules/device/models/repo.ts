import type { DeviceModelListQuery } from '@health/contract';
import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import { containsText } from '../../../db/like.js';
import type { Database, DeviceModelsTable } from '../../../db/schema.js';
import { toNumber } from '../../../db/values.js';
import { applySort, paginate, type PageRequest } from '../../../platform/pagination.js';
import { insertRow, updateRow } from '../../../platform/row-writes.js';

export type DeviceModelRow = Selectable<DeviceModelsTable>;

const SORT = { createdAt: 'dm.created_at', name: 'dm.name' } as const;

/** Queries of device models (the only file that touches device_models). */
export class DeviceModelsRepo {
  constructor(private readonly db: Kysely<Database>) {}

  list(query: DeviceModelListQuery & PageRequest) {
    let q = this.db
      .selectFrom('device_models as dm')
      .selectAll('dm')
      .select((eb) =>
        eb
          .selectFrom('devices as d')
          .whereRef('d.model_id', '=', 'dm.id')
          .select((e) => e.fn.countAll<number>().as('n'))
          .as('device_count'),
      );
    if (query.name) q = q.where(containsText('dm.name', query.name));
    if (query.type) q = q.where('dm.type', '=', query.type);
    const ordered = applySort(q, query, SORT, { field: 'createdAt', order: 'descend' }, 'dm.id');
    return paginate(this.db, ordered, query);
  }

  all(): Promise<DeviceModelRow[]> {
    return this.db.selectFrom('device_models').selectAll().orderBy('name').execute();
  }

  find(id: number): Promise<DeviceModelRow | undefined> {
    return this.db.selectFrom('device_models').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findByName(name: string): Promise<{ id: number } | undefined> {
    return this.db
      .selectFrom('device_models')
      .select('id')
      .where('name', '=', name)
      .executeTakeFirst();
  }

  async deviceCount(id: number): Promise<number> {
    const row = await this.db
      .selectFrom('devices')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('model_id', '=', id)
      .executeTakeFirst();
    return toNumber(row?.n);
  }

  async codeCount(id: number): Promise<number> {
    const row = await this.db
      .selectFrom('device_codes')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('model_id', '=', id)
      .executeTakeFirst();
    return toNumber(row?.n);
  }

  insert(values: Insertable<DeviceModelsTable>): Promise<number> {
    return insertRow(this.db, 'device_models', values);
  }

  update(id: number, values: Updateable<DeviceModelsTable>): Promise<void> {
    return updateRow(this.db, 'device_models', id, values);
  }

  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('device_models').where('id', '=', id).execute();
  }
}
