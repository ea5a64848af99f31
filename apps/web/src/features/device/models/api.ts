import { useQuery } from '@tanstack/react-query';
import {
  type DeviceModel,
  type DeviceModelOption,
  type DeviceModelSaveRequest,
  DeviceModelPaths,
} from '@health/contract';
import { api } from '../../../shared/api/client';
import { entityKeys, listOf, saveById, useInvalidatingMutation } from '../../../shared/api/entity';

/** Query keys of device models; invalidate the prefix after a change. */
export const deviceModelKeys = entityKeys('device', 'models');

export const fetchDeviceModels = listOf<DeviceModel>(DeviceModelPaths.list);

export function useDeviceModelOptions() {
  return useQuery({
    queryKey: deviceModelKeys.options,
    queryFn: () => api.get<DeviceModelOption[]>(DeviceModelPaths.options),
    staleTime: 60_000,
  });
}

export function useSaveDeviceModel(id: number | null) {
  return useInvalidatingMutation(
    (values: DeviceModelSaveRequest) =>
      saveById({ add: DeviceModelPaths.add, update: DeviceModelPaths.update }, values, id),
    [deviceModelKeys.all],
  );
}

export function useDeleteDeviceModel() {
  return useInvalidatingMutation(
    (id: number) => api.post<{ id: number }>(DeviceModelPaths.delete, { id }),
    [deviceModelKeys.all],
  );
}
