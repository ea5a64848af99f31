import { useQuery } from '@tanstack/react-query';
import {
  OperateLogPaths,
  type OperateLogItem,
  type OperateLogOptions,
  type Page,
} from '@health/contract';
import { api } from '../../../shared/api/client';
import type { ListParams } from '../../../shared/components/list-page';

export const operateLogKeys = {
  all: ['authority', 'operateLog'] as const,
  options: ['authority', 'operateLog', 'options'] as const,
};

export function fetchOperateLogs(params: ListParams) {
  return api.get<Page<OperateLogItem>>(OperateLogPaths.list, { params });
}

export function fetchOperateLogOptions() {
  return api.get<OperateLogOptions>(OperateLogPaths.options);
}

/** Modules and actions present in the log (for the query form's selects). */
export function useOperateLogOptions() {
  return useQuery({
    queryKey: operateLogKeys.options,
    queryFn: fetchOperateLogOptions,
    staleTime: 60_000,
  });
}
