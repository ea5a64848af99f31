import {
  contentIdQuerySchema,
  goodsIdBodySchema,
  goodsListQuerySchema,
  goodsListSchema,
  goodsReviewRequestSchema,
  goodsSavedMessage,
  goodsSavedSchema,
  goodsSaveRequestSchema,
  goodsSchema,
  goodsShelfRequestSchema,
  goodsUpdateRequestSchema,
  GoodsPaths,
  LinkMessages,
  PAGES,
  linkedByAnswerSchema,
  type LinkedByAnswer,
} from '@health/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../../platform/actor.js';
import type { AppContext } from '../../../platform/context.js';
import { SUCCESS_MSG } from '../../../platform/envelope.js';
import { routeOptions, standardRoutes } from '../../../platform/route-options.js';
import { linkedBy } from '../../decorate/linked-by.js';
import { publicPageCache } from '../../decorate/pages/public-cache.js';
import { GoodsService } from './service.js';

const idData = z.object({ id: z.number().int() });

/** Taken off shelf or deleted: the live pages and ad slots that still link to it, if any. */
const shelfMessage = (answer: LinkedByAnswer) =>
  answer.linkedBy.length > 0 ? LinkMessages.stillLinked(answer.linkedBy.join('、')) : SUCCESS_MSG;

/** 商品管理: list, detail, add, update, shelf, review, delete. */
export const goodsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const goods = new GoodsService(ctx);
  const { get, post } = standardRoutes(app, routeOptions(['mall-goods'], PAGES.goods));

  get(GoodsPaths.list, {
    summary: '商品列表（名称、套餐类型、上架状态、审核状态、库存预警筛选；默认按商品设置排序）',
    querystring: goodsListQuerySchema,
    data: goodsListSchema,
    run: (request) => goods.list(request.query),
  });

  get(GoodsPaths.detail, {
    summary: '商品详情',
    querystring: contentIdQuerySchema,
    data: goodsSchema,
    run: (request) => goods.detail(request.query.id),
  });

  post(GoodsPaths.add, {
    summary: '新增商品（开启审核时为待审核；onShelf 需上架权限）',
    action: 'add',
    body: goodsSaveRequestSchema,
    data: goodsSavedSchema,
    run: (request) => goods.add(actorOf(request), request.body),
    message: goodsSavedMessage,
  });

  post(GoodsPaths.update, {
    summary: '修改商品（库存按与 baseStock 的差值调整，不低于0；开启审核时修改后重新待审核）',
    action: 'edit',
    body: goodsUpdateRequestSchema,
    data: goodsSavedSchema,
    run: async (request) => {
      const { id, ...input } = request.body;
      const saved = await goods.update(actorOf(request), id, { ...input, onShelf: false });
      publicPageCache(ctx).clear(); // the app's pages show its price and stock
      return saved;
    },
    message: goodsSavedMessage,
  });

  post(GoodsPaths.shelf, {
    summary: '商品上架/下架（开启审核时待审核或已驳回的商品不能上架）',
    action: 'shelf',
    body: goodsShelfRequestSchema,
    data: linkedByAnswerSchema,
    run: async (request) => {
      const { id, onShelf } = request.body;
      await goods.shelf(actorOf(request), id, onShelf);
      publicPageCache(ctx).clear();
      return { id, linkedBy: onShelf ? [] : await linkedBy(ctx, 'goods', id) };
    },
    message: shelfMessage,
  });

  post(GoodsPaths.review, {
    summary: '审核商品（通过，或填写原因驳回）',
    action: 'review',
    body: goodsReviewRequestSchema,
    data: idData,
    run: async (request) => {
      await goods.review(actorOf(request), request.body);
      return { id: request.body.id };
    },
  });

  post(GoodsPaths.delete, {
    summary: '删除商品（软删除；上架中的商品不能删除）',
    action: 'delete',
    body: goodsIdBodySchema,
    data: linkedByAnswerSchema,
    run: async (request) => {
      const { id } = request.body;
      await goods.delete(actorOf(request), id);
      publicPageCache(ctx).clear();
      return { id, linkedBy: await linkedBy(ctx, 'goods', id) };
    },
    message: shelfMessage,
  });
};
