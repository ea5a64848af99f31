import { Messages, State, type FieldError } from '@health/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
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
  FST_INVALID_MULTIPART_CONTENT_TYPE: '上传请求格式不正确',
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
