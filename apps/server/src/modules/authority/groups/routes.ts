import {
  PAGES,
  groupAddRequestSchema,
  groupDetailSchema,
  groupIdQuerySchema,
  groupIdRequestSchema,
  groupListQuerySchema,
  groupListResponseSchema,
  groupOptionsResponseSchema,
  groupUpdateRequestSchema,
  idResponseSchema,
  GroupPaths,
} from '@health/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../../platform/actor.js';
import type { AppContext } from '../../../platform/context.js';
import { ok } from '../../../platform/envelope.js';
import { routeOptions } from '../../../platform/route-options.js';
import { GroupsService } from './service.js';

const GROUP_PAGE = PAGES.groups;
const MEMBER_PAGE = PAGES.operators;
const TAGS = ['authority'];

const route = routeOptions(TAGS, GROUP_PAGE);

/** 权限组: list, detail, add, update, delete, and the options of the operator form. */
export const authorityGroupRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  const groups = new GroupsService(ctx);

  app.get(
    GroupPaths.list,
    route({
      summary: '权限组列表（含页面数与操作员数）',
      querystring: groupListQuerySchema,
      data: groupListResponseSchema,
    }),
    async (request) => ok(await groups.list(actorOf(request), request.query)),
  );

  app.get(
    GroupPaths.detail,
    route({
      summary: '权限组详情（含已授予的页面与操作）',
      querystring: groupIdQuerySchema,
      data: groupDetailSchema,
    }),
    async (request) => ok(await groups.detail(actorOf(request), request.query.id)),
  );

  app.get(
    GroupPaths.options,
    route({
      summary: '权限组选项（操作员表单与筛选）',
      frontPath: [GROUP_PAGE, MEMBER_PAGE],
      data: groupOptionsResponseSchema,
    }),
    async (request) => ok(await groups.options(actorOf(request))),
  );

  app.post(
    GroupPaths.add,
    route({
      summary: '新增权限组（resources：页面与操作的键，JSON 数组或逗号分隔）',
      action: 'add',
      body: groupAddRequestSchema,
      data: idResponseSchema,
    }),
    async (request) => ok({ id: await groups.add(actorOf(request), request.body) }, '权限组已新增'),
  );

  app.post(
    GroupPaths.update,
    route({
      summary: '修改权限组（其操作员的下一次请求即按新权限校验）',
      action: 'edit',
      body: groupUpdateRequestSchema,
      data: idResponseSchema,
    }),
    async (request) => {
      const { id, ...input } = request.body;
      await groups.update(actorOf(request), id, input);
      return ok({ id }, '权限组已保存');
    },
  );

  app.post(
    GroupPaths.delete,
    route({
      summary: '删除权限组（内置分组与仍有操作员的分组不能删除）',
      action: 'delete',
      body: groupIdRequestSchema,
      data: z.null(),
    }),
    async (request) => {
      await groups.delete(actorOf(request), request.body.id);
      return ok(null, '权限组已删除');
    },
  );
};
