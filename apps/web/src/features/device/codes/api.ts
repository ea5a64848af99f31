import { useQuery } from '@tanstack/react-query';
import {
  DeviceCodePaths,
  DeviceModelPaths,
  type DeviceCode,
  type DeviceCodeBatch,
  type DeviceCodeGenerateRequest,
  type DeviceModelOption,
} from '@health/contract';
import { api, download } from '../../../shared/api/client';
import { entityKeys, listOf, useInvalidatingMutation } from '../../../shared/api/entity';

/** Query keys of binding codes; invalidate the prefix after a change. */
export const codeKeys = entityKeys('device', 'codes');
/** The device models' options (the same key as the models page's, so they share the cache). */
const modelOptionKeys = entityKeys('device', 'models').options;

export const fetchCodes = listOf<DeviceCode>(DeviceCodePaths.list);

export function useModelOptions() {
  return useQuery({
    queryKey: modelOptionKeys,
    queryFn: () => api.get<DeviceModelOption[]>(DeviceModelPaths.options),
    staleTime: 60_000,
  });
}

export function useGenerateCodes() {
  return useInvalidatingMutation(
    (values: DeviceCodeGenerateRequest) =>
      api.post<DeviceCodeBatch>(DeviceCodePaths.add, { ...values }, { bodyType: 'json' }),
    [codeKeys.all],
  );
}

/** Void a selection (`ids`) or a whole batch's unused codes (`batchNo`). */
export function useVoidCodes() {
  return useInvalidatingMutation(
    (selection: { ids?: number[]; batchNo?: string }) =>
      api.post<{ voided: number }>(DeviceCodePaths.void, selection, { bodyType: 'json' }),
    [codeKeys.all],
  );
}

/** Download the label sheet (PDF) of a batch or a selection; resolves with the file's name. */
export function printCodes(selection: { ids?: number[]; batchNo?: string }): Promise<string> {
  const params = selection.batchNo
    ? { batchNo: selection.batchNo }
    : { ids: (selection.ids ?? []).join(',') };
  return download(DeviceCodePaths.print, { params, fileName: 'binding-codes.pdf' });
}
