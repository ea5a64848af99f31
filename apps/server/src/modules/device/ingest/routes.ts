import { envelope, IngestPaths, ingestResultSchema } from '@health/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../platform/context.js';
import { ok } from '../../../platform/envelope.js';
import { readBody, type ReceivedBody } from './body.js';
import { IngestService, type Admission, type IngestHead } from './service.js';

const header = (value: string | string[] | undefined): string | undefined =>
  typeof value === 'string' ? value : undefined;

function headOf(request: FastifyRequest): IngestHead {
  const q = request.url.indexOf('?');
  return {
    path: q < 0 ? request.url : request.url.slice(0, q),
    serial: header(request.headers['x-device-serial']),
    timestamp: header(request.headers['x-timestamp']),
    nonce: header(request.headers['x-nonce']),
    signature: header(request.headers['x-signature']),
  };
}

/** The Content-Length (Node's parser has checked it is one number), or none (chunked). */
function declaredLength(request: FastifyRequest): number | undefined {
  const value = request.headers['content-length'];
  return value === undefined ? undefined : Number(value);
}

/**
 * POST /{service}/v3/device/ingest/measurement: public (no operator session), authenticated by the
 * device's signature. In a plugin of its own so that its body handling applies to this route
 * only (every other route keeps the 1 MB JSON and form parsers):
 *  - onRequest: the headers alone are judged before a byte of the body is read — missing or
 *    malformed, a stale timestamp, an unknown serial, a Content-Length beyond what the device's
 *    model may send (IngestService.admit) are answered at once;
 *  - the body parser reads the raw bytes the signature covers, gzip or not, from the stream:
 *    hashed as they arrive, no more than the device may send, a large body only in one of the
 *    process's places for large uploads (body.ts);
 *  - the handler checks the signature and stores the reading (IngestService.ingest).
 * An answer sent before the body was read to its end closes the connection, so that the rest of
 * the body is not read at all (Node would otherwise read and drop it to keep the connection).
 */
export const ingestRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const ingest = new IngestService(ctx, app.log);
  // The readings being stored are answered before the database closes.
  app.addHook('onClose', () => ingest.close());
  const admissions = new WeakMap<FastifyRequest, Admission>();
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addHook('onRequest', async (request) => {
      admissions.set(request, await ingest.admit(headOf(request), declaredLength(request)));
    });
    scope.addContentTypeParser('application/json', (request, payload, done) => {
      const admission = admissions.get(request)!;
      readBody(payload, {
        ...admission,
        declared: declaredLength(request),
        slots: ingest.uploads,
      }).then(
        (body) => done(null, body),
        (err: Error) => done(err, undefined),
      );
    });
    scope.addHook('onSend', (request, reply, payload, done) => {
      if (!request.raw.complete) reply.header('connection', 'close');
      done(null, payload);
    });
    // The large-upload place of a body whose handler did not run (the handler gives it back).
    scope.addHook('onResponse', (request, _reply, done) => {
      (request.body as ReceivedBody | undefined)?.release();
      done();
    });
    scope.post(
      IngestPaths.measurement,
      {
        config: { public: true },
        schema: {
          tags: ['device'],
          summary: '设备上传测量数据（设备签名认证，见 docs/device-ingest.md）',
          consumes: ['application/json'],
          response: { 200: envelope(ingestResultSchema) },
        },
      },
      async (request) => {
        const body = request.body as ReceivedBody | undefined;
        try {
          return ok(
            await ingest.ingest({
              ...headOf(request),
              contentEncoding: header(request.headers['content-encoding']),
              body: body?.bytes ?? Buffer.alloc(0),
              bodySha256: body?.sha256,
              ownBody: true,
            }),
          );
        } finally {
          body?.release();
        }
      },
    );
  });
};
