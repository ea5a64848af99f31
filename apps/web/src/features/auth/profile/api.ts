import { useMutation, useQuery } from '@tanstack/react-query';
import { fetchUserInfo, updatePassword } from '../login/api';

export const authKeys = { userInfo: ['auth', 'userInfo'] as const };

export function useUserInfo() {
  return useQuery({ queryKey: authKeys.userInfo, queryFn: fetchUserInfo });
}

export function useUpdatePassword() {
  return useMutation({ mutationFn: updatePassword });
}
