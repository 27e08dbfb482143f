Object.defineProperty(exports, '__esModule', { value: true });
exports.parseInput = parseInput;
exports.parseId = parseId;
var errors_1 = require('../errors');
/** Validates `input` with a contract schema; failures become one 400 naming each field and what is wrong. */
function parseInput(schema, input) {
  var result = schema.safeParse(input);
  if (result.success) return result.data;
  var message = result.error.issues
    .map((issue) => {
      var field = issue.path.join('.');
      if (issue.code === 'invalid_type' && issue.input === undefined)
        return ''.concat(field, ': is required');
      return field ? ''.concat(field, ': ').concat(issue.message) : issue.message;
    })
    .join('; ');
  throw new errors_1.AppError('invalid_input', message);
}
/** A numeric id from a path; anything else cannot name a row, so it answers 404 rather than 400 or 500. */
function parseId(value, what) {
  if (what === void 0) {
    what = 'Purchase';
  }
  var id = typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(id) || id <= 0)
    throw new errors_1.AppError('not_found', ''.concat(what, ' not found'));
  return id;
}
