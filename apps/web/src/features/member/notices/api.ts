import { useQuery } from '@tanstack/react-query';
import {
  NoticePaths,
  type Notice,
  type NoticeListItem,
  type NoticeSaveRequest,
  type NoticeTargetOptions,
} from '@health/contract';
import { api } from '../../../shared/api/client';
import { listOf, saveById, useInvalidatingMutation } from '../../../shared/api/entity';

/** Query keys of notices; invalidate the prefix after a change. */
export const noticeKeys = {
  all: ['sign', 'notices'] as const,
  targetOptions: ['sign', 'notice-targets'] as const,
};

export const fetchNotices = listOf<NoticeListItem>(NoticePaths.list);

export const fetchNotice = (id: number | string) =>
  api.get<Notice>(NoticePaths.detail, { params: { id } });

export const saveNotice = (values: NoticeSaveRequest, id?: number | string | null) =>
  saveById({ add: NoticePaths.add, update: NoticePaths.update }, values, id);

const CHANGES = {
  send: NoticePaths.send,
  withdraw: NoticePaths.withdraw,
  delete: NoticePaths.delete,
} as const;

/** Send now, withdraw or delete a notice. */
export function useChangeNotice() {
  return useInvalidatingMutation(
    ({ change, id }: { change: keyof typeof CHANGES; id: number }) =>
      api.post<unknown>(CHANGES[change], { id }),
    [noticeKeys.all],
  );
}

export function useScheduleNotice(id: number) {
  return useInvalidatingMutation(
    ({ scheduledAt }: { scheduledAt: number }) =>
      api.post<Notice>(NoticePaths.schedule, { id, scheduledAt }),
    [noticeKeys.all],
  );
}

export function useNoticeTargetOptions() {
  return useQuery({
    queryKey: noticeKeys.targetOptions,
    queryFn: () => api.get<NoticeTargetOptions>(NoticePaths.targetOptions),
    staleTime: 60_000,
  });
}
