import {
  healthTaskAddSchema,
  healthTaskAssignSchema,
  healthTaskBookSchema,
  healthTaskCancelSchema,
  healthTaskCompleteSchema,
  healthTaskCountsSchema,
  healthTaskDetailSchema,
  healthTaskExportQuerySchema,
  healthTaskIdQuerySchema,
  healthTaskListQuerySchema,
  healthTaskListSchema,
  healthTaskSchema,
  healthTaskUpdateSchema,
  HealthTaskPaths,
  memberOptionsQuerySchema,
  memberOptionsSchema,
  PAGES,
  TASK_STEPS,
  taskStaffListSchema,
} from '@health/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../../platform/actor.js';
import type { AppContext } from '../../../platform/context.js';
import { sendExport } from '../../../platform/export.js';
import { routeOptions, standardRoutes } from '../../../platform/route-options.js';
import { HealthTaskService } from './service.js';

/** The three task pages: reading the tasks is open to any of them. */
const TASK_PAGES = [PAGES.taskAssign, PAGES.taskBooking, PAGES.tasks];
const pageOf = (step: keyof typeof TASK_STEPS) => PAGES[TASK_STEPS[step].page];

/**
 * 健康任务: the list (the three pages are its views), counts, detail with the timeline, add and
 * edit, the staff to assign to, the workflow's steps (each on its page's action, from TASK_STEPS)
 * and the export.
 */
export const healthTaskRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  const service = new HealthTaskService(ctx);
  const route = routeOptions(['health'], TASK_PAGES);
  const { get, post } = standardRoutes(app, route);

  get(HealthTaskPaths.list, {
    summary: '健康任务列表（按状态、类型、来源、执行人、会员、创建时间筛选）',
    querystring: healthTaskListQuerySchema,
    data: healthTaskListSchema,
    run: (request) => service.list(actorOf(request), request.query),
  });

  get(HealthTaskPaths.counts, {
    summary: '未完成任务数（按状态、我的、已超期）',
    data: healthTaskCountsSchema,
    run: (request) => service.counts(actorOf(request)),
  });

  get(HealthTaskPaths.detail, {
    summary: '任务详情（含流转记录）',
    querystring: healthTaskIdQuerySchema,
    data: healthTaskDetailSchema,
    run: (request) => service.detail(actorOf(request), request.query.id),
  });

  get(HealthTaskPaths.staff, {
    summary: '可分配的医生与医生助理（含未完成任务数）',
    frontPath: [PAGES.taskAssign],
    data: taskStaffListSchema,
    run: () => service.staff(),
  });

  get(HealthTaskPaths.memberOptions, {
    summary: '可选会员（手机号前缀或姓名；最多20个，手机号脱敏）',
    frontPath: [PAGES.taskAssign],
    querystring: memberOptionsQuerySchema,
    data: memberOptionsSchema,
    run: (request) => service.memberOptions(request.query.keyword),
  });

  post(HealthTaskPaths.add, {
    summary: '新建健康任务（手动或来自预警；可同时分配）',
    frontPath: [PAGES.taskAssign],
    action: 'add',
    body: healthTaskAddSchema,
    data: healthTaskSchema,
    run: (request) => service.add(actorOf(request), request.body),
  });

  post(HealthTaskPaths.update, {
    summary: '编辑未完成任务的类型、标题、说明、截止时间',
    frontPath: [PAGES.tasks],
    action: 'edit',
    body: healthTaskUpdateSchema,
    data: healthTaskSchema,
    run: (request) => service.update(actorOf(request), request.body),
  });

  post(HealthTaskPaths.assign, {
    summary: '分配或改派任务',
    frontPath: [pageOf('assign')],
    action: TASK_STEPS.assign.action,
    body: healthTaskAssignSchema,
    data: healthTaskSchema,
    run: (request) => service.assign(actorOf(request), request.body),
  });

  post(HealthTaskPaths.book, {
    summary: '预约或改约（与会员约定时间）',
    frontPath: [pageOf('book')],
    action: TASK_STEPS.book.action,
    body: healthTaskBookSchema,
    data: healthTaskSchema,
    run: (request) => service.book(actorOf(request), request.body),
  });

  post(HealthTaskPaths.complete, {
    summary: '完成任务（记录完成情况；会员获得积分配置的任务积分）',
    frontPath: [pageOf('complete')],
    action: TASK_STEPS.complete.action,
    body: healthTaskCompleteSchema,
    data: healthTaskSchema,
    run: (request) => service.step(actorOf(request), 'complete', request.body),
  });

  post(HealthTaskPaths.cancel, {
    summary: '取消任务（须填写原因）',
    frontPath: [pageOf('cancel')],
    action: TASK_STEPS.cancel.action,
    body: healthTaskCancelSchema,
    data: healthTaskSchema,
    run: (request) => service.step(actorOf(request), 'cancel', request.body),
  });

  app.get(
    HealthTaskPaths.export,
    route({
      summary: '导出健康任务（当前筛选，手机号脱敏）',
      frontPath: [PAGES.tasks],
      action: 'export',
      querystring: healthTaskExportQuerySchema,
    }),
    async (request, reply) =>
      sendExport(ctx, reply, await service.export(actorOf(request), request.query)),
  );
};
