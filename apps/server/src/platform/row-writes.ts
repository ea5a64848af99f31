import type { Insertable, Kysely, Updateable } from 'kysely';
import type { Database } from '../db/schema.js';

/**
 * The writes every entity repository has, by `id`, on one table:
 *
 *   insert(values: Insertable<SearchWordsTable>): Promise<number> {
 *     return insertRow(this.db, 'search_words', values);
 *   }
 */

/** The tables whose rows have an `id`. */
type EntityTable = {
  [T in keyof Database]: Database[T] extends { id: unknown } ? T : never;
}[keyof Database];

/**
 * Kysely cannot follow a table name that is a type parameter; the functions are typed at their
 * signatures and run on the same instance (or transaction) untyped.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyKysely = Kysely<any>;

/** Insert one row; its new id. */
export async function insertRow<T extends EntityTable>(
  db: Kysely<Database>,
  table: T,
  values: Insertable<Database[T]>,
): Promise<number> {
  const { id } = await (db as AnyKysely)
    .insertInto(table as string)
    .values(values)
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(id);
}

/** Update the row `id`. */
export async function updateRow<T extends EntityTable>(
  db: Kysely<Database>,
  table: T,
  id: number,
  values: Updateable<Database[T]>,
): Promise<void> {
  await (db as AnyKysely)
    .updateTable(table as string)
    .set(values as object)
    .where('id', '=', id)
    .execute();
}

/** Delete the rows `ids`; how many were deleted. */
export async function deleteRows<T extends EntityTable>(
  db: Kysely<Database>,
  table: T,
  ids: readonly number[],
): Promise<number> {
  const result = await (db as AnyKysely)
    .deleteFrom(table as string)
    .where('id', 'in', ids)
    .execute();
  return result.reduce((n, r) => n + Number(r.numDeletedRows), 0);
}
