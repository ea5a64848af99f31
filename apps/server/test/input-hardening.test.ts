import net from 'node:net';
import {
  DeviceImportPaths,
  InspectionPaths,
  Messages,
  OrderPaths,
  UploadPaths,
} from '@health/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from './helpers/databases.js';
import {
  bearer,
  bodyOf,
  capturedLogger,
  createTestApp,
  loginAdmin,
  type TestApp,
} from './helpers/app.js';

/**
 * Requests that are not well formed — a multipart body cut short, a URL that does not decode, a
 * Content-Length the HTTP parser refuses — answer the envelope with a Chinese message, echo
 * nothing of the request and leave no stack trace in the log.
 */

const BOUNDARY = 'hardening-boundary';
/** A whole multipart body with one file part of 4 KB; the tests cut it. */
const WHOLE = Buffer.concat([
  Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.xlsx"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  ),
  Buffer.alloc(4096, 0x41),
  Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
]);
/** Where a body is cut: inside the part's headers, inside the file's bytes, before the closing boundary. */
const CUTS = { inHeaders: 40, inContent: 1000, beforeEnd: WHOLE.length - 8 };

const UPLOADS = {
  image: UploadPaths.image,
  inspection: InspectionPaths.upload,
  deviceImport: DeviceImportPaths.upload,
  shipCheck: OrderPaths.shipCheck,
};

/** Send raw bytes over a new connection; resolve with all the server answered when it closes. */
function rawExchange(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(request));
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer closed the connection: ${Buffer.concat(chunks).toString()}`));
    }, 5000);
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(Buffer.concat(chunks).toString('utf8'));
    });
    socket.on('error', () => undefined);
  });
}

function parseAnswer(raw: string): { status: number; headers: string; body: string } {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split);
  return {
    status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]),
    headers: head.toLowerCase(),
    body: raw.slice(split + 4),
  };
}

describe.each(databaseKinds)('input hardening on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let port: number;
  const captured = capturedLogger('info');

  beforeAll(async () => {
    t = await createTestApp(kind, { logger: captured.logger });
    admin = await loginAdmin(t);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as net.AddressInfo).port;
  });
  afterAll(() => t.close());

  describe('a multipart upload cut short', () => {
    for (const [endpoint, path] of Object.entries(UPLOADS)) {
      for (const [where, cut] of Object.entries(CUTS)) {
        it(`${endpoint}: cut ${where} answers 255 上传请求格式不正确, no stack in the log`, async () => {
          const before = captured.lines.length;
          const response = await t.app.inject({
            method: 'POST',
            url: t.api(path),
            headers: {
              ...bearer(admin),
              'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
            },
            payload: WHOLE.subarray(0, cut),
          });
          expect(response.statusCode).toBe(400);
          expect(bodyOf(response)).toEqual({
            state: 255,
            msg: Messages.uploadMalformed,
            data: { errors: [{ field: 'file', msg: Messages.uploadMalformed }] },
          });
          const logged = captured.lines.slice(before).join('');
          expect(logged).not.toContain('"stack"');
          expect(logged).not.toContain('"level":50');
        });
      }
    }

    it('the same over a real socket: the answer is the envelope', async () => {
      const body = WHOLE.subarray(0, CUTS.inContent);
      const answer = parseAnswer(
        await rawExchange(
          port,
          `POST ${t.api(UploadPaths.image)} HTTP/1.1\r\nHost: localhost\r\n` +
            `Authorization: Bearer ${admin}\r\n` +
            `Content-Type: multipart/form-data; boundary=${BOUNDARY}\r\n` +
            `Content-Length: ${body.length}\r\nConnection: close\r\n\r\n${body.toString('latin1')}`,
        ),
      );
      expect(answer.status).toBe(400);
      expect(JSON.parse(answer.body)).toMatchObject({ state: 255, msg: Messages.uploadMalformed });
    });
  });

  describe('requests refused before routing', () => {
    it('a URL that does not decode: the envelope, 400, and the path echoed nowhere', async () => {
      for (const url of [t.api('/v3/%E0%A4%A'), '/%E0%A4%A', t.api('/v3/member/%zz')]) {
        const before = captured.lines.length;
        const answer = parseAnswer(
          await rawExchange(
            port,
            `GET ${url} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`,
          ),
        );
        expect(answer.status).toBe(400);
        expect(JSON.parse(answer.body)).toEqual({ state: 255, msg: Messages.badUrl, data: null });
        expect(answer.headers).toContain('content-type: application/json');
        expect(answer.body).not.toContain('%');
        expect(captured.lines.slice(before).join('')).not.toContain(url);
      }
    });

    const refusedByParser: [string, string][] = [
      [
        'a Content-Length that is not a number',
        'POST /api/v3/x HTTP/1.1\r\nHost: localhost\r\nContent-Length: abc\r\n\r\n',
      ],
      [
        'a negative Content-Length',
        'POST /api/v3/x HTTP/1.1\r\nHost: localhost\r\nContent-Length: -1\r\n\r\n',
      ],
      [
        'two Content-Lengths that differ',
        'POST /api/v3/x HTTP/1.1\r\nHost: localhost\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\nhello',
      ],
      [
        'Transfer-Encoding together with Content-Length',
        'POST /api/v3/x HTTP/1.1\r\nHost: localhost\r\nContent-Length: 5\r\n' +
          'Transfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
      ],
      ['a request line that is not HTTP', 'HELLO THERE\r\n\r\n'],
    ];
    for (const [what, request] of refusedByParser) {
      it(`${what}: 400 with the envelope, and the connection closed`, async () => {
        const answer = parseAnswer(await rawExchange(port, request));
        expect(answer.status).toBe(400);
        expect(answer.headers).toContain('connection: close');
        expect(answer.headers).toContain('content-type: application/json');
        expect(JSON.parse(answer.body)).toEqual({
          state: 255,
          msg: Messages.badRequest,
          data: null,
        });
      });
    }

    it('headers over the limit: 431 with the envelope', async () => {
      const answer = parseAnswer(
        await rawExchange(
          port,
          `GET /healthz HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
        ),
      );
      expect(answer.status).toBe(431);
      expect(JSON.parse(answer.body)).toEqual({
        state: 255,
        msg: Messages.headersTooLarge,
        data: null,
      });
    });

    it('the server still answers after all of them', async () => {
      const answer = parseAnswer(
        await rawExchange(
          port,
          'GET /healthz HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n',
        ),
      );
      expect(answer.status).toBe(200);
    });
  });
});
