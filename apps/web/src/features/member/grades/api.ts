import {
  MemberAdminPaths as P,
  type ActionLogItem,
  type ChannelQrcode,
  type ChangeMemberGradeRequest,
  type ChannelSaveRequest,
  type GradeLogItem,
  type GradeOption,
  type GradeSaveRequest,
  type LogoffItem,
  type MemberChannel,
  type MemberGrade,
  type Page,
} from '@health/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import type { ListParams } from '../../../shared/components/list-page';

/** Query keys of the member-admin pages; invalidate the prefix after a change. */
export const memberAdminKeys = {
  grades: ['member', 'grades'] as const,
  gradeOptions: ['member', 'grades', 'options'] as const,
  gradeLog: ['member', 'gradeLog'] as const,
  channels: ['member', 'channels'] as const,
  actionLog: ['member', 'actionLog'] as const,
  logoff: ['member', 'logoff'] as const,
};

export const fetchGrades = (params: ListParams) =>
  api.get<Page<MemberGrade>>(P.gradeList, { params });
export const fetchGradeOptions = () => api.get<GradeOption[]>(P.gradeOptions);
export function useGradeOptions() {
  return useQuery({
    queryKey: memberAdminKeys.gradeOptions,
    queryFn: fetchGradeOptions,
    staleTime: 60_000,
  });
}
export const saveGrade = (values: GradeSaveRequest, id: number | null) =>
  id
    ? api.post<{ id: number }>(P.gradeUpdate, { ...values, id }, { bodyType: 'json' })
    : api.post<{ id: number }>(P.gradeAdd, values, { bodyType: 'json' });
export const deleteGrade = (id: number) => api.post<{ id: number }>(P.gradeDelete, { id });
export const changeMemberGrade = (body: ChangeMemberGradeRequest) =>
  api.post<unknown>(P.changeMemberGrade, { ...body });

export const fetchGradeLog = (params: ListParams) =>
  api.get<Page<GradeLogItem>>(P.gradeLogList, { params });

export const fetchChannels = (params: ListParams) =>
  api.get<Page<MemberChannel>>(P.channelList, { params });
export const saveChannel = (values: ChannelSaveRequest, id: number | null) =>
  id
    ? api.post<{ id: number }>(P.channelUpdate, { ...values, id }, { bodyType: 'json' })
    : api.post<{ id: number }>(P.channelAdd, values, { bodyType: 'json' });
export const deleteChannel = (id: number) => api.post<{ id: number }>(P.channelDelete, { id });
export const fetchChannelQrcode = (id: number) =>
  api.get<ChannelQrcode>(P.channelQrcode, { params: { id } });

export const fetchActionLog = (params: ListParams) =>
  api.get<Page<ActionLogItem>>(P.actionLogList, { params });

export const fetchLogoff = (params: ListParams) =>
  api.get<Page<LogoffItem>>(P.logoffList, { params });
export const approveLogoff = (id: number) => api.post<null>(P.logoffApprove, { id });
export const rejectLogoff = (id: number, rejectReason: string) =>
  api.post<null>(P.logoffReject, { id, rejectReason });
