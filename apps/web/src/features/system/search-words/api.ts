import {
  SearchPaths,
  type SearchSaveRequest,
  type SearchSuggestResult,
  type SearchWord,
} from '@health/contract';
import { api } from '../../../shared/api/client';
import { listOf, saveById, useInvalidatingMutation } from '../../../shared/api/entity';

/** Query keys of the search-config pages; invalidate the prefix after a change. */
export const searchKeys = { words: ['system', 'search'] as const };

export const fetchSearchWords = listOf<SearchWord>(SearchPaths.list);

export const fetchSearchWord = (id: string) =>
  api.get<SearchWord>(SearchPaths.info, { params: { id } });

export type SearchWordValues = Omit<SearchSaveRequest, 'validFrom' | 'validTo'> & {
  validFrom: number | null;
  validTo: number | null;
};

export const saveSearchWord = (values: SearchWordValues, id: string | null) =>
  saveById({ add: SearchPaths.save, update: SearchPaths.update }, values, id);

export function useDeleteSearchWords() {
  return useInvalidatingMutation(
    (ids: readonly number[]) =>
      api.post<{ deleted: number }>(SearchPaths.delete, { ids: [...ids] }, { bodyType: 'json' }),
    [searchKeys.words],
  );
}

export const rebuildSuggestions = () => api.post<SearchSuggestResult>(SearchPaths.asyncSuggest);
