import { useQuery } from '@tanstack/react-query';
import {
  AssistantPaths,
  type AssistantCall,
  type AssistantOverview,
  type AssistantReceive,
  type HealthTask,
  type HealthTaskBook,
} from '@health/contract';
import { api } from '../../../shared/api/client';
import { entityKeys, useInvalidatingMutation } from '../../../shared/api/entity';
import { taskKeys } from '../tasks/api';

/** Query keys of the assistant workbench; its steps also refresh the task lists. */
export const assistantKeys = entityKeys('health', 'assistant');
const changed = [assistantKeys.all, taskKeys.all];

export function useAssistantOverview() {
  return useQuery({
    queryKey: [...assistantKeys.all, 'overview'],
    queryFn: () => api.get<AssistantOverview>(AssistantPaths.overview),
    refetchInterval: 60_000,
  });
}

const post =
  <V extends object, R>(path: string) =>
  (values: V) =>
    api.post<R>(path, values as Record<string, never>, { bodyType: 'json' });

export const useRecordCall = () =>
  useInvalidatingMutation(post<AssistantCall, HealthTask>(AssistantPaths.call), changed);
export const useAssistantBook = () =>
  useInvalidatingMutation(post<HealthTaskBook, HealthTask>(AssistantPaths.book), changed);
export const useReceiveReturn = () =>
  useInvalidatingMutation(post<AssistantReceive, { id: number }>(AssistantPaths.receive), changed);
