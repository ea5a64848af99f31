import { withId, type AnyDb } from './helpers.js';

/**
 * 装修 (issue 33): health videos, ad slots, and the page builder's pages — home pages, topics and
 * the mall's home — each a draft with a revision, immutable published versions and preview links.
 */
export async function up(db: AnyDb): Promise<void> {
  await withId(db, db.schema.createTable('decorate_videos'))
    .addColumn('title', 'text', (c) => c.notNull())
    /** Contract decorate/videos.ts VIDEO_CATEGORIES. */
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('cover', 'text', (c) => c.notNull())
    /** An https URL or an uploaded MP4 ("/uploads/…"). */
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('duration_s', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('decorate_videos_list_idx')
    .on('decorate_videos')
    .columns(['enabled', 'category', 'sort'])
    .execute();

  await withId(db, db.schema.createTable('decorate_adverts'))
    /** Contract decorate/adverts.ts ADVERT_POSITIONS. */
    .addColumn('position', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('image', 'text', (c) => c.notNull())
    /** The link (contract decorate/links.ts). */
    .addColumn('nav_type', 'text', (c) => c.notNull())
    .addColumn('sub_content', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('start_at', 'bigint', (c) => c.notNull())
    .addColumn('end_at', 'bigint', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('decorate_adverts_live_idx')
    .on('decorate_adverts')
    .columns(['position', 'enabled', 'start_at'])
    .execute();

  await withId(db, db.schema.createTable('decorate_pages'))
    /** home | topic | mall. */
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    /**
     * The kind while this page is the enabled one of a one-enabled kind (home, mall), else null:
     * the unique index below keeps exactly one enabled page per kind, whatever runs concurrently.
     */
    .addColumn('enabled_kind', 'text')
    /** JSON: the draft's page document (contract decorate/pages.ts). */
    .addColumn('draft_json', 'text', (c) => c.notNull())
    /** Grows by one with every saved draft; a save names the revision it started from. */
    .addColumn('revision', 'bigint', (c) => c.notNull().defaultTo(1))
    .addColumn('draft_saved_at', 'bigint', (c) => c.notNull())
    .addColumn('draft_saved_by', 'text', (c) => c.notNull())
    /** The latest published version's number and the draft revision it was made from. */
    .addColumn('published_version', 'bigint')
    .addColumn('published_revision', 'bigint')
    .addColumn('published_at', 'bigint')
    .addColumn('published_by', 'text')
    /** JSON: [{ kind, id }] the published version links to (the 链接失效 marks). */
    .addColumn('published_targets_json', 'text', (c) => c.notNull().defaultTo('[]'))
    /** 定时发布: when, and the revision it will publish. */
    .addColumn('scheduled_at', 'bigint')
    .addColumn('scheduled_revision', 'bigint')
    /** Who scheduled it: the publish is theirs in the operation log. */
    .addColumn('scheduled_by_id', 'bigint')
    .addColumn('scheduled_by', 'text')
    /** The edit lock: who holds it and until when (renewed by the builder's heartbeat). */
    .addColumn('lock_operator_id', 'bigint')
    .addColumn('lock_operator_name', 'text')
    .addColumn('lock_expires_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('decorate_pages_one_enabled')
    .on('decorate_pages')
    .column('enabled_kind')
    .unique()
    .execute();
  await db.schema
    .createIndex('decorate_pages_kind_idx')
    .on('decorate_pages')
    .columns(['kind', 'id'])
    .execute();

  await withId(db, db.schema.createTable('decorate_page_versions'))
    .addColumn('page_id', 'bigint', (c) =>
      c.notNull().references('decorate_pages.id').onDelete('cascade'),
    )
    .addColumn('version', 'bigint', (c) => c.notNull())
    /** The draft revision it was published from. */
    .addColumn('revision', 'bigint', (c) => c.notNull())
    .addColumn('document_json', 'text', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('published_by', 'text', (c) => c.notNull())
    .addColumn('published_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('decorate_page_versions_page_version', ['page_id', 'version'])
    .execute();

  await withId(db, db.schema.createTable('decorate_preview_links'))
    .addColumn('page_id', 'bigint', (c) =>
      c.notNull().references('decorate_pages.id').onDelete('cascade'),
    )
    /** The draft as it was when the link was made: the link shows exactly that. */
    .addColumn('revision', 'bigint', (c) => c.notNull())
    .addColumn('document_json', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('revoked_at', 'bigint')
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('decorate_preview_links_page_idx')
    .on('decorate_preview_links')
    .column('page_id')
    .execute();
}
