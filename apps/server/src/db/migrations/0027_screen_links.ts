import { withId, type AnyDb } from './helpers.js';

/**
 * 大屏链接 (modules/statistics/screen): named links that open 数字大屏 on a wall screen without a
 * login. Only the SHA-256 of a link's token is stored; a link is refused once expired or revoked.
 * last_seen_at is written at most once a minute, when a screen fetches through the link.
 */
export async function up(db: AnyDb): Promise<void> {
  await withId(db, db.schema.createTable('screen_links'))
    .addColumn('name', 'varchar(60)', (c) => c.notNull())
    .addColumn('note', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_seen_at', 'bigint')
    .addColumn('revoked_at', 'bigint')
    .addColumn('revoked_by', 'text')
    .execute();
}
