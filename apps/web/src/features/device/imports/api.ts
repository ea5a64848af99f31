import { useEffect, useRef } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  DeviceImportPaths,
  type DeviceImportBatch,
  type DeviceImportResult,
  type DeviceImportRow,
  type DeviceImportRowFilter,
  type Page,
} from '@health/contract';
import { api } from '../../../shared/api/client';
import { listOf, useInvalidatingMutation } from '../../../shared/api/entity';

/** Query keys of the batch import; an import also changes the device list (['device']). */
export const deviceImportKeys = {
  all: ['device', 'imports'] as const,
  batch: (id: number) => ['device', 'imports', 'batch', id] as const,
  rows: (id: number) => ['device', 'imports', 'rows', id] as const,
};

export const fetchImportBatches = listOf<DeviceImportBatch>(DeviceImportPaths.list);

/** How often the page asks for the progress of a validation. */
const POLL_MS = 1000;

/** One batch, polled while it is validated; the list of batches refreshes when it is done. */
export function useImportBatch(id: number | null) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: deviceImportKeys.batch(id ?? 0),
    queryFn: () => api.get<DeviceImportBatch>(DeviceImportPaths.detail, { params: { id } }),
    enabled: id !== null,
    refetchInterval: (q) => (q.state.data?.status === 'validating' ? POLL_MS : false),
  });
  const status = query.data?.status;
  const previous = useRef(status);
  useEffect(() => {
    if (previous.current === 'validating' && status && status !== 'validating')
      void queryClient.invalidateQueries({ queryKey: [...deviceImportKeys.all, 'list'] });
    previous.current = status;
  }, [status, queryClient]);
  return query;
}

export interface RowsRequest {
  filter: DeviceImportRowFilter;
  current: number;
  pageSize: number;
}

/** A page of a batch's rows; `version` (status and counts) refetches them when the batch moves. */
export function useImportRows(id: number, request: RowsRequest, version: string, enabled: boolean) {
  return useQuery({
    queryKey: [...deviceImportKeys.rows(id), request, version],
    queryFn: () =>
      api.get<Page<DeviceImportRow>>(DeviceImportPaths.rows, { params: { id, ...request } }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

export function useUploadImport() {
  return useInvalidatingMutation(
    (file: File) => {
      const body = new FormData();
      body.append('file', file);
      return api.post<DeviceImportBatch>(DeviceImportPaths.upload, body, {
        bodyType: 'multipart',
        timeoutMs: 5 * 60 * 1000,
      });
    },
    [deviceImportKeys.all],
  );
}

/** Import the valid rows: the batches and the devices refresh. */
export function useRunImport() {
  return useInvalidatingMutation(
    (id: number) =>
      api.request<DeviceImportResult>(DeviceImportPaths.import, {
        method: 'POST',
        body: { id },
        bodyType: 'json',
        timeoutMs: 5 * 60 * 1000,
      }),
    [['device']],
  );
}

export function downloadTemplate(fileName: string) {
  return api.download(DeviceImportPaths.template, { fileName });
}

export function downloadErrors(id: number, fileName: string) {
  return api.download(DeviceImportPaths.errors, { params: { id }, fileName });
}
