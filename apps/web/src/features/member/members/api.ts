import { useQuery } from '@tanstack/react-query';
import {
  MemberPaths,
  PointsPaths,
  type ChangeMemberGradeRequest,
  type MemberAddRequest,
  type MemberDetail,
  type MemberListItem,
  type MemberUpdateRequest,
  type PointsAdjustResult,
  GradePaths,
} from '@health/contract';
import { api } from '../../../shared/api/client';
import { listOf, useInvalidatingMutation } from '../../../shared/api/entity';

/** Query keys of members; invalidate a prefix after a change. */
export const memberKeys = {
  all: ['member', 'members'] as const,
  detail: (id: number) => ['member', 'members', 'detail', id] as const,
  /** The member detail page's own lists (points ledger, grade log, action log). */
  ledger: ['member', 'ledger'] as const,
  gradeLog: ['member', 'gradeLog'] as const,
  actionLog: ['member', 'actionLog'] as const,
};

export const fetchMembers = listOf<MemberListItem>(MemberPaths.list);

export const fetchMember = (id: number) =>
  api.get<MemberDetail>(MemberPaths.detail, { params: { id } });

export function useMemberDetail(id: number | null) {
  return useQuery({
    queryKey: memberKeys.detail(id ?? 0),
    queryFn: () => fetchMember(id ?? 0),
    enabled: id !== null,
  });
}

export const revealMemberPhone = (id: number) =>
  api.post<{ phone: string }>(MemberPaths.revealPhone, { id }).then((r) => r.phone);
export const revealMemberIdNumber = (id: number) =>
  api.post<{ idNumber: string }>(MemberPaths.revealIdNumber, { id }).then((r) => r.idNumber);

/** Add (no id) or update a member. */
export function useSaveMember(id: number | null) {
  return useInvalidatingMutation(
    (values: MemberAddRequest | Omit<MemberUpdateRequest, 'id'>) =>
      id
        ? api.post<{ id: number }>(MemberPaths.update, { ...values, id } as never, {
            bodyType: 'json',
          })
        : api.post<{ id: number }>(MemberPaths.add, values as never, { bodyType: 'json' }),
    [memberKeys.all],
  );
}

/** Freeze (reason required) or unfreeze (note optional) a member. */
export function useSetMemberFrozen(id: number, frozen: boolean) {
  return useInvalidatingMutation(
    ({ reason }: { reason: string }) =>
      api.post<null>(frozen ? MemberPaths.freeze : MemberPaths.unfreeze, { id, reason }),
    [memberKeys.all],
  );
}

export function useChangeMemberGrade(memberId: number) {
  return useInvalidatingMutation(
    (values: Omit<ChangeMemberGradeRequest, 'memberId'>) =>
      api.post<unknown>(GradePaths.changeMemberGrade, { memberId, ...values }),
    [memberKeys.all, memberKeys.gradeLog],
  );
}

export function useAdjustPoints(memberId: number) {
  return useInvalidatingMutation(
    ({ amount, reason }: { amount: number; reason: string }) =>
      api.post<PointsAdjustResult>(PointsPaths.adjust, { memberId, amount, reason }),
    [memberKeys.all, memberKeys.ledger],
  );
}
