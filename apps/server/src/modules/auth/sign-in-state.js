Object.defineProperty(exports, '__esModule', { value: true });
exports.STATE_TTL_SECONDS = exports.STATE_COOKIE = void 0;
exports.newSignInState = newSignInState;
exports.encodeState = encodeState;
exports.decodeState = decodeState;
exports.codeChallenge = codeChallenge;
var node_crypto_1 = require('node:crypto');
exports.STATE_COOKIE = 'wl_signin';
/** Ten minutes to pick an account on the provider's page. */
exports.STATE_TTL_SECONDS = 600;
function newSignInState(provider, redirectUri, mode, now) {
  if (now === void 0) {
    now = Date.now();
  }
  return {
    provider: provider,
    state: (0, node_crypto_1.randomBytes)(24).toString('base64url'),
    verifier: (0, node_crypto_1.randomBytes)(48).toString('base64url'),
    nonce: (0, node_crypto_1.randomBytes)(16).toString('base64url'),
    redirectUri: redirectUri,
    mode: mode,
    expiresAt: now + exports.STATE_TTL_SECONDS * 1000,
  };
}
function encodeState(key, value) {
  var body = Buffer.from(JSON.stringify(value)).toString('base64url');
  return ''
    .concat(body, '.')
    .concat((0, node_crypto_1.createHmac)('sha256', key).update('signin.'.concat(body)).digest('base64url'));
}
/** The state in the cookie when it is ours, unexpired and matches the `state` the provider sent back. */
function decodeState(key, cookie, state, now) {
  if (now === void 0) {
    now = Date.now();
  }
  if (!cookie || typeof state !== 'string') return null;
  var _a = cookie.split('.'),
    body = _a[0],
    signature = _a[1];
  if (!body || !signature) return null;
  var expected = (0, node_crypto_1.createHmac)('sha256', key).update('signin.'.concat(body)).digest();
  var given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !(0, node_crypto_1.timingSafeEqual)(given, expected)) return null;
  var value;
  try {
    value = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch (_b) {
    return null;
  }
  if (value.expiresAt < now || value.state !== state) return null;
  return value;
}
/** RFC 7636 S256 code challenge: base64url(sha256(verifier)) without padding. */
function codeChallenge(verifier) {
  return (0, node_crypto_1.createHash)('sha256').update(verifier).digest('base64url');
}
