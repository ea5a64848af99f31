import { sql } from 'kysely';
import { dialectOf } from '../database.js';
import type { AnyDb } from './helpers.js';

/**
 * The member list's name search without a scan (issue 16): a contains-search (LIKE '%x%') read
 * every one of a million members. member_name_grams holds one row per distinct gram of each
 * member's name — every character and every run of 2 and of 3 adjacent characters, ASCII letters
 * lower-cased — so a 1–3 character search is one index range, and a longer one intersects its
 * triples' members before the exact LIKE confirms them (members/name-search.ts). Triples, not only
 * pairs: a 3-character name confirmed from its two pairs read ~4,000 candidate rows for a capped
 * count at a million members (4.7 ms a request, p99 295 ms at 20 connections); from its triple
 * it reads the index alone.
 *
 * Kept by triggers on members (insert, update of the name or registration time, delete) on both
 * databases, so every writer — the services, log-off anonymisation, demo and bench bulk inserts,
 * raw SQL — keeps it right in the row's own statement and transaction.
 *
 * The primary key (gram, registered_at, member_id) is the list's default order (registered_at
 * desc, id desc) within a gram: a short search reads its page and its capped count from it alone.
 * (gram, member_id) checks one member's triple when intersecting, and serves the pickers (id desc).
 */
export async function up(db: AnyDb): Promise<void> {
  const sqlite = dialectOf(db) === 'sqlite';
  await db.schema
    .createTable('member_name_grams')
    .addColumn('gram', 'text', (c) => c.notNull())
    .addColumn('registered_at', 'bigint', (c) => c.notNull())
    .addColumn('member_id', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('member_name_grams_pk', ['gram', 'registered_at', 'member_id'])
    // SQLite: the table is its primary key's b-tree (no rowid table beside the index).
    .$call((t) => (sqlite ? t.modifyEnd(sql`without rowid`) : t))
    .execute();
  await db.schema
    .createIndex('member_name_grams_member_idx')
    .on('member_name_grams')
    .columns(['gram', 'member_id'])
    .execute();

  if (sqlite) {
    // No CTE is allowed in a trigger: json_each over a JSON array of length(name) zeros numbers
    // the characters (key 0…n-1). lower() folds ASCII only (no ICU), as wanted.
    const grams = (row: 'NEW' | 'OLD', extra: string) => {
      const positions = `json_each('[' || rtrim(replace(hex(zeroblob(length(${row}.name))), '00', '0,'), ',') || ']') AS p`;
      return [1, 2, 3]
        .map(
          (n) => `SELECT substr(lower(${row}.name), p.key + 1, ${n})${extra} FROM ${positions}
            WHERE p.key + ${n} <= length(${row}.name)`,
        )
        .join(' UNION ');
    };
    const insertNew = `INSERT OR IGNORE INTO member_name_grams (gram, registered_at, member_id)
      ${grams('NEW', ', NEW.registered_at, NEW.id')};`;
    const deleteOld = `DELETE FROM member_name_grams
      WHERE member_id = OLD.id AND registered_at = OLD.registered_at AND gram IN (${grams('OLD', '')});`;
    await sql
      .raw(
        `CREATE TRIGGER members_name_grams_insert AFTER INSERT ON members BEGIN ${insertNew} END`,
      )
      .execute(db);
    await sql
      .raw(
        `CREATE TRIGGER members_name_grams_update AFTER UPDATE OF name, registered_at ON members
         WHEN OLD.name IS NOT NEW.name OR OLD.registered_at IS NOT NEW.registered_at
         BEGIN ${deleteOld} ${insertNew} END`,
      )
      .execute(db);
    await sql
      .raw(
        `CREATE TRIGGER members_name_grams_delete AFTER DELETE ON members BEGIN ${deleteOld} END`,
      )
      .execute(db);
    await sql
      .raw(
        `INSERT OR IGNORE INTO member_name_grams (gram, registered_at, member_id)
         SELECT substr(lower(m.name), p.key + 1, k.n), m.registered_at, m.id
         FROM members m,
           json_each('[' || rtrim(replace(hex(zeroblob(length(m.name))), '00', '0,'), ',') || ']') AS p,
           (SELECT 1 AS n UNION ALL SELECT 2 UNION ALL SELECT 3) AS k
         WHERE p.key + k.n <= length(m.name)`,
      )
      .execute(db);
    return;
  }

  // PostgreSQL: translate() folds ASCII only, whatever the database's locale (lower() may not).
  await sql`
    CREATE FUNCTION member_name_grams_of(name text) RETURNS SETOF text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
      SELECT DISTINCT substr(l, i, n)
      FROM (SELECT translate(name, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz') AS l) s,
        generate_series(1, char_length(name)) AS i, (VALUES (1), (2), (3)) AS k(n)
      WHERE i + n - 1 <= char_length(name)
    $$`.execute(db);
  await sql`
    CREATE FUNCTION members_name_grams_sync() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP <> 'INSERT' THEN
        DELETE FROM member_name_grams
        WHERE member_id = OLD.id AND registered_at = OLD.registered_at
          AND gram IN (SELECT member_name_grams_of(OLD.name));
      END IF;
      IF TG_OP <> 'DELETE' THEN
        INSERT INTO member_name_grams (gram, registered_at, member_id)
        SELECT g, NEW.registered_at, NEW.id FROM member_name_grams_of(NEW.name) AS g
        ON CONFLICT DO NOTHING;
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER members_name_grams_insert AFTER INSERT ON members
    FOR EACH ROW EXECUTE FUNCTION members_name_grams_sync()`.execute(db);
  await sql`
    CREATE TRIGGER members_name_grams_update AFTER UPDATE OF name, registered_at ON members
    FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.registered_at IS DISTINCT FROM NEW.registered_at)
    EXECUTE FUNCTION members_name_grams_sync()`.execute(db);
  await sql`
    CREATE TRIGGER members_name_grams_delete AFTER DELETE ON members
    FOR EACH ROW EXECUTE FUNCTION members_name_grams_sync()`.execute(db);
  await sql`
    INSERT INTO member_name_grams (gram, registered_at, member_id)
    SELECT g, m.registered_at, m.id FROM members m, member_name_grams_of(m.name) AS g`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  for (const action of ['insert', 'update', 'delete'])
    await sql
      .raw(
        dialectOf(db) === 'sqlite'
          ? `DROP TRIGGER IF EXISTS members_name_grams_${action}`
          : `DROP TRIGGER IF EXISTS members_name_grams_${action} ON members`,
      )
      .execute(db);
  if (dialectOf(db) === 'postgres') {
    await sql`DROP FUNCTION IF EXISTS members_name_grams_sync()`.execute(db);
    await sql`DROP FUNCTION IF EXISTS member_name_grams_of(text)`.execute(db);
  }
  await db.schema.dropTable('member_name_grams').ifExists().execute();
}
