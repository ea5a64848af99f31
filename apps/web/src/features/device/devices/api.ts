import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  DeviceCodePaths,
  DevicePaths,
  type DeviceCodeRedeemRequest,
  type DeviceCodeRedeemed,
  type Device,
  type DeviceAddRequest,
  type DeviceDetail,
  type MemberOption,
  type DeviceReading,
  type Page,
  type DeviceSecret,
  type DeviceTransition,
  type DeviceTransitionRequest,
  type DeviceUpdateRequest,
} from '@health/contract';
import { api } from '../../../shared/api/client';
import { entityKeys, listOf, useInvalidatingMutation } from '../../../shared/api/entity';
import { codeKeys } from '../codes/api';
import { deviceModelKeys } from '../models/api';

/** Query keys of devices; invalidate the prefix after a change. */
export const deviceKeys = entityKeys('device', 'devices');

export const fetchDevices = listOf<Device>(DevicePaths.list);

export function useDeviceDetail(id: number | null) {
  return useQuery({
    queryKey: [...deviceKeys.all, 'detail', id],
    queryFn: () => api.get<DeviceDetail>(DevicePaths.detail, { params: { id } }),
    enabled: id !== null,
  });
}

export function useDeviceReadings(id: number | null, current: number, pageSize = 10) {
  return useQuery({
    queryKey: [...deviceKeys.all, 'readings', id, current, pageSize],
    queryFn: () =>
      api.get<Page<DeviceReading>>(DevicePaths.readings, { params: { id, current, pageSize } }),
    enabled: id !== null,
    placeholderData: keepPreviousData,
  });
}

export function useDeviceMemberOptions(keyword: string) {
  return useQuery({
    queryKey: [...deviceKeys.all, 'memberOptions', keyword],
    queryFn: () => api.get<MemberOption[]>(DevicePaths.memberOptions, { params: { keyword } }),
    enabled: keyword.trim().length > 0,
    staleTime: 30_000,
  });
}

/** Add (the answer holds the secret, once) or edit a device; model counts change too. */
export function useSaveDevice(id: number | null) {
  return useInvalidatingMutation(
    (values: DeviceAddRequest | Omit<DeviceUpdateRequest, 'id'>) =>
      id
        ? api.post<{ id: number }>(DevicePaths.update, { ...values, id }, { bodyType: 'json' })
        : api.post<DeviceSecret>(DevicePaths.add, values, { bodyType: 'json' }),
    [deviceKeys.all, deviceModelKeys.all],
  );
}

export function useDeviceTransition(name: DeviceTransition) {
  return useInvalidatingMutation(
    (values: DeviceTransitionRequest) =>
      api.post<Device>(DevicePaths.transition(name), values, { bodyType: 'json' }),
    [deviceKeys.all],
  );
}

export function useResetDeviceSecret() {
  return useInvalidatingMutation(
    (id: number) => api.post<DeviceSecret>(DevicePaths.resetSecret, { id }),
    [deviceKeys.all],
  );
}

/** Bind an in-stock device to a member with the member's binding code (the code is then used). */
export function useRedeemCode() {
  return useInvalidatingMutation(
    (values: DeviceCodeRedeemRequest) =>
      api.post<DeviceCodeRedeemed>(DeviceCodePaths.redeem, values, { bodyType: 'json' }),
    [deviceKeys.all, codeKeys.all],
  );
}
