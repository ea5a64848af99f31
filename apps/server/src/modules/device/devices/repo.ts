import type { DeviceExportQuery } from '@health/contract';
import { sql, type Insertable, type Kysely, type Selectable, type Updateable } from 'kysely';
import { containsText } from '../../../db/like.js';
import { prepared } from '../../../db/prepared.js';
import type {
  Database,
  DeviceEventsTable,
  DevicesTable,
  DeviceStatusValue,
} from '../../../db/schema.js';
import { whereMember } from '../../../platform/list-filters.js';
import { applySort } from '../../../platform/pagination.js';
import { insertRow } from '../../../platform/row-writes.js';

export type DeviceRow = Selectable<DevicesTable>;

const SORT = {
  createdAt: 'd.created_at',
  lastUploadAt: 'd.last_upload_at',
  serial: 'd.serial',
} as const;

/** A device as the ingest API authenticates it, by serial (run for every reading: db/prepared.ts). */
const deviceForIngest = prepared((db, p: { serial: string }) =>
  db
    .selectFrom('devices as d')
    .innerJoin('device_models as dm', 'dm.id', 'd.model_id')
    .select([
      'd.id',
      'd.serial',
      'd.status',
      'd.member_id',
      'd.secret_sealed',
      'd.prev_secret_sealed',
      'd.prev_secret_until',
      'dm.type as model_type',
    ])
    .where('d.serial', '=', p.serial),
);

// Uploads may arrive out of order: the last upload is the latest measurement time seen.
/** A reading without a battery or firmware report: a write only when it is the latest. */
const markUpload = prepared((db, p: { id: number; at: number }) =>
  db
    .updateTable('devices')
    .set({ last_upload_at: p.at })
    .where('id', '=', p.id)
    .where((eb) => eb.or([eb('last_upload_at', 'is', null), eb('last_upload_at', '<', p.at)])),
);
/** A reading with a report (null: not reported): the report is kept whatever the reading's time. */
const markUploadWithReport = prepared(
  (db, p: { id: number; at: number; battery: number | null; firmware: string | null }) =>
    db
      .updateTable('devices')
      .set({
        last_upload_at: sql<number>`case when last_upload_at is null or last_upload_at < ${p.at} then ${p.at} else last_upload_at end`,
        battery: sql<number>`coalesce(${p.battery}, battery)`,
        firmware: sql<string>`coalesce(${p.firmware}, firmware)`,
      })
      .where('id', '=', p.id),
);

