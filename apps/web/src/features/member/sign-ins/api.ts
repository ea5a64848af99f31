import { useQuery } from '@tanstack/react-query';
import {
  NoticePaths,
  SignPaths,
  type Notice,
  type NoticeListItem,
  type NoticeSaveRequest,
  type NoticeTargetOptions,
  type Page,
  type SignCheckInResult,
  type SignDailyCounts,
  type SignRecord,
} from '@health/contract';
import { api } from '../../../shared/api/client';

export const signKeys = {
  records: ['sign', 'records'] as const,
  daily: (start: string, end: string) => ['sign', 'daily', start, end] as const,
  notices: ['sign', 'notices'] as const,
  targetOptions: ['sign', 'notice-targets'] as const,
};

export function fetchRecords(params: Record<string, unknown>) {
  return api.get<Page<SignRecord>>(SignPaths.recordList, { params });
}

export function useDailyCounts(start: string, end: string) {
  return useQuery({
    queryKey: signKeys.daily(start, end),
    queryFn: () => api.get<SignDailyCounts>(SignPaths.dailyCounts, { params: { start, end } }),
  });
}

/** Check a member in by phone; resolves with the server's message ("签到成功，…"). */
export async function checkInMember(phone: string): Promise<string> {
  const r = await api.request<SignCheckInResult>(SignPaths.checkIn, {
    method: 'POST',
    body: { phone },
  });
  return r.msg;
}

export function fetchNotices(params: Record<string, unknown>) {
  return api.get<Page<NoticeListItem>>(NoticePaths.list, { params });
}

export function fetchNotice(id: number | string) {
  return api.get<Notice>(NoticePaths.detail, { params: { id } });
}

export function saveNotice(values: NoticeSaveRequest, id?: number | string | null) {
  return id
    ? api.post<{ id: number }>(
        NoticePaths.update,
        { ...values, id: Number(id) },
        { bodyType: 'json' },
      )
    : api.post<{ id: number }>(NoticePaths.add, values, { bodyType: 'json' });
}

export const sendNotice = (id: number) => api.post<Notice>(NoticePaths.send, { id });
export const withdrawNotice = (id: number) => api.post<Notice>(NoticePaths.withdraw, { id });
export const deleteNotice = (id: number) => api.post<unknown>(NoticePaths.delete, { id });
export const scheduleNotice = (id: number, scheduledAt: number) =>
  api.post<Notice>(NoticePaths.schedule, { id, scheduledAt });

export function useNoticeTargetOptions() {
  return useQuery({
    queryKey: signKeys.targetOptions,
    queryFn: () => api.get<NoticeTargetOptions>(NoticePaths.targetOptions),
    staleTime: 60_000,
  });
}
