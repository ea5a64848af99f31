import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** OpenAPI generated from the routes' zod schemas, with Swagger UI at `/{service}/docs`. */
export async function registerApiDocs(
  app: FastifyInstance,
  opts: { docsPrefix: string; title: string },
): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: opts.title,
        description:
          '响应均为信封 { state, msg, data }：200 成功；255 失败（校验失败时 data.errors 列出字段）；266 登录失效；267 无权限；429 请求过于频繁。请求体默认为 application/x-www-form-urlencoded，也接受 JSON。',
        version: '1',
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: opts.docsPrefix,
    uiConfig: { docExpansion: 'list', deepLinking: false },
  });
}
