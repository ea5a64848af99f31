import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  STATISTICS_DEVICE_PATHS,
  type DeviceSnapshot,
  type Page,
  type SilentDevice,
} from '@health/contract';
import { api } from '../../../shared/api/client';
import { entityKeys } from '../../../shared/api/entity';

export const deviceStatsKeys = entityKeys('statistics', 'devices');

export function useDeviceSnapshot() {
  return useQuery({
    queryKey: [...deviceStatsKeys.all, 'snapshot'],
    queryFn: ({ signal }) => api.get<DeviceSnapshot>(STATISTICS_DEVICE_PATHS.snapshot, { signal }),
  });
}

export function useSilentDevices(params: { days: number; current: number; pageSize: number }) {
  return useQuery({
    queryKey: [...deviceStatsKeys.all, 'silent', params],
    queryFn: ({ signal }) =>
      api.get<Page<SilentDevice>>(STATISTICS_DEVICE_PATHS.silent, {
        params: { ...params },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}
