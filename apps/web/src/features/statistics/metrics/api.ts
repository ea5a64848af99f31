import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  STATISTICS_PATHS,
  type BreakdownAnswer,
  type MetricDimension,
  type MetricKey,
  type MetricsAnswer,
} from '@health/contract';
import { api, download } from '../../../shared/api/client';
import { entityKeys } from '../../../shared/api/entity';

export const metricKeys = entityKeys('statistics', 'metrics');

/** A period of China days, both included ('YYYY-MM-DD'). */
export interface Period {
  start: string;
  end: string;
}

/** Several metrics of a page for one period (one request). */
export function useMetrics(keys: readonly MetricKey[], period: Period) {
  return useQuery({
    queryKey: [...metricKeys.all, 'metrics', keys, period],
    queryFn: ({ signal }) =>
      api.get<MetricsAnswer>(STATISTICS_PATHS.metrics, {
        params: { keys: keys.join(','), ...period },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** One metric of the period broken down by a dimension. */
export function useBreakdown(key: MetricKey, dimension: MetricDimension, period: Period) {
  return useQuery({
    queryKey: [...metricKeys.all, 'breakdown', key, dimension, period],
    queryFn: ({ signal }) =>
      api.get<BreakdownAnswer>(STATISTICS_PATHS.breakdown, {
        params: { key, dimension, ...period },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** The page's table as a workbook (the server reads the same numbers). */
export function exportMetrics(
  keys: readonly MetricKey[],
  breakdowns: readonly { key: MetricKey; dimension: MetricDimension }[],
  period: Period,
  title: string,
  fileName: string,
) {
  return download(STATISTICS_PATHS.export, {
    params: {
      keys: keys.join(','),
      breakdowns: breakdowns.map((b) => `${b.key}:${b.dimension}`).join(','),
      ...period,
      title,
    },
    fileName,
  });
}
