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
import { routeOptions, standardRoutes } from '../../../platform/route-options.js';
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
  const { get, post } = standardRoutes(app, route);

  get(GroupPaths.list, {
    summary: '权限组列表（含页面数与操作员数）',
    querystring: groupListQuerySchema,
    data: groupListResponseSchema,
    run: (request) => groups.list(actorOf(request), request.query),
  });

  get(GroupPaths.detail, {
    summary: '权限组详情（含已授予的页面与操作）',
    querystring: groupIdQuerySchema,
    data: groupDetailSchema,
    run: (request) => groups.detail(actorOf(request), request.query.id),
  });

  get(GroupPaths.options, {
    summary: '权限组选项（操作员表单与筛选）',
    frontPath: [GROUP_PAGE, MEMBER_PAGE],
    data: groupOptionsResponseSchema,
    run: (request) => groups.options(actorOf(request)),
  });

  post(GroupPaths.add, {
    summary: '新增权限组（resources：页面与操作的键，JSON 数组或逗号分隔）',
    action: 'add',
    body: groupAddRequestSchema,
    data: idResponseSchema,
    run: async (request) => ({ id: await groups.add(actorOf(request), request.body) }),
    message: '权限组已新增',
  });

  post(GroupPaths.update, {
    summary: '修改权限组（其操作员的下一次请求即按新权限校验）',
    action: 'edit',
    body: groupUpdateRequestSchema,
    data: idResponseSchema,
    run: async (request) => {
      const { id, ...input } = request.body;
      await groups.update(actorOf(request), id, input);
      return { id };
    },
    message: '权限组已保存',
  });

  post(GroupPaths.delete, {
    summary: '删除权限组（内置分组与仍有操作员的分组不能删除）',
    action: 'delete',
    body: groupIdRequestSchema,
    data: z.null(),
    run: (request) => groups.delete(actorOf(request), request.body.id),
    message: '权限组已删除',
  });
};
