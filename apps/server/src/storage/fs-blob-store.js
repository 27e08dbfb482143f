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
var __await =
  (this && this.__await) ||
  function (v) {
    return this instanceof __await ? ((this.v = v), this) : new __await(v);
  };
var __asyncGenerator =
  (this && this.__asyncGenerator) ||
  ((thisArg, _arguments, generator) => {
    if (!Symbol.asyncIterator) throw new TypeError('Symbol.asyncIterator is not defined.');
    var g = generator.apply(thisArg, _arguments || []),
      i,
      q = [];
    return (
      (i = Object.create((typeof AsyncIterator === 'function' ? AsyncIterator : Object).prototype)),
      verb('next'),
      verb('throw'),
      verb('return', awaitReturn),
      (i[Symbol.asyncIterator] = function () {
        return this;
      }),
      i
    );
    function awaitReturn(f) {
      return (v) => Promise.resolve(v).then(f, reject);
    }
    function verb(n, f) {
      if (g[n]) {
        i[n] = (v) =>
          new Promise((a, b) => {
            q.push([n, v, a, b]) > 1 || resume(n, v);
          });
        if (f) i[n] = f(i[n]);
      }
    }
    function resume(n, v) {
      try {
        step(g[n](v));
      } catch (e) {
        settle(q[0][3], e);
      }
    }
    function step(r) {
      r.value instanceof __await ? Promise.resolve(r.value.v).then(fulfill, reject) : settle(q[0][2], r);
    }
    function fulfill(value) {
      resume('next', value);
    }
    function reject(value) {
      resume('throw', value);
    }
    function settle(f, v) {
      if ((f(v), q.shift(), q.length)) resume(q[0][0], q[0][1]);
    }
  });
Object.defineProperty(exports, '__esModule', { value: true });
exports.createFsBlobStore = createFsBlobStore;
var node_crypto_1 = require('node:crypto');
var promises_1 = require('node:fs/promises');
var node_path_1 = require('node:path');
var PARTIAL = '.partial';
/** Blobs as files under `root`; each write goes to a `.partial` file, is synced, then renamed into place. */
function createFsBlobStore(root) {
  var fileOf = (key) => {
    if (!/^[A-Za-z0-9][A-Za-z0-9/_.-]*$/.test(key) || key.includes('..')) {
      throw new Error('Invalid blob key: '.concat(key));
    }
    return node_path_1.default.join(root, key);
  };
  return {
    put: function (key, bytes) {
      return __awaiter(this, void 0, void 0, function () {
        var file, partial, handle;
        return __generator(this, (_a) => {
          switch (_a.label) {
            case 0:
              file = fileOf(key);
              return [
                4 /*yield*/,
                (0, promises_1.mkdir)(node_path_1.default.dirname(file), { recursive: true, mode: 448 }),
              ];
            case 1:
              _a.sent();
              partial = ''
                .concat(file, '.')
                .concat((0, node_crypto_1.randomUUID)())
                .concat(PARTIAL);
              return [4 /*yield*/, (0, promises_1.open)(partial, 'wx', 384)];
            case 2:
              handle = _a.sent();
              _a.label = 3;
            case 3:
              _a.trys.push([3, , 6, 8]);
              return [4 /*yield*/, handle.writeFile(bytes)];
            case 4:
              _a.sent();
              return [4 /*yield*/, handle.sync()];
            case 5:
              _a.sent();
              return [3 /*break*/, 8];
            case 6:
              return [4 /*yield*/, handle.close()];
            case 7:
              _a.sent();
              return [7 /*endfinally*/];
            case 8:
              return [4 /*yield*/, (0, promises_1.rename)(partial, file)];
            case 9:
              _a.sent();
              return [2 /*return*/];
          }
        });
      });
    },
    get: function (key) {
      return __awaiter(this, void 0, void 0, function () {
        var error_1;
        return __generator(this, (_a) => {
          switch (_a.label) {
            case 0:
              _a.trys.push([0, 2, , 3]);
              return [4 /*yield*/, (0, promises_1.readFile)(fileOf(key))];
            case 1:
              return [2 /*return*/, _a.sent()];
            case 2:
              error_1 = _a.sent();
              if (error_1.code === 'ENOENT') return [2 /*return*/, null];
              throw error_1;
            case 3:
              return [2 /*return*/];
          }
        });
      });
    },
    remove: function (key) {
      return __awaiter(this, void 0, void 0, function () {
        return __generator(this, (_a) => {
          switch (_a.label) {
            case 0:
              return [4 /*yield*/, (0, promises_1.rm)(fileOf(key), { force: true })];
            case 1:
              _a.sent();
              return [2 /*return*/];
          }
        });
      });
    },
    list: function () {
      return __asyncGenerator(this, arguments, function list_1() {
        var entries, error_2, _i, entries_1, entry, info;
        return __generator(this, (_a) => {
          switch (_a.label) {
            case 0:
              _a.trys.push([0, 2, , 5]);
              return [4 /*yield*/, __await((0, promises_1.readdir)(root, { recursive: true }))];
            case 1:
              entries = _a.sent();
              return [3 /*break*/, 5];
            case 2:
              error_2 = _a.sent();
              if (!(error_2.code === 'ENOENT')) return [3 /*break*/, 4];
              return [4 /*yield*/, __await(void 0)];
            case 3:
              return [2 /*return*/, _a.sent()];
            case 4:
              throw error_2;
            case 5:
              (_i = 0), (entries_1 = entries);
              _a.label = 6;
            case 6:
              if (!(_i < entries_1.length)) return [3 /*break*/, 11];
              entry = entries_1[_i];
              return [
                4 /*yield*/,
                __await((0, promises_1.stat)(node_path_1.default.join(root, entry)).catch(() => null)),
              ];
            case 7:
              info = _a.sent();
              if (!(info === null || info === void 0 ? void 0 : info.isFile())) return [3 /*break*/, 10];
              return [
                4 /*yield*/,
                __await({ key: entry.split(node_path_1.default.sep).join('/'), modifiedAt: info.mtime }),
              ];
            case 8:
              return [4 /*yield*/, _a.sent()];
            case 9:
              _a.sent();
              _a.label = 10;
            case 10:
              _i++;
              return [3 /*break*/, 6];
            case 11:
              return [2 /*return*/];
          }
        });
      });
    },
  };
}
