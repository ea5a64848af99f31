import { useQuery } from '@tanstack/react-query';
import {
  AuthorityPaths,
  type InitialPasswordResponse,
  type OperatorAddRequest,
  type OperatorDetail,
  type OperatorListItem,
  type OperatorUpdateRequest,
  type SessionItem,
} from '@health/contract';
import { api } from '../../../shared/api/client';
import { listOf, useInvalidatingMutation } from '../../../shared/api/entity';
import { groupKeys } from '../groups/api';

/** Query keys of operators: invalidate the prefix after a change. */
export const operatorKeys = {
  all: ['authority', 'operators'] as const,
  sessions: (operatorId: number) => ['authority', 'operators', 'sessions', operatorId] as const,
};

export const fetchOperators = listOf<OperatorListItem>(AuthorityPaths.operatorList);

export const fetchOperator = (id: string) =>
  api.get<OperatorDetail>(AuthorityPaths.operatorDetail, { params: { id } });

export const addOperator = (values: OperatorAddRequest) =>
  api.post<InitialPasswordResponse>(AuthorityPaths.operatorAdd, { ...values });

export const updateOperator = (values: OperatorUpdateRequest) =>
  api.post<{ id: number }>(AuthorityPaths.operatorUpdate, { ...values });

export const revealOperatorPhone = (id: number) =>
  api.post<{ phone: string }>(AuthorityPaths.operatorRevealPhone, { id });

/** Enable or disable an operator (disabling ends its sessions: resolves how many). */
export function useSetOperatorEnabled() {
  return useInvalidatingMutation(
    ({ id, enabled }: { id: number; enabled: boolean }) =>
      api.post<{ count: number }>(
        enabled ? AuthorityPaths.operatorEnable : AuthorityPaths.operatorDisable,
        { id },
      ),
    [operatorKeys.all],
  );
}

/** Delete an operator (its group's operator count changes too). */
export function useDeleteOperator() {
  return useInvalidatingMutation(
    (id: number) => api.post<null>(AuthorityPaths.operatorDelete, { id }),
    [operatorKeys.all, groupKeys.all],
  );
}

/** Reset an operator's password to the entered one, or a generated one when none is entered. */
export function useResetOperatorPassword(id: number) {
  return useInvalidatingMutation(
    ({ password }: { password?: string }) =>
      api.post<InitialPasswordResponse>(AuthorityPaths.operatorResetPwd, {
        id,
        ...(password ? { password } : {}),
      }),
    [operatorKeys.all],
  );
}

export function useOperatorSessions(operatorId: number | null) {
  return useQuery({
    queryKey: operatorKeys.sessions(operatorId ?? 0),
    queryFn: () =>
      api.get<SessionItem[]>(AuthorityPaths.operatorSessions, { params: { id: operatorId } }),
    enabled: operatorId !== null,
  });
}

export function useRevokeOperatorSession(operatorId: number) {
  return useInvalidatingMutation(
    (sessionId: number) =>
      api.post<null>(AuthorityPaths.operatorRevokeSession, { id: operatorId, sessionId }),
    [operatorKeys.sessions(operatorId)],
  );
}
