import { useQuery } from '@tanstack/react-query';
import {
  AuthorityPaths,
  type GroupAddRequest,
  type GroupDetail,
  type GroupListItem,
  type GroupOption,
  type InitialPasswordResponse,
  type OperatorAddRequest,
  type OperatorDetail,
  type OperatorListItem,
  type OperatorUpdateRequest,
  type Page,
  type SessionItem,
} from '@health/contract';
import { api } from '../../../shared/api/client';
import type { ListParams } from '../../../shared/components/list-page';

/** Query keys: invalidate a prefix after a change. */
export const authorityKeys = {
  groups: ['authority', 'groups'] as const,
  groupOptions: ['authority', 'groups', 'options'] as const,
  operators: ['authority', 'operators'] as const,
  sessions: (operatorId: number) => ['authority', 'operators', 'sessions', operatorId] as const,
};

/* ---------- permission groups ---------- */

export const fetchGroups = (params: ListParams) =>
  api.get<Page<GroupListItem>>(AuthorityPaths.groupList, { params });

export const fetchGroup = (id: string) =>
  api.get<GroupDetail>(AuthorityPaths.groupDetail, { params: { id } });

export function saveGroup(values: GroupAddRequest, id: string | null) {
  return id
    ? api.post<{ id: number }>(AuthorityPaths.groupUpdate, { ...values, id }, { bodyType: 'json' })
    : api.post<{ id: number }>(AuthorityPaths.groupAdd, values, { bodyType: 'json' });
}

export const deleteGroup = (id: number) => api.post<null>(AuthorityPaths.groupDelete, { id });

export function useGroupOptions() {
  return useQuery({
    queryKey: authorityKeys.groupOptions,
    queryFn: () => api.get<GroupOption[]>(AuthorityPaths.groupOptions),
  });
}

/* ---------- operators ---------- */

export const fetchOperators = (params: ListParams) =>
  api.get<Page<OperatorListItem>>(AuthorityPaths.operatorList, { params });

export const fetchOperator = (id: string) =>
  api.get<OperatorDetail>(AuthorityPaths.operatorDetail, { params: { id } });

export const addOperator = (values: OperatorAddRequest) =>
  api.post<InitialPasswordResponse>(AuthorityPaths.operatorAdd, { ...values });

export const updateOperator = (values: OperatorUpdateRequest) =>
  api.post<{ id: number }>(AuthorityPaths.operatorUpdate, { ...values });

export const deleteOperator = (id: number) => api.post<null>(AuthorityPaths.operatorDelete, { id });

export const resetOperatorPassword = (id: number, password?: string) =>
  api.post<InitialPasswordResponse>(AuthorityPaths.operatorResetPwd, {
    id,
    ...(password ? { password } : {}),
  });

export const enableOperator = (id: number) =>
  api.post<{ count: number }>(AuthorityPaths.operatorEnable, { id });

export const disableOperator = (id: number) =>
  api.post<{ count: number }>(AuthorityPaths.operatorDisable, { id });

export const revealOperatorPhone = (id: number) =>
  api.post<{ phone: string }>(AuthorityPaths.operatorRevealPhone, { id });

export function useOperatorSessions(operatorId: number | null) {
  return useQuery({
    queryKey: authorityKeys.sessions(operatorId ?? 0),
    queryFn: () =>
      api.get<SessionItem[]>(AuthorityPaths.operatorSessions, { params: { id: operatorId } }),
    enabled: operatorId !== null,
  });
}

export const revokeOperatorSession = (operatorId: number, sessionId: number) =>
  api.post<null>(AuthorityPaths.operatorRevokeSession, { id: operatorId, sessionId });
