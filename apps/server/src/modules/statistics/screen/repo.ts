import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';

/** 大屏链接 and the rows of the large screen's alert feed. */
export class ScreenRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /** The newest alerts (by when raised) with their members' names and provinces (masked by the service). */
  newestAlerts(limit: number) {
    return this.alertRows()
      .orderBy('a.created_at', 'desc')
      .orderBy('a.id', 'desc')
      .limit(limit)
      .execute();
  }

  /** Some alerts by id (the stream's new ones). */
  alertsByIds(ids: readonly number[]) {
    return ids.length === 0
      ? Promise.resolve([])
      : this.alertRows().where('a.id', 'in', ids).orderBy('a.id').execute();
  }

  private alertRows() {
    return this.db
      .selectFrom('measurement_alerts as a')
      .innerJoin('members as m', 'm.id', 'a.member_id')
      .select([
        'a.id',
        'a.created_at',
        'a.level',
        'a.type',
        'a.label',
        'm.name as member_name',
        'm.province',
      ]);
  }

  insertLink(row: {
    name: string;
    note: string;
    token_hash: string;
    expires_at: number;
    created_by: string;
    created_at: number;
  }): Promise<number> {
    return this.db
      .insertInto('screen_links')
      .values(row)
      .returning('id')
      .executeTakeFirstOrThrow()
      .then((r) => Number(r.id));
  }

  linkByHash(tokenHash: string) {
    return this.db
      .selectFrom('screen_links')
      .selectAll()
      .where('token_hash', '=', tokenHash)
      .executeTakeFirst();
  }

  linkById(id: number) {
    return this.db.selectFrom('screen_links').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Every link, newest first (a platform has a handful of screens). */
  links() {
    return this.db.selectFrom('screen_links').selectAll().orderBy('id', 'desc').execute();
  }

  /** Record that a screen fetched through the link. */
  async touch(id: number, at: number): Promise<void> {
    await this.db
      .updateTable('screen_links')
      .set({ last_seen_at: at })
      .where('id', '=', id)
      .execute();
  }

  /** Revoke a link that is not revoked yet; false when it already was. */
  async revoke(id: number, at: number, by: string): Promise<boolean> {
    const result = await this.db
      .updateTable('screen_links')
      .set({ revoked_at: at, revoked_by: by })
      .where('id', '=', id)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }
}
