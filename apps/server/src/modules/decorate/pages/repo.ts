import type { DecoratePageListQuery } from '@health/contract';
import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import { dialectOf } from '../../../db/database.js';
import { containsText } from '../../../db/like.js';
import type {
  Database,
  DecoratePageKind,
  DecoratePagesTable,
  DecoratePageVersionsTable,
  DecoratePreviewLinksTable,
} from '../../../db/schema.js';
import { paginate, type PageRequest } from '../../../platform/pagination.js';
import { insertRow, updateRow } from '../../../platform/row-writes.js';

export type DecoratePageRow = Selectable<DecoratePagesTable>;
export type PageVersionRow = Selectable<DecoratePageVersionsTable>;
export type PreviewLinkRow = Selectable<DecoratePreviewLinksTable>;

/** Queries of the 装修 pages, their versions and preview links (the only file touching them). */
export class DecoratePagesRepo {
  constructor(private readonly db: Kysely<Database>) {}

  list(query: DecoratePageListQuery & PageRequest) {
    let q = this.db.selectFrom('decorate_pages').selectAll().where('kind', '=', query.kind);
    if (query.name) q = q.where(containsText('name', query.name));
    // The enabled page first, then the newest.
    const ordered = q
      .orderBy((eb) => eb.case().when('enabled_kind', 'is', null).then(1).else(0).end())
      .orderBy('id', 'desc');
    return paginate(this.db, ordered, query);
  }

