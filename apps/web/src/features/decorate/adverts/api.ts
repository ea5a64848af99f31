import { AdvertPaths, type Advert, type AdvertSaveRequest } from '@health/contract';
import { api } from '../../../shared/api/client';
import { entityKeys, listOf, saveById, useInvalidatingMutation } from '../../../shared/api/entity';

/** Query keys of ad slots; invalidate the prefix after a change. */
export const advertKeys = entityKeys('decorate', 'adverts');

export const fetchAdverts = listOf<Advert>(AdvertPaths.list);

/** The request as the dialog sends it (the server parses it with the same schema). */
export type AdvertRequest = Omit<AdvertSaveRequest, 'startAt' | 'endAt'> & {
  startAt: number | undefined;
  endAt: number | undefined;
};

/** Add (no id) or update a slot, as JSON; the list refreshes. */
export function useSaveAdvert(id: number | null) {
  return useInvalidatingMutation(
    (values: AdvertRequest) =>
      saveById({ add: AdvertPaths.add, update: AdvertPaths.update }, values, id),
    [advertKeys.all],
  );
}

export function useDeleteAdvert() {
  return useInvalidatingMutation(
    (id: number) =>
      api.post<{ deleted: number }>(AdvertPaths.delete, { ids: [id] }, { bodyType: 'json' }),
    [advertKeys.all],
  );
}
