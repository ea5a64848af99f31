import type { Insertable, Kysely } from 'kysely';
import type { Database, UploadsTable } from '../../../db/schema.js';

/** The uploads table: one row per stored file (who, when, content hash). */
export class UploadRepo {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(row: Insertable<UploadsTable>): Promise<number> {
    const { id } = await this.db
      .insertInto('uploads')
      .values(row)
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  }
}
