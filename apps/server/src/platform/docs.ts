import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi, { type FastifySwaggerUiOptions } from '@fastify/swagger-ui';
import { StorageKeys } from '@health/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

// Runs in the Swagger UI page (serialized with toString): the page shares the web app's origin,
// so it sends the logged-in operator's token with the document request and "Try it out".
const TOKEN_KEY = StorageKeys.accessToken;
const sendStoredToken = new Function(
  'request',
  `var raw = window.localStorage.getItem(${JSON.stringify(TOKEN_KEY)});
  try { var token = raw && JSON.parse(raw); } catch (e) { token = null; }
  if (token && !request.headers.Authorization) request.headers.Authorization = 'Bearer ' + token;
  return request;`,
) as NonNullable<NonNullable<FastifySwaggerUiOptions['uiConfig']>['requestInterceptor']>;

/**
 * OpenAPI generated from the routes' zod schemas, with Swagger UI at `/{service}/docs`. The UI's
 * static files are harmless; the document itself (`/json`, `/yaml`) passes `guardDocument`
 * (a session check) unless the docs are public.
 */
export async function registerApiDocs(
  app: FastifyInstance,
  opts: {
    docsPrefix: string;
    title: string;
    guardDocument?: (request: FastifyRequest) => Promise<void>;
  },
): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: opts.title,
        description:
          '响应均为信封 { state, msg, data }：200 成功；255 失败（校验失败时 data.errors 列出字段）；266 登录失效；267 无权限；268 须先修改初始密码；429 请求过于频繁。请求体默认为 application/x-www-form-urlencoded，也接受 JSON。',
        version: '1',
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  const guard = opts.guardDocument;
  const documentPaths = new Set([`${opts.docsPrefix}/json`, `${opts.docsPrefix}/yaml`]);
  await app.register(fastifySwaggerUi, {
    routePrefix: opts.docsPrefix,
    uiConfig: { docExpansion: 'list', deepLinking: false, requestInterceptor: sendStoredToken },
    uiHooks: {
      onRequest: async (request) => {
        if (guard && documentPaths.has(request.url.split('?')[0] ?? '')) await guard(request);
      },
    },
  });
}
