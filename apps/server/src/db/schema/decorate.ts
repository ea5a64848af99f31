import type { Generated } from 'kysely';
import type { DbBool, EpochMs } from './common.js';

/** 装修's tables (migration 0025): contract decorate/*. */

export type DecoratePageKind = 'home' | 'topic' | 'mall';

export interface DecorateVideosTable {
  id: Generated<number>;
  title: string;
  category: string;
  cover: string;
  url: string;
  duration_s: Generated<number>;
  description: Generated<string>;
  sort: Generated<number>;
  enabled: Generated<DbBool>;
  created_at: EpochMs;
  updated_at: EpochMs;
}

export interface DecorateAdvertsTable {
  id: Generated<number>;
  position: string;
  title: string;
  image: string;
  nav_type: string;
  sub_content: Generated<string>;
  start_at: EpochMs;
  end_at: EpochMs;
  sort: Generated<number>;
  enabled: Generated<DbBool>;
  created_at: EpochMs;
  updated_at: EpochMs;
}

export interface DecoratePagesTable {
  id: Generated<number>;
  kind: DecoratePageKind;
  name: string;
  /** = kind while enabled (home, mall); null otherwise. Unique. */
  enabled_kind: DecoratePageKind | null;
  draft_json: string;
  revision: Generated<number>;
  draft_saved_at: EpochMs;
  draft_saved_by: string;
  published_version: number | null;
  published_revision: number | null;
  published_at: EpochMs | null;
  published_by: string | null;
  published_targets_json: Generated<string>;
  scheduled_at: EpochMs | null;
  scheduled_revision: number | null;
  scheduled_by_id: number | null;
  scheduled_by: string | null;
  lock_operator_id: number | null;
  lock_operator_name: string | null;
  lock_expires_at: EpochMs | null;
  created_at: EpochMs;
  updated_at: EpochMs;
}

export interface DecoratePageVersionsTable {
  id: Generated<number>;
  page_id: number;
  version: number;
  revision: number;
  document_json: string;
  note: Generated<string>;
  published_by: string;
  published_at: EpochMs;
}

export interface DecoratePreviewLinksTable {
  id: Generated<number>;
  page_id: number;
  revision: number;
  document_json: string;
  expires_at: EpochMs;
  revoked_at: EpochMs | null;
  created_by: string;
  created_at: EpochMs;
}

export interface DecorateTables {
  decorate_videos: DecorateVideosTable;
  decorate_adverts: DecorateAdvertsTable;
  decorate_pages: DecoratePagesTable;
  decorate_page_versions: DecoratePageVersionsTable;
  decorate_preview_links: DecoratePreviewLinksTable;
}
