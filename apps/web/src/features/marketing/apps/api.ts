import { useQuery } from '@tanstack/react-query';
import { APP_CENTER_PATHS, type AppCenter } from '@health/contract';
import { api } from '../../../shared/api/client';
import { entityKeys } from '../../../shared/api/entity';

export const appCenterKeys = entityKeys('marketing', 'apps');

export function useAppCenter() {
  return useQuery({
    queryKey: appCenterKeys.all,
    queryFn: ({ signal }) => api.get<AppCenter>(APP_CENTER_PATHS.list, { signal }),
  });
}
