import {
  PAGES,
  AgreementPaths,
  agreementAddRequestSchema,
  agreementInfoQuerySchema,
  agreementListQuerySchema,
  agreementListSchema,
  agreementPublicSchema,
  agreementSchema,
  agreementUpdateRequestSchema,
  contentDeletedSchema,
  contentIdQuerySchema,
  contentIdsBodySchema,
  envelope,
} from '@health/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../../platform/actor.js';
import type { AppContext } from '../../../platform/context.js';
import { ok } from '../../../platform/envelope.js';
import { routeOptions, standardRoutes } from '../../../platform/route-options.js';
import { AgreementService } from './service.js';

const PAGE = PAGES.agreements;
const READ_PAGES = [PAGE, PAGES.agreementEdit];
const tags = ['agreement'];
const savedData = z.object({ id: z.number().int(), version: z.number().int() });

const route = routeOptions(tags, PAGE);

/** Agreements: admin CRUD and the public info the /auth_agreement page reads. */
export const agreementRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const agreements = new AgreementService(ctx);
  const { get, post } = standardRoutes(app, route);

  get(AgreementPaths.list, {
    summary: '协议列表（编码/标题筛选，不含正文）',
    querystring: agreementListQuerySchema,
    data: agreementListSchema,
    run: (request) => agreements.list(request.query),
  });

  get(AgreementPaths.detail, {
    summary: '协议详情（含正文）',
    frontPath: READ_PAGES,
    querystring: contentIdQuerySchema,
    data: agreementSchema,
    run: (request) => agreements.detail(request.query.id),
  });

  post(AgreementPaths.add, {
    summary: '新增协议（正文为富文本，保存时按白名单净化）',
    action: 'add',
    body: agreementAddRequestSchema,
    data: savedData,
    run: (request) => agreements.add(actorOf(request), request.body),
  });

  post(AgreementPaths.update, {
    summary: '修改协议（每次保存版本号加1）',
    action: 'edit',
    body: agreementUpdateRequestSchema,
    data: savedData,
    run: async (request) => {
      const { id, ...input } = request.body;
      return await agreements.update(actorOf(request), id, input);
    },
  });

  post(AgreementPaths.delete, {
    summary: '删除协议（ids：一个或多个编号）',
    action: 'delete',
    body: contentIdsBodySchema,
    data: contentDeletedSchema,
    run: async (request) => ({
      deleted: await agreements.delete(actorOf(request), request.body.ids),
    }),
  });

  app.get(
    AgreementPaths.info,
    {
      config: { public: true },
      schema: {
        tags,
        summary: '公开：按编码读取协议（/auth_agreement 页面使用，无需登录）',
        querystring: agreementInfoQuerySchema,
        response: { 200: envelope(agreementPublicSchema) },
      },
    },
    async (request, reply) => {
      // Revalidated on every view so a save shows at once.
      reply.header('cache-control', 'no-cache');
      return ok(await agreements.publicInfo(request.query.code));
    },
  );
};
