import { z } from 'zod';
import { fromNumberOrText } from '../ids.js';
import {
  contentBoolean,
  contentIdSchema,
  contentOptionalTime,
  contentText,
  outOfRange,
} from '../content-fields.js';
import { optionalText } from '../list-query.js';
import { listQuerySchema, pageOf } from '../pagination.js';

/**
 * Search configuration of /sysset_setting/search (PRODUCT.md §4): hot words and default search
 * words of the app, and the suggestion list rebuilt from them. Paths are the spec's (§7).
 */
export const SearchPaths = {
  list: '/v3/sys/admin/sysSearch/list',
  info: '/v3/sys/admin/sysSearch/info',
  save: '/v3/sys/admin/sysSearch/save',
  update: '/v3/sys/admin/sysSearch/update',
  delete: '/v3/sys/admin/sysSearch/delete',
  asyncSuggest: '/v3/sys/admin/sysSearch/asyncSuggest',
} as const;

export const SEARCH_WORD_TYPES = ['hot', 'default'] as const;
export type SearchWordType = (typeof SEARCH_WORD_TYPES)[number];
export const SEARCH_WORD_TYPE_LABELS: Record<SearchWordType, string> = {
  hot: '热门搜索词',
  default: '默认搜索词',
};

/** SEARCH_WORD_TYPE_LABELS's English, for the English UI and the operation log. */
export const SEARCH_WORD_TYPE_LABELS_EN: Record<SearchWordType, string> = {
  hot: 'Hot search word',
  default: 'Default search word',
};

export const SEARCH_KEYWORD_MAX = 30;
export const SEARCH_SORT_MAX = 9999;

export const SearchMessages = {
  keywordRequired: '请输入搜索词',
  typeRequired: '请选择类型',
  keywordTaken: '该类型下已存在相同的搜索词',
  validToBeforeFrom: '结束时间必须晚于开始时间',
  notFound: '搜索词不存在或已被删除',
  suggestRebuilt: (count: number) => `联想词已重建，共${count}条`,
} as const;

/** The search word as the API answers it. */
export const searchWordSchema = z.object({
  id: z.number().int(),
  keyword: z.string(),
  type: z.enum(SEARCH_WORD_TYPES),
  sort: z.number().int(),
  enabled: z.boolean(),
  /** Epoch ms; null = no limit. */
  validFrom: z.number().int().nullable(),
  validTo: z.number().int().nullable(),
  /** enabled and inside its validity window right now. */
  effective: z.boolean(),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
});
export type SearchWord = z.infer<typeof searchWordSchema>;

export const searchListQuerySchema = listQuerySchema.extend({
  keyword: optionalText(SEARCH_KEYWORD_MAX),
  type: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum(SEARCH_WORD_TYPES, { error: '类型不正确' }).optional(),
  ),
  enabled: z.preprocess((v) => (v === '' ? undefined : v), contentBoolean('状态不正确').optional()),
});
export type SearchListQuery = z.infer<typeof searchListQuerySchema>;
export const searchListSchema = pageOf(searchWordSchema);

const searchWordFields = {
  keyword: contentText(SearchMessages.keywordRequired, SEARCH_KEYWORD_MAX, '搜索词'),
  type: z.enum(SEARCH_WORD_TYPES, { error: SearchMessages.typeRequired }),
  sort: fromNumberOrText(
    z.coerce
      .number({ error: '排序必须是数字' })
      .int('排序必须是整数')
      .min(0, outOfRange('排序', 0, SEARCH_SORT_MAX))
      .max(SEARCH_SORT_MAX, outOfRange('排序', 0, SEARCH_SORT_MAX))
      .default(0),
  ),
  enabled: contentBoolean('请选择是否启用').default(true),
  validFrom: contentOptionalTime,
  validTo: contentOptionalTime,
};

function checkValidity(
  value: { validFrom: number | null; validTo: number | null },
  ctx: z.RefinementCtx,
): void {
  if (value.validFrom !== null && value.validTo !== null && value.validTo <= value.validFrom) {
    ctx.addIssue({ code: 'custom', path: ['validTo'], message: SearchMessages.validToBeforeFrom });
  }
}

/** POST save (create). */
export const searchSaveRequestSchema = z.object(searchWordFields).superRefine(checkValidity);
export type SearchSaveRequest = z.infer<typeof searchSaveRequestSchema>;

/** POST update: the id and every field (the edit form sends the whole word). */
export const searchUpdateRequestSchema = z
  .object({ id: contentIdSchema, ...searchWordFields })
  .superRefine(checkValidity);
export type SearchUpdateRequest = z.infer<typeof searchUpdateRequestSchema>;

/** POST asyncSuggest: how many suggestion entries the rebuilt list holds. */
export const searchSuggestResultSchema = z.object({
  count: z.number().int(),
  rebuiltAt: z.number().int(),
});
export type SearchSuggestResult = z.infer<typeof searchSuggestResultSchema>;
