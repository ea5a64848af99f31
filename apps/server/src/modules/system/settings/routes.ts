import {
  AppInfoPaths,
  ApiPaths,
  Messages,
  SETTING_INIT_ACTION,
  SETTING_INIT_PAGES,
  doctorOptionsSchema,
  settingInitResponseSchema,
  envelope,
  publicAppInfoSchema,
  publicSiteInfoSchema,
  SETTINGS_SECTIONS,
  settingInfoQuerySchema,
  settingInfoSchema,
  SettingsPaths,
  settingsPageOf,
  settingUpdateRequestSchema,
} from '@health/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../../platform/actor.js';
import { MINUTE_MS } from '../../../platform/clock.js';
import type { AppContext } from '../../../platform/context.js';
import { ok } from '../../../platform/envelope.js';
import { routeOptions, standardRoutes } from '../../../platform/route-options.js';
import { assertHolds } from '../../../platform/permissions.js';
import { SettingsSectionService } from './service.js';

/** Every settings page served by the one info/update pair; each request is checked for its own. */
const SETTINGS_PAGES = SETTINGS_SECTIONS.map(settingsPageOf);

const route = routeOptions(['system'], SETTINGS_PAGES);

export const settingsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const settings = new SettingsSectionService(ctx);
  const { get } = standardRoutes(app, route);

  app.get(
    SettingsPaths.info,
    {
      // The guard lets through an operator holding any settings page; the handler then requires
      // the page of the section asked for.
      config: { frontPath: SETTINGS_PAGES },
      schema: {
        tags: ['system'],
        summary: '读取一项系统配置（未保存过时为默认值）；需要该配置页的权限',
        querystring: settingInfoQuerySchema,
        response: { 200: envelope(settingInfoSchema) },
      },
    },
    async (request) => {
      const { section } = request.query;
      assertHolds(request, settingsPageOf(section));
      return ok(await settings.info(section));
    },
  );

  app.post(
    SettingsPaths.update,
    {
      config: { frontPath: SETTINGS_PAGES, action: 'edit' },
      schema: {
        tags: ['system'],
        summary: '保存一项系统配置（JSON：{section, value}）；需要该配置页的编辑权限',
        consumes: ['application/json'],
        body: settingUpdateRequestSchema,
        response: { 200: envelope(settingInfoSchema) },
      },
    },
    async (request) => {
      assertHolds(request, settingsPageOf(request.body.section), 'edit');
      return ok(await settings.update(actorOf(request), request.body), '已保存');
    },
  );

  get(SettingsPaths.doctorOptions, {
    summary: '可接诊的医生（已启用、岗位为医生的操作员）',
    frontPath: settingsPageOf('conversation_set'),
    data: doctorOptionsSchema,
    run: async () => ({ list: await settings.doctorOptions() }),
  });

  app.get(
    SettingsPaths.siteInfo,
    {
      config: { public: true },
      schema: {
        tags: ['system'],
        summary: '站点信息（平台名称、Logo 等，登录前可读）',
        response: { 200: envelope(publicSiteInfoSchema) },
      },
    },
    async () => ok(settings.publicSiteInfo()),
  );

  app.get(
    AppInfoPaths.info,
    {
      // Public like the login endpoints, and held to the same coarse per-IP limit.
      config: {
        public: true,
        rateLimit: { max: ctx.config.authRateLimitPerMinute, timeWindow: MINUTE_MS },
      },
      schema: {
        tags: ['system'],
        summary: '公开：APP 下载信息（/openinstall 页面使用，无需登录）',
        response: { 200: envelope(publicAppInfoSchema) },
      },
    },
    async (_request, reply) => {
      // Revalidated on every visit so a new version shows at once.
      reply.header('cache-control', 'no-cache');
      return ok(await settings.publicAppInfo());
    },
  );

  get(ApiPaths.settingInit, {
    summary: '刷新系统配置缓存',
    frontPath: SETTING_INIT_PAGES,
    action: SETTING_INIT_ACTION,
    data: settingInitResponseSchema,
    run: async () => ({ reloadedAt: await settings.reload() }),
    message: Messages.settingsReloaded,
  });
};
