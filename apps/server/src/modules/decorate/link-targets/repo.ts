import type { LinkRecordKind } from '@health/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import { fromDbBool } from '../../../db/values.js';
import { GoodsRepo } from '../../integralmall/goods/repo.js';
import { PackageTypesRepo } from '../../integralmall/package-types/repo.js';
import { NoticeRepo } from '../../member/notices/repo.js';
import { DecoratePagesRepo } from '../pages/repo.js';
import { VideoRepo } from '../videos/repo.js';

/** Why a record cannot be linked to, or `live` when members see it (the service words it). */
export type TargetStatus =
  | 'live'
  | 'deleted'
  | 'offShelf'
  | 'notApproved'
  | 'unpublished'
  | 'disabled'
  | 'unsent'
  | 'withdrawn';

/** A record a link may point to: its id, its name or title and whether members see it. */
export interface TargetRow {
  id: number;
  label: string;
  status: TargetStatus;
}

/** Which records of a kind: these ids (whatever their state), else a search by name; at most `limit`. */
export interface TargetFilter {
  ids?: readonly number[];
  keyword?: string;
  limit: number;
}

/**
 * The records links point to, one query per kind, read through their owners' repositories.
 */
export class LinkTargetsRepo {
  constructor(private readonly db: Kysely<Database>) {}

  find(kind: LinkRecordKind, filter: TargetFilter): Promise<TargetRow[]> {
    if (filter.ids && filter.ids.length === 0) return Promise.resolve([]);
    switch (kind) {
      case 'goods':
        return this.goods(filter);
      case 'packageType':
        return this.packageTypes(filter);
      case 'notice':
        return this.notices(filter);
      case 'topic':
        return this.topics(filter);
      case 'video':
        return this.videos(filter);
    }
  }

  private async goods(filter: TargetFilter): Promise<TargetRow[]> {
    const rows = await new GoodsRepo(this.db).linkTargets(filter);
    return rows.map((r) => ({
      id: Number(r.id),
      label: r.name,
      status:
        r.deleted_at !== null
          ? 'deleted'
          : r.review_status === 'pending' || r.review_status === 'rejected'
            ? 'notApproved'
            : fromDbBool(r.on_shelf)
              ? 'live'
              : 'offShelf',
    }));
  }

  private async packageTypes(filter: TargetFilter): Promise<TargetRow[]> {
    const rows = await new PackageTypesRepo(this.db).linkTargets(filter);
    return rows.map((r) => ({
      id: Number(r.id),
      label: r.name,
      status: fromDbBool(r.enabled) ? 'live' : 'disabled',
    }));
  }

  private async notices(filter: TargetFilter): Promise<TargetRow[]> {
    const rows = await new NoticeRepo(this.db).linkTargets(filter);
    return rows.map((r) => ({
      id: Number(r.id),
      label: r.title,
      status: r.status === 'sent' ? 'live' : r.status === 'withdrawn' ? 'withdrawn' : 'unsent',
    }));
  }

  /** Topic pages: live once a version is published. */
  private async topics(filter: TargetFilter): Promise<TargetRow[]> {
    const rows = await new DecoratePagesRepo(this.db).topicLinkTargets(filter);
    return rows.map((r) => ({
      id: Number(r.id),
      label: r.name,
      status: r.published_version === null ? 'unpublished' : 'live',
    }));
  }

  /** Health videos: live while enabled. */
  private async videos(filter: TargetFilter): Promise<TargetRow[]> {
    const rows = await new VideoRepo(this.db).linkTargets(filter);
    return rows.map((r) => ({
      id: Number(r.id),
      label: r.title,
      status: fromDbBool(r.enabled) ? 'live' : 'disabled',
    }));
  }
}