  find(id: number): Promise<DecoratePageRow | undefined> {
    return this.db.selectFrom('decorate_pages').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The enabled page of a one-enabled kind (home, mall). */
  enabledOf(kind: DecoratePageKind): Promise<DecoratePageRow | undefined> {
    return this.db
      .selectFrom('decorate_pages')
      .selectAll()
      .where('enabled_kind', '=', kind)
      .executeTakeFirst();
  }

  /** Topics for a link: the given ids, or those whose name holds `keyword`; published first. */
  topicLinkTargets(filter: { ids?: readonly number[]; keyword?: string; limit: number }) {
    let q = this.db
      .selectFrom('decorate_pages')
      .select(['id', 'name', 'published_version'])
      .where('kind', '=', 'topic');
    if (filter.ids) q = q.where('id', 'in', [...filter.ids]);
    else if (filter.keyword) q = q.where(containsText('name', filter.keyword));
    return q
      .orderBy((eb) => eb.case().when('published_version', 'is', null).then(1).else(0).end())
      .orderBy('id', 'desc')
      .limit(filter.limit)
      .execute();
  }

  /** Pages whose live version links to one of these records (`published_targets_json`). */
  async linkingTo(kind: string, id: number): Promise<{ id: number; name: string; kind: string }[]> {
    const needle = `{"kind":"${kind}","id":${id}}`;
    const rows = await this.db
      .selectFrom('decorate_pages')
      .select(['id', 'name', 'kind', 'published_targets_json'])
      .where('published_version', 'is not', null)
      .where('published_targets_json', 'like', `%${needle}%`)
      .execute();
    return rows.map((r) => ({ id: Number(r.id), name: r.name, kind: r.kind }));
  }

  insert(values: Insertable<DecoratePagesTable>): Promise<number> {
    return insertRow(this.db, 'decorate_pages', values);
  }

  update(id: number, values: Updateable<DecoratePagesTable>): Promise<void> {
    return updateRow(this.db, 'decorate_pages', id, values);
  }

  /**
   * Save the draft only if it is still at `revision`: one conditional UPDATE, so two saves from
   * the same revision cannot both win. Answers whether it was saved.
   */
  async saveDraftIf(
    id: number,
    revision: number,
    values: { draft_json: string; draft_saved_at: number; draft_saved_by: string },
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('decorate_pages')
      .set({ ...values, revision: revision + 1, updated_at: values.draft_saved_at })
      .where('id', '=', id)
      .where('revision', '=', revision)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /**
   * Lock every page of a kind for the rest of the transaction (PostgreSQL, in id order, so two
   * enables of the same kind take turns instead of tripping over the unique index; SQLite runs
   * one writer at a time anyway).
   */
  async lockKind(kind: DecoratePageKind): Promise<void> {
    if (dialectOf(this.db) !== 'postgres') return;
    await this.db
      .selectFrom('decorate_pages')
      .select('id')
      .where('kind', '=', kind)
      .orderBy('id')
      .forUpdate()
      .execute();
  }

  /** Disable the enabled page of a kind (before enabling another, in one transaction). */
  async clearEnabled(kind: DecoratePageKind): Promise<void> {
    await this.db
      .updateTable('decorate_pages')
      .set({ enabled_kind: null })
      .where('enabled_kind', '=', kind)
      .execute();
  }

  /** Delete a page and its versions and links unless it is enabled; whether it was deleted. */
  async deleteUnlessEnabled(id: number): Promise<boolean> {
    const deleted = await this.db
      .deleteFrom('decorate_pages')
      .where('id', '=', id)
      .where('enabled_kind', 'is', null)
      .executeTakeFirst();
    if (Number(deleted.numDeletedRows) === 0) return false;
    await this.db.deleteFrom('decorate_preview_links').where('page_id', '=', id).execute();
    await this.db.deleteFrom('decorate_page_versions').where('page_id', '=', id).execute();
    return true;
  }

  /* ---------------------------------------------------------------- versions */

  insertVersion(values: Insertable<DecoratePageVersionsTable>): Promise<number> {
    return insertRow(this.db, 'decorate_page_versions', values);
  }

  versions(pageId: number) {
    return this.db
      .selectFrom('decorate_page_versions')
      .select(['version', 'revision', 'note', 'published_by', 'published_at'])
      .where('page_id', '=', pageId)
      .orderBy('version', 'desc')
      .execute();
  }

  version(pageId: number, version: number): Promise<PageVersionRow | undefined> {
    return this.db
      .selectFrom('decorate_page_versions')
      .selectAll()
      .where('page_id', '=', pageId)
      .where('version', '=', version)
      .executeTakeFirst();
  }

  /* ----------------------------------------------------------- preview links */

  insertPreview(values: Insertable<DecoratePreviewLinksTable>): Promise<number> {
    return insertRow(this.db, 'decorate_preview_links', values);
  }

  findPreview(id: number): Promise<PreviewLinkRow | undefined> {
    return this.db
      .selectFrom('decorate_preview_links')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
  }

  async revokePreviews(pageId: number, at: number): Promise<number> {
    const result = await this.db
      .updateTable('decorate_preview_links')
      .set({ revoked_at: at })
      .where('page_id', '=', pageId)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', at)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /* -------------------------------------------------------------------- lock */

  /**
   * Take the edit lock when it is free, expired or the caller's own — or always, with `takeOver`:
   * one conditional UPDATE. Answers whether the caller holds it now.
   */
  async takeLock(
    id: number,
    operator: { id: number; name: string },
    now: number,
    until: number,
    takeOver: boolean,
  ): Promise<boolean> {
    let q = this.db
      .updateTable('decorate_pages')
      .set({
        lock_operator_id: operator.id,
        lock_operator_name: operator.name,
        lock_expires_at: until,
      })
      .where('id', '=', id);
    if (!takeOver)
      q = q.where((eb) =>
        eb.or([
          eb('lock_operator_id', 'is', null),
          eb('lock_operator_id', '=', operator.id),
          eb('lock_expires_at', '<=', now),
        ]),
      );
    const result = await q.executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async releaseLock(id: number, operatorId: number): Promise<void> {
    await this.db
      .updateTable('decorate_pages')
      .set({ lock_operator_id: null, lock_operator_name: null, lock_expires_at: null })
      .where('id', '=', id)
      .where('lock_operator_id', '=', operatorId)
      .execute();
  }
}
