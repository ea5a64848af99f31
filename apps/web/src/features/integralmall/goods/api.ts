import {
  type Goods,
  type GoodsListItem,
  type GoodsReviewRequest,
  type GoodsSaveRequest,
  type GoodsSaved,
  type GoodsUpdateRequest,
  GoodsPaths,
  type LinkedByAnswer,
} from '@health/contract';
import { api } from '../../../shared/api/client';
import { entityKeys, listOf, useInvalidatingMutation } from '../../../shared/api/entity';
import { packageTypeKeys } from '../package-types/api';

/** Query keys of goods; invalidate the prefix after a change. */
export const goodsKeys = entityKeys('integralmall', 'goods');

export const fetchGoodsList = listOf<GoodsListItem>(GoodsPaths.list);

/** A goods item, or null when it does not exist (the edit page's "not found"). */
export async function fetchGoods(id: string): Promise<Goods> {
  return api.get<Goods>(GoodsPaths.detail, { params: { id } });
}

/** Add, or update with the stock the form showed (the server moves the stock by the difference). */
export function saveGoods(
  values: GoodsSaveRequest,
  id: string | null,
  baseStock: number | undefined,
): Promise<GoodsSaved> {
  if (id === null) return api.post<GoodsSaved>(GoodsPaths.add, values, { bodyType: 'json' });
  const { onShelf: _onShelf, ...fields } = values;
  void _onShelf;
  const request: GoodsUpdateRequest = { ...fields, id: Number(id), baseStock };
  return api.post<GoodsSaved>(GoodsPaths.update, request, { bodyType: 'json' });
}

/** Goods changes move the package types' goods counts too. */
const CHANGED = [goodsKeys.all, packageTypeKeys.all] as const;

export function useSetShelf() {
  return useInvalidatingMutation(
    ({ id, onShelf }: { id: number; onShelf: boolean }) =>
      api.post<LinkedByAnswer>(GoodsPaths.shelf, { id, onShelf }, { bodyType: 'json' }),
    CHANGED,
  );
}

export function useReviewGoods() {
  return useInvalidatingMutation(
    (values: GoodsReviewRequest) =>
      api.post<{ id: number }>(GoodsPaths.review, values, { bodyType: 'json' }),
    CHANGED,
  );
}

export function useDeleteGoods() {
  return useInvalidatingMutation(
    (id: number) => api.post<LinkedByAnswer>(GoodsPaths.delete, { id }),
    CHANGED,
  );
}
