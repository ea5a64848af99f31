import {
  SearchPaths,
  type Page,
  type SearchSaveRequest,
  type SearchSuggestResult,
  type SearchWord,
} from '@health/contract';
import { api } from '../../../shared/api/client';
import type { ListParams } from '../../../shared/components/list-page';

/** Query keys of the search-config pages; invalidate the prefix after a change. */
export const searchKeys = { words: ['system', 'search'] as const };

export const fetchSearchWords = (params: ListParams) =>
  api.get<Page<SearchWord>>(SearchPaths.list, { params });

export const fetchSearchWord = (id: string) =>
  api.get<SearchWord>(SearchPaths.info, { params: { id } });

export type SearchWordValues = Omit<SearchSaveRequest, 'validFrom' | 'validTo'> & {
  validFrom: number | null;
  validTo: number | null;
};

export function saveSearchWord(values: SearchWordValues, id: string | null) {
  return id
    ? api.post<{ id: number }>(
        SearchPaths.update,
        { ...values, id: Number(id) },
        { bodyType: 'json' },
      )
    : api.post<{ id: number }>(SearchPaths.save, values, { bodyType: 'json' });
}

export const deleteSearchWords = (ids: readonly number[]) =>
  api.post<{ deleted: number }>(SearchPaths.delete, { ids: [...ids] }, { bodyType: 'json' });

export const rebuildSuggestions = () => api.post<SearchSuggestResult>(SearchPaths.asyncSuggest);
