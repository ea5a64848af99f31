import { useQuery } from '@tanstack/react-query';
import {
  type PackageType,
  type PackageTypeOption,
  type PackageTypeSaveRequest,
  PackageTypePaths,
} from '@health/contract';
import { api } from '../../../shared/api/client';
import { entityKeys, listOf, saveById, useInvalidatingMutation } from '../../../shared/api/entity';

/** Query keys of package types; invalidate the prefix after a change. */
export const packageTypeKeys = entityKeys('integralmall', 'package-types');

export const fetchPackageTypes = listOf<PackageType>(PackageTypePaths.list);

export function usePackageTypeOptions() {
  return useQuery({
    queryKey: packageTypeKeys.options,
    queryFn: () => api.get<PackageTypeOption[]>(PackageTypePaths.options),
    staleTime: 60_000,
  });
}

export function useSavePackageType(id: number | null) {
  return useInvalidatingMutation(
    (values: PackageTypeSaveRequest) =>
      saveById({ add: PackageTypePaths.add, update: PackageTypePaths.update }, values, id),
    [packageTypeKeys.all],
  );
}

export function useDeletePackageType() {
  return useInvalidatingMutation(
    (id: number) => api.post<{ id: number }>(PackageTypePaths.delete, { id }),
    [packageTypeKeys.all],
  );
}
