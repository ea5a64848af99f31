import {
  healthPlanAddSchema,
  healthPlanDetailSchema,
  healthPlanIdBodySchema,
  healthPlanIdQuerySchema,
  healthPlanListQuerySchema,
  healthPlanListSchema,
  healthPlanUpdateSchema,
  HealthPlanPaths,
  memberOptionsQuerySchema,
  memberOptionsSchema,
  PAGES,
  taskStaffListSchema,
} from '@health/contract';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../../platform/actor.js';
import type { AppContext } from '../../../platform/context.js';
import { routeOptions, standardRoutes } from '../../../platform/route-options.js';
import { HealthPlanService } from './service.js';

/**
 * 健康管理方案: the list, detail with the plan's tasks, add and edit (a schedule makes its tasks),
 * end, delete, and the form's member and staff pickers — all on the plan page.
 */
export const healthPlanRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  const service = new HealthPlanService(ctx);
  const route = routeOptions(['health'], [PAGES.healthPlans]);
  const { get, post } = standardRoutes(app, route);

  get(HealthPlanPaths.list, {
    summary: '健康管理方案列表（按状态、会员、标题筛选）',
    querystring: healthPlanListQuerySchema,
    data: healthPlanListSchema,
    run: (request) => service.list(request.query),
  });

  get(HealthPlanPaths.detail, {
    summary: '方案详情（含方案生成的任务及其状态）',
    querystring: healthPlanIdQuerySchema,
    data: healthPlanDetailSchema,
    run: (request) => service.detail(request.query.id),
  });

  get(HealthPlanPaths.memberOptions, {
    summary: '可选会员（手机号前缀或姓名；最多20个，手机号脱敏）',
    querystring: memberOptionsQuerySchema,
    data: memberOptionsSchema,
    run: (request) => service.memberOptions(request.query.keyword),
  });

  get(HealthPlanPaths.staff, {
    summary: '随访任务可分配的医生与医生助理',
    data: taskStaffListSchema,
    run: () => service.staff(),
  });

  post(HealthPlanPaths.add, {
    summary: '新建健康管理方案（JSON；有随访计划时同时创建随访任务）',
    action: 'add',
    body: healthPlanAddSchema,
    data: healthPlanDetailSchema,
    run: (request) => service.add(actorOf(request), request.body),
  });

  post(HealthPlanPaths.update, {
    summary: '编辑执行中的方案（随访计划变更时取消未开始的任务并重新创建）',
    action: 'edit',
    body: healthPlanUpdateSchema,
    data: healthPlanDetailSchema,
    run: (request) => service.update(actorOf(request), request.body),
  });

  post(HealthPlanPaths.end, {
    summary: '结束方案（取消未开始的任务，已预约、已完成的保留）',
    action: 'edit',
    body: healthPlanIdBodySchema,
    data: healthPlanDetailSchema,
    run: (request) => service.end(actorOf(request), request.body.id),
  });

  post(HealthPlanPaths.delete, {
    summary: '删除方案（仅当其任务均未预约、未完成）',
    action: 'delete',
    body: healthPlanIdBodySchema,
    data: z.null(),
    run: async (request) => {
      await service.delete(actorOf(request), request.body.id);
      return null;
    },
  });
};