/** Queries of devices and their lifecycle events (the only file that touches these tables). */
export class DevicesRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /** Devices with their model, member and pending returns; `onlineSince` decides `online`. */
  private joined() {
    return this.db
      .selectFrom('devices as d')
      .innerJoin('device_models as dm', 'dm.id', 'd.model_id')
      .leftJoin('members as m', 'm.id', 'd.member_id')
      .selectAll('d')
      .select(['dm.name as model_name', 'dm.type as model_type', 'm.name as member_name'])
      .select('m.phone as member_phone')
      .select((eb) =>
        eb
          .selectFrom('device_returns as r')
          .whereRef('r.device_id', '=', 'd.id')
          .where('r.status', '=', 'pending')
          .select((e) => e.fn.countAll<number>().as('n'))
          .as('pending_returns'),
      );
  }

  /** The filtered, sorted query of the list and the export. */
  query(query: DeviceExportQuery, onlineSince: number) {
    let q = this.joined();
    if (query.serial) q = q.where(containsText('d.serial', query.serial.toUpperCase()));
    if (query.modelId) q = q.where('d.model_id', '=', query.modelId);
    if (query.type) q = q.where('dm.type', '=', query.type);
    if (query.status) q = q.where('d.status', '=', query.status);
    q = whereMember(q, query, 'd.member_id');
    if (query.online === true) q = q.where('d.last_upload_at', '>=', onlineSince);
    if (query.online === false)
      q = q.where((eb) =>
        eb.or([eb('d.last_upload_at', 'is', null), eb('d.last_upload_at', '<', onlineSince)]),
      );
    if (query.pendingReturn !== undefined) {
      const pending = this.db
        .selectFrom('device_returns as r')
        .select('r.id')
        .where('r.device_id', '=', sql<number>`d.id`)
        .where('r.status', '=', 'pending');
      q = q.where((eb) => (query.pendingReturn ? eb.exists(pending) : eb.not(eb.exists(pending))));
    }
    return applySort(q, query, SORT, { field: 'createdAt', order: 'descend' }, 'd.id');
  }

  findJoined(id: number) {
    return this.joined().where('d.id', '=', id).executeTakeFirst();
  }

  ofMember(memberId: number) {
    return this.joined()
      .where('d.member_id', '=', memberId)
      .orderBy('d.bound_at', 'desc')
      .orderBy('d.id', 'desc')
      .execute();
  }

  find(id: number): Promise<DeviceRow | undefined> {
    return this.db.selectFrom('devices').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findBySerial(serial: string): Promise<DeviceRow | undefined> {
    return this.db
      .selectFrom('devices')
      .selectAll()
      .where('serial', '=', serial)
      .executeTakeFirst();
  }

  /** What the ingest API checks of a device: its row and its model's type. */
  async findForIngest(serial: string) {
    const { rows } = await deviceForIngest(this.db, { serial });
    return rows[0];
  }

  /** The serials among these that exist already. */
  async existingSerials(serials: readonly string[]): Promise<Set<string>> {
    if (serials.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('devices')
      .select('serial')
      .where('serial', 'in', serials)
      .execute();
    return new Set(rows.map((r) => r.serial));
  }

  insert(values: Insertable<DevicesTable>): Promise<number> {
    return insertRow(this.db, 'devices', values);
  }

  async update(id: number, values: Updateable<DevicesTable>): Promise<void> {
    await this.db.updateTable('devices').set(values).where('id', '=', id).execute();
  }

  /** A transition's write, only if the device is still in `from` (false: someone moved it). */
  async moveFrom(
    id: number,
    from: DeviceStatusValue,
    values: Updateable<DevicesTable>,
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('devices')
      .set(values)
      .where('id', '=', id)
      .where('status', '=', from)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** What an accepted upload tells about the device. */
  async recordUpload(
    id: number,
    at: number,
    report: { battery?: number | null; firmware?: string | null },
  ): Promise<void> {
    const battery = report.battery ?? null;
    const firmware = report.firmware || null;
    if (battery === null && firmware === null) await markUpload(this.db, { id, at });
    else await markUploadWithReport(this.db, { id, at, battery, firmware });
  }

  async insertEvent(values: Insertable<DeviceEventsTable>): Promise<void> {
    await this.db.insertInto('device_events').values(values).execute();
  }

  /**
   * Devices in bulk (the batch import): a serial that exists already is left alone, whoever added
   * it meanwhile. The added ones with their ids.
   */
  async insertManyNew(
    values: readonly Insertable<DevicesTable>[],
  ): Promise<{ id: number; serial: string }[]> {
    if (values.length === 0) return [];
    const rows = await this.db
      .insertInto('devices')
      .values([...values])
      .onConflict((oc) => oc.column('serial').doNothing())
      .returning(['id', 'serial'])
      .execute();
    return rows.map((r) => ({ id: Number(r.id), serial: r.serial }));
  }

  async insertEvents(values: readonly Insertable<DeviceEventsTable>[]): Promise<void> {
    if (values.length === 0) return;
    await this.db
      .insertInto('device_events')
      .values([...values])
      .execute();
  }

  /** A device's events with the member's name, newest first. */
  events(deviceId: number) {
    return this.db
      .selectFrom('device_events as e')
      .leftJoin('members as m', 'm.id', 'e.member_id')
      .selectAll('e')
      .select('m.name as member_name')
      .where('e.device_id', '=', deviceId)
      .orderBy('e.created_at', 'desc')
      .orderBy('e.id', 'desc')
      .execute();
  }
}

export type JoinedDeviceRow = NonNullable<Awaited<ReturnType<DevicesRepo['findJoined']>>>;
