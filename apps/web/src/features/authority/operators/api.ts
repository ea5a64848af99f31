import { useQuery } from '@tanstack/react-query';
import {
  type InitialPasswordResponse,
  type OperatorAddRequest,
  type OperatorDetail,
  type OperatorListItem,
  type OperatorUpdateRequest,
  type SessionItem,
  OperatorPaths,
} from '@health/contract';
import { api } from '../../../shared/api/client';
import { listOf, useInvalidatingMutation } from '../../../shared/api/entity';
import { groupKeys } from '../groups/api';

/** Query keys of operators: invalidate the prefix after a change. */
export const operatorKeys = {
  all: ['authority', 'operators'] as const,
  sessions: (operatorId: number) => ['authority', 'operators', 'sessions', operatorId] as const,
};

export const fetchOperators = listOf<OperatorListItem>(OperatorPaths.list);

export const fetchOperator = (id: string) =>
  api.get<OperatorDetail>(OperatorPaths.detail, { params: { id } });

export const addOperator = (values: OperatorAddRequest) =>
  api.post<InitialPasswordResponse>(OperatorPaths.add, { ...values });

export const updateOperator = (values: OperatorUpdateRequest) =>
  api.post<{ id: number }>(OperatorPaths.update, { ...values });

export const revealOperatorPhone = (id: number) =>
  api.post<{ phone: string }>(OperatorPaths.revealPhone, { id });

/** Enable or disable an operator (disabling ends its sessions: resolves how many). */
export function useSetOperatorEnabled() {
  return useInvalidatingMutation(
    ({ id, enabled }: { id: number; enabled: boolean }) =>
      api.post<{ count: number }>(enabled ? OperatorPaths.enable : OperatorPaths.disable, { id }),
    [operatorKeys.all],
  );
}

/** Delete an operator (its group's operator count changes too). */
export function useDeleteOperator() {
  return useInvalidatingMutation(
    (id: number) => api.post<null>(OperatorPaths.delete, { id }),
    [operatorKeys.all, groupKeys.all],
  );
}

/** Reset an operator's password to the entered one, or a generated one when none is entered. */
export function useResetOperatorPassword(id: number) {
  return useInvalidatingMutation(
    ({ password }: { password?: string }) =>
      api.post<InitialPasswordResponse>(OperatorPaths.resetPwd, {
        id,
        ...(password ? { password } : {}),
      }),
    [operatorKeys.all],
  );
}

export function useOperatorSessions(operatorId: number | null) {
  return useQuery({
    queryKey: operatorKeys.sessions(operatorId ?? 0),
    queryFn: () => api.get<SessionItem[]>(OperatorPaths.sessions, { params: { id: operatorId } }),
    enabled: operatorId !== null,
  });
}

export function useRevokeOperatorSession(operatorId: number) {
  return useInvalidatingMutation(
    (sessionId: number) =>
      api.post<null>(OperatorPaths.revokeSession, { id: operatorId, sessionId }),
    [operatorKeys.sessions(operatorId)],
  );
}
