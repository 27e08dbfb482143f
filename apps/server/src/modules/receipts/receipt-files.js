var __awaiter =
  (this && this.__awaiter) ||
  ((thisArg, _arguments, P, generator) => {
    function adopt(value) {
      return value instanceof P
        ? value
        : new P((resolve) => {
            resolve(value);
          });
    }
    return new (P || (P = Promise))((resolve, reject) => {
      function fulfilled(value) {
        try {
          step(generator.next(value));
        } catch (e) {
          reject(e);
        }
      }
      function rejected(value) {
        try {
          step(generator['throw'](value));
        } catch (e) {
          reject(e);
        }
      }
      function step(result) {
        result.done ? resolve(result.value) : adopt(result.value).then(fulfilled, rejected);
      }
      step((generator = generator.apply(thisArg, _arguments || [])).next());
    });
  });
var __generator =
  (this && this.__generator) ||
  ((thisArg, body) => {
    var _ = {
        label: 0,
        sent: () => {
          if (t[0] & 1) throw t[1];
          return t[1];
        },
        trys: [],
        ops: [],
      },
      f,
      y,
      t,
      g = Object.create((typeof Iterator === 'function' ? Iterator : Object).prototype);
    return (
      (g.next = verb(0)),
      (g['throw'] = verb(1)),
      (g['return'] = verb(2)),
      typeof Symbol === 'function' &&
        (g[Symbol.iterator] = function () {
          return this;
        }),
      g
    );
    function verb(n) {
      return (v) => step([n, v]);
    }
    function step(op) {
      if (f) throw new TypeError('Generator is already executing.');
      while ((g && ((g = 0), op[0] && (_ = 0)), _))
        try {
          if (
            ((f = 1),
            y &&
              (t =
                op[0] & 2
                  ? y['return']
                  : op[0]
                    ? y['throw'] || ((t = y['return']) && t.call(y), 0)
                    : y.next) &&
              !(t = t.call(y, op[1])).done)
          )
            return t;
          if (((y = 0), t)) op = [op[0] & 2, t.value];
          switch (op[0]) {
            case 0:
            case 1:
              t = op;
              break;
            case 4:
              _.label++;
              return { value: op[1], done: false };
            case 5:
              _.label++;
              y = op[1];
              op = [0];
              continue;
            case 7:
              op = _.ops.pop();
              _.trys.pop();
              continue;
            default:
              if (!((t = _.trys), (t = t.length > 0 && t[t.length - 1])) && (op[0] === 6 || op[0] === 2)) {
                _ = 0;
                continue;
              }
              if (op[0] === 3 && (!t || (op[1] > t[0] && op[1] < t[3]))) {
                _.label = op[1];
                break;
              }
              if (op[0] === 6 && _.label < t[1]) {
                _.label = t[1];
                t = op;
                break;
              }
              if (t && _.label < t[2]) {
                _.label = t[2];
                _.ops.push(op);
                break;
              }
              if (t[2]) _.ops.pop();
              _.trys.pop();
              continue;
          }
          op = body.call(thisArg, _);
        } catch (e) {
          op = [6, e];
          y = 0;
        } finally {
          f = t = 0;
        }
      if (op[0] & 5) throw op[1];
      return { value: op[0] ? op[1] : void 0, done: true };
    }
  });
var __spreadArray =
  (this && this.__spreadArray) ||
  function (to, from, pack) {
    if (pack || arguments.length === 2)
      for (var i = 0, l = from.length, ar; i < l; i++) {
        if (ar || !(i in from)) {
          if (!ar) ar = Array.prototype.slice.call(from, 0, i);
          ar[i] = from[i];
        }
      }
    return to.concat(ar || Array.prototype.slice.call(from));
  };
Object.defineProperty(exports, '__esModule', { value: true });
exports.storeReceiptFile = storeReceiptFile;
exports.readReceiptFile = readReceiptFile;
var node_crypto_1 = require('node:crypto');
var envelope_1 = require('../../storage/envelope');
/**
 * Encrypts and writes a receipt file before any row points at it. If the rows are never written
 * (a failed request, a crash) the file is an orphan that the start-up sweep removes.
 */
function storeReceiptFile(blobs, encryptionKey, userId, file) {
  return __awaiter(this, void 0, void 0, function () {
    var storage_key;
    return __generator(this, (_a) => {
      switch (_a.label) {
        case 0:
          storage_key = 'receipts/'.concat(userId, '/').concat((0, node_crypto_1.randomUUID)());
          return [
            4 /*yield*/,
            blobs.put(storage_key, (0, envelope_1.seal)(file.bytes, encryptionKey, storage_key)),
          ];
        case 1:
          _a.sent();
          return [
            2 /*return*/,
            {
              storage_key: storage_key,
              sha256: (0, node_crypto_1.createHash)('sha256').update(file.bytes).digest('hex'),
              size: file.bytes.byteLength,
              filename: cleanFilename(file.filename),
              mime: 'application/pdf',
            },
          ];
      }
    });
  });
}
function readReceiptFile(blobs, encryptionKey, storageKey) {
  return __awaiter(this, void 0, void 0, function () {
    var sealed;
    return __generator(this, (_a) => {
      switch (_a.label) {
        case 0:
          return [4 /*yield*/, blobs.get(storageKey)];
        case 1:
          sealed = _a.sent();
          return [2 /*return*/, sealed ? (0, envelope_1.open)(sealed, encryptionKey, storageKey) : null];
      }
    });
  });
}
/** Keeps a display name only: no path, no control characters, bounded length. */
function cleanFilename(name) {
  var _a;
  var base = (_a = name.split(/[\\/]/).pop()) !== null && _a !== void 0 ? _a : '';
  var clean = __spreadArray([], base, true)
    .filter((c) => c.charCodeAt(0) > 0x1f && c !== '\u007f' && c !== '"')
    .join('')
    .trim()
    .slice(0, 200);
  return clean || 'receipt.pdf';
}
