import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { LinkTargetPaths, type LinkRecordKind, type LinkTargetOption } from '@health/contract';
import { api } from '../../../shared/api/client';

/** Query keys of link targets (the pickers' options and saved links' labels). */
export const linkTargetKeys = { all: ['decorate', 'link-targets'] as const };

/** The first records of a kind whose name holds `keyword` (all of them when it is ""). */
export function useLinkTargetSearch(kind: LinkRecordKind | null, keyword: string) {
  return useQuery({
    queryKey: [...linkTargetKeys.all, kind, 'search', keyword],
    queryFn: () =>
      api.get<LinkTargetOption[]>(LinkTargetPaths.options, { params: { kind, keyword } }),
    enabled: kind !== null,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
}

/** Saved targets by id, whatever their state (a saved link's name and whether it still works). */
export function useLinkTargetsByIds(kind: LinkRecordKind | null, ids: readonly number[]) {
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  return useQuery({
    queryKey: [...linkTargetKeys.all, kind, 'ids', sorted.join(',')],
    queryFn: () =>
      api.get<LinkTargetOption[]>(LinkTargetPaths.options, {
        params: { kind, ids: sorted.join(',') },
      }),
    enabled: kind !== null && sorted.length > 0,
    staleTime: 30_000,
  });
}
