import type { Insertable, Kysely } from 'kysely';
import type { Database, DeviceReturnsTable } from '../../../db/schema.js';
import { toNumber } from '../../../db/values.js';
import { insertRow } from '../../../platform/row-writes.js';

/** Queries of the returns members file (the only file that touches device_returns). */
export class DeviceReturnsRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /** A device's returns with the member's name, newest first. */
  ofDevice(deviceId: number) {
    return this.db
      .selectFrom('device_returns as r')
      .innerJoin('devices as d', 'd.id', 'r.device_id')
      .leftJoin('members as m', 'm.id', 'r.member_id')
      .selectAll('r')
      .select(['d.serial', 'm.name as member_name'])
      .where('r.device_id', '=', deviceId)
      .orderBy('r.filed_at', 'desc')
      .orderBy('r.id', 'desc')
      .execute();
  }

  /** The return of this device already filed with this tracking number (a repeated filing). */
  findFiled(deviceId: number, trackingNo: string) {
    return this.db
      .selectFrom('device_returns')
      .selectAll()
      .where('device_id', '=', deviceId)
      .where('tracking_no', '=', trackingNo)
      .orderBy('id')
      .executeTakeFirst();
  }

  insert(values: Insertable<DeviceReturnsTable>): Promise<number> {
    return insertRow(this.db, 'device_returns', values);
  }

  /** Devices with a return filed and not yet received (the overview's to-do). */
  async pendingDeviceCount(): Promise<number> {
    const row = await this.db
      .selectFrom('device_returns')
      .select((eb) => eb.fn.count<number>('device_id').distinct().as('n'))
      .where('status', '=', 'pending')
      .executeTakeFirst();
    return toNumber(row?.n);
  }

  /** The device came back: its pending returns are received. */
  async receiveAll(deviceId: number, at: number, by: string): Promise<number> {
    const result = await this.db
      .updateTable('device_returns')
      .set({ status: 'received', handled_at: at, handled_by: by })
      .where('device_id', '=', deviceId)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /** Pending returns with the device's serial and status and the member, the oldest first. */
  pending(limit: number) {
    return this.db
      .selectFrom('device_returns as r')
      .innerJoin('devices as d', 'd.id', 'r.device_id')
      .leftJoin('members as m', 'm.id', 'r.member_id')
      .selectAll('r')
      .select([
        'd.serial',
        'd.status as device_status',
        'm.name as member_name',
        'm.phone as member_phone',
      ])
      .where('r.status', '=', 'pending')
      .orderBy('r.filed_at')
      .orderBy('r.id')
      .limit(limit)
      .execute();
  }

  /** Pending returns (rows, not devices). */
  async pendingCount(): Promise<number> {
    const row = await this.db
      .selectFrom('device_returns')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', '=', 'pending')
      .executeTakeFirst();
    return toNumber(row?.n);
  }

  /** A pending return (none when unknown or received already). */
  findPending(id: number) {
    return this.db
      .selectFrom('device_returns')
      .select(['id', 'device_id'])
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .executeTakeFirst();
  }
}

export type DeviceReturnRow = Awaited<ReturnType<DeviceReturnsRepo['ofDevice']>>[number];
