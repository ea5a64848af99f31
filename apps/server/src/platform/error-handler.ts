import { Messages, State, type FieldError } from '@health/contract';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { failure } from './envelope.js';
import { AppError, ValidationError } from './errors.js';

/** Chinese messages for the client errors Fastify and its plugins raise themselves. */
const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: '不支持的请求格式',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: '请求内容长度不正确',
  FST_ERR_CTP_BODY_TOO_LARGE: '提交的内容过大',
  FST_ERR_CTP_EMPTY_JSON_BODY: '请求内容不能为空',
  FST_ERR_CTP_INVALID_JSON_BODY: '请求内容格式不正确',
  FST_INVALID_MULTIPART_CONTENT_TYPE: Messages.uploadMalformed,
  FST_MP_PREMATURE_CLOSE: Messages.uploadMalformed,
  FST_PROTO_VIOLATION: Messages.uploadMalformed,
  FST_INVALID_JSON_FIELD_ERROR: Messages.uploadMalformed,
  FST_REQ_FILE_TOO_LARGE: '上传的文件过大',
  FST_FILES_LIMIT: '上传的文件数量过多',
  FST_FIELDS_LIMIT: '提交的字段过多',
  FST_PARTS_LIMIT: '提交的内容过多',
};

/** "/items/0/name" → "items.0.name"; the body root itself → "". */
function fieldOf(instancePath: string): string {
  return instancePath.replace(/^\//, '').split('/').filter(Boolean).join('.');
}

export function validationErrorOf(error: unknown): ValidationError | null {
  if (!hasZodFastifySchemaValidationErrors(error)) return null;
  const errors: FieldError[] = error.validation.map((issue) => ({
    field: fieldOf(issue.instancePath),
    msg: issue.message ?? Messages.validationFailed,
  }));
  return new ValidationError(errors);
}

/**
 * Every error becomes the envelope. Known errors keep their state and message; anything else is
 * a 500 whose answer carries only the request id — never a stack trace, SQL or driver text — and
 * whose details go to the log under that id.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((rawError: FastifyError | Error, request, reply) => {
    const error = validationErrorOf(rawError) ?? rawError;
    if (error instanceof AppError) {
      return reply.code(error.httpStatus).send(failure(error.state, error.message, error.data));
    }
    const status =
      'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      const code = 'code' in error ? String(error.code) : '';
      request.log.info({ code, status }, 'client error');
      const msg =
        FRAMEWORK_MESSAGES[code] ??
        (status === 429 ? Messages.tooManyRequests : Messages.validationFailed);
      const state = status === 429 ? State.TOO_MANY_REQUESTS : State.FAILED;
      return reply.code(status).send(failure(state, msg));
    }
    request.log.error({ err: rawError }, 'request failed');
    return reply
      .code(500)
      .send(failure(State.FAILED, `${Messages.serverError}（请求编号 ${request.id}）`));
  });
}

/**
 * What Fastify's router answers itself, outside the error handler (`frameworkErrors`): a URL that
 * does not decode (FST_ERR_BAD_URL; Fastify's own answer echoes the path) or a parameter over its
 * length. The envelope instead, and the log names the code, never the path.
 */
export function frameworkErrors(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
  const known = tooLong || error.code === 'FST_ERR_BAD_URL';
  if (!known) request.log.error({ code: error.code }, 'request failed before routing');
  else request.log.info({ code: error.code }, 'client error');
  const status = known ? (tooLong ? 414 : 400) : 500;
  const msg = known ? (tooLong ? Messages.urlTooLong : Messages.badUrl) : Messages.serverError;
  void reply.code(status).header('x-request-id', request.id).send(failure(State.FAILED, msg));
}

function rawEnvelope(status: number, reason: string, msg: string): string {
  const body = JSON.stringify(failure(State.FAILED, msg));
  return (
    `HTTP/1.1 ${status} ${reason}\r\n` +
    'Content-Type: application/json; charset=utf-8\r\n' +
    `Content-Length: ${Buffer.byteLength(body)}\r\n` +
    'Cache-Control: no-store\r\n' +
    'Connection: close\r\n\r\n' +
    body
  );
}

/**
 * A request Node's HTTP parser refuses before Fastify sees it (a bad or doubled Content-Length,
 * Transfer-Encoding beside Content-Length, a malformed request line, headers over the limit, a
 * request that takes too long): Node emits `clientError` on the socket. Fastify's default answer
 * is English JSON outside the envelope; this writes a minimal HTTP/1.1 answer with the envelope
 * and closes the connection (the rest of the stream cannot be trusted to frame a next request).
 */
export function clientErrorHandler(this: FastifyInstance, err: Error, socket: Socket): void {
  const code = (err as { code?: string }).code ?? '';
  // A reset connection, or one already gone: nothing to answer.
  if (code === 'ECONNRESET' || socket.destroyed) return;
  const answer =
    code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? rawEnvelope(408, 'Request Timeout', Messages.timeout)
      : code === 'HPE_HEADER_OVERFLOW'
        ? rawEnvelope(431, 'Request Header Fields Too Large', Messages.headersTooLarge)
        : rawEnvelope(400, 'Bad Request', Messages.badRequest);
  // Most are scanners or broken clients: the code only, at debug (Fastify logs them at trace).
  this.log.debug({ code }, 'client error before routing');
  // An answer already under way on this connection (a pipelined request before the bad one)
  // cannot be followed by another: close. Else write ours and close once it is written, so a
  // client that never closes its side cannot hold the socket.
  const current = (socket as { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (socket.writable && !current?.headersSent) socket.end(answer, () => socket.destroy());
  else socket.destroy();
}
