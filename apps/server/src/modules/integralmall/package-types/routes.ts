import {
  contentIdQuerySchema,
  packageTypeIdBodySchema,
  packageTypeListQuerySchema,
  packageTypeListSchema,
  packageTypeOptionsSchema,
  packageTypeSaveRequestSchema,
  packageTypeSchema,
  packageTypeUpdateRequestSchema,
  PackageTypePaths,
  PAGES,
} from '@health/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../../platform/actor.js';
import type { AppContext } from '../../../platform/context.js';
import { routeOptions, standardRoutes } from '../../../platform/route-options.js';
import { PackageTypeService } from './service.js';

const idData = z.object({ id: z.number().int() });
/** Pages that pick a package type from a list. */
const TYPE_READERS = [PAGES.packageTypes, PAGES.goods, PAGES.goodsEdit];

/** 套餐类型: CRUD and the options of the goods pages. */
export const packageTypeRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  const types = new PackageTypeService(ctx);
  const { get, post } = standardRoutes(
    app,
    routeOptions(['mall-package-type'], PAGES.packageTypes),
  );

  get(PackageTypePaths.list, {
    summary: '套餐类型列表（名称、性质、状态筛选；含商品数）',
    querystring: packageTypeListQuerySchema,
    data: packageTypeListSchema,
    run: (request) => types.list(request.query),
  });

  get(PackageTypePaths.options, {
    summary: '全部套餐类型（下拉选项）',
    frontPath: TYPE_READERS,
    data: packageTypeOptionsSchema,
    run: () => types.options(),
  });

  get(PackageTypePaths.detail, {
    summary: '套餐类型详情',
    querystring: contentIdQuerySchema,
    data: packageTypeSchema,
    run: (request) => types.detail(request.query.id),
  });

  post(PackageTypePaths.add, {
    summary: '新增套餐类型（名称唯一；服务包至少一项健康任务）',
    action: 'add',
    body: packageTypeSaveRequestSchema,
    data: idData,
    run: async (request) => ({ id: await types.add(actorOf(request), request.body) }),
  });

  post(PackageTypePaths.update, {
    summary: '修改套餐类型',
    action: 'edit',
    body: packageTypeUpdateRequestSchema,
    data: idData,
    run: async (request) => {
      const { id, ...input } = request.body;
      await types.update(actorOf(request), id, input);
      return { id };
    },
  });

  post(PackageTypePaths.delete, {
    summary: '删除套餐类型（还有商品的类型不能删除）',
    action: 'delete',
    body: packageTypeIdBodySchema,
    data: idData,
    run: async (request) => {
      await types.delete(actorOf(request), request.body.id);
      return { id: request.body.id };
    },
  });
};
