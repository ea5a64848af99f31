import { useQuery } from '@tanstack/react-query';
import {
  DecoratePagePaths,
  type DecoratePageDetail,
  type DecoratePageRow,
  type LinkedByAnswer,
  type PageDocument,
  type PageKind,
  type PageVersionRow,
  type PreviewLink,
  type ResolvedRecords,
} from '@health/contract';
import { api } from '../../../shared/api/client';
import { listOf, useInvalidatingMutation } from '../../../shared/api/entity';

/** Query keys of the 装修 pages; `all` is the prefix every change invalidates. */
export const pageKeys = {
  all: ['decorate', 'pages'] as const,
  /** The lists (what the builder's saves refresh; not the builder's own copy of the draft). */
  list: ['decorate', 'pages', 'list'] as const,
  detail: (id: number) => ['decorate', 'pages', 'detail', id] as const,
  versions: (id: number) => ['decorate', 'pages', 'versions', id] as const,
  version: (id: number, version: number) => ['decorate', 'pages', 'version', id, version] as const,
};

const json = { bodyType: 'json' } as const;

export const fetchPages = listOf<DecoratePageRow>(DecoratePagePaths.list);

export const fetchPage = (id: number) =>
  api.get<DecoratePageDetail>(DecoratePagePaths.detail, { params: { id } });

export function usePageVersions(id: number, enabled: boolean) {
  return useQuery({
    queryKey: pageKeys.versions(id),
    queryFn: () => api.get<PageVersionRow[]>(DecoratePagePaths.versions, { params: { id } }),
    enabled,
  });
}

export const fetchVersion = (id: number, version: number) =>
  api.get<PageVersionRow & { document: PageDocument }>(DecoratePagePaths.version, {
    params: { id, version },
  });

/** The goods, videos and packages a draft's blocks show (debounced by the builder). */
export const resolveRecords = (document: PageDocument, signal?: AbortSignal) =>
  api.post<ResolvedRecords>(
    DecoratePagePaths.resolve,
    { document },
    { ...json, signal, silent: true },
  );

const post =
  <V extends object, R = unknown>(path: string) =>
  (values: V) =>
    api.post<R>(path, values as Record<string, unknown>, json);

export const useAddPage = () =>
  useInvalidatingMutation(
    post<{ kind: PageKind; name: string }, { id: number }>(DecoratePagePaths.add),
    [pageKeys.all],
  );
export const useCopyPage = () =>
  useInvalidatingMutation(post<{ id: number }, { id: number }>(DecoratePagePaths.copy), [
    pageKeys.all,
  ]);
export const useRenamePage = () =>
  useInvalidatingMutation(post<{ id: number; name: string }>(DecoratePagePaths.rename), [
    pageKeys.all,
  ]);
export const useDeletePage = () =>
  useInvalidatingMutation(post<{ id: number }, LinkedByAnswer>(DecoratePagePaths.delete), [
    pageKeys.all,
  ]);
export const useEnablePage = () =>
  useInvalidatingMutation(post<{ id: number }>(DecoratePagePaths.enable), [pageKeys.all]);
export const useRollback = () =>
  useInvalidatingMutation(
    post<{ id: number; version: number }, { revision: number }>(DecoratePagePaths.rollback),
    [pageKeys.all],
  );
export const useUnschedule = () =>
  useInvalidatingMutation(post<{ id: number }>(DecoratePagePaths.unschedule), [pageKeys.all]);
export const useRevokePreview = () =>
  useInvalidatingMutation(
    post<{ id: number }, { revoked: number }>(DecoratePagePaths.revokePreview),
    [pageKeys.all],
  );

/**
 * The builder's calls: it answers their refusals itself (a stale save, the problems of a
 * publish), so they are silent; each refreshes the page lists once it succeeded.
 */
export const useSaveDraft = () =>
  useInvalidatingMutation(
    (values: { id: number; revision: number; document: PageDocument }) =>
      api.post<{ revision: number }>(DecoratePagePaths.saveDraft, values, {
        ...json,
        silent: true,
      }),
    [pageKeys.all],
  );
export const usePublishPage = () =>
  useInvalidatingMutation(
    (values: { id: number; revision: number; note: string }) =>
      api.post<{ version: number }>(DecoratePagePaths.publish, values, { ...json, silent: true }),
    [pageKeys.list, ['decorate', 'pages', 'versions']],
  );
export const useSchedulePage = () =>
  useInvalidatingMutation(
    (values: { id: number; revision: number; note: string; at: number }) =>
      api.post<unknown>(DecoratePagePaths.schedule, values, { ...json, silent: true }),
    [pageKeys.list],
  );
export const makePreviewLink = (id: number) =>
  api.post<PreviewLink>(DecoratePagePaths.previewLink, { id }, json);
export const takeLock = (id: number, takeOver = false) =>
  api.post<{ expiresAt: number }>(
    DecoratePagePaths.lock,
    { id, takeOver },
    { ...json, silent: true },
  );
export const releaseLock = (id: number) =>
  api.post<unknown>(DecoratePagePaths.unlock, { id }, { ...json, silent: true });
