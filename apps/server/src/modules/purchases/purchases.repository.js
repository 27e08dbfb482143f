var __makeTemplateObject =
  (this && this.__makeTemplateObject) ||
  ((cooked, raw) => {
    if (Object.defineProperty) {
      Object.defineProperty(cooked, 'raw', { value: raw });
    } else {
      cooked.raw = raw;
    }
    return cooked;
  });
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
exports.selectPurchases = selectPurchases;
exports.listPurchases = listPurchases;
exports.findPurchase = findPurchase;
exports.findOrderRow = findOrderRow;
exports.insertOrder = insertOrder;
exports.updateOrder = updateOrder;
exports.deleteOrderLine = deleteOrderLine;
exports.orderIdExists = orderIdExists;
exports.bumpDataVersion = bumpDataVersion;
exports.findDataVersion = findDataVersion;
exports.sumByCurrency = sumByCurrency;
exports.countActiveWarranties = countActiveWarranties;
exports.countWarrantiesEnding = countWarrantiesEnding;
var kysely_1 = require('kysely');
var dates_1 = require('../../dates');
/** The columns a purchase is read with: the order line and whether its order carries a document. */
function selectPurchases(db, userId) {
  return db
    .selectFrom('orders as o')
    .leftJoin('documents as d', (join) =>
      join.onRef('d.user_id', '=', 'o.user_id').onRef('d.order_id', '=', 'o.order_id'),
    )
    .where('o.user_id', '=', userId)
    .select([
      'o.id',
      'o.order_id',
      'o.product_name',
      'o.shop_name',
      'o.purchase_date',
      'o.price',
      'o.amount_minor',
      'o.currency',
      'o.has_currency',
      'o.warranty_expire_date',
      'o.warranty_estimated',
      'o.category',
      'o.status',
      'o.source',
      'o.parent_id',
      'o.replace_every_days',
      'o.store_link',
      'o.order_total',
      'd.id as document_id',
    ]);
}
/** Newest purchase first; undated ones last; ties by newest row. */
function listPurchases(db, userId) {
  return selectPurchases(db, userId)
    .orderBy(
      (0, kysely_1.sql)(
        templateObject_1 ||
          (templateObject_1 = __makeTemplateObject(['o.purchase_date is null'], ['o.purchase_date is null'])),
      ),
    )
    .orderBy('o.purchase_date', 'desc')
    .orderBy('o.id', 'desc')
    .execute();
}
function findPurchase(db, userId, id) {
  return selectPurchases(db, userId).where('o.id', '=', id).executeTakeFirst();
}
function findOrderRow(db, userId, id) {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
}
function insertOrder(db, row) {
  return __awaiter(this, void 0, void 0, function () {
    var id;
    return __generator(this, (_a) => {
      switch (_a.label) {
        case 0:
          return [4 /*yield*/, db.insertInto('orders').values(row).returning('id').executeTakeFirstOrThrow()];
        case 1:
          id = _a.sent().id;
          return [2 /*return*/, id];
      }
    });
  });
}
function updateOrder(db, userId, id, changes) {
  return __awaiter(this, void 0, void 0, function () {
    return __generator(this, (_a) => {
      switch (_a.label) {
        case 0:
          return [
            4 /*yield*/,
            db
              .updateTable('orders')
              .set(__assign(__assign({}, changes), { updated_at: (0, dates_1.timestamp)() }))
              .where('user_id', '=', userId)
              .where('id', '=', id)
              .execute(),
          ];
        case 1:
          _a.sent();
          return [2 /*return*/];
      }
    });
  });
}
/** Deletes one line; answers how many lines of its order remain. */
function deleteOrderLine(db, userId, id, orderId) {
  return __awaiter(this, void 0, void 0, function () {
    var n;
    return __generator(this, (_a) => {
      switch (_a.label) {
        case 0:
          return [
            4 /*yield*/,
            db.deleteFrom('orders').where('user_id', '=', userId).where('id', '=', id).execute(),
          ];
        case 1:
          _a.sent();
          return [
            4 /*yield*/,
            db
              .selectFrom('orders')
              .select((eb) => eb.fn.countAll().as('n'))
              .where('user_id', '=', userId)
              .where('order_id', '=', orderId)
              .executeTakeFirstOrThrow(),
          ];
        case 2:
          n = _a.sent().n;
          return [2 /*return*/, Number(n)];
      }
    });
  });
}
function orderIdExists(db, userId, orderId) {
  return __awaiter(this, void 0, void 0, function () {
    var row;
    return __generator(this, (_a) => {
      switch (_a.label) {
        case 0:
          return [
            4 /*yield*/,
            db
              .selectFrom('orders')
              .select('id')
              .where('user_id', '=', userId)
              .where('order_id', '=', orderId)
              .executeTakeFirst(),
          ];
        case 1:
          row = _a.sent();
          return [2 /*return*/, row !== undefined];
      }
    });
  });
}
/** Raises the user's data version; call inside the transaction that changes their purchases. */
function bumpDataVersion(db, userId) {
  return __awaiter(this, void 0, void 0, function () {
    return __generator(this, (_a) => {
      switch (_a.label) {
        case 0:
          return [
            4 /*yield*/,
            db
              .updateTable('users')
              .set((eb) => ({
                data_version: eb('data_version', '+', 1),
                updated_at: (0, dates_1.timestamp)(),
              }))
              .where('id', '=', userId)
              .execute(),
          ];
        case 1:
          _a.sent();
          return [2 /*return*/];
      }
    });
  });
}
/** One primary-key read: what a conditional request needs before it can answer 304. */
function findDataVersion(db, userId) {
  return __awaiter(this, void 0, void 0, function () {
    return __generator(this, (_a) => [
      2 /*return*/,
      db
        .selectFrom('users')
        .select(['data_version', 'default_currency'])
        .where('id', '=', userId)
        .executeTakeFirst(),
    ]);
  });
}
/** Each currency's sum and line count (amounts are never added across currencies). */
function sumByCurrency(db, userId) {
  return db
    .selectFrom('orders')
    .select((eb) => ['currency', eb.fn.sum('amount_minor').as('minor'), eb.fn.countAll().as('lines')])
    .where('user_id', '=', userId)
    .where('amount_minor', 'is not', null)
    .groupBy('currency')
    .execute();
}
/** Purchases whose warranty is not over on `today` (no date counts as active). */
function countActiveWarranties(db, userId, today) {
  return __awaiter(this, void 0, void 0, function () {
    var n;
    return __generator(this, (_a) => {
      switch (_a.label) {
        case 0:
          return [
            4 /*yield*/,
            db
              .selectFrom('orders')
              .select((eb) => eb.fn.countAll().as('n'))
              .where('user_id', '=', userId)
              .where((eb) =>
                eb.or([eb('warranty_expire_date', 'is', null), eb('warranty_expire_date', '>=', today)]),
              )
              .executeTakeFirstOrThrow(),
          ];
        case 1:
          n = _a.sent().n;
          return [2 /*return*/, Number(n)];
      }
    });
  });
}
function countWarrantiesEnding(db, userId, from, to) {
  return __awaiter(this, void 0, void 0, function () {
    var n;
    return __generator(this, (_a) => {
      switch (_a.label) {
        case 0:
          return [
            4 /*yield*/,
            db
              .selectFrom('orders')
              .select((eb) => eb.fn.countAll().as('n'))
              .where('user_id', '=', userId)
              .where('warranty_expire_date', '>=', from)
              .where('warranty_expire_date', '<=', to)
              .executeTakeFirstOrThrow(),
          ];
        case 1:
          n = _a.sent().n;
          return [2 /*return*/, Number(n)];
      }
    });
  });
}
var templateObject_1;
