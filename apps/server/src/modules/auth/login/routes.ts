import {
  ApiPaths,
  Messages,
  captchaResponseSchema,
  envelope,
  logoutRequestSchema,
  tokenRequestSchema,
  tokenResponseSchema,
} from '@health/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MINUTE_MS } from '../../../platform/clock.js';
import type { AppContext } from '../../../platform/context.js';
import { ok } from '../../../platform/envelope.js';
import { FORM_OR_JSON } from '../../../platform/route-options.js';
import { bearerToken } from '../../../platform/tokens.js';
import { AuthService, type ClientMeta } from './service.js';

function clientOf(request: FastifyRequest): ClientMeta {
  return { ip: request.ip, userAgent: request.headers['user-agent'] ?? '', requestId: request.id };
}

/** Captcha, login (password and refresh grants) and logout. Public: no session needed. */
export const loginRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const auth = new AuthService(ctx);
  // A coarse per-instance guard; the real brute-force defence is the per-user/IP lock.
  const rateLimit = { max: ctx.config.authRateLimitPerMinute, timeWindow: MINUTE_MS };

  app.get(
    ApiPaths.captcha,
    {
      config: { public: true, rateLimit },
      schema: {
        tags: ['auth'],
        summary: '获取登录验证码',
        response: { 200: envelope(captchaResponseSchema) },
      },
    },
    async () => ok(await auth.issueCaptcha()),
  );

  app.post(
    ApiPaths.token,
    {
      config: { public: true, rateLimit },
      schema: {
        tags: ['auth'],
        summary: '登录（grant_type=password）或刷新令牌（grant_type=refresh_token）',
        consumes: FORM_OR_JSON,
        body: tokenRequestSchema,
        response: { 200: envelope(tokenResponseSchema) },
      },
      // The spec's login form sends no grant_type: it means the password grant.
      preValidation: async (request) => {
        const raw = request as { body: unknown };
        raw.body ??= {};
        // Anything but an object is left for the schema to refuse.
        if (typeof raw.body === 'object' && raw.body !== null && !Array.isArray(raw.body)) {
          const body = raw.body as Record<string, unknown>;
          if (body.grant_type === undefined || body.grant_type === '') body.grant_type = 'password';
        }
      },
    },
    async (request) => {
      const body = request.body;
      if (body.grant_type === 'password') {
        return ok(await auth.passwordLogin(body, clientOf(request)), '登录成功');
      }
      return ok(await auth.refresh(body.refresh_token, clientOf(request)));
    },
  );

  app.post(
    ApiPaths.logout,
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary: '退出登录（吊销当前会话；也可只提供 refresh_token）',
        consumes: FORM_OR_JSON,
        body: logoutRequestSchema,
        response: { 200: envelope(z.null()) },
      },
      preValidation: async (request) => {
        request.body ??= {};
      },
    },
    async (request) => {
      await auth.logout(
        bearerToken(request.headers.authorization),
        request.body.refresh_token,
        clientOf(request),
      );
      return ok(null, Messages.loggedOut);
    },
  );
};
