import {
  ApiPaths,
  Messages,
  envelope,
  homeOverviewSchema,
  settingInitResponseSchema,
  updatePasswordRequestSchema,
  updatePasswordResponseSchema,
  userInfoSchema,
  type Envelope,
  type UserInfo,
} from '@health/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentOperator } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { ok } from '../../platform/envelope.js';
import { cachedJson } from '../../platform/json-cache.js';
import { ANY_OPERATOR } from '../../platform/permissions.js';
import { SystemService } from './service.js';

function serializeUserInfo(envelope: Envelope<UserInfo>): string {
  const { resourceList, ...profile } = envelope.data;
  const profileJson = JSON.stringify(profile);
  const dataJson = `${profileJson.slice(0, -1)},"resourceList":${cachedJson(resourceList)}}`;
  return `{"state":${envelope.state},"msg":${JSON.stringify(envelope.msg)},"data":${dataJson}}`;
}

/** The operator's own account, the settings refresh and the home overview. */
export const systemRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const system = new SystemService(ctx);

  app.get(
    ApiPaths.userInfo,
    {
      config: { frontPath: ANY_OPERATOR },
      // The token check's hot path (benchmarked): the resource tree's JSON is cached per group
      // version instead of validated and serialized on every call; TypeScript checks the shape.
      serializerCompiler: () => (payload) => serializeUserInfo(payload as Envelope<UserInfo>),
      schema: {
        tags: ['system'],
        summary: '当前操作员信息',
        response: { 200: envelope(userInfoSchema) },
      },
    },
    async (request) => ok(system.userInfo(currentOperator(request))),
  );

  app.post(
    ApiPaths.updatePassword,
    {
      config: { frontPath: ANY_OPERATOR },
      schema: {
        tags: ['system'],
        summary: '修改本人密码（首次登录强制修改时不需要旧密码）',
        consumes: ['application/x-www-form-urlencoded', 'application/json'],
        body: updatePasswordRequestSchema,
        response: { 200: envelope(updatePasswordResponseSchema) },
      },
    },
    async (request) => {
      await system.updatePassword(request, currentOperator(request), request.body);
      return ok({ msg: Messages.passwordChanged }, Messages.passwordChanged);
    },
  );

  app.get(
    ApiPaths.settingInit,
    {
      config: { frontPath: ANY_OPERATOR },
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
    async () => ok(await system.homeOverview()),
  );
};
