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
exports.openDatabase = openDatabase;
var node_fs_1 = require('node:fs');
var node_path_1 = require('node:path');
var better_sqlite3_1 = require('better-sqlite3');
var kysely_1 = require('kysely');
/** Opens the database; the PostgreSQL driver is loaded only when one is configured. */
function openDatabase(options) {
  return __awaiter(this, void 0, void 0, function () {
    var pg_1, pgTypes, pool, db_1, file, sqlite, db;
    var _a;
    return __generator(this, (_b) => {
      switch (_b.label) {
        case 0:
          if (!options.url) return [3 /*break*/, 2];
          return [4 /*yield*/, Promise.resolve().then(() => require('pg'))];
        case 1:
          pg_1 = _b.sent().default;
          pgTypes = {
            getTypeParser: (oid, format) => {
              if (oid === 20 || oid === 1700) return (v) => Number(v);
              return pg_1.types.getTypeParser(oid, format);
            },
          };
          pool = new pg_1.Pool(
            __assign(
              { connectionString: options.url, max: 10, types: pgTypes },
              options.schema ? { options: '-c search_path='.concat(options.schema) } : {},
            ),
          );
          db_1 = new kysely_1.Kysely({ dialect: new kysely_1.PostgresDialect({ pool: pool }) });
          return [2 /*return*/, { db: db_1, dialect: 'postgres', sqlite: null, close: () => db_1.destroy() }];
        case 2:
          file = (_a = options.sqliteFile) !== null && _a !== void 0 ? _a : ':memory:';
          if (file !== ':memory:')
            (0, node_fs_1.mkdirSync)(node_path_1.default.dirname(file), { recursive: true });
          sqlite = new better_sqlite3_1.default(file);
          sqlite.pragma('journal_mode = WAL');
          sqlite.pragma('foreign_keys = ON');
          sqlite.pragma('synchronous = NORMAL');
          sqlite.pragma('busy_timeout = 5000');
          db = new kysely_1.Kysely({ dialect: new kysely_1.SqliteDialect({ database: sqlite }) });
          return [2 /*return*/, { db: db, dialect: 'sqlite', sqlite: sqlite, close: () => db.destroy() }];
      }
    });
  });
}
