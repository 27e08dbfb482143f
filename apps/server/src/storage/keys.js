Object.defineProperty(exports, '__esModule', { value: true });
exports.loadKeys = loadKeys;
var node_crypto_1 = require('node:crypto');
var node_fs_1 = require('node:fs');
var node_path_1 = require('node:path');
/**
 * The master key comes from APP_SECRET when set, else from DATA_DIR/master.key, generated once with mode 0600.
 * Losing that file makes stored receipts and provider tokens unreadable, so it is never regenerated silently.
 */
function loadKeys(dataDir, appSecret) {
  var master = appSecret
    ? (0, node_crypto_1.createHash)('sha256').update(appSecret).digest()
    : readOrCreateKeyFile(dataDir);
  var derive = (label) => Buffer.from((0, node_crypto_1.hkdfSync)('sha256', master, 'warrantly', label, 32));
  return { encryption: derive('encryption-v1'), signing: derive('signing-v1') };
}
function readOrCreateKeyFile(dataDir) {
  var file = node_path_1.default.join(dataDir, 'master.key');
  if ((0, node_fs_1.existsSync)(file)) {
    var key_1 = Buffer.from((0, node_fs_1.readFileSync)(file, 'utf8').trim(), 'base64');
    if (key_1.length !== 32) throw new Error(''.concat(file, ' does not hold a 32-byte base64 key'));
    return key_1;
  }
  (0, node_fs_1.mkdirSync)(dataDir, { recursive: true });
  var key = (0, node_crypto_1.randomBytes)(32);
  (0, node_fs_1.writeFileSync)(file, ''.concat(key.toString('base64'), '\n'), { mode: 384, flag: 'wx' });
  (0, node_fs_1.chmodSync)(file, 384);
  return key;
}
