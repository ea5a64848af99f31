import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';

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
    const row = await this.db
      .insertInto('ingest_nonces')
      .values({ device_id: deviceId, nonce, created_at: at })
      .onConflict((oc) => oc.columns(['device_id', 'nonce']).doNothing())
      .returning('id')
      .executeTakeFirst();
    return row !== undefined;
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
