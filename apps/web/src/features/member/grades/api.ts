import { useQuery } from '@tanstack/react-query';
import {
  type GradeLogItem,
  type GradeOption,
  type GradeSaveRequest,
  type MemberGrade,
  GradePaths,
} from '@health/contract';
import { api } from '../../../shared/api/client';
import { entityKeys, listOf, saveById, useInvalidatingMutation } from '../../../shared/api/entity';

/** Query keys of grades and the grade log; invalidate the prefix after a change. */
export const gradeKeys = {
  ...entityKeys('member', 'grades'),
  log: ['member', 'gradeLog'] as const,
};

export const fetchGrades = listOf<MemberGrade>(GradePaths.list);
export const fetchGradeLog = listOf<GradeLogItem>(GradePaths.logList);

export function useGradeOptions() {
  return useQuery({
    queryKey: gradeKeys.options,
    queryFn: () => api.get<GradeOption[]>(GradePaths.options),
    staleTime: 60_000,
  });
}

/** Add (no id) or update a grade; members' grades may follow, so every member query refreshes. */
export function useSaveGrade(id: number | null) {
  return useInvalidatingMutation(
    (values: GradeSaveRequest) =>
      saveById({ add: GradePaths.add, update: GradePaths.update }, values, id),
    [['member']],
  );
}

export function useDeleteGrade() {
  return useInvalidatingMutation(
    (id: number) => api.post<{ id: number }>(GradePaths.delete, { id }),
    [gradeKeys.all],
  );
}
