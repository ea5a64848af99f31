import {
  PAGES,
  SmsMessages,
  SmsPaths,
  contentDeletedSchema,
  contentIdQuerySchema,
  contentIdsBodySchema,
  envelope,
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
import { ok } from '../../../platform/envelope.js';
import { FORM_OR_JSON, routeOptions } from '../../../platform/route-options.js';
import { SmsService } from './service.js';

const PAGE = PAGES.smsTemplates;
const tags = ['sms'];
const idAnswer = envelope(z.object({ id: z.number().int() }));

const route = routeOptions(tags, PAGE);

/** SMS templates and the outbox of the embedded sender (/sysset_notice_set/msg_tpl). */
export const smsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const sms = new SmsService(ctx);

  app.get(
    SmsPaths.list,
    route({
      summary: '短信模板列表（编码/名称、场景、状态筛选）',
      querystring: smsTemplateListQuerySchema,
      data: smsTemplateListSchema,
    }),
    async (request) => ok(await sms.list(request.query)),
  );

  app.get(
    SmsPaths.detail,
    route({ summary: '短信模板详情', querystring: contentIdQuerySchema, data: smsTemplateSchema }),
    async (request) => ok(await sms.detail(request.query.id)),
  );

  app.post(
    SmsPaths.add,
    {
      config: { frontPath: PAGE, action: 'add' },
      schema: {
        tags,
        summary: '新增短信模板（内容中的占位符写作 ${变量名}）',
        consumes: FORM_OR_JSON,
        body: smsTemplateAddRequestSchema,
        response: { 200: idAnswer },
      },
    },
    async (request) => ok({ id: await sms.add(actorOf(request), request.body) }),
  );

  app.post(
    SmsPaths.update,
    {
      config: { frontPath: PAGE, action: 'edit' },
      schema: {
        tags,
        summary: '修改短信模板',
        consumes: FORM_OR_JSON,
        body: smsTemplateUpdateRequestSchema,
        response: { 200: idAnswer },
      },
    },
    async (request) => {
      const { id, ...input } = request.body;
      await sms.update(actorOf(request), id, input);
      return ok({ id });
    },
  );

  app.post(
    SmsPaths.enable,
    {
      config: { frontPath: PAGE, action: 'edit' },
      schema: {
        tags,
        summary: '启用或停用短信模板',
        consumes: FORM_OR_JSON,
        body: smsTemplateEnableRequestSchema,
        response: { 200: idAnswer },
      },
    },
    async (request) => {
      await sms.setEnabled(actorOf(request), request.body.id, request.body.enabled);
      return ok({ id: request.body.id });
    },
  );

  app.post(
    SmsPaths.delete,
    route({
      summary: '删除短信模板（ids：一个或多个编号）',
      action: 'delete',
      body: contentIdsBodySchema,
      data: contentDeletedSchema,
    }),
    async (request) => ok({ deleted: await sms.delete(actorOf(request), request.body.ids) }),
  );

  app.post(
    SmsPaths.testSend,
    route({
      summary: '测试发送：手机号与每个占位符的值（params 为对象，表单提交时为 JSON 文本）',
      action: 'test',
      body: smsTestSendRequestSchema,
      data: smsTestSendResultSchema,
    }),
    async (request) => ok(await sms.testSend(actorOf(request), request.body), SmsMessages.sent),
  );

  app.get(
    SmsPaths.outboxList,
    route({
      summary: '短信发件箱（内置发送通道的发送记录，手机号脱敏）',
      querystring: smsOutboxListQuerySchema,
      data: smsOutboxListSchema,
    }),
    async (request) => ok(await sms.outbox(request.query)),
  );
};
