import { useQuery } from '@tanstack/react-query';
import {
  InspectionPaths,
  type Inspection,
  type InspectionDetail,
  type InspectionFile,
  type MemberOption,
} from '@health/contract';
import { api, fetchBlob } from '../../../shared/api/client';
import { entityKeys, listOf, saveById, useInvalidatingMutation } from '../../../shared/api/entity';

/** Query keys of lab reports; invalidate the prefix after a change. */
export const inspectionKeys = entityKeys('report', 'inspections');

export const fetchInspections = listOf<Inspection>(InspectionPaths.list);

export function useInspectionDetail(id: number | null) {
  return useQuery({
    queryKey: [...inspectionKeys.all, 'detail', id],
    queryFn: () => api.get<InspectionDetail>(InspectionPaths.detail, { params: { id } }),
    enabled: id !== null,
  });
}

export function useInspectionMemberOptions(keyword: string) {
  return useQuery({
    queryKey: [...inspectionKeys.all, 'memberOptions', keyword],
    queryFn: () => api.get<MemberOption[]>(InspectionPaths.memberOptions, { params: { keyword } }),
    enabled: keyword.trim().length > 0,
    staleTime: 30_000,
  });
}

/** Add or edit a report (JSON: its items and file ids); lists and details refresh. */
export function useSaveInspection(id: number | null) {
  return useInvalidatingMutation(
    (values: object) =>
      saveById({ add: InspectionPaths.add, update: InspectionPaths.update }, values, id),
    [inspectionKeys.all],
  );
}

export function useDeleteInspection() {
  return useInvalidatingMutation(
    (id: number) => api.post<{ id: number }>(InspectionPaths.delete, { id }),
    [inspectionKeys.all],
  );
}

/** Upload one file (multipart); the server checks its type by content and keeps it private. */
export function uploadInspectionFile(file: File): Promise<InspectionFile> {
  const body = new FormData();
  body.append('file', file);
  return api.post<InspectionFile>(InspectionPaths.upload, body, { bodyType: 'multipart' });
}

/** A private file's bytes, read with the session (never a public link). */
export async function inspectionFileBlob(id: number): Promise<Blob> {
  const { blob } = await fetchBlob(InspectionPaths.file, { params: { id }, timeoutMs: 60_000 });
  return blob;
}
