import {
  LINK_TARGET_LABELS,
  LINK_TARGET_OPTIONS_MAX,
  LINK_TYPES,
  LinkMessages,
  LinkTargetMessages,
  linkTarget,
  type LinkRecordKind,
  type LinkTargetOption,
  type LinkTargetOptionsQuery,
  type NavLink,
} from '@health/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import type { AppContext } from '../../../platform/context.js';
import { LinkTargetsRepo, type TargetRow, type TargetStatus } from './repo.js';

/** A record a link or a block points to. */
export interface TargetRef {
  kind: LinkRecordKind;
  id: number;
}

/** What a list shows of a link: its target's name (or URL) and why it no longer works. */
export interface LinkDescription {
  /** The record's name or title, the URL of a web link, '' otherwise (or when the record is gone). */
  label: string;
  /** null when the link works. */
  problem: string | null;
}

const MISSING: Record<LinkRecordKind, string> = {
  goods: LinkTargetMessages.goodsMissing,
  topic: LinkTargetMessages.topicMissing,
  packageType: LinkTargetMessages.packageTypeMissing,
  video: LinkTargetMessages.videoMissing,
  notice: LinkTargetMessages.noticeMissing,
};

/** Why a record in this state cannot be linked to (null: it can). */
function problemOf(kind: LinkRecordKind, status: TargetStatus): string | null {
  switch (status) {
    case 'live':
      return null;
    case 'deleted':
      return MISSING[kind];
    case 'offShelf':
      return LinkTargetMessages.goodsOffShelf;
    case 'notApproved':
      return LinkTargetMessages.goodsNotApproved;
    case 'unpublished':
      return LinkTargetMessages.topicUnpublished;
    case 'disabled':
      return kind === 'video'
        ? LinkTargetMessages.videoDisabled
        : LinkTargetMessages.packageTypeDisabled;
    case 'unsent':
      return LinkTargetMessages.noticeUnsent;
    case 'withdrawn':
      return LinkTargetMessages.noticeWithdrawn;
  }
}

/**
 * The targets of links (装修's ad slots and pages): the pickers' options, the names a list shows,
 * and whether each target still exists and is shown to members. Reads in batches: one query per
 * kind of record, whatever the number of links.
 */
export class LinkTargetService {
  private readonly repo: LinkTargetsRepo;

  /** `db`: a transaction to read in (the page publisher's), else the app's database. */
  constructor(ctx: Pick<AppContext, 'db'>, db: Kysely<Database> = ctx.db) {
    this.repo = new LinkTargetsRepo(db);
  }

  /** The picker's options: the given ids (in that order), else the first matches of the keyword. */
  async options(query: LinkTargetOptionsQuery): Promise<LinkTargetOption[]> {
    const toOption = (r: TargetRow): LinkTargetOption => ({
      id: r.id,
      label: r.label,
      live: r.status === 'live',
    });
    if (query.ids.length > 0) {
      const ids = [...new Set(query.ids)];
      const rows = new Map(
        (await this.repo.find(query.kind, { ids, limit: ids.length })).map((r) => [r.id, r]),
      );
      return ids.flatMap((id) => {
        const row = rows.get(id);
        return row ? [toOption(row)] : [];
      });
    }
    const rows = await this.repo.find(query.kind, {
      keyword: query.keyword,
      limit: LINK_TARGET_OPTIONS_MAX,
    });
    return rows.map(toOption);
  }

  /** The records, one query per kind: by kind, by id. */
  private async load(refs: readonly TargetRef[]): Promise<Map<string, TargetRow>> {
    const byKind = new Map<LinkRecordKind, Set<number>>();
    for (const ref of refs) {
      byKind.set(ref.kind, (byKind.get(ref.kind) ?? new Set()).add(ref.id));
    }
    const found = new Map<string, TargetRow>();
    await Promise.all(
      [...byKind].map(async ([kind, ids]) => {
        const rows = await this.repo.find(kind, { ids: [...ids], limit: ids.size });
        for (const row of rows) found.set(`${kind}:${row.id}`, row);
      }),
    );
    return found;
  }

  /** For each record: null when members see it, else why not (in Chinese). */
  async targetProblems(refs: readonly TargetRef[]): Promise<(string | null)[]> {
    const found = await this.load(refs);
    return refs.map((ref) => {
      const row = found.get(`${ref.kind}:${ref.id}`);
      return row ? problemOf(ref.kind, row.status) : MISSING[ref.kind];
    });
  }

  /** For each link: its target's label and, when it no longer works, why. */
  async describe(links: readonly NavLink[]): Promise<LinkDescription[]> {
    const targets = links.map(linkTarget);
    const found = await this.load(targets.filter((t) => t !== null));
    return links.map((link, i) => {
      const takes = LINK_TYPES[link.navType].takes;
      if (takes === 'none') return { label: '', problem: null };
      if (takes === 'url') return { label: link.subContent, problem: null };
      const target = targets[i];
      if (!target)
        return { label: '', problem: LinkMessages.targetRequired(LINK_TARGET_LABELS[takes]) };
      const row = found.get(`${target.kind}:${target.id}`);
      return row
        ? { label: row.label, problem: problemOf(target.kind, row.status) }
        : { label: '', problem: MISSING[target.kind] };
    });
  }

  /**
   * For each link: null when it works (no link, a web address, or a record that exists and is
   * shown to members), else why not in Chinese ("商品已下架"). The page publisher's check.
   */
  async problems(links: readonly NavLink[]): Promise<(string | null)[]> {
    return (await this.describe(links)).map((d) => d.problem);
  }
}
