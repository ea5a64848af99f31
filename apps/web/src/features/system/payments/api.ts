import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type PayConfig, type PayConfigUpdate, PaymentPaths } from '@health/contract';
import { api } from '../../../shared/api/client';

export const paymentKeys = { list: ['system', 'payConfigs'] as const };

export function usePayConfigs() {
  return useQuery({
    queryKey: paymentKeys.list,
    queryFn: () => api.get<{ list: PayConfig[] }>(PaymentPaths.list).then((d) => d.list),
    refetchOnWindowFocus: false,
  });
}

export function useSavePayConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PayConfigUpdate) =>
      api.post<PayConfig>(PaymentPaths.update, input, { bodyType: 'json' }),
    onSuccess: (saved) =>
      queryClient.setQueryData<PayConfig[]>(paymentKeys.list, (list) =>
        list?.map((c) => (c.channel === saved.channel ? saved : c)),
      ),
  });
}
