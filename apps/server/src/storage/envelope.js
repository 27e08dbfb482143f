Object.defineProperty(exports, '__esModule', { value: true });
exports.seal = seal;
exports.open = open;
exports.sealText = sealText;
exports.openText = openText;
var node_crypto_1 = require('node:crypto');
var errors_1 = require('../errors');
var MAGIC = Buffer.from('WLY1');
var IV = 12;
var TAG = 16;
var WRAPPED = IV + 32 + TAG;
/**
 * Envelope encryption with AES-256-GCM: a fresh data key per file, wrapped by the master key.
 * `context` (the storage key) is authenticated, so a file moved under another key fails to open.
 * Layout: "WLY1" | iv, wrapped data key, tag | iv | tag | ciphertext.
 */
function seal(plain, masterKey, context) {
  var dataKey = (0, node_crypto_1.randomBytes)(32);
  var wrapIv = (0, node_crypto_1.randomBytes)(IV);
  var wrapper = (0, node_crypto_1.createCipheriv)('aes-256-gcm', masterKey, wrapIv);
  var wrapped = Buffer.concat([wrapper.update(dataKey), wrapper.final()]);
  var wrapTag = wrapper.getAuthTag();
  var iv = (0, node_crypto_1.randomBytes)(IV);
  var cipher = (0, node_crypto_1.createCipheriv)('aes-256-gcm', dataKey, iv);
  cipher.setAAD(Buffer.from(context));
  var body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([MAGIC, wrapIv, wrapped, wrapTag, iv, cipher.getAuthTag(), body]);
}
/** Opens what `seal` wrote; a changed byte anywhere fails with a clear error instead of wrong bytes. */
function open(sealed, masterKey, context) {
  var buf = Buffer.from(sealed.buffer, sealed.byteOffset, sealed.byteLength);
  if (buf.length < MAGIC.length + WRAPPED + IV + TAG || !buf.subarray(0, 4).equals(MAGIC)) {
    throw damaged();
  }
  try {
    var take = sliceFrom(buf, MAGIC.length);
    var wrapIv = take(IV);
    var wrapped = take(32);
    var wrapTag = take(TAG);
    var iv = take(IV);
    var tag = take(TAG);
    var body = take(buf.length);
    var unwrapper = (0, node_crypto_1.createDecipheriv)('aes-256-gcm', masterKey, wrapIv);
    unwrapper.setAuthTag(wrapTag);
    var dataKey = Buffer.concat([unwrapper.update(wrapped), unwrapper.final()]);
    var decipher = (0, node_crypto_1.createDecipheriv)('aes-256-gcm', dataKey, iv);
    decipher.setAAD(Buffer.from(context));
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(body), decipher.final()]);
  } catch (cause) {
    throw damaged(cause);
  }
}
/** Seals a short secret (a provider token) into one base64url string for a text column. */
function sealText(plain, masterKey, context) {
  return seal(Buffer.from(plain, 'utf8'), masterKey, context).toString('base64url');
}
function openText(sealed, masterKey, context) {
  return open(Buffer.from(sealed, 'base64url'), masterKey, context).toString('utf8');
}
/** Reads consecutive slices of `buf`, starting at `start`. */
function sliceFrom(buf, start) {
  var at = start;
  return (length) => {
    var part = buf.subarray(at, at + length);
    at += length;
    return part;
  };
}
function damaged(cause) {
  return new errors_1.AppError(
    'internal',
    'The stored file failed its integrity check and cannot be opened',
    {
      cause: cause,
    },
  );
}
