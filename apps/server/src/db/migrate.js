var __assign =
  (this && this.__assign) ||
  function () {
    __assign =
      Object.assign ||
      function (t) {
        for (var s, i = 1, n = arguments.length; i < n; i++) {
          s = arguments[i];
          for (var p in s) if (Object.hasOwn(s, p)) t[p] = s[p];
        }
        return t;
      };
    return __assign.apply(this, arguments);
  };
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
Object.defineProperty(exports, '__esModule', { value: true });
exports.migrateToLatest = migrateToLatest;
var kysely_1 = require('kysely');
var initial = require('./migrations/20261122T1400_initial');
var signInStates = require('./migrations/20261122T1500_sign_in_states');
var mailSync = require('./migrations/20261122T1600_mail_sync');
// Listed by hand so the bundled server needs no migrations folder on disk; names sort by timestamp.
var MIGRATIONS = {
  '20261122T1400_initial': initial,
  '20261122T1500_sign_in_states': signInStates,
  '20261122T1600_mail_sync': mailSync,
};
/**
 * Applies every pending migration; throws with the failing migration's name. `schema` pins Kysely's own
 * bookkeeping tables to one PostgreSQL schema (its introspection otherwise sees every schema's).
 */
function migrateToLatest(db, dialect, schema) {
  return __awaiter(this, void 0, void 0, function () {
    var provider, _a, error, results, failed;
    var _b;
    return __generator(this, (_c) => {
      switch (_c.label) {
        case 0:
          provider = {
            getMigrations: function () {
              return __awaiter(this, void 0, void 0, function () {
                var out, _loop_1, _i, _a, _b, name_1, m;
                return __generator(this, (_c) => {
                  out = {};
                  _loop_1 = (name_1, m) => {
                    out[name_1] = { up: (d) => m.up(d, dialect) };
                  };
                  for (_i = 0, _a = Object.entries(MIGRATIONS); _i < _a.length; _i++) {
                    (_b = _a[_i]), (name_1 = _b[0]), (m = _b[1]);
                    _loop_1(name_1, m);
                  }
                  return [2 /*return*/, out];
                });
              });
            },
          };
          return [
            4 /*yield*/,
            new kysely_1.Migrator(
              __assign({ db: db, provider: provider }, schema ? { migrationTableSchema: schema } : {}),
            ).migrateToLatest(),
          ];
        case 1:
          (_a = _c.sent()), (error = _a.error), (results = _a.results);
          failed =
            results === null || results === void 0 ? void 0 : results.find((r) => r.status === 'Error');
          if (error || failed) {
            throw new Error(
              'Database migration '.concat(
                (_b = failed === null || failed === void 0 ? void 0 : failed.migrationName) !== null &&
                  _b !== void 0
                  ? _b
                  : '',
                ' failed',
              ),
              { cause: error },
            );
          }
          return [2 /*return*/];
      }
    });
  });
}
