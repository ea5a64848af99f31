import {
  DeviceCodePaths,
  type DeviceCode,
  type DeviceCodeBatch,
  type DeviceCodeGenerateRequest,
} from '@health/contract';
import { api, download } from '../../../shared/api/client';
import { entityKeys, listOf, useInvalidatingMutation } from '../../../shared/api/entity';

/** Query keys of binding codes; invalidate the prefix after a change. */
export const codeKeys = entityKeys('device', 'codes');

export const fetchCodes = listOf<DeviceCode>(DeviceCodePaths.list);

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
