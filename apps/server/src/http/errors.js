Object.defineProperty(exports, '__esModule', { value: true });
exports.registerErrorHandler = registerErrorHandler;
var errors_1 = require('../errors');
var multipart_1 = require('./multipart');
// Fastify's and its plugins' own error codes, in the API's words.
var FASTIFY_CODES = {
  FST_REQ_FILE_TOO_LARGE: multipart_1.tooLarge,
  FST_ERR_CTP_BODY_TOO_LARGE: () => new errors_1.AppError('too_large', 'The request body is too large'),
  FST_ERR_CTP_INVALID_MEDIA_TYPE: () =>
    new errors_1.AppError('unsupported_type', 'Unsupported Content-Type: send JSON or multipart/form-data'),
  FST_ERR_CTP_EMPTY_JSON_BODY: () => new errors_1.AppError('invalid_input', 'The JSON body is empty'),
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: () =>
    new errors_1.AppError('invalid_input', 'The Content-Length does not match the body'),
  FST_INVALID_MULTIPART_CONTENT_TYPE: () =>
    new errors_1.AppError('unsupported_type', 'Send the form as multipart/form-data'),
  FST_FILES_LIMIT: () => new errors_1.AppError('invalid_input', 'Send one file only'),
  FST_PARTS_LIMIT: () => new errors_1.AppError('invalid_input', 'The form has too many fields'),
  FST_FIELDS_LIMIT: () => new errors_1.AppError('invalid_input', 'The form has too many fields'),
  FST_PROTO_VIOLATION: () => new errors_1.AppError('invalid_input', 'The form uses a forbidden field name'),
};
/** One shape for every failure: `{message, code}`; 5xx are logged and their internals never leave. */
function registerErrorHandler(app) {
  app.setErrorHandler((error, req, reply) => {
    var appError = toAppError(error);
    if (appError.status >= 500) req.log.error({ err: error }, 'request failed');
    if (appError.code === 'rate_limited' && 'retryAfter' in error)
      reply.header('retry-after', error.retryAfter);
    return reply.code(appError.status).send({ message: appError.message, code: appError.code });
  });
}
function toAppError(error) {
  if (error instanceof errors_1.AppError) return error;
  var fastifyError = error;
  var known = fastifyError.code ? FASTIFY_CODES[fastifyError.code] : undefined;
  if (known) return known();
  if (fastifyError.validation) {
    // Schema validation of JSON bodies, params and queries (zod through the type provider).
    var detail = fastifyError.validation
      .map((v) => {
        var _a, _b;
        var field = ((_a = v.instancePath) !== null && _a !== void 0 ? _a : '')
          .replace(/^\//, '')
          .replaceAll('/', '.');
        var message = /received undefined/.test((_b = v.message) !== null && _b !== void 0 ? _b : '')
          ? 'is required'
          : v.message;
        return field
          ? ''.concat(field, ': ').concat(message)
          : message !== null && message !== void 0
            ? message
            : 'is invalid';
      })
      .join('; ');
    return new errors_1.AppError('invalid_input', detail || 'The request is invalid');
  }
  if (fastifyError.statusCode === 429)
    return new errors_1.AppError('rate_limited', 'Too many requests: try again shortly');
  if (fastifyError.statusCode && fastifyError.statusCode >= 400 && fastifyError.statusCode < 500) {
    // Malformed JSON and the like: Fastify's message says what is wrong and holds no internals.
    var code = fastifyError.statusCode === 404 ? 'not_found' : 'invalid_input';
    return new errors_1.AppError(code, fastifyError.message);
  }
  return new errors_1.AppError('internal', 'Something went wrong on our side', { cause: error });
}
