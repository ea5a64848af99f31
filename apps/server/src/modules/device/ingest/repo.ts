import type { Kysely } from 'kysely';
import { prepared } from '../../../db/prepared.js';
import type { Database } from '../../../db/schema.js';

/** Run for every reading (db/prepared.ts). */
const claimNonce = prepared((db, p: { deviceId: number; nonce: string; at: number }) =>
  db
    .insertInto('ingest_nonces')
    .values({ device_id: p.deviceId, nonce: p.nonce, created_at: p.at })
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

  /** Keep the nonce; false when the device used it before (the unique index decides). */
  async claim(deviceId: number, nonce: string, at: number): Promise<boolean> {
    const { rows } = await claimNonce(this.db, { deviceId, nonce, at });
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
