import type { Kysely, Selectable } from 'kysely';
import type { Database, PayConfigsTable } from '../../../db/schema.js';

export type PayConfigRow = Selectable<PayConfigsTable>;

/** The payment channel rows (secrets stay sealed here; the service opens nothing it returns). */
export class PaymentRepo {
  constructor(private readonly db: Kysely<Database>) {}

  list(): Promise<PayConfigRow[]> {
    return this.db.selectFrom('pay_configs').selectAll().execute();
  }

  find(channel: string): Promise<PayConfigRow | undefined> {
    return this.db
      .selectFrom('pay_configs')
      .selectAll()
      .where('channel', '=', channel)
      .executeTakeFirst();
  }

  async upsert(row: PayConfigRow): Promise<void> {
    const { channel: _key, ...rest } = row;
    await this.db
      .insertInto('pay_configs')
      .values(row)
      .onConflict((oc) => oc.column('channel').doUpdateSet(rest))
      .execute();
  }
}
