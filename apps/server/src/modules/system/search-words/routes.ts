import {
  SearchMessages,
  SearchPaths,
  contentDeletedSchema,
  contentIdQuerySchema,
  contentIdsBodySchema,
  envelope,
  searchListQuerySchema,
  searchListSchema,
  searchSaveRequestSchema,
  searchSuggestResultSchema,
  searchUpdateRequestSchema,
  searchWordSchema,
} from '@health/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../../platform/actor.js';
import type { AppContext } from '../../../platform/context.js';
import { ok } from '../../../platform/envelope.js';
import { SearchService } from './service.js';

const PAGE = '/sysset_setting/search';
/** The edit page reads a word too. */
const READ_PAGES = [PAGE, '/sysset_setting/search_edit'];
const BODY_TYPES = ['application/x-www-form-urlencoded', 'application/json'];
const tags = ['search'];

/** Search configuration (spec §7 sysSearch): hot and default words, suggestion list. */
export const searchRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const search = new SearchService(ctx);

  app.get(
    SearchPaths.list,
    {
      config: { frontPath: PAGE },
      schema: {
        tags,
        summary: '搜索词列表（关键词、类型、状态筛选）',
        querystring: searchListQuerySchema,
        response: { 200: envelope(searchListSchema) },
      },
    },
    async (request) => ok(await search.list(request.query)),
  );

  app.get(
    SearchPaths.info,
    {
      config: { frontPath: READ_PAGES },
      schema: {
        tags,
        summary: '搜索词详情',
        querystring: contentIdQuerySchema,
        response: { 200: envelope(searchWordSchema) },
      },
    },
    async (request) => ok(await search.info(request.query.id)),
  );

  app.post(
    SearchPaths.save,
    {
      config: { frontPath: PAGE, action: 'add' },
      schema: {
        tags,
        summary: '新增搜索词（同一类型下搜索词唯一）',
        consumes: BODY_TYPES,
        body: searchSaveRequestSchema,
        response: { 200: envelope(z.object({ id: z.number().int() })) },
      },
    },
    async (request) => ok({ id: await search.save(actorOf(request), request.body) }),
  );

  app.post(
    SearchPaths.update,
    {
      config: { frontPath: PAGE, action: 'edit' },
      schema: {
        tags,
        summary: '修改搜索词',
        consumes: BODY_TYPES,
        body: searchUpdateRequestSchema,
        response: { 200: envelope(z.object({ id: z.number().int() })) },
      },
    },
    async (request) => {
      const { id, ...input } = request.body;
      await search.update(actorOf(request), id, input);
      return ok({ id });
    },
  );

  app.post(
    SearchPaths.delete,
    {
      config: { frontPath: PAGE, action: 'delete' },
      schema: {
        tags,
        summary: '删除搜索词（ids：一个或多个编号，逗号分隔或数组）',
        consumes: BODY_TYPES,
        body: contentIdsBodySchema,
        response: { 200: envelope(contentDeletedSchema) },
      },
    },
    async (request) => ok({ deleted: await search.delete(actorOf(request), request.body.ids) }),
  );

  app.post(
    SearchPaths.asyncSuggest,
    {
      config: { frontPath: PAGE, action: 'suggest' },
      schema: {
        tags,
        summary: '重建联想词（由启用且在有效期内的搜索词生成），返回条数',
        response: { 200: envelope(searchSuggestResultSchema) },
      },
    },
    async (request) => {
      const result = await search.rebuildSuggestions(actorOf(request));
      return ok(result, SearchMessages.suggestRebuilt(result.count));
    },
  );
};
