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
exports.toPurchase = toPurchase;
exports.listPurchases = listPurchases;
exports.getPurchase = getPurchase;
exports.dataVersion = dataVersion;
exports.createPurchase = createPurchase;
exports.updatePurchase = updatePurchase;
exports.deletePurchase = deletePurchase;
exports.totalPrice = totalPrice;
exports.activeWarrantyCount = activeWarrantyCount;
exports.upcomingWarrantyCount = upcomingWarrantyCount;
var node_crypto_1 = require('node:crypto');
var dates_1 = require('../../dates');
var errors_1 = require('../../errors');
var receipts = require('../receipts/receipts.service');
var amounts_1 = require('./amounts');
var categories_1 = require('./categories');
var repo = require('./purchases.repository');
var warranty_1 = require('./warranty');
/** Turns a row into the API's purchase shape; `today` decides the derived warranty status. */
function toPurchase(row, today) {
  return {
    id: row.id,
    order_id: row.order_id,
    product_name: row.product_name,
    shop_name: row.shop_name,
    purchase_date: row.purchase_date,
    price: row.price,
    warranty_expire_date: row.warranty_expire_date,
    warranty_status: (0, warranty_1.warrantyStatus)(row.warranty_expire_date, today),
    status: row.status,
    category: row.category,
    amount:
      row.amount_minor === null || row.currency === null
        ? null
        : (0, amounts_1.toMajor)(row.amount_minor, row.currency),
    currency: row.currency,
    has_currency: row.has_currency === 1,
    order_total: row.order_total,
    source: row.source,
    warranty_estimated: row.warranty_estimated === 1,
    parent_id: row.parent_id,
    replace_every_days: row.replace_every_days,
    store_link: row.store_link,
    has_file: row.document_id !== null,
  };
}
function listPurchases(db, userId, now) {
  return __awaiter(this, void 0, void 0, function () {
    var today;
    return __generator(this, (_a) => {
      switch (_a.label) {
        case 0:
          today = (0, dates_1.isoDate)(now);
          return [4 /*yield*/, repo.listPurchases(db, userId)];
        case 1:
          return [2 /*return*/, _a.sent().map((row) => toPurchase(row, today))];
      }
    });
  });
}
function getPurchase(db, userId, id, now) {
  return __awaiter(this, void 0, void 0, function () {
    var row;
    return __generator(this, (_a) => {
      switch (_a.label) {
        case 0:
          return [4 /*yield*/, repo.findPurchase(db, userId, id)];
        case 1:
          row = _a.sent();
          // Another user's id looks exactly like an absent one.
          if (!row) throw new errors_1.AppError('not_found', 'Purchase not found');
          return [2 /*return*/, toPurchase(row, (0, dates_1.isoDate)(now))];
      }
    });
  });
}
/** The data version and default currency: one primary-key read, enough to answer a conditional request. */
function dataVersion(db, userId) {
  return __awaiter(this, void 0, void 0, function () {
    var row;
    return __generator(this, (_a) => {
      switch (_a.label) {
        case 0:
          return [4 /*yield*/, repo.findDataVersion(db, userId)];
        case 1:
          row = _a.sent();
          if (!row)
            throw new errors_1.AppError('unauthorized', 'The account of this access token no longer exists');
          return [2 /*return*/, { version: Number(row.data_version), defaultCurrency: row.default_currency }];
      }
    });
  });
}
function createPurchase(deps, userId, input, file, now) {
  return __awaiter(this, void 0, void 0, function () {
    var defaultCurrency, stored, _a, id, error_1;
    return __generator(this, (_b) => {
      switch (_b.label) {
        case 0:
          return [4 /*yield*/, dataVersion(deps.db, userId)];
        case 1:
          defaultCurrency = _b.sent().defaultCurrency;
          if (!file) return [3 /*break*/, 3];
          return [4 /*yield*/, receipts.storeFile(deps, userId, file)];
        case 2:
          _a = _b.sent();
          return [3 /*break*/, 4];
        case 3:
          _a = null;
          _b.label = 4;
        case 4:
          stored = _a;
          if (deps.failpoint === 'after-blob-write') process.exit(137);
          _b.label = 5;
        case 5:
          _b.trys.push([5, 7, , 10]);
          return [
            4 /*yield*/,
            deps.db.transaction().execute((trx) =>
              __awaiter(this, void 0, void 0, function () {
                var orderId, rowId;
                var _a, _b, _c, _d, _e, _f, _g, _h;
                return __generator(this, (_j) => {
                  switch (_j.label) {
                    case 0:
                      return [
                        4 /*yield*/,
                        checkParent(
                          trx,
                          userId,
                          (_a = input.parent_id) !== null && _a !== void 0 ? _a : null,
                          null,
                        ),
                      ];
                    case 1:
                      _j.sent();
                      return [4 /*yield*/, newOrderId(trx, userId)];
                    case 2:
                      orderId = _j.sent();
                      return [
                        4 /*yield*/,
                        repo.insertOrder(
                          trx,
                          __assign(
                            __assign(
                              {
                                user_id: userId,
                                order_id: orderId,
                                product_name: input.product_name,
                                shop_name: (_b = input.shop_name) !== null && _b !== void 0 ? _b : null,
                                purchase_date: input.purchase_date,
                                price: (_c = input.price) !== null && _c !== void 0 ? _c : null,
                              },
                              (0, amounts_1.parsePrice)(input.price, defaultCurrency),
                            ),
                            {
                              warranty_expire_date:
                                (_d = input.warranty_expire_date) !== null && _d !== void 0 ? _d : null,
                              category:
                                (_e = input.category) !== null && _e !== void 0
                                  ? _e
                                  : (0, categories_1.categorize)(input.product_name),
                              status: stored ? 'success' : 'manual',
                              source: 'manual',
                              parent_id: (_f = input.parent_id) !== null && _f !== void 0 ? _f : null,
                              replace_every_days:
                                (_g = input.replace_every_days) !== null && _g !== void 0 ? _g : null,
                              store_link: (_h = input.store_link) !== null && _h !== void 0 ? _h : null,
                              created_at: (0, dates_1.timestamp)(now),
                              updated_at: (0, dates_1.timestamp)(now),
                            },
                          ),
                        ),
                      ];
                    case 3:
                      rowId = _j.sent();
                      if (!stored) return [3 /*break*/, 5];
                      return [
                        4 /*yield*/,
                        receipts.recordFile(trx, userId, orderId, stored, 'success', null),
                      ];
                    case 4:
                      _j.sent();
                      _j.label = 5;
                    case 5:
                      return [4 /*yield*/, repo.bumpDataVersion(trx, userId)];
                    case 6:
                      _j.sent();
                      return [2 /*return*/, rowId];
                  }
                });
              }),
            ),
          ];
        case 6:
          id = _b.sent();
          return [3 /*break*/, 10];
        case 7:
          error_1 = _b.sent();
          if (!stored) return [3 /*break*/, 9];
          return [4 /*yield*/, deps.blobs.remove(stored.storage_key)];
        case 8:
          _b.sent();
          _b.label = 9;
        case 9:
          throw error_1;
        case 10:
          return [2 /*return*/, getPurchase(deps.db, userId, id, now)];
      }
    });
  });
}
/** Partial update: only the fields sent change; `invoice_pdf` replaces the order's file. */
function updatePurchase(deps, userId, id, input, file, now) {
  return __awaiter(this, void 0, void 0, function () {
    var existing, defaultCurrency, changes, _i, _a, key, stored, _b, replacedKey, error_2;
    var _c;
    return __generator(this, (_d) => {
      switch (_d.label) {
        case 0:
          return [4 /*yield*/, repo.findOrderRow(deps.db, userId, id)];
        case 1:
          existing = _d.sent();
          if (!existing) throw new errors_1.AppError('not_found', 'Purchase not found');
          return [4 /*yield*/, dataVersion(deps.db, userId)];
        case 2:
          defaultCurrency = _d.sent().defaultCurrency;
          changes = {};
          for (
            _i = 0,
              _a = [
                'product_name',
                'shop_name',
                'purchase_date',
                'warranty_expire_date',
                'category',
                'store_link',
                'parent_id',
                'replace_every_days',
              ];
            _i < _a.length;
            _i++
          ) {
            key = _a[_i];
            if (input[key] !== undefined) Object.assign(changes, ((_c = {}), (_c[key] = input[key]), _c));
          }
          if (input.price !== undefined)
            Object.assign(
              changes,
              { price: input.price },
              (0, amounts_1.parsePrice)(input.price, defaultCurrency),
            );
          if (input.warranty_expire_date !== undefined) changes.warranty_estimated = 0;
          if (!file) return [3 /*break*/, 4];
          return [4 /*yield*/, receipts.storeFile(deps, userId, file)];
        case 3:
          _b = _d.sent();
          return [3 /*break*/, 5];
        case 4:
          _b = null;
          _d.label = 5;
        case 5:
          stored = _b;
          replacedKey = null;
          _d.label = 6;
        case 6:
          _d.trys.push([6, 8, , 11]);
          return [
            4 /*yield*/,
            deps.db.transaction().execute((trx) =>
              __awaiter(this, void 0, void 0, function () {
                return __generator(this, (_a) => {
                  switch (_a.label) {
                    case 0:
                      if (!(input.parent_id !== undefined)) return [3 /*break*/, 2];
                      return [4 /*yield*/, checkParent(trx, userId, input.parent_id, id)];
                    case 1:
                      _a.sent();
                      _a.label = 2;
                    case 2:
                      if (!stored) return [3 /*break*/, 4];
                      return [
                        4 /*yield*/,
                        receipts.recordFile(trx, userId, existing.order_id, stored, 'success', null),
                      ];
                    case 3:
                      replacedKey = _a.sent();
                      if (existing.source === 'manual') changes.status = 'success';
                      _a.label = 4;
                    case 4:
                      if (!(Object.keys(changes).length > 0)) return [3 /*break*/, 6];
                      return [4 /*yield*/, repo.updateOrder(trx, userId, id, changes)];
                    case 5:
                      _a.sent();
                      _a.label = 6;
                    case 6:
                      return [4 /*yield*/, repo.bumpDataVersion(trx, userId)];
                    case 7:
                      _a.sent();
                      return [2 /*return*/];
                  }
                });
              }),
            ),
          ];
        case 7:
          _d.sent();
          return [3 /*break*/, 11];
        case 8:
          error_2 = _d.sent();
          if (!stored) return [3 /*break*/, 10];
          return [4 /*yield*/, deps.blobs.remove(stored.storage_key)];
        case 9:
          _d.sent();
          _d.label = 10;
        case 10:
          throw error_2;
        case 11:
          if (!replacedKey) return [3 /*break*/, 13];
          return [4 /*yield*/, deps.blobs.remove(replacedKey)];
        case 12:
          _d.sent();
          _d.label = 13;
        case 13:
          return [2 /*return*/, getPurchase(deps.db, userId, id, now)];
      }
    });
  });
}
/** Deletes one purchase; the order's file goes with its last line. Row first, then the file. */
function deletePurchase(deps, userId, id) {
  return __awaiter(this, void 0, void 0, function () {
    var existing, removedKey;
    return __generator(this, (_a) => {
      switch (_a.label) {
        case 0:
          return [4 /*yield*/, repo.findOrderRow(deps.db, userId, id)];
        case 1:
          existing = _a.sent();
          if (!existing) throw new errors_1.AppError('not_found', 'Purchase not found');
          return [
            4 /*yield*/,
            deps.db.transaction().execute((trx) =>
              __awaiter(this, void 0, void 0, function () {
                var remaining, key, _a;
                return __generator(this, (_b) => {
                  switch (_b.label) {
                    case 0:
                      return [4 /*yield*/, repo.deleteOrderLine(trx, userId, id, existing.order_id)];
                    case 1:
                      remaining = _b.sent();
                      if (!(remaining === 0)) return [3 /*break*/, 3];
                      return [4 /*yield*/, receipts.forgetFile(trx, userId, existing.order_id)];
                    case 2:
                      _a = _b.sent();
                      return [3 /*break*/, 4];
                    case 3:
                      _a = null;
                      _b.label = 4;
                    case 4:
                      key = _a;
                      return [4 /*yield*/, repo.bumpDataVersion(trx, userId)];
                    case 5:
                      _b.sent();
                      return [2 /*return*/, key];
                  }
                });
              }),
            ),
          ];
        case 2:
          removedKey = _a.sent();
          if (!removedKey) return [3 /*break*/, 4];
          return [4 /*yield*/, deps.blobs.remove(removedKey)];
        case 3:
          _a.sent();
          _a.label = 4;
        case 4:
          return [2 /*return*/];
      }
    });
  });
}
function totalPrice(db, userId, defaultCurrency) {
  return __awaiter(this, void 0, void 0, function () {
    var rows, by_currency, main, mainLines, _i, rows_1, row, currency, lines;
    var _a, _b, _c;
    return __generator(this, (_d) => {
      switch (_d.label) {
        case 0:
          return [4 /*yield*/, repo.sumByCurrency(db, userId)];
        case 1:
          rows = _d.sent();
          by_currency = {};
          main = defaultCurrency;
          mainLines = -1;
          for (_i = 0, rows_1 = rows; _i < rows_1.length; _i++) {
            row = rows_1[_i];
            currency = (_a = row.currency) !== null && _a !== void 0 ? _a : defaultCurrency;
            by_currency[currency] =
              (0, amounts_1.toMajor)(Number(row.minor), currency) +
              ((_b = by_currency[currency]) !== null && _b !== void 0 ? _b : 0);
            lines = Number(row.lines);
            // The user's main currency is the one most of their purchases are in; ties go to the default.
            if (lines > mainLines || (lines === mainLines && currency === defaultCurrency)) {
              main = currency;
              mainLines = lines;
            }
          }
          return [
            2 /*return*/,
            {
              total_purchase_price: (_c = by_currency[main]) !== null && _c !== void 0 ? _c : 0,
              currency: main,
              by_currency: by_currency,
            },
          ];
      }
    });
  });
}
function activeWarrantyCount(db, userId, now) {
  return __awaiter(this, void 0, void 0, function () {
    var _a;
    return __generator(this, (_b) => {
      switch (_b.label) {
        case 0:
          _a = {};
          return [4 /*yield*/, repo.countActiveWarranties(db, userId, (0, dates_1.isoDate)(now))];
        case 1:
          return [2 /*return*/, ((_a.total_active_products = _b.sent()), _a)];
      }
    });
  });
}
function upcomingWarrantyCount(db, userId, now) {
  return __awaiter(this, void 0, void 0, function () {
    var today, count;
    return __generator(this, (_a) => {
      switch (_a.label) {
        case 0:
          today = (0, dates_1.isoDate)(now);
          return [
            4 /*yield*/,
            repo.countWarrantiesEnding(
              db,
              userId,
              today,
              (0, dates_1.addDays)(today, warranty_1.EXPIRING_SOON_DAYS),
            ),
          ];
        case 1:
          count = _a.sent();
          return [2 /*return*/, { total_upcoming_warranty: count }];
      }
    });
  });
}
/** A part's main product must be another purchase of the same user. */
function checkParent(db, userId, parentId, selfId) {
  return __awaiter(this, void 0, void 0, function () {
    var parent;
    return __generator(this, (_a) => {
      switch (_a.label) {
        case 0:
          if (parentId === null) return [2 /*return*/];
          if (parentId === selfId)
            throw new errors_1.AppError('invalid_input', 'parent_id: a purchase cannot be a part of itself');
          return [4 /*yield*/, repo.findOrderRow(db, userId, parentId)];
        case 1:
          parent = _a.sent();
          if (!parent) throw new errors_1.AppError('invalid_input', 'parent_id: no such purchase');
          if (parent.parent_id !== null) {
            throw new errors_1.AppError(
              'invalid_input',
              'parent_id: that purchase is itself a part; choose its main product',
            );
          }
          return [2 /*return*/];
      }
    });
  });
}
/** Hand-made purchases get an order number of their own, unique per user. */
function newOrderId(db, userId) {
  return __awaiter(this, void 0, void 0, function () {
    var candidate;
    return __generator(this, (_a) => {
      switch (_a.label) {
        case 0:
          candidate = 'WL-'.concat((0, node_crypto_1.randomBytes)(6).toString('hex').toUpperCase());
          return [4 /*yield*/, repo.orderIdExists(db, userId, candidate)];
        case 1:
          if (!_a.sent()) return [2 /*return*/, candidate];
          _a.label = 2;
        case 2:
          return [3 /*break*/, 0];
        case 3:
          return [2 /*return*/];
      }
    });
  });
}
