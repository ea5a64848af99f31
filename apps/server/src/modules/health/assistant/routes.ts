import {
  AssistantPaths,
  assistantCallSchema,
  assistantOverviewSchema,
  assistantReceiveSchema,
  healthTaskBookSchema,
  healthTaskSchema,
  PAGES,
} from '@health/contract';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../../platform/actor.js';
import type { AppContext } from '../../../platform/context.js';
import { routeOptions, standardRoutes } from '../../../platform/route-options.js';
import { AssistantService } from './service.js';

/** 助理工作台: the overview, and the steps taken from it under the page's `edit` action. */
export const assistantRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const service = new AssistantService(ctx);
  const route = routeOptions(['health'], PAGES.assistantWorkbench);
  const { get, post } = standardRoutes(app, route);

  get(AssistantPaths.overview, {
    summary: '助理工作台：我的异常随访、待预约任务、待签收的设备寄回',
    data: assistantOverviewSchema,
    run: (request) => service.overview(actorOf(request)),
  });

  post(AssistantPaths.call, {
    summary: '记录随访电话（接通：完成任务；未接通：记入流转记录）',
    action: 'edit',
    body: assistantCallSchema,
    data: healthTaskSchema,
    run: (request) => service.call(actorOf(request), request.body),
  });

  post(AssistantPaths.book, {
    summary: '预约我的任务（与会员约定时间）',
    action: 'edit',
    body: healthTaskBookSchema,
    data: healthTaskSchema,
    run: (request) => service.book(actorOf(request), request.body),
  });

  post(AssistantPaths.receive, {
    summary: '签收会员寄回的设备（设备登记归还）',
    action: 'edit',
    body: assistantReceiveSchema,
    data: z.object({ id: z.number().int() }),
    run: (request) => service.receive(actorOf(request), request.body),
  });
};
