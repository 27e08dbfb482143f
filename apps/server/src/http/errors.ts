import { LimitError } from '@warrantly/extract/limits';
import type { FastifyError, FastifyInstance } from 'fastify';
import { isDatabaseUnavailable } from '../db/database';
import { AppError, type ErrorCode } from '../errors';
import { tooLarge } from './multipart';

// Fastify's and its plugins' own error codes, in the API's words.
const FASTIFY_CODES: Record<string, () => AppError> = {
  FST_REQ_FILE_TOO_LARGE: tooLarge,
  FST_ERR_CTP_BODY_TOO_LARGE: () => new AppError('too_large', 'The request body is too large'),
  FST_ERR_CTP_INVALID_MEDIA_TYPE: () =>
    new AppError('unsupported_type', 'Unsupported Content-Type: send JSON or multipart/form-data'),
  FST_ERR_CTP_EMPTY_JSON_BODY: () => new AppError('invalid_input', 'The JSON body is empty'),
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: () =>
    new AppError('invalid_input', 'The Content-Length does not match the body'),
  FST_INVALID_MULTIPART_CONTENT_TYPE: () =>
    new AppError('unsupported_type', 'Send the form as multipart/form-data'),
  FST_FILES_LIMIT: () => new AppError('invalid_input', 'Send one file only'),
  FST_PARTS_LIMIT: () => new AppError('invalid_input', 'The form has too many fields'),
  FST_FIELDS_LIMIT: () => new AppError('invalid_input', 'The form has too many fields'),
  FST_PROTO_VIOLATION: () => new AppError('invalid_input', 'The form uses a forbidden field name'),
};

/** One shape for every failure: `{message, code}`; 5xx are logged and their internals never leave. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError | Error, req, reply) => {
    const appError = toAppError(error);
    if (appError.status >= 500) req.log.error({ err: error }, 'request failed');
    if (appError.code === 'rate_limited' && 'retryAfter' in error)
      reply.header('retry-after', error.retryAfter);
    if (appError.code === 'unavailable' && !reply.hasHeader('retry-after')) reply.header('retry-after', 5);
    const { message, code, fields, restoreId } = appError;
    return reply.code(appError.status).send({
      message,
      code,
      ...(fields ? { fields } : {}),
      ...(restoreId ? { restore_id: restoreId } : {}),
    });
  });
}

function toAppError(error: FastifyError | AppError | Error): AppError {
  if (error instanceof AppError) return error;
  // A document over one of extraction's caps: the message says which, and nothing was processed.
  if (error instanceof LimitError) return new AppError('invalid_input', error.message, { cause: error });
  const fastifyError = error as FastifyError;
  const known = fastifyError.code ? FASTIFY_CODES[fastifyError.code] : undefined;
  if (known) return known();
  if (fastifyError.validation) {
    // Schema validation of JSON bodies, params and queries (zod through the type provider).
    const detail = fastifyError.validation
      .map((v) => {
        const field = (v.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');
        const message = /received undefined/.test(v.message ?? '') ? 'is required' : v.message;
        return field ? `${field}: ${message}` : (message ?? 'is invalid');
      })
      .join('; ');
    return new AppError('invalid_input', detail || 'The request is invalid');
  }
  if (fastifyError.statusCode === 429)
    return new AppError('rate_limited', 'Too many requests: try again shortly');
  if (fastifyError.statusCode && fastifyError.statusCode >= 400 && fastifyError.statusCode < 500) {
    // Malformed JSON and the like: Fastify's message says what is wrong and holds no internals.
    const code: ErrorCode = fastifyError.statusCode === 404 ? 'not_found' : 'invalid_input';
    return new AppError(code, fastifyError.message);
  }
  if (isDatabaseUnavailable(error)) {
    return new AppError('unavailable', 'The database is not answering; try again shortly', { cause: error });
  }
  return new AppError('internal', 'Something went wrong on our side', { cause: error });
}
