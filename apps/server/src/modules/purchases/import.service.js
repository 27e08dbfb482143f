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
exports.hasPurchase = hasPurchase;
exports.extractionStatus = extractionStatus;
exports.importExtraction = importExtraction;
var dates_1 = require('../../dates');
var consumables_1 = require('../parts/consumables');
var amounts_1 = require('./amounts');
var categories_1 = require('./categories');
var repo = require('./purchases.repository');
/** True when extraction found enough to make a purchase of: a product line or at least a total. */
function hasPurchase(extraction) {
  return extraction.products.length > 0 || extraction.total !== null;
}
/** `success` when merchant, date and total were all read; `partial` otherwise. */
function extractionStatus(extraction) {
  return extraction.merchant && extraction.purchase_date && extraction.total ? 'success' : 'partial';
}
/**
 * Writes one purchase per product line of an extraction (one for the whole order when it lists none),
 * inside the caller's transaction: order number made unique per user, category from the product words,
 * warranty estimated from the category, consumables linked to the main product the user owns.
 * Lines already imported from the same source are left alone. Answers the ids written.
 */
function importExtraction(trx, userId, defaultCurrency, extraction, from, now) {
  return __awaiter(this, void 0, void 0, function () {
    var purchaseDate,
      merchant,
      lines,
      orderId,
      owned,
      ids,
      _i,
      _a,
      _b,
      lineNo,
      line,
      existing,
      price,
      category,
      warranty,
      main,
      id;
    var _c, _d, _e, _f;
    return __generator(this, (_g) => {
      switch (_g.label) {
        case 0:
          purchaseDate = (_c = extraction.purchase_date) !== null && _c !== void 0 ? _c : from.fallbackDate;
          merchant = extraction.merchant;
          lines =
            extraction.products.length > 0
              ? extraction.products
              : [
                  {
                    name: merchant ? ''.concat(merchant, ' order') : 'Purchase',
                    quantity: 1,
                    price: extraction.total,
                    url: null,
                  },
                ];
          return [4 /*yield*/, uniqueOrderId(trx, userId, extraction.order_id, from)];
        case 1:
          orderId = _g.sent();
          return [
            4 /*yield*/,
            trx
              .selectFrom('orders')
              .select(['id', 'product_name', 'parent_id'])
              .where('user_id', '=', userId)
              .orderBy('purchase_date', 'desc')
              .execute(),
          ];
        case 2:
          owned = _g.sent();
          ids = [];
          (_i = 0), (_a = lines.entries());
          _g.label = 3;
        case 3:
          if (!(_i < _a.length)) return [3 /*break*/, 7];
          (_b = _a[_i]), (lineNo = _b[0]), (line = _b[1]);
          return [
            4 /*yield*/,
            trx
              .selectFrom('orders')
              .select('id')
              .where('user_id', '=', userId)
              .where('source', '=', from.source)
              .where('source_ref', '=', from.sourceRef)
              .where('line_no', '=', lineNo)
              .executeTakeFirst(),
          ];
        case 4:
          existing = _g.sent();
          if (existing) return [3 /*break*/, 6];
          price =
            line.price === null
              ? null
              : extraction.currency
                ? ''.concat(extraction.currency, ' ').concat(line.price)
                : line.price;
          category = (0, categories_1.categorize)(line.name);
          warranty = (0, categories_1.estimateWarranty)(category, purchaseDate);
          main = (0, consumables_1.findMainProduct)(line.name, owned);
          return [
            4 /*yield*/,
            repo.insertOrder(
              trx,
              __assign(
                __assign(
                  {
                    user_id: userId,
                    order_id: orderId,
                    product_name: line.name.slice(0, 500),
                    shop_name: merchant,
                    purchase_date: purchaseDate,
                    price: price,
                  },
                  (0, amounts_1.parsePrice)(price, defaultCurrency),
                ),
                {
                  warranty_expire_date: warranty,
                  warranty_estimated: warranty ? 1 : 0,
                  category: category,
                  status: from.status,
                  source: from.source,
                  source_ref: from.sourceRef,
                  line_no: lineNo,
                  parent_id:
                    (_d = main === null || main === void 0 ? void 0 : main.mainId) !== null && _d !== void 0
                      ? _d
                      : null,
                  replace_every_days:
                    (_e = main === null || main === void 0 ? void 0 : main.everyDays) !== null &&
                    _e !== void 0
                      ? _e
                      : null,
                  store_link: line.url,
                  order_total: extraction.total,
                  order_currency: extraction.currency,
                  created_at: (0, dates_1.timestamp)(now),
                  updated_at: (0, dates_1.timestamp)(now),
                },
              ),
            ),
          ];
        case 5:
          id = _g.sent();
          ids.push(id);
          owned.unshift({
            id: id,
            product_name: line.name,
            parent_id:
              (_f = main === null || main === void 0 ? void 0 : main.mainId) !== null && _f !== void 0
                ? _f
                : null,
          });
          _g.label = 6;
        case 6:
          _i++;
          return [3 /*break*/, 3];
        case 7:
          if (!(ids.length > 0)) return [3 /*break*/, 9];
          return [4 /*yield*/, repo.bumpDataVersion(trx, userId)];
        case 8:
          _g.sent();
          _g.label = 9;
        case 9:
          return [2 /*return*/, { ids: ids, orderId: orderId }];
      }
    });
  });
}
/**
 * The merchant's order number, unless another import of this user already uses it for a different
 * document: then a suffix keeps orders apart. Documents with no number get a generated one.
 */
function uniqueOrderId(trx, userId, wanted, from) {
  return __awaiter(this, void 0, void 0, function () {
    var base, n, candidate, holder;
    return __generator(this, (_a) => {
      switch (_a.label) {
        case 0:
          base =
            (wanted === null || wanted === void 0 ? void 0 : wanted.trim()) ||
            ''.concat(from.source.toUpperCase(), '-').concat(from.sourceRef.slice(0, 12).toUpperCase());
          n = 1;
          _a.label = 1;
        case 1:
          candidate = n === 1 ? base : ''.concat(base, '-').concat(n);
          return [
            4 /*yield*/,
            trx
              .selectFrom('orders')
              .select(['source', 'source_ref'])
              .where('user_id', '=', userId)
              .where('order_id', '=', candidate)
              .executeTakeFirst(),
          ];
        case 2:
          holder = _a.sent();
          if (!holder || (holder.source === from.source && holder.source_ref === from.sourceRef))
            return [2 /*return*/, candidate];
          _a.label = 3;
        case 3:
          n += 1;
          return [3 /*break*/, 1];
        case 4:
          return [2 /*return*/];
      }
    });
  });
}
