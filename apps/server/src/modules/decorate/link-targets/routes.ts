import {
  LinkTargetPaths,
  PAGES,
  linkTargetOptionsQuerySchema,
  linkTargetOptionsSchema,
} from '@health/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../platform/context.js';
import { routeOptions, standardRoutes } from '../../../platform/route-options.js';
import { LinkTargetService } from './service.js';

/** Every 装修 page that edits links reads the targets (the builder, ad slots, the mall's page). */
const LINK_PAGES = [
  PAGES.decorateHome,
  PAGES.decorateTopics,
  PAGES.decoratePageEdit,
  PAGES.decorateAdverts,
  PAGES.mallDecorate,
  PAGES.mallPageEdit,
];

/** The link field's picker: the records a link can point to. */
export const linkTargetRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  const targets = new LinkTargetService(ctx);
  const { get } = standardRoutes(app, routeOptions(['decorate'], LINK_PAGES));

  get(LinkTargetPaths.options, {
    summary:
      '链接目标选项（kind：goods 商品、topic 专题、packageType 服务分类、video 健康视频、notice 公告；keyword 搜索或 ids 查已选的；最多50条，live 表示会员可见）',
    querystring: linkTargetOptionsQuerySchema,
    data: linkTargetOptionsSchema,
    run: (request) => targets.options(request.query),
  });
};
