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
var __asyncValues =
  (this && this.__asyncValues) ||
  ((o) => {
    if (!Symbol.asyncIterator) throw new TypeError('Symbol.asyncIterator is not defined.');
    var m = o[Symbol.asyncIterator],
      i;
    return m
      ? m.call(o)
      : ((o = typeof __values === 'function' ? __values(o) : o[Symbol.iterator]()),
        (i = {}),
        verb('next'),
        verb('throw'),
        verb('return'),
        (i[Symbol.asyncIterator] = function () {
          return this;
        }),
        i);
    function verb(n) {
      i[n] =
        o[n] &&
        ((v) =>
          new Promise((resolve, reject) => {
            (v = o[n](v)), settle(resolve, reject, v.done, v.value);
          }));
    }
    function settle(resolve, reject, d, v) {
      Promise.resolve(v).then((v) => {
        resolve({ value: v, done: d });
      }, reject);
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
exports.storeFile = storeFile;
exports.recordFile = recordFile;
exports.forgetFile = forgetFile;
exports.listReceipts = listReceipts;
exports.getReceipt = getReceipt;
exports.deleteReceipt = deleteReceipt;
exports.receiptFile = receiptFile;
exports.sweepOrphanFiles = sweepOrphanFiles;
var dates_1 = require('../../dates');
var errors_1 = require('../../errors');
var purchasesRepo = require('../purchases/purchases.repository');
var purchases_service_1 = require('../purchases/purchases.service');
var receipt_files_1 = require('./receipt-files');
var repo = require('./receipts.repository');
/** Encrypts and writes a file that a row will point to; see `storeReceiptFile`. */
function storeFile(deps, userId, file) {
  return (0, receipt_files_1.storeReceiptFile)(deps.blobs, deps.encryptionKey, userId, file);
}
/** Records a stored file as the order's document (inside the caller's transaction); answers a replaced key. */
function recordFile(trx, userId, orderId, file, status, extracted) {
  return repo.upsertDocument(trx, {
    user_id: userId,
    order_id: orderId,
    filename: file.filename,
    mime: file.mime,
    size: file.size,
    sha256: file.sha256,
    storage_key: file.storage_key,
    extraction_status: status,
    extracted_json: extracted === null ? null : JSON.stringify(extracted),
    created_at: (0, dates_1.timestamp)(),
  });
}
/** Drops the order's document row (inside the caller's transaction); answers the key to remove after commit. */
function forgetFile(trx, userId, orderId) {
  return repo.deleteDocument(trx, userId, orderId);
}
function listReceipts(db, userId, now) {
  return __awaiter(this, void 0, void 0, function () {
    var today, rows, byOrder, _i, rows_1, row, seen, monthStart, next, counts;
    return __generator(this, (_a) => {
      switch (_a.label) {
        case 0:
          today = (0, dates_1.isoDate)(now);
          return [
            4 /*yield*/,
            purchasesRepo
              .selectPurchases(db, userId)
              .where('d.id', 'is not', null)
              .orderBy('o.purchase_date', 'desc')
              .orderBy('o.id', 'asc')
              .execute(),
          ];
        case 1:
          rows = _a.sent();
          byOrder = new Map();
          for (_i = 0, rows_1 = rows; _i < rows_1.length; _i++) {
            row = rows_1[_i];
            seen = byOrder.get(row.order_id);
            if (seen) seen.line_count += 1;
            else
              byOrder.set(
                row.order_id,
                __assign(__assign({}, (0, purchases_service_1.toPurchase)(row, today)), { line_count: 1 }),
              );
          }
          monthStart = ''.concat(today.slice(0, 7), '-01');
          next = new Date(Number(today.slice(0, 4)), Number(today.slice(5, 7)), 1);
          return [4 /*yield*/, repo.receiptCounts(db, userId, monthStart, (0, dates_1.isoDate)(next))];
        case 2:
          counts = _a.sent();
          return [
            2 /*return*/,
            {
              orders: __spreadArray([], byOrder.values(), true),
              total_invoice: counts.receipts,
              total_orders_this_month: counts.thisMonth,
              total_categories: counts.categories,
            },
          ];
      }
    });
  });
}
function getReceipt(db, userId, orderId, now) {
  return __awaiter(this, void 0, void 0, function () {
    var today, doc, lines, first;
    var _a, _b;
    return __generator(this, (_c) => {
      switch (_c.label) {
        case 0:
          today = (0, dates_1.isoDate)(now);
          return [4 /*yield*/, repo.findDocument(db, userId, orderId)];
        case 1:
          doc = _c.sent();
          return [
            4 /*yield*/,
            purchasesRepo
              .selectPurchases(db, userId)
              .where('o.order_id', '=', orderId)
              .orderBy('o.id')
              .execute(),
          ];
        case 2:
          lines = _c.sent().map((row) => (0, purchases_service_1.toPurchase)(row, today));
          first = lines[0];
          if (!first) throw new errors_1.AppError('not_found', 'Receipt not found');
          return [
            2 /*return*/,
            {
              order_id: orderId,
              merchant: first.shop_name,
              purchase_date: first.purchase_date,
              order_total:
                (_a = first.order_total) !== null && _a !== void 0
                  ? _a
                  : lines.length === 1 && first.amount !== null
                    ? first.amount.toFixed(2)
                    : null,
              currency: first.currency,
              status:
                (_b = doc === null || doc === void 0 ? void 0 : doc.extraction_status) !== null &&
                _b !== void 0
                  ? _b
                  : 'success',
              category: first.category,
              lines: lines,
              file: doc ? { name: doc.filename, size: doc.size, mime: doc.mime } : null,
              extracted: (doc === null || doc === void 0 ? void 0 : doc.extracted_json)
                ? JSON.parse(doc.extracted_json)
                : null,
            },
          ];
      }
    });
  });
}
/** Deleting a receipt deletes its purchase lines and its file (the spec's confirmation says so). */
function deleteReceipt(deps, userId, orderId) {
  return __awaiter(this, void 0, void 0, function () {
    var removedKey;
    return __generator(this, (_a) => {
      switch (_a.label) {
        case 0:
          return [
            4 /*yield*/,
            deps.db.transaction().execute((trx) =>
              __awaiter(this, void 0, void 0, function () {
                var lines, key;
                return __generator(this, (_a) => {
                  switch (_a.label) {
                    case 0:
                      return [
                        4 /*yield*/,
                        purchasesRepo
                          .selectPurchases(trx, userId)
                          .where('o.order_id', '=', orderId)
                          .execute(),
                      ];
                    case 1:
                      lines = _a.sent();
                      if (lines.length === 0) throw new errors_1.AppError('not_found', 'Receipt not found');
                      return [4 /*yield*/, repo.deleteDocument(trx, userId, orderId)];
                    case 2:
                      key = _a.sent();
                      return [4 /*yield*/, repo.deleteOrderLines(trx, userId, orderId)];
                    case 3:
                      _a.sent();
                      return [4 /*yield*/, purchasesRepo.bumpDataVersion(trx, userId)];
                    case 4:
                      _a.sent();
                      return [2 /*return*/, key];
                  }
                });
              }),
            ),
          ];
        case 1:
          removedKey = _a.sent();
          if (!removedKey) return [3 /*break*/, 3];
          return [4 /*yield*/, deps.blobs.remove(removedKey)];
        case 2:
          _a.sent();
          _a.label = 3;
        case 3:
          return [2 /*return*/];
      }
    });
  });
}
function receiptFile(deps, userId, orderId) {
  return __awaiter(this, void 0, void 0, function () {
    var doc, bytes;
    return __generator(this, (_a) => {
      switch (_a.label) {
        case 0:
          return [4 /*yield*/, repo.findDocument(deps.db, userId, orderId)];
        case 1:
          doc = _a.sent();
          if (!doc) throw new errors_1.AppError('not_found', 'This receipt has no stored file');
          return [
            4 /*yield*/,
            (0, receipt_files_1.readReceiptFile)(deps.blobs, deps.encryptionKey, doc.storage_key),
          ];
        case 2:
          bytes = _a.sent();
          if (!bytes) throw new errors_1.AppError('internal', 'The stored file of this receipt is missing');
          return [2 /*return*/, { bytes: bytes, filename: doc.filename, mime: doc.mime }];
      }
    });
  });
}
/**
 * Removes files no row points to: interrupted writes and files of requests that failed or crashed.
 * `olderThanMs` protects uploads still in flight in other processes (0 when this process is alone).
 */
function sweepOrphanFiles(deps_1, olderThanMs_1) {
  return __awaiter(this, arguments, void 0, function (deps, olderThanMs, now) {
    var keep, removed, _a, _b, _c, blob, e_1_1;
    var _d, e_1, _e, _f;
    if (now === void 0) {
      now = Date.now();
    }
    return __generator(this, (_g) => {
      switch (_g.label) {
        case 0:
          return [4 /*yield*/, repo.allStorageKeys(deps.db)];
        case 1:
          keep = _g.sent();
          removed = 0;
          _g.label = 2;
        case 2:
          _g.trys.push([2, 8, 9, 14]);
          (_a = true), (_b = __asyncValues(deps.blobs.list()));
          _g.label = 3;
        case 3:
          return [4 /*yield*/, _b.next()];
        case 4:
          if (!((_c = _g.sent()), (_d = _c.done), !_d)) return [3 /*break*/, 7];
          _f = _c.value;
          _a = false;
          blob = _f;
          if (keep.has(blob.key) || now - blob.modifiedAt.getTime() < olderThanMs) return [3 /*break*/, 6];
          return [4 /*yield*/, deps.blobs.remove(blob.key)];
        case 5:
          _g.sent();
          removed += 1;
          _g.label = 6;
        case 6:
          _a = true;
          return [3 /*break*/, 3];
        case 7:
          return [3 /*break*/, 14];
        case 8:
          e_1_1 = _g.sent();
          e_1 = { error: e_1_1 };
          return [3 /*break*/, 14];
        case 9:
          _g.trys.push([9, , 12, 13]);
          if (!(!_a && !_d && (_e = _b.return))) return [3 /*break*/, 11];
          return [4 /*yield*/, _e.call(_b)];
        case 10:
          _g.sent();
          _g.label = 11;
        case 11:
          return [3 /*break*/, 13];
        case 12:
          if (e_1) throw e_1.error;
          return [7 /*endfinally*/];
        case 13:
          return [7 /*endfinally*/];
        case 14:
          return [2 /*return*/, removed];
      }
    });
  });
}
