import { useQuery } from '@tanstack/react-query';
import {
  HealthTaskPaths,
  type HealthTask,
  type HealthTaskAdd,
  type HealthTaskAssign,
  type HealthTaskBook,
  type HealthTaskCancel,
  type HealthTaskComplete,
  type HealthTaskCounts,
  type HealthTaskDetail,
  type HealthTaskUpdate,
  type MemberOption,
  type TaskStaff,
} from '@health/contract';
import { api } from '../../../shared/api/client';
import { entityKeys, listOf, useInvalidatingMutation } from '../../../shared/api/entity';

/** Query keys of health tasks; every change refreshes the lists, counts and details. */
export const taskKeys = entityKeys('health', 'tasks');

export const fetchTasks = listOf<HealthTask>(HealthTaskPaths.list);

export function useTaskDetail(id: number | null) {
  return useQuery({
    queryKey: [...taskKeys.all, 'detail', id],
    queryFn: () => api.get<HealthTaskDetail>(HealthTaskPaths.detail, { params: { id } }),
    enabled: id !== null,
  });
}

export function useTaskCounts() {
  return useQuery({
    queryKey: [...taskKeys.all, 'counts'],
    queryFn: () => api.get<HealthTaskCounts>(HealthTaskPaths.counts),
    refetchInterval: 60_000,
  });
}

/** The doctors and assistants to assign to (needs 待分配's page). */
export function useTaskStaff(enabled: boolean) {
  return useQuery({
    queryKey: [...taskKeys.all, 'staff'],
    queryFn: () => api.get<TaskStaff[]>(HealthTaskPaths.staff),
    enabled,
    staleTime: 30_000,
  });
}

export function useTaskMemberOptions(keyword: string) {
  return useQuery({
    queryKey: [...taskKeys.all, 'memberOptions', keyword],
    queryFn: () => api.get<MemberOption[]>(HealthTaskPaths.memberOptions, { params: { keyword } }),
    enabled: keyword.trim().length > 0,
    staleTime: 30_000,
  });
}

const post =
  <V extends object>(path: string) =>
  (values: V) =>
    api.post<HealthTask>(path, values as Record<string, never>, { bodyType: 'json' });
const changed = [taskKeys.all];

export const useAddTask = () =>
  useInvalidatingMutation(post<HealthTaskAdd>(HealthTaskPaths.add), changed);
export const useUpdateTask = () =>
  useInvalidatingMutation(post<HealthTaskUpdate>(HealthTaskPaths.update), changed);
export const useAssignTask = () =>
  useInvalidatingMutation(post<HealthTaskAssign>(HealthTaskPaths.assign), changed);
export const useBookTask = () =>
  useInvalidatingMutation(post<HealthTaskBook>(HealthTaskPaths.book), changed);
export const useCompleteTask = () =>
  useInvalidatingMutation(post<HealthTaskComplete>(HealthTaskPaths.complete), changed);
export const useCancelTask = () =>
  useInvalidatingMutation(post<HealthTaskCancel>(HealthTaskPaths.cancel), changed);
