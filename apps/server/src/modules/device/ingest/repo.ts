import { sql, type Kysely } from 'kysely';
import { prepared } from '../../../db/prepared.js';
import type { Database, DeviceModelType, DeviceStatusValue } from '../../../db/schema.js';

/** The device row an upload was authenticated with (DevicesRepo.findForIngest). */
export interface AuthenticatedDevice {
  id: number;
  status: DeviceStatusValue;
  member_id: number | null;
  secret_sealed: string;
  prev_secret_sealed: string | null;
  prev_secret_until: number | null;
  model_type: DeviceModelType;
}

/**
 * Keep a nonce if the device row is still as the upload saw it (run for every reading:
 * db/prepared.ts). One statement does both: an INSERT … SELECT from the device's row under those
 * conditions, with the unique index deciding whether the nonce is new. (The SELECT has a WHERE
 * clause, so SQLite reads the ON CONFLICT as the upsert's; PostgreSQL needs the casts.)
 */
const claimNonce = prepared(
  (
    db,
    p: {
      deviceId: number;
      nonce: string;
      at: number;
      status: DeviceStatusValue;
      memberId: number | null;
      secretSealed: string;
      prevSecretSealed: string | null;
      prevSecretUntil: number | null;
      modelType: DeviceModelType;
    },
  ) =>
    db
      .insertInto('ingest_nonces')
      .columns(['device_id', 'nonce', 'created_at'])
      .expression(
        db
          .selectFrom('devices as d')
          .innerJoin('device_models as dm', 'dm.id', 'd.model_id')
          .select([
            'd.id',
            sql<string>`cast(${p.nonce} as text)`.as('nonce'),
            sql<number>`cast(${p.at} as bigint)`.as('created_at'),
          ])
          .where('d.id', '=', p.deviceId)
          .where('d.status', '=', p.status)
          .where('d.member_id', 'is not distinct from', p.memberId)
          .where('d.secret_sealed', '=', p.secretSealed)
          .where('d.prev_secret_sealed', 'is not distinct from', p.prevSecretSealed)
          .where('d.prev_secret_until', 'is not distinct from', p.prevSecretUntil)
          .where('dm.type', '=', p.modelType),
      )
      .onConflict((oc) => oc.columns(['device_id', 'nonce']).doNothing())
      .returning('id'),
);

/** The nonces of accepted ingest requests (the only file that touches ingest_nonces). */
export class IngestNoncesRepo {
  constructor(private readonly db: Kysely<Database>) {}

  async seen(deviceId: number, nonce: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('ingest_nonces')
      .select('id')
      .where('device_id', '=', deviceId)
      .where('nonce', '=', nonce)
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * Keep the nonce for the device; false when the device used it before (the unique index
   * decides) or when its row is no longer the one given (changed since it was read).
   */
  async claim(device: AuthenticatedDevice, nonce: string, at: number): Promise<boolean> {
    const { rows } = await claimNonce(this.db, {
      deviceId: device.id,
      nonce,
      at,
      status: device.status,
      memberId: device.member_id,
      secretSealed: device.secret_sealed,
      prevSecretSealed: device.prev_secret_sealed,
      prevSecretUntil: device.prev_secret_until,
      modelType: device.model_type,
    });
    return rows.length > 0;
  }

  /** Forget the nonces kept before `before`; how many. */
  async deleteBefore(before: number): Promise<number> {
    const result = await this.db
      .deleteFrom('ingest_nonces')
      .where('created_at', '<', before)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
