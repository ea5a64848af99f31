import {
  PAGES,
  SmsMessages,
  SmsPaths,
  contentDeletedSchema,
  contentIdQuerySchema,
  contentIdsBodySchema,
  smsOutboxListQuerySchema,
  smsOutboxListSchema,
  smsTemplateAddRequestSchema,
  smsTemplateEnableRequestSchema,
  smsTemplateListQuerySchema,
  smsTemplateListSchema,
  smsTemplateSchema,
  smsTemplateUpdateRequestSchema,
  smsTestSendRequestSchema,
  smsTestSendResultSchema,
} from '@health/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../../platform/actor.js';
import type { AppContext } from '../../../platform/context.js';
import { routeOptions, standardRoutes } from '../../../platform/route-options.js';
import { SmsService } from './service.js';

const PAGE = PAGES.smsTemplates;
const idData = z.object({ id: z.number().int() });

const route = routeOptions(['sms'], PAGE);

/** SMS templates and the outbox of the embedded sender (/sysset_notice_set/msg_tpl). */
export const smsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const sms = new SmsService(ctx);
  const { get, post } = standardRoutes(app, route);

  get(SmsPaths.list, {
    summary: '短信模板列表（编码/名称、场景、状态筛选）',
    querystring: smsTemplateListQuerySchema,
    data: smsTemplateListSchema,
    run: (request) => sms.list(request.query),
  });

  get(SmsPaths.detail, {
    summary: '短信模板详情',
    querystring: contentIdQuerySchema,
    data: smsTemplateSchema,
    run: (request) => sms.detail(request.query.id),
  });

  post(SmsPaths.add, {
    summary: '新增短信模板（内容中的占位符写作 ${变量名}）',
    action: 'add',
    body: smsTemplateAddRequestSchema,
    data: idData,
    run: async (request) => ({ id: await sms.add(actorOf(request), request.body) }),
  });

  post(SmsPaths.update, {
    summary: '修改短信模板',
    action: 'edit',
    body: smsTemplateUpdateRequestSchema,
    data: idData,
    run: async (request) => {
      const { id, ...input } = request.body;
      await sms.update(actorOf(request), id, input);
      return { id };
    },
  });

  post(SmsPaths.enable, {
    summary: '启用或停用短信模板',
    action: 'edit',
    body: smsTemplateEnableRequestSchema,
    data: idData,
    run: async (request) => {
      await sms.setEnabled(actorOf(request), request.body.id, request.body.enabled);
      return { id: request.body.id };
    },
  });

  post(SmsPaths.delete, {
    summary: '删除短信模板（ids：一个或多个编号）',
    action: 'delete',
    body: contentIdsBodySchema,
    data: contentDeletedSchema,
    run: async (request) => ({ deleted: await sms.delete(actorOf(request), request.body.ids) }),
  });

  post(SmsPaths.testSend, {
    summary: '测试发送：手机号与每个占位符的值（params 为对象，表单提交时为 JSON 文本）',
    action: 'test',
    body: smsTestSendRequestSchema,
    data: smsTestSendResultSchema,
    run: (request) => sms.testSend(actorOf(request), request.body),
    message: SmsMessages.sent,
  });

  get(SmsPaths.outboxList, {
    summary: '短信发件箱（内置发送通道的发送记录，手机号脱敏）',
    querystring: smsOutboxListQuerySchema,
    data: smsOutboxListSchema,
    run: (request) => sms.outbox(request.query),
  });
};
