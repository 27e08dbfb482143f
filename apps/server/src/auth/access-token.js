Object.defineProperty(exports, '__esModule', { value: true });
exports.ACCESS_TOKEN_SECONDS = void 0;
exports.signAccessToken = signAccessToken;
exports.verifyAccessToken = verifyAccessToken;
var node_crypto_1 = require('node:crypto');
/** Access JWTs live 15 minutes; the web app renews them through the refresh endpoint. */
exports.ACCESS_TOKEN_SECONDS = 15 * 60;
var ISSUER = 'warrantly';
var AUDIENCE = 'warrantly-api';
var HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');
/**
 * HS256 JWTs with node:crypto directly: verification runs on every API call, and the synchronous HMAC
 * keeps it at a few microseconds where a WebCrypto round trip costs an order of magnitude more.
 */
function signAccessToken(key, userId, nowSeconds) {
  if (nowSeconds === void 0) {
    nowSeconds = Math.floor(Date.now() / 1000);
  }
  var payload = {
    sub: userId,
    iss: ISSUER,
    aud: AUDIENCE,
    iat: nowSeconds,
    exp: nowSeconds + exports.ACCESS_TOKEN_SECONDS,
  };
  var body = ''.concat(HEADER, '.').concat(Buffer.from(JSON.stringify(payload)).toString('base64url'));
  return ''
    .concat(body, '.')
    .concat((0, node_crypto_1.createHmac)('sha256', key).update(body).digest('base64url'));
}
/** The claims of a valid token, or null for anything forged, malformed, expired or meant for someone else. */
function verifyAccessToken(key, token, nowSeconds) {
  if (nowSeconds === void 0) {
    nowSeconds = Math.floor(Date.now() / 1000);
  }
  var parts = token.split('.');
  if (parts.length !== 3) return null;
  var _a = parts,
    header = _a[0],
    payload = _a[1],
    signature = _a[2];
  // Only our own header is accepted, which rules out alg=none and algorithm confusion.
  if (header !== HEADER) return null;
  var expected = (0, node_crypto_1.createHmac)('sha256', key)
    .update(''.concat(header, '.').concat(payload))
    .digest();
  var given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !(0, node_crypto_1.timingSafeEqual)(given, expected)) return null;
  var claims;
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch (_b) {
    return null;
  }
  var sub = claims.sub,
    iat = claims.iat,
    exp = claims.exp,
    iss = claims.iss,
    aud = claims.aud;
  if (typeof sub !== 'string' || typeof exp !== 'number' || typeof iat !== 'number') return null;
  if (iss !== ISSUER || aud !== AUDIENCE || exp <= nowSeconds) return null;
  return { sub: sub, iat: iat, exp: exp };
}
