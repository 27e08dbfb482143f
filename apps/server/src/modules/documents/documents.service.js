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
exports.MAX_PAGES = void 0;
exports.importPdf = importPdf;
var node_crypto_1 = require('node:crypto');
var dates_1 = require('../../dates');
var import_service_1 = require('../purchases/import.service');
var purchasesRepo = require('../purchases/purchases.repository');
var purchases_service_1 = require('../purchases/purchases.service');
var receipts = require('../receipts/receipts.service');
/** A receipt PDF may have at most this many pages. */
exports.MAX_PAGES = 50;
/**
 * Reads a receipt PDF and makes its purchases, keeping the file encrypted as their receipt. Nothing found:
 * an empty list, and nothing is kept. The same file uploaded again answers the purchases it made before.
 */
function importPdf(deps, userId, file, now) {
  return __awaiter(this, void 0, void 0, function () {
    var sha, today, already, offline, extraction, _a, defaultCurrency, stored, ids, error_1, rows;
    return __generator(this, (_b) => {
      switch (_b.label) {
        case 0:
          sha = (0, node_crypto_1.createHash)('sha256').update(file.bytes).digest('hex');
          today = (0, dates_1.isoDate)(now);
          return [
            4 /*yield*/,
            purchasesRepo
              .selectPurchases(deps.db, userId)
              .where('o.source', '=', 'pdf')
              .where('o.source_ref', '=', sha)
              .orderBy('o.line_no')
              .execute(),
          ];
        case 1:
          already = _b.sent();
          if (already.length > 0)
            return [2 /*return*/, already.map((row) => (0, purchases_service_1.toPurchase)(row, today))];
          return [4 /*yield*/, deps.pool.extractPdf(file.bytes, exports.MAX_PAGES)];
        case 2:
          offline = _b.sent();
          if (!deps.refine) return [3 /*break*/, 4];
          return [4 /*yield*/, deps.refine(offline)];
        case 3:
          _a = _b.sent();
          return [3 /*break*/, 5];
        case 4:
          _a = offline;
          _b.label = 5;
        case 5:
          extraction = _a;
          if (!(0, import_service_1.hasPurchase)(extraction)) return [2 /*return*/, []];
          return [4 /*yield*/, (0, purchases_service_1.dataVersion)(deps.db, userId)];
        case 6:
          defaultCurrency = _b.sent().defaultCurrency;
          return [4 /*yield*/, receipts.storeFile(deps, userId, file)];
        case 7:
          stored = _b.sent();
          _b.label = 8;
        case 8:
          _b.trys.push([8, 10, , 12]);
          return [
            4 /*yield*/,
            deps.db.transaction().execute((trx) =>
              __awaiter(this, void 0, void 0, function () {
                var status, result;
                return __generator(this, (_a) => {
                  switch (_a.label) {
                    case 0:
                      status = (0, import_service_1.extractionStatus)(extraction);
                      return [
                        4 /*yield*/,
                        (0, import_service_1.importExtraction)(
                          trx,
                          userId,
                          defaultCurrency,
                          extraction,
                          { source: 'pdf', sourceRef: sha, fallbackDate: null, status: status },
                          now,
                        ),
                      ];
                    case 1:
                      result = _a.sent();
                      return [
                        4 /*yield*/,
                        receipts.recordFile(trx, userId, result.orderId, stored, status, extraction),
                      ];
                    case 2:
                      _a.sent();
                      return [2 /*return*/, result.ids];
                  }
                });
              }),
            ),
          ];
        case 9:
          ids = _b.sent();
          return [3 /*break*/, 12];
        case 10:
          error_1 = _b.sent();
          return [4 /*yield*/, deps.blobs.remove(stored.storage_key)];
        case 11:
          _b.sent();
          throw error_1;
        case 12:
          return [
            4 /*yield*/,
            purchasesRepo
              .selectPurchases(deps.db, userId)
              .where('o.id', 'in', ids)
              .orderBy('o.line_no')
              .execute(),
          ];
        case 13:
          rows = _b.sent();
          return [2 /*return*/, rows.map((row) => (0, purchases_service_1.toPurchase)(row, today))];
      }
    });
  });
}
