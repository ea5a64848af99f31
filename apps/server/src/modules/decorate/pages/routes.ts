import {
  DecoratePageMessages,
  DecoratePagePaths,
  DecoratePublicPaths,
  LinkMessages,
  PAGES,
  decoratePageAddSchema,
  decoratePageDetailSchema,
  decoratePageIdSchema,
  decoratePageListQuerySchema,
  decoratePageListSchema,
  decoratePageRenameSchema,
  envelope,
  linkedByAnswerSchema,
  lockRequestSchema,
  pageLockSchema,
  pageVersionDetailSchema,
  pageVersionRowSchema,
  previewLinkRequestSchema,
  previewLinkSchema,
  previewQuerySchema,
  publicPageSchema,
  publishRequestSchema,
  resolveRequestSchema,
  resolvedRecordsSchema,
  rollbackRequestSchema,
  saveDraftRequestSchema,
  scheduleRequestSchema,
  topicQuerySchema,
  versionQuerySchema,
  type PageDocument,
  type PageKind,
  type PublicPage,
} from '@health/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../../platform/actor.js';
import { MINUTE_MS } from '../../../platform/clock.js';
import type { AppContext } from '../../../platform/context.js';
import { SUCCESS_MSG, ok } from '../../../platform/envelope.js';
import { cachedJson } from '../../../platform/json-cache.js';
import { publicPageCache } from './public-cache.js';
import { routeOptions, standardRoutes } from '../../../platform/route-options.js';
import { linkedBy } from '../linked-by.js';
import { DecoratePageService } from './service.js';

/** The three list pages; each route's own check in the service names the page of the kind. */
const LIST_PAGES = [PAGES.decorateHome, PAGES.decorateTopics, PAGES.mallDecorate];
/** Pages of the one-enabled kinds (home pages, mall homes). */
const ENABLE_PAGES = [PAGES.decorateHome, PAGES.mallDecorate];

const idData = z.object({ id: z.number().int() });
const revisionData = z.object({ revision: z.number().int() });

