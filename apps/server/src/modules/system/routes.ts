import {
  ApiPaths,
  Messages,
  SETTING_INIT_ACTION,
  SETTING_INIT_PAGES,
  envelope,
  homeOverviewSchema,
  settingInitResponseSchema,
  updatePasswordRequestSchema,
  updatePasswordResponseSchema,
  resourcesResponseSchema,
  userInfoSchema,
  type Envelope,
  type ResourcesResponse,
} from '@health/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentOperator } from '../../platform/auth.js';
import { actorOf } from '../../platform/actor.js';
import type { AppContext } from '../../platform/context.js';
import { ok } from '../../platform/envelope.js';
import { cachedJson } from '../../platform/json-cache.js';
import { ANY_OPERATOR } from '../../platform/permissions.js';
import { SystemService } from './service.js';

/** The resources answer embeds the group's resource tree, serialized once per group version. */
function serializeResources(envelope: Envelope<ResourcesResponse>): string {
  const data = `{"resourceList":${cachedJson(envelope.data.resourceList)}}`;
  return `{"state":${envelope.state},"msg":${JSON.stringify(envelope.msg)},"data":${data}}`;
}

/** The operator's own account, the settings refresh and the home overview. */
export const systemRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const system = new SystemService(ctx);

  app.get(
    ApiPaths.userInfo,
    {
      config: { frontPath: ANY_OPERATOR, beforePasswordChange: true },
      // The token check of every app load (the benchmarked hot path): its answer is built from
      // typed fields, so it is serialized without a zod validation pass; the schema documents it.
      serializerCompiler: () => (payload) => JSON.stringify(payload),
      schema: {
        tags: ['system'],
        summary: '当前操作员信息（每次进入后台时调用，即令牌校验）',
        response: { 200: envelope(userInfoSchema) },
      },
    },
    async (request) => ok(system.userInfo(currentOperator(request))),
  );

  app.get(
    ApiPaths.resources,
    {
      config: { frontPath: ANY_OPERATOR, beforePasswordChange: true },
      // The tree is immutable per group version: its JSON is cached instead of validated and
      // serialized on every call; TypeScript checks the shape.
      serializerCompiler: () => (payload) =>
        serializeResources(payload as Envelope<ResourcesResponse>),
      schema: {
        tags: ['system'],
        summary: '当前操作员的资源（菜单与权限）树',
        response: { 200: envelope(resourcesResponseSchema) },
      },
    },
    async (request) => ok({ resourceList: currentOperator(request).groupGrants.resourceTree }),
  );

  app.post(
    ApiPaths.updatePassword,
    {
      config: { frontPath: ANY_OPERATOR, beforePasswordChange: true },
      schema: {
        tags: ['system'],
        summary: '修改本人密码（首次登录强制修改时不需要旧密码）',
        consumes: ['application/x-www-form-urlencoded', 'application/json'],
        body: updatePasswordRequestSchema,
        response: { 200: envelope(updatePasswordResponseSchema) },
      },
    },
    async (request) => {
      await system.updatePassword(actorOf(request), request.body);
      return ok({ msg: Messages.passwordChanged }, Messages.passwordChanged);
    },
  );

  app.get(
    ApiPaths.settingInit,
    {
      config: { frontPath: SETTING_INIT_PAGES, action: SETTING_INIT_ACTION },
      schema: {
        tags: ['system'],
        summary: '刷新系统配置缓存',
        response: { 200: envelope(settingInitResponseSchema) },
      },
    },
    async () => ok({ reloadedAt: await system.reloadSettings() }, Messages.settingsReloaded),
  );

  app.get(
    ApiPaths.homeOverview,
    {
      config: { frontPath: '/sysset_home/basic' },
      schema: {
        tags: ['system'],
        summary: '概况：今日与近7天指标、7天趋势',
        response: { 200: envelope(homeOverviewSchema) },
      },
    },
    async (request) => ok(await system.homeOverview(currentOperator(request))),
  );
};
