import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { Page } from '@health/contract';
import type { ListParams } from '../components/list-page/types';
import { api } from './client';

/*
 * The few shapes every entity's api.ts repeats: a list request, "add or update by id" and a
 * mutation that refreshes the entity's queries once it succeeded.
 */

/** The list request of an entity (its list page's `request`). */
export const listOf =
  <T>(path: string) =>
  (params: ListParams): Promise<Page<T>> =>
    api.get<Page<T>>(path, { params });

/** Add (no id) or update (with id) one record, as JSON; resolves with the server's answer. */
export function saveById<R = { id: number }>(
  paths: { add: string; update: string },
  values: object,
  id: number | string | null | undefined,
): Promise<R> {
  return id
    ? api.post<R>(paths.update, { ...values, id: Number(id) }, { bodyType: 'json' })
    : api.post<R>(paths.add, { ...values }, { bodyType: 'json' });
}

/**
 * A mutation that invalidates the given query keys (prefixes) when it succeeds, and resolves once
 * they are fetched again: pages and dialogs never invalidate by hand.
 */
export function useInvalidatingMutation<V, R>(
  mutationFn: (variables: V) => Promise<R>,
  invalidates: readonly QueryKey[],
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () =>
      Promise.all(invalidates.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}

/** The query keys of an entity with a list and an options query: `all` is the prefix to invalidate. */
export const entityKeys = <A extends string, N extends string>(area: A, name: N) => ({
  all: [area, name] as const,
  options: [area, name, 'options'] as const,
});
