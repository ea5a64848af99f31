import { useQuery } from '@tanstack/react-query';
import {
  HealthPlanPaths,
  type HealthPlan,
  type HealthPlanAdd,
  type HealthPlanDetail,
  type HealthPlanUpdate,
  type MemberOption,
  type TaskStaff,
} from '@health/contract';
import { api } from '../../../shared/api/client';
import { entityKeys, listOf, useInvalidatingMutation } from '../../../shared/api/entity';

/** Query keys of health plans; a change also refreshes the task pages (a plan makes tasks). */
export const planKeys = entityKeys('health', 'plans');
const taskKeys = entityKeys('health', 'tasks');

export const fetchPlans = listOf<HealthPlan>(HealthPlanPaths.list);

export function usePlanDetail(id: number | null) {
  return useQuery({
    queryKey: [...planKeys.all, 'detail', id],
    queryFn: () => api.get<HealthPlanDetail>(HealthPlanPaths.detail, { params: { id } }),
    enabled: id !== null,
  });
}

export function usePlanMemberOptions(keyword: string) {
  return useQuery({
    queryKey: [...planKeys.all, 'memberOptions', keyword],
    queryFn: () => api.get<MemberOption[]>(HealthPlanPaths.memberOptions, { params: { keyword } }),
    enabled: keyword.trim().length > 0,
    staleTime: 30_000,
  });
}

/** The doctors and assistants the schedule's tasks can go to. */
export function usePlanStaff(enabled: boolean) {
  return useQuery({
    queryKey: [...planKeys.all, 'staff'],
    queryFn: () => api.get<TaskStaff[]>(HealthPlanPaths.staff),
    enabled,
    staleTime: 30_000,
  });
}

const post =
  <V extends object, R = HealthPlanDetail>(path: string) =>
  (values: V) =>
    api.post<R>(path, values as Record<string, never>, { bodyType: 'json' });
const changed = [planKeys.all, taskKeys.all];

export const useAddPlan = () =>
  useInvalidatingMutation(post<HealthPlanAdd>(HealthPlanPaths.add), changed);
export const useUpdatePlan = () =>
  useInvalidatingMutation(post<HealthPlanUpdate>(HealthPlanPaths.update), changed);
export const useEndPlan = () =>
  useInvalidatingMutation(post<{ id: number }>(HealthPlanPaths.end), changed);
export const useDeletePlan = () =>
  useInvalidatingMutation(post<{ id: number }, null>(HealthPlanPaths.delete), changed);
