import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  HealthReportPaths,
  HealthReportPublicPaths,
  type BpSummaryAnswer,
  type HealthReportAdd,
  type HealthReportAmend,
  type HealthReportDetail,
  type HealthReportLink,
  type HealthReportRow,
  type PublicReport,
  type ReportDetails,
  type ReportMemberOption,
} from '@health/contract';
import { api } from '../../../shared/api/client';
import { entityKeys, listOf, useInvalidatingMutation } from '../../../shared/api/entity';
import { workbenchKeys } from '../workbench/api';

/** Query keys of health reports; a change also refreshes the workbench (publishing closes an alert). */
export const reportKeys = entityKeys('health', 'reports');
const changed = [reportKeys.all, workbenchKeys.all];

export const fetchReports = listOf<HealthReportRow>(HealthReportPaths.list);

export function useReportDetail(id: number | undefined) {
  return useQuery({
    queryKey: [...reportKeys.all, 'detail', id],
    queryFn: () => api.get<HealthReportDetail>(HealthReportPaths.detail, { params: { id } }),
    enabled: id !== undefined,
  });
}

const post =
  <V extends object, R>(path: string) =>
  (values: V) =>
    api.post<R>(path, values as Record<string, never>, { bodyType: 'json' });

export const useAddReport = () =>
  useInvalidatingMutation(post<HealthReportAdd, { id: number }>(HealthReportPaths.add), changed);
export const useUpdateReport = () =>
  useInvalidatingMutation(
    post<
      { id: number; conclusion: string; advice: string; details?: ReportDetails },
      { id: number }
    >(HealthReportPaths.update),
    changed,
  );
export const usePublishReport = () =>
  useInvalidatingMutation(post<{ id: number }, unknown>(HealthReportPaths.publish), changed);
export const useSignReport = () =>
  useInvalidatingMutation(post<{ id: number }, unknown>(HealthReportPaths.sign), changed);
export const useDeleteReport = () =>
  useInvalidatingMutation(post<{ id: number }, unknown>(HealthReportPaths.delete), changed);
export const useAmendReport = () =>
  useInvalidatingMutation(
    post<HealthReportAmend, { id: number }>(HealthReportPaths.amend),
    changed,
  );
export const useShareReport = () =>
  useInvalidatingMutation(
    post<{ id: number; days?: number }, HealthReportLink>(HealthReportPaths.shareLink),
    changed,
  );
export const useRevokeReportLinks = () =>
  useInvalidatingMutation(post<{ id: number }, unknown>(HealthReportPaths.revokeLinks), changed);

/** The public preview (no login): the report a signed link opens. */
export const fetchPublicReport = (token: string) =>
  api.get<PublicReport>(HealthReportPublicPaths.preview, {
    params: { token },
    auth: false,
    silent: true,
  });

/** The reports of one reading, newest first (the workbench detail's composer). */
export function useReportsOfMeasurement(measurementId: number | undefined) {
  return useQuery({
    queryKey: [...reportKeys.all, 'ofMeasurement', measurementId],
    queryFn: () =>
      fetchReports({ current: 1, pageSize: 50, measurementId }).then((page) => page.list),
    enabled: measurementId !== undefined,
  });
}

/** 创建血压报告: a member's BP readings of a period and their summary. */
export function useBpSummary(
  query: { memberId: number; periodStart: number; periodEnd: number } | null,
) {
  return useQuery({
    queryKey: [...reportKeys.all, 'bpSummary', query],
    queryFn: () => api.get<BpSummaryAnswer>(HealthReportPaths.bpSummary, { params: query! }),
    enabled: query !== null,
    placeholderData: keepPreviousData,
  });
}

/**
 * Members to write a report for, by phone prefix or name (MemberPicker's options), each with their
 * age and newest BP reading (创建血压报告's picker).
 */
export function useReportMemberOptions(keyword: string) {
  return useQuery({
    queryKey: [...reportKeys.all, 'memberOptions', keyword],
    queryFn: () =>
      api.get<ReportMemberOption[]>(HealthReportPaths.memberOptions, {
        params: { keyword, type: 'bp' },
      }),
    enabled: keyword.trim().length > 0,
    staleTime: 30_000,
  });
}
