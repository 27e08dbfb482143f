Object.defineProperty(exports, '__esModule', { value: true });
exports.dataEtag = dataEtag;
exports.isFresh = isFresh;
exports.setCacheHeaders = setCacheHeaders;
var node_crypto_1 = require('node:crypto');
/**
 * A strong ETag for a user's data as of `version` on `today` (derived warranty statuses change at midnight).
 * The user id is hashed in so two users' equal versions never share a tag.
 */
function dataEtag(userId, version, today) {
  return '"'.concat(
    (0, node_crypto_1.createHash)('sha256')
      .update(''.concat(userId, '\0').concat(version, '\0').concat(today))
      .digest('base64url')
      .slice(0, 27),
    '"',
  );
}
/** True when the request's If-None-Match holds `etag` (a list of tags or `*` are both honoured). */
function isFresh(req, etag) {
  var header = req.headers['if-none-match'];
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim() === etag);
}
/** Per-user data: cacheable by the browser only, always revalidated, and different per token. */
function setCacheHeaders(reply, etag) {
  reply.header('etag', etag).header('cache-control', 'private, no-cache').header('vary', 'Authorization');
}
