import {
  contentIdQuerySchema,
  deviceModelListQuerySchema,
  deviceModelListSchema,
  deviceModelOptionsSchema,
  deviceModelSaveRequestSchema,
  deviceModelSchema,
  deviceModelUpdateRequestSchema,
  deviceIdBodySchema,
  DeviceModelPaths,
  PAGES,
} from '@health/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../../platform/actor.js';
import type { AppContext } from '../../../platform/context.js';
import { routeOptions, standardRoutes } from '../../../platform/route-options.js';
import { DeviceModelService } from './service.js';

const idData = z.object({ id: z.number().int() });
/** Pages that pick a model from a list. */
const MODEL_READERS = [PAGES.deviceModels, PAGES.devices, PAGES.memberDetail];

/** Device models: CRUD and the options of the other device pages. */
export const deviceModelRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  const models = new DeviceModelService(ctx);
  const { get, post } = standardRoutes(app, routeOptions(['device-model'], PAGES.deviceModels));

  get(DeviceModelPaths.list, {
    summary: '设备型号列表（名称、类型筛选；含设备数）',
    querystring: deviceModelListQuerySchema,
    data: deviceModelListSchema,
    run: (request) => models.list(request.query),
  });

  get(DeviceModelPaths.options, {
    summary: '全部设备型号（下拉选项）',
    frontPath: MODEL_READERS,
    data: deviceModelOptionsSchema,
    run: () => models.options(),
  });

  get(DeviceModelPaths.detail, {
    summary: '设备型号详情',
    querystring: contentIdQuerySchema,
    data: deviceModelSchema,
    run: (request) => models.detail(request.query.id),
  });

  post(DeviceModelPaths.add, {
    summary: '新增设备型号（名称唯一）',
    action: 'add',
    body: deviceModelSaveRequestSchema,
    data: idData,
    run: async (request) => ({ id: await models.add(actorOf(request), request.body) }),
  });

  post(DeviceModelPaths.update, {
    summary: '修改设备型号（有设备的型号不能改类型）',
    action: 'edit',
    body: deviceModelUpdateRequestSchema,
    data: idData,
    run: async (request) => {
      const { id, ...input } = request.body;
      await models.update(actorOf(request), id, input);
      return { id };
    },
  });

  post(DeviceModelPaths.delete, {
    summary: '删除设备型号（有设备或绑定码的型号不能删除）',
    action: 'delete',
    body: deviceIdBodySchema,
    data: idData,
    run: async (request) => {
      await models.delete(actorOf(request), request.body.id);
      return { id: request.body.id };
    },
  });
};
