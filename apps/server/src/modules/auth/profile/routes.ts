import {
  ApiPaths,
  Messages,
  envelope,
  resourcesResponseSchema,
  revokeMySessionRequestSchema,
  sessionListResponseSchema,
  updatePasswordRequestSchema,
  updatePasswordResponseSchema,
  userInfoSchema,
  type Envelope,
  type ResourcesResponse,
  OperatorPaths,
} from '@health/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../../platform/actor.js';
import { currentOperator } from '../../../platform/auth.js';
import type { AppContext } from '../../../platform/context.js';
import { ok } from '../../../platform/envelope.js';
import { cachedJson } from '../../../platform/json-cache.js';
import { ANY_OPERATOR } from '../../../platform/permissions.js';
import { ProfileService } from './service.js';

/** The resources answer embeds the group's resource tree, serialized once per group version. */
function serializeResources(envelope: Envelope<ResourcesResponse>): string {
  const data = `{"resourceList":${cachedJson(envelope.data.resourceList)}}`;
  return `{"state":${envelope.state},"msg":${JSON.stringify(envelope.msg)},"data":${data}}`;
}

/** The operator's own account: user info, resources, password, own sessions (/profile/index). */
export const profileRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const profile = new ProfileService(ctx);

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
    async (request) => ok(profile.userInfo(currentOperator(request))),
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
      await profile.updatePassword(actorOf(request), request.body);
      return ok({ msg: Messages.passwordChanged }, Messages.passwordChanged);
    },
  );

  app.get(
    OperatorPaths.mySessions,
    {
      config: { frontPath: ANY_OPERATOR },
      schema: {
        tags: ['authority'],
        summary: '本人的在线会话（个人中心）',
        response: { 200: envelope(sessionListResponseSchema) },
      },
    },
    async (request) => ok(await profile.sessions(actorOf(request))),
  );

  app.post(
    OperatorPaths.revokeMySession,
    {
      config: { frontPath: ANY_OPERATOR },
      schema: {
        tags: ['authority'],
        summary: '结束本人的另一个会话（个人中心）',
        consumes: ['application/x-www-form-urlencoded', 'application/json'],
        body: revokeMySessionRequestSchema,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await profile.revokeSession(actorOf(request), request.body.sessionId);
      return ok(null, '会话已结束');
    },
  );
};
