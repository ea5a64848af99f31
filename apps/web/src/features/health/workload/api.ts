import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { WorkloadPaths, type Workload } from '@health/contract';
import { api } from '../../../shared/api/client';
import { entityKeys } from '../../../shared/api/entity';

export const workloadKeys = entityKeys('health', 'workload');

export interface WorkloadParams {
  startTime: number;
  endTime: number;
  operatorId?: number;
}

export function useWorkload(params: WorkloadParams) {
  return useQuery({
    queryKey: [...workloadKeys.all, params],
    queryFn: () => api.get<Workload>(WorkloadPaths.list, { params: { ...params } }),
    placeholderData: keepPreviousData,
  });
}
