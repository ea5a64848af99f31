import { useQuery } from '@tanstack/react-query';
import { ApiPaths, type HomeOverview } from '@health/contract';
import { api } from '../../../shared/api/client';

export const homeKeys = { overview: ['home', 'overview'] as const };

export function fetchHomeOverview() {
  return api.get<HomeOverview>(ApiPaths.homeOverview);
}

export function useHomeOverview() {
  return useQuery({ queryKey: homeKeys.overview, queryFn: fetchHomeOverview });
}