/** 装修's pages: the builder's API (drafts, versions, publishing, preview, lock) and the app's. */
export const decoratePageRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  const pages = new DecoratePageService(ctx);
  const cache = publicPageCache(ctx);
  const { get, post } = standardRoutes(app, routeOptions(['decorate-page'], LIST_PAGES));

  get(DecoratePagePaths.list, {
    summary: '装修页面列表（kind：home 首页 | topic 专题 | mall 商城首页）',
    querystring: decoratePageListQuerySchema,
    data: decoratePageListSchema,
    run: (request) => pages.list(actorOf(request), request.query),
  });

  get(DecoratePagePaths.detail, {
    summary: '装修页面详情（含草稿文档与版本号 revision）',
    querystring: decoratePageIdSchema,
    data: decoratePageDetailSchema,
    run: (request) => pages.detail(actorOf(request), request.query.id),
  });

  post(DecoratePagePaths.add, {
    summary: '新增装修页面（空白草稿）',
    action: 'add',
    body: decoratePageAddSchema,
    data: idData,
    run: async (request) => ({ id: await pages.add(actorOf(request), request.body) }),
  });

  post(DecoratePagePaths.copy, {
    summary: '复制装修页面（复制草稿为新页面）',
    action: 'add',
    body: decoratePageIdSchema,
    data: idData,
    run: async (request) => ({ id: await pages.copy(actorOf(request), request.body.id) }),
  });

  post(DecoratePagePaths.rename, {
    summary: '重命名装修页面',
    action: 'edit',
    body: decoratePageRenameSchema,
    run: async (request) => {
      await pages.rename(actorOf(request), request.body.id, request.body.name);
      cache.clear(); // a live page's name is in its public answer
    },
  });

  post(DecoratePagePaths.delete, {
    summary: '删除装修页面（启用中的页面不能删除；删除专题时答复仍链接它的页面与广告）',
    action: 'delete',
    body: decoratePageIdSchema,
    data: linkedByAnswerSchema,
    run: async (request) => {
      const { id } = request.body;
      const kind = await pages.delete(actorOf(request), id);
      cache.clear();
      return { id, linkedBy: kind === 'topic' ? await linkedBy(ctx, 'topic', id) : [] };
    },
    message: (answer) =>
      answer.linkedBy.length > 0
        ? LinkMessages.stillLinked(answer.linkedBy.join('、'))
        : SUCCESS_MSG,
  });

  post(DecoratePagePaths.saveDraft, {
    summary: '保存草稿（revision 为草稿的当前版本号；已被他人保存则拒绝，不覆盖）',
    action: 'edit',
    body: saveDraftRequestSchema,
    data: revisionData,
    run: (request) => pages.saveDraft(actorOf(request), request.body),
  });

  post(DecoratePagePaths.publish, {
    summary: '发布草稿为新版本（先检查整页；有问题时 data.errors 逐条指明组件）',
    action: 'publish',
    body: publishRequestSchema,
    data: z.object({ version: z.number().int() }),
    run: async (request) => {
      const result = await pages.publish(actorOf(request), request.body);
      cache.clear();
      return result;
    },
    message: (result) => DecoratePageMessages.published(result.version),
  });

  post(DecoratePagePaths.schedule, {
    summary: '定时发布草稿（到时再检查一次）',
    action: 'publish',
    body: scheduleRequestSchema,
    run: (request) => pages.schedule(actorOf(request), request.body),
  });

  post(DecoratePagePaths.unschedule, {
    summary: '取消定时发布',
    action: 'publish',
    body: decoratePageIdSchema,
    run: (request) => pages.unschedule(actorOf(request), request.body.id),
  });

  get(DecoratePagePaths.versions, {
    summary: '版本记录',
    querystring: decoratePageIdSchema,
    data: z.array(pageVersionRowSchema),
    run: (request) => pages.versions(actorOf(request), request.query.id),
  });

  get(DecoratePagePaths.version, {
    summary: '某一版本的页面文档',
    querystring: versionQuerySchema,
    data: pageVersionDetailSchema,
    run: (request) => pages.version(actorOf(request), request.query.id, request.query.version),
  });

  post(DecoratePagePaths.rollback, {
    summary: '回滚：用旧版本生成新草稿（历史版本不变）',
    action: 'rollback',
    body: rollbackRequestSchema,
    data: revisionData,
    run: (request) => pages.rollback(actorOf(request), request.body.id, request.body.version),
    message: (_result) => '已生成新草稿',
  });

  post(DecoratePagePaths.enable, {
    summary: '启用页面（同类页面只有一个启用）',
    frontPath: ENABLE_PAGES,
    action: 'enable',
    body: decoratePageIdSchema,
    run: async (request) => {
      await pages.enable(actorOf(request), request.body.id);
      cache.clear();
    },
  });

  post(DecoratePagePaths.previewLink, {
    summary: '生成预览链接（免登录，固定为当前草稿版本，默认30分钟有效）',
    body: previewLinkRequestSchema,
    data: previewLinkSchema,
    run: (request) => pages.previewLink(actorOf(request), request.body.id, request.body.minutes),
  });

  post(DecoratePagePaths.revokePreview, {
    summary: '撤销该页面的全部预览链接',
    action: 'edit',
    body: decoratePageIdSchema,
    data: z.object({ revoked: z.number().int() }),
    run: async (request) => ({
      revoked: await pages.revokePreview(actorOf(request), request.body.id),
    }),
  });

  post(DecoratePagePaths.resolve, {
    summary: '解析草稿中引用的商品、视频、服务套餐（编辑器预览用）',
    body: resolveRequestSchema,
    data: resolvedRecordsSchema,
    run: (request) => pages.resolveRecords(request.body.document as PageDocument),
  });

  post(DecoratePagePaths.lock, {
    summary: '取得或续期编辑锁（takeOver：接管他人的编辑）',
    action: 'edit',
    body: lockRequestSchema,
    data: pageLockSchema,
    run: (request) => pages.lock(actorOf(request), request.body.id, request.body.takeOver),
  });

  post(DecoratePagePaths.unlock, {
    summary: '释放编辑锁',
    body: decoratePageIdSchema,
    run: (request) => pages.unlock(actorOf(request), request.body.id),
  });

  /* ------------------------------------------------------------- public */

  const publicConfig = {
    public: true,
    rateLimit: { max: ctx.config.authRateLimitPerMinute, timeWindow: MINUTE_MS },
  } as const;
  /**
   * The live pages are the app's hot read: a cached page is one immutable object, so its JSON is
   * made once per cache entry (json-cache.ts) instead of validated and serialized per request
   * (measured: 0.36 → 0.87 × /healthz req/s in bench:decorate); it was built from documents the
   * contract's schema parsed, and TypeScript checks the shape.
   */
  const serializeCachedPage = () => (payload: unknown) => {
    const answer = payload as { state: number; msg: string; data: PublicPage };
    return `{"state":${answer.state},"msg":${JSON.stringify(answer.msg)},"data":${cachedJson(answer.data)}}`;
  };

  /** The cached page with its ETag; 304 when the app already has it. */
  const answer = async (
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    load: () => Promise<PublicPage>,
  ) => {
    const entry = await cache.get(key, load);
    reply.header('etag', entry.etag);
    reply.header('cache-control', 'no-cache');
    if (request.headers['if-none-match'] === entry.etag) return reply.code(304).send();
    return ok(entry.body);
  };

  const live = (kind: PageKind, summary: string) =>
    app.get(
      kind === 'home' ? DecoratePublicPaths.home : DecoratePublicPaths.mall,
      {
        config: publicConfig,
        serializerCompiler: serializeCachedPage,
        schema: {
          tags: ['decorate-page'],
          summary,
          response: { 200: envelope(publicPageSchema) },
        },
      },
      (request, reply) => answer(request, reply, kind, () => pages.livePage(kind)),
    );
  live('home', '公开：App 首页（已发布版本，商品、视频实时解析；未发布时为内置默认页；支持 ETag）');
  live('mall', '公开：积分商城首页（已发布版本；未发布时为内置默认页；支持 ETag）');

  app.get(
    DecoratePublicPaths.topic,
    {
      config: publicConfig,
      serializerCompiler: serializeCachedPage,
      schema: {
        tags: ['decorate-page'],
        summary: '公开：专题页面（已发布版本；支持 ETag）',
        querystring: topicQuerySchema,
        response: { 200: envelope(publicPageSchema) },
      },
    },
    (request, reply) =>
      answer(request, reply, `topic:${request.query.id}`, () =>
        pages.livePage('topic', request.query.id),
      ),
  );

  app.get(
    DecoratePublicPaths.preview,
    {
      // The token is in the query, whose values the request log never writes (log-redaction.ts).
      config: publicConfig,
      schema: {
        tags: ['decorate-page'],
        summary: '公开：预览链接打开的草稿（签名、有效期、撤销均由服务端校验）',
        querystring: previewQuerySchema,
        response: { 200: envelope(publicPageSchema) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      reply.header('referrer-policy', 'no-referrer');
      return ok(await pages.preview(request.query.token));
    },
  );
};
