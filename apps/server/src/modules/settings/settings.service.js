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
exports.getSettings = getSettings;
exports.updateSettings = updateSettings;
var dates_1 = require('../../dates');
var errors_1 = require('../../errors');
var amounts_1 = require('../purchases/amounts');
function getSettings(db, userId) {
  return __awaiter(this, void 0, void 0, function () {
    var user;
    return __generator(this, (_a) => {
      switch (_a.label) {
        case 0:
          return [
            4 /*yield*/,
            db
              .selectFrom('users')
              .select(['warranty_reminder_days', 'default_currency'])
              .where('id', '=', userId)
              .executeTakeFirst(),
          ];
        case 1:
          user = _a.sent();
          if (!user)
            throw new errors_1.AppError('unauthorized', 'The account of this access token no longer exists');
          return [2 /*return*/, user];
      }
    });
  });
}
/**
 * Saves the settings sent. A new default currency re-reads every price typed without a currency, since
 * those are in the default currency by definition; totals change with it.
 */
function updateSettings(db, userId, input) {
  return __awaiter(this, void 0, void 0, function () {
    var before;
    return __generator(this, (_a) => {
      switch (_a.label) {
        case 0:
          return [4 /*yield*/, getSettings(db, userId)];
        case 1:
          before = _a.sent();
          return [
            4 /*yield*/,
            db.transaction().execute((trx) =>
              __awaiter(this, void 0, void 0, function () {
                var bare, _i, bare_1, row;
                return __generator(this, (_a) => {
                  switch (_a.label) {
                    case 0:
                      return [
                        4 /*yield*/,
                        trx
                          .updateTable('users')
                          .set(
                            __assign(
                              __assign(
                                __assign(
                                  {},
                                  input.warranty_reminder_days !== undefined
                                    ? { warranty_reminder_days: input.warranty_reminder_days }
                                    : {},
                                ),
                                input.default_currency ? { default_currency: input.default_currency } : {},
                              ),
                              {
                                data_version: (eb) => eb('data_version', '+', 1),
                                updated_at: (0, dates_1.timestamp)(),
                              },
                            ),
                          )
                          .where('id', '=', userId)
                          .execute(),
                      ];
                    case 1:
                      _a.sent();
                      if (!(input.default_currency && input.default_currency !== before.default_currency))
                        return [3 /*break*/, 6];
                      return [
                        4 /*yield*/,
                        trx
                          .selectFrom('orders')
                          .select(['id', 'price'])
                          .where('user_id', '=', userId)
                          .where('has_currency', '=', 0)
                          .where('price', 'is not', null)
                          .execute(),
                      ];
                    case 2:
                      bare = _a.sent();
                      (_i = 0), (bare_1 = bare);
                      _a.label = 3;
                    case 3:
                      if (!(_i < bare_1.length)) return [3 /*break*/, 6];
                      row = bare_1[_i];
                      return [
                        4 /*yield*/,
                        trx
                          .updateTable('orders')
                          .set((0, amounts_1.parsePrice)(row.price, input.default_currency))
                          .where('id', '=', row.id)
                          .execute(),
                      ];
                    case 4:
                      _a.sent();
                      _a.label = 5;
                    case 5:
                      _i++;
                      return [3 /*break*/, 3];
                    case 6:
                      return [2 /*return*/];
                  }
                });
              }),
            ),
          ];
        case 2:
          _a.sent();
          return [2 /*return*/, getSettings(db, userId)];
      }
    });
  });
}
