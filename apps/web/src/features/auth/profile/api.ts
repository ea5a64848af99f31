import { useMutation, useQuery } from '@tanstack/react-query';
import {
  ApiPaths,
  type SessionItem,
  type UpdatePasswordRequest,
  OperatorPaths,
} from '@health/contract';
import { api, request } from '../../../shared/api/client';
import { useInvalidatingMutation } from '../../../shared/api/entity';
import { fetchUserInfo } from '../login/api';

export const authKeys = {
  userInfo: ['auth', 'userInfo'] as const,
  /** The operator's own live sessions (/profile/index). */
  mySessions: ['auth', 'mySessions'] as const,
};

export function useUserInfo() {
  return useQuery({ queryKey: authKeys.userInfo, queryFn: fetchUserInfo });
}

/** POST updatePwd: oldPassword is left out for a first-login change. Resolves the message to show. */
export async function updatePassword(input: UpdatePasswordRequest): Promise<string> {
  const body: Record<string, string> = {
    newPassword: input.newPassword,
    newPasswordCfm: input.newPasswordCfm,
  };
  if (input.oldPassword) body.oldPassword = input.oldPassword;
  const { data, msg } = await request<{ msg?: string } | null>(ApiPaths.updatePassword, {
    method: 'POST',
    body,
  });
  return data?.msg || msg;
}

export function useUpdatePassword() {
  return useMutation({ mutationFn: updatePassword });
}

export function useMySessions() {
  return useQuery({
    queryKey: authKeys.mySessions,
    queryFn: () => api.get<SessionItem[]>(OperatorPaths.mySessions),
  });
}

export function useRevokeMySession() {
  return useInvalidatingMutation(
    (sessionId: number) => api.post<null>(OperatorPaths.revokeMySession, { sessionId }),
    [authKeys.mySessions],
  );
}
