import {
  PAGES,
  SearchMessages,
  SearchPaths,
  contentDeletedSchema,
  contentIdQuerySchema,
  contentIdsBodySchema,
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
import { routeOptions, standardRoutes } from '../../../platform/route-options.js';
import { SearchService } from './service.js';

const PAGE = PAGES.searchWords;
/** The edit page reads a word too. */
const READ_PAGES = [PAGE, PAGES.searchWordEdit];
const idSchema = z.object({ id: z.number().int() });

const route = routeOptions(['search'], PAGE);

/** Search configuration (spec §7 sysSearch): hot and default words, suggestion list. */
export const searchRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const search = new SearchService(ctx);
  const { get, post } = standardRoutes(app, route);

  get(SearchPaths.list, {
    summary: '搜索词列表（关键词、类型、状态筛选）',
    querystring: searchListQuerySchema,
    data: searchListSchema,
    run: (request) => search.list(request.query),
  });

  get(SearchPaths.info, {
    summary: '搜索词详情',
    frontPath: READ_PAGES,
    querystring: contentIdQuerySchema,
    data: searchWordSchema,
    run: (request) => search.info(request.query.id),
  });

  post(SearchPaths.save, {
    summary: '新增搜索词（同一类型下搜索词唯一）',
    action: 'add',
    body: searchSaveRequestSchema,
    data: idSchema,
    run: async (request) => ({ id: await search.save(actorOf(request), request.body) }),
  });

  post(SearchPaths.update, {
    summary: '修改搜索词',
    action: 'edit',
    body: searchUpdateRequestSchema,
    data: idSchema,
    run: async (request) => {
      const { id, ...input } = request.body;
      await search.update(actorOf(request), id, input);
      return { id };
    },
  });

  post(SearchPaths.delete, {
    summary: '删除搜索词（ids：一个或多个编号，逗号分隔或数组）',
    action: 'delete',
    body: contentIdsBodySchema,
    data: contentDeletedSchema,
    run: async (request) => ({ deleted: await search.delete(actorOf(request), request.body.ids) }),
  });

  post(SearchPaths.asyncSuggest, {
    summary: '重建联想词（由启用且在有效期内的搜索词生成），返回条数',
    action: 'suggest',
    data: searchSuggestResultSchema,
    run: (request) => search.rebuildSuggestions(actorOf(request)),
    message: (result) => SearchMessages.suggestRebuilt(result.count),
  });
};
