import { useQuery } from '@tanstack/react-query';
import {
  ReportMeasurementPaths,
  type MeasurementHandleRequest,
  type MeasurementRow,
  type MeasurementTrend,
  type TrendType,
} from '@health/contract';
import { api } from '../../../shared/api/client';
import { entityKeys, listOf, useInvalidatingMutation } from '../../../shared/api/entity';

/** Query keys of the report lists; invalidate the prefix after a change. */
export const measurementKeys = entityKeys('report', 'measurements');

export const fetchMeasurements = listOf<MeasurementRow>(ReportMeasurementPaths.list);

export function useMeasurementTrend(
  query: { memberId: number; type: TrendType; startTime?: number; endTime?: number } | null,
) {
  return useQuery({
    queryKey: [...measurementKeys.all, 'trend', query],
    queryFn: () => api.get<MeasurementTrend>(ReportMeasurementPaths.trend, { params: query! }),
    enabled: query !== null,
  });
}

export function useHandleMeasurements() {
  return useInvalidatingMutation(
    (values: MeasurementHandleRequest) =>
      api.post<{ handled: number }>(ReportMeasurementPaths.handle, values, { bodyType: 'json' }),
    [measurementKeys.all],
  );
}
