import {
  SEARCH_SORT_MAX,
  SEARCH_WORD_TYPE_LABELS,
  SearchMessages,
  type Page,
  type SearchListQuery,
  type SearchSaveRequest,
  type SearchSuggestResult,
  type SearchWord,
} from '@health/contract';
import type { Actor } from '../../../platform/actor.js';
import { fromDbBool, toDbBool } from '../../../db/values.js';
import { auditedAdd, auditedChange, auditedEdit } from '../../../platform/changes.js';
import type { AppContext } from '../../../platform/context.js';
import { NotFoundError, ValidationError } from '../../../platform/errors.js';
import type { PageRequest } from '../../../platform/pagination.js';
import { SearchRepo, type SearchWordRow } from './repo.js';

const AUDIT_MODULE = 'search';
/** Hot words rank above default words in the suggestion list. */
const HOT_WEIGHT = SEARCH_SORT_MAX + 1;

function isEffective(row: SearchWordRow, now: number): boolean {
  const from = row.valid_from === null ? null : Number(row.valid_from);
  const to = row.valid_to === null ? null : Number(row.valid_to);
  return fromDbBool(row.enabled) && (from === null || from <= now) && (to === null || to > now);
}

function toWord(row: SearchWordRow, now: number): SearchWord {
  return {
    id: Number(row.id),
    keyword: row.keyword,
    type: row.type,
    sort: Number(row.sort),
    enabled: fromDbBool(row.enabled),
    validFrom: row.valid_from === null ? null : Number(row.valid_from),
    validTo: row.valid_to === null ? null : Number(row.valid_to),
    effective: isEffective(row, now),
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
}

/** What the operation log keeps of a word. */
function snapshot(word: Omit<SearchSaveRequest, never> & { id: number }) {
  return {
    id: word.id,
    keyword: word.keyword,
    type: word.type,
    sort: word.sort,
    enabled: word.enabled,
    validFrom: word.validFrom,
    validTo: word.validTo,
  };
}

const target = (word: { keyword: string; type: SearchWord['type'] }) =>
  `${SEARCH_WORD_TYPE_LABELS[word.type]} ${word.keyword}`;

/** Hot and default search words (/sysset_setting/search) and the suggestion list. */
export class SearchService {
  private readonly repo: SearchRepo;

  constructor(private readonly ctx: AppContext) {
    this.repo = new SearchRepo(ctx.db);
  }

  async list(query: SearchListQuery & PageRequest): Promise<Page<SearchWord>> {
    const page = await this.repo.list(query);
    const now = this.ctx.now();
    return { list: page.list.map((row) => toWord(row, now)), pagination: page.pagination };
  }

  private async load(id: number): Promise<SearchWordRow> {
    const row = await this.repo.find(id);
    if (!row) throw new NotFoundError(SearchMessages.notFound);
    return row;
  }

  async info(id: number): Promise<SearchWord> {
    return toWord(await this.load(id), this.ctx.now());
  }

  private async assertKeywordFree(input: SearchSaveRequest, exceptId?: number): Promise<void> {
    const other = await this.repo.findByKeyword(input.type, input.keyword);
    if (other && Number(other.id) !== exceptId) {
      throw ValidationError.field('keyword', SearchMessages.keywordTaken);
    }
  }

  private static columns(input: SearchSaveRequest) {
    return {
      keyword: input.keyword,
      type: input.type,
      sort: input.sort,
      enabled: toDbBool(input.enabled),
      valid_from: input.validFrom,
      valid_to: input.validTo,
    };
  }

  async save(actor: Actor, input: SearchSaveRequest): Promise<number> {
    await this.assertKeywordFree(input);
    const at = this.ctx.now();
    return auditedAdd(
      this.ctx,
      actor,
      {
        module: AUDIT_MODULE,
        target: target(input),
        insert: (trx) =>
          new SearchRepo(trx).insert({
            ...SearchService.columns(input),
            created_at: at,
            updated_at: at,
          }),
        after: (id) => snapshot({ id, ...input }),
      },
      () => ValidationError.field('keyword', SearchMessages.keywordTaken),
    );
  }

  async update(actor: Actor, id: number, input: SearchSaveRequest): Promise<void> {
    const row = await this.load(id);
    await this.assertKeywordFree(input, id);
    const before = toWord(row, this.ctx.now());
    await auditedEdit(
      this.ctx,
      actor,
      {
        module: AUDIT_MODULE,
        target: target(before),
        before: snapshot(before),
        after: snapshot({ id, ...input }),
        update: (trx) =>
          new SearchRepo(trx).update(id, {
            ...SearchService.columns(input),
            updated_at: this.ctx.now(),
          }),
      },
      () => ValidationError.field('keyword', SearchMessages.keywordTaken),
    );
  }

  /** Delete one or several words; every id must exist. */
  async delete(actor: Actor, ids: readonly number[]): Promise<number> {
    const unique = [...new Set(ids)];
    const rows = await this.repo.findMany(unique);
    if (rows.length !== unique.length) throw new NotFoundError(SearchMessages.notFound);
    const now = this.ctx.now();
    return this.ctx.db.transaction().execute(async (trx) => {
      const deleted = await new SearchRepo(trx).deleteMany(unique);
      for (const row of rows) {
        const word = toWord(row, now);
        await this.ctx.audit.record(
          actor,
          { module: AUDIT_MODULE, action: 'delete', target: target(word), before: snapshot(word) },
          trx,
        );
      }
      return deleted;
    });
  }

  /**
   * Rebuild the suggestion list from the enabled words valid right now: one entry per distinct
   * keyword, hot words weighted above default ones, smaller sort above larger.
   */
  async rebuildSuggestions(actor: Actor): Promise<SearchSuggestResult> {
    const at = this.ctx.now();
    return auditedChange(this.ctx, actor, async (trx) => {
      const repo = new SearchRepo(trx);
      const words = await repo.effectiveWords(at);
      const byKeyword = new Map<string, { weight: number; types: Set<string> }>();
      for (const w of words) {
        const weight = (w.type === 'hot' ? HOT_WEIGHT : 0) + SEARCH_SORT_MAX - Number(w.sort);
        const entry = byKeyword.get(w.keyword);
        if (entry) {
          entry.weight = Math.max(entry.weight, weight);
          entry.types.add(w.type);
        } else {
          byKeyword.set(w.keyword, { weight, types: new Set([w.type]) });
        }
      }
      const entries = [...byKeyword].map(([keyword, e]) => ({
        keyword,
        weight: e.weight,
        sourceTypes: [...e.types].sort().join(','),
      }));
      const count = await repo.replaceSuggestions(entries, at);
      return {
        result: { count, rebuiltAt: at },
        entry: {
          module: AUDIT_MODULE,
          action: 'suggest',
          target: '搜索联想词',
          after: { count, keywords: entries.slice(0, 50).map((e) => e.keyword) },
          message: SearchMessages.suggestRebuilt(count),
        },
      };
    });
  }
}
