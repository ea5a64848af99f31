import { useQuery } from '@tanstack/react-query';
import {
  type GroupAddRequest,
  type GroupDetail,
  type GroupListItem,
  type GroupOption,
  GroupPaths,
} from '@health/contract';
import { api } from '../../../shared/api/client';
import { entityKeys, listOf, saveById, useInvalidatingMutation } from '../../../shared/api/entity';

/** Query keys of permission groups: invalidate the prefix after a change. */
export const groupKeys = entityKeys('authority', 'groups');

export const fetchGroups = listOf<GroupListItem>(GroupPaths.list);

export const fetchGroup = (id: string) =>
  api.get<GroupDetail>(GroupPaths.detail, { params: { id } });

export const saveGroup = (values: GroupAddRequest, id: string | null) =>
  saveById({ add: GroupPaths.add, update: GroupPaths.update }, values, id);

export function useDeleteGroup() {
  return useInvalidatingMutation(
    (id: number) => api.post<null>(GroupPaths.delete, { id }),
    [groupKeys.all],
  );
}

export function useGroupOptions() {
  return useQuery({
    queryKey: groupKeys.options,
    queryFn: () => api.get<GroupOption[]>(GroupPaths.options),
  });
}
