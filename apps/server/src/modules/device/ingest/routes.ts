import { envelope, IngestPaths, ingestResultSchema } from '@health/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../platform/context.js';
import { ok } from '../../../platform/envelope.js';
import { INGEST_BODY_LIMIT, IngestService } from './service.js';

const header = (value: string | string[] | undefined): string | undefined =>
  typeof value === 'string' ? value : undefined;

/**
 * POST /{service}/v3/device/ingest/measurement: public (no operator session), authenticated by the
 * device's signature in the service. In a plugin of its own so that its body parser — the raw
 * bytes the signature covers, gzip or not, up to INGEST_BODY_LIMIT (a 24-hour ECG) — applies to
 * this route only; every other route keeps the 1 MB JSON and form parsers.
 */
export const ingestRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const ingest = new IngestService(ctx, app.log);
  // The readings being stored are answered before the database closes.
  app.addHook('onClose', () => ingest.close());
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: INGEST_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );
    scope.post(
      IngestPaths.measurement,
      {
        config: { public: true },
        bodyLimit: INGEST_BODY_LIMIT,
        schema: {
          tags: ['device'],
          summary: '设备上传测量数据（设备签名认证，见 docs/device-ingest.md）',
          consumes: ['application/json'],
          response: { 200: envelope(ingestResultSchema) },
        },
      },
      async (request) => {
        const q = request.url.indexOf('?');
        return ok(
          await ingest.ingest({
            path: q < 0 ? request.url : request.url.slice(0, q),
            serial: header(request.headers['x-device-serial']),
            timestamp: header(request.headers['x-timestamp']),
            nonce: header(request.headers['x-nonce']),
            signature: header(request.headers['x-signature']),
            contentEncoding: header(request.headers['content-encoding']),
            body: request.body as Buffer,
          }),
        );
      },
    );
  });
};
