import type { InspectionExportQuery } from '@health/contract';
import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import { containsText } from '../../../db/like.js';
import type {
  Database,
  InspectionFilesTable,
  InspectionItemsTable,
  InspectionsTable,
} from '../../../db/schema.js';
import { whereCreatedBetween, whereMember } from '../../../platform/list-filters.js';
import { applySort } from '../../../platform/pagination.js';
import { insertRow, updateRow } from '../../../platform/row-writes.js';

export type InspectionRow = Selectable<InspectionsTable>;
export type InspectionItemRow = Selectable<InspectionItemsTable>;
export type InspectionFileRow = Selectable<InspectionFilesTable>;

const SORT = { reportedAt: 'i.reported_at', createdAt: 'i.created_at' } as const;

/** Queries of lab reports, their items and their files (the only file that touches these tables). */
export class InspectionsRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /** Reports with their member's name and phone, and how many files each has. */
  private joined() {
    return this.db
      .selectFrom('inspections as i')
      .innerJoin('members as m', 'm.id', 'i.member_id')
      .selectAll('i')
      .select(['m.name as member_name', 'm.phone as member_phone'])
      .select((eb) =>
        eb
          .selectFrom('inspection_files as f')
          .whereRef('f.inspection_id', '=', 'i.id')
          .select((e) => e.fn.countAll<number>().as('n'))
          .as('file_count'),
      );
  }

  /** The filtered, sorted query of the list and the export (newest report first by default). */
  query(query: InspectionExportQuery) {
    let q = whereMember(this.joined(), query, 'i.member_id');
    if (query.title) q = q.where(containsText('i.title', query.title));
    if (query.abnormal === true)
      q = q.where((eb) => eb.or([eb('i.high_count', '>', 0), eb('i.low_count', '>', 0)]));
    if (query.abnormal === false) q = q.where('i.high_count', '=', 0).where('i.low_count', '=', 0);
    q = whereCreatedBetween(q, query, 'i.reported_at');
    return applySort(q, query, SORT, { field: 'reportedAt', order: 'descend' }, 'i.id');
  }

  findJoined(id: number) {
    return this.joined().where('i.id', '=', id).executeTakeFirst();
  }

  find(id: number): Promise<InspectionRow | undefined> {
    return this.db.selectFrom('inspections').selectAll().where('id', '=', id).executeTakeFirst();
  }

  items(id: number): Promise<InspectionItemRow[]> {
    return this.db
      .selectFrom('inspection_items')
      .selectAll()
      .where('inspection_id', '=', id)
      .orderBy('sort')
      .orderBy('id')
      .execute();
  }

  /** The items of several reports (an export's batch), in each report's order. */
  itemsOf(ids: readonly number[]): Promise<InspectionItemRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('inspection_items')
      .selectAll()
      .where('inspection_id', 'in', [...ids])
      .orderBy('inspection_id')
      .orderBy('sort')
      .execute();
  }

  files(id: number): Promise<InspectionFileRow[]> {
    return this.db
      .selectFrom('inspection_files')
      .selectAll()
      .where('inspection_id', '=', id)
      .orderBy('sort')
      .orderBy('id')
      .execute();
  }

  findFile(id: number): Promise<InspectionFileRow | undefined> {
    return this.db
      .selectFrom('inspection_files')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
  }

  filesByIds(ids: readonly number[]): Promise<InspectionFileRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('inspection_files')
      .selectAll()
      .where('id', 'in', [...ids])
      .execute();
  }

  insert(values: Insertable<InspectionsTable>): Promise<number> {
    return insertRow(this.db, 'inspections', values);
  }

  update(id: number, values: Updateable<InspectionsTable>): Promise<void> {
    return updateRow(this.db, 'inspections', id, values);
  }

  /** The report's items become these (in this order). */
  async replaceItems(
    id: number,
    items: readonly Omit<Insertable<InspectionItemsTable>, 'inspection_id' | 'sort'>[],
  ): Promise<void> {
    await this.db.deleteFrom('inspection_items').where('inspection_id', '=', id).execute();
    if (items.length === 0) return;
    await this.db
      .insertInto('inspection_items')
      .values(items.map((item, sort) => ({ ...item, inspection_id: id, sort })))
      .execute();
  }

  /**
   * The report's files become these (in this order): each attached with its position, and the ones
   * no longer listed detached. Answers the storage keys of the detached files (to delete).
   */
  async setFiles(id: number, fileIds: readonly number[]): Promise<string[]> {
    const current = await this.files(id);
    const dropped = current.filter((f) => !fileIds.includes(Number(f.id)));
    if (dropped.length > 0) {
      await this.db
        .deleteFrom('inspection_files')
        .where(
          'id',
          'in',
          dropped.map((f) => f.id),
        )
        .execute();
    }
    for (const [sort, fileId] of fileIds.entries()) {
      await this.db
        .updateTable('inspection_files')
        .set({ inspection_id: id, sort })
        .where('id', '=', fileId)
        .execute();
    }
    return dropped.map((f) => f.storage_key);
  }

  insertFile(values: Insertable<InspectionFilesTable>): Promise<number> {
    return insertRow(this.db, 'inspection_files', values);
  }

  /** Delete a report with its items and files; answers the files' storage keys. */
  async delete(id: number): Promise<string[]> {
    const files = await this.files(id);
    await this.db.deleteFrom('inspection_files').where('inspection_id', '=', id).execute();
    await this.db.deleteFrom('inspection_items').where('inspection_id', '=', id).execute();
    await this.db.deleteFrom('inspections').where('id', '=', id).execute();
    return files.map((f) => f.storage_key);
  }
}
