import { useQuery } from '@tanstack/react-query';
import {
  MemberAdminPaths,
  MemberPaths,
  PointsPaths,
  type ActionLogItem,
  type ChannelOption,
  type ContactItem,
  type GradeLogItem,
  type MemberAddRequest,
  type MemberDetail,
  type MemberListItem,
  type MemberUpdateRequest,
  type Page,
  type PointsAdjustResult,
  type PointsLedgerItem,
} from '@health/contract';
import { api } from '../../../shared/api/client';
import type { ListParams } from '../../../shared/components/list-page';

/** Query keys of the member pages; invalidate a prefix after a change. */
export const memberKeys = {
  members: ['member', 'members'] as const,
  detail: (id: number) => ['member', 'members', 'detail', id] as const,
  contacts: ['member', 'contacts'] as const,
  channelOptions: ['member', 'channels', 'options'] as const,
  ledger: ['member', 'ledger'] as const,
  gradeLog: ['member', 'gradeLog'] as const,
  actionLog: ['member', 'actionLog'] as const,
};

export const fetchMembers = (params: ListParams) =>
  api.get<Page<MemberListItem>>(MemberPaths.list, { params });

export const fetchMember = (id: number) =>
  api.get<MemberDetail>(MemberPaths.detail, { params: { id } });

export function useMemberDetail(id: number | null) {
  return useQuery({
    queryKey: memberKeys.detail(id ?? 0),
    queryFn: () => fetchMember(id ?? 0),
    enabled: id !== null,
  });
}

export const addMember = (values: MemberAddRequest) =>
  api.post<{ id: number }>(MemberPaths.add, values as never, { bodyType: 'json' });
export const updateMember = (values: MemberUpdateRequest) =>
  api.post<{ id: number }>(MemberPaths.update, values as never, { bodyType: 'json' });
export const freezeMember = (id: number, reason: string) =>
  api.post<null>(MemberPaths.freeze, { id, reason });
export const unfreezeMember = (id: number, reason: string) =>
  api.post<null>(MemberPaths.unfreeze, { id, reason });
export const revealMemberPhone = (id: number) =>
  api.post<{ phone: string }>(MemberPaths.revealPhone, { id }).then((r) => r.phone);
export const revealMemberIdNumber = (id: number) =>
  api.post<{ idNumber: string }>(MemberPaths.revealIdNumber, { id }).then((r) => r.idNumber);

export const fetchContacts = (params: ListParams) =>
  api.get<Page<ContactItem>>(MemberPaths.contactList, { params });
export const saveContact = (
  values: { name: string; phone?: string; relationship: number | null; receiveWarningSms: boolean },
  target: { id: number } | { memberId: number },
) =>
  'id' in target
    ? api.post<{ id: number }>(MemberPaths.contactUpdate, { ...values, id: target.id } as never, {
        bodyType: 'json',
      })
    : api.post<{ id: number }>(
        MemberPaths.contactAdd,
        { ...values, memberId: target.memberId } as never,
        { bodyType: 'json' },
      );
export const deleteContact = (id: number) => api.post<null>(MemberPaths.contactDelete, { id });
export const revealContactPhone = (id: number) =>
  api.post<{ phone: string }>(MemberPaths.contactRevealPhone, { id }).then((r) => r.phone);

export function useChannelOptions() {
  return useQuery({
    queryKey: memberKeys.channelOptions,
    queryFn: () => api.get<ChannelOption[]>(MemberAdminPaths.channelOptions),
    staleTime: 60_000,
  });
}

export const adjustPoints = (memberId: number, amount: number, reason: string) =>
  api.post<PointsAdjustResult>(PointsPaths.adjust, { memberId, amount, reason });

export const fetchLedger = (params: ListParams) =>
  api.get<Page<PointsLedgerItem>>(PointsPaths.ledgerList, { params });
export const fetchGradeLog = (params: ListParams) =>
  api.get<Page<GradeLogItem>>(MemberAdminPaths.gradeLogList, { params });
export const fetchActionLog = (params: ListParams) =>
  api.get<Page<ActionLogItem>>(MemberAdminPaths.actionLogList, { params });
