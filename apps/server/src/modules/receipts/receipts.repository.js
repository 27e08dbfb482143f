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
exports.findDocument = findDocument;
exports.upsertDocument = upsertDocument;
exports.deleteDocument = deleteDocument;
exports.deleteOrderLines = deleteOrderLines;
exports.allStorageKeys = allStorageKeys;
exports.receiptCounts = receiptCounts;
var kysely_1 = require('kysely');
function findDocument(db, userId, orderId) {
  return db
    .selectFrom('documents')
    .selectAll()
    .where('user_id', '=', userId)
    .where('order_id', '=', orderId)
    .executeTakeFirst();
}
/** Attaches a document to an order, replacing the one it had; answers the replaced file's key, if any. */
function upsertDocument(db, row) {
  return __awaiter(this, void 0, void 0, function () {
    var previous;
    var _a;
    return __generator(this, (_b) => {
      switch (_b.label) {
        case 0:
          return [4 /*yield*/, findDocument(db, row.user_id, row.order_id)];
        case 1:
          previous = _b.sent();
          if (!previous) return [3 /*break*/, 3];
          return [4 /*yield*/, db.deleteFrom('documents').where('id', '=', previous.id).execute()];
        case 2:
          _b.sent();
          _b.label = 3;
        case 3:
          return [4 /*yield*/, db.insertInto('documents').values(row).execute()];
        case 4:
          _b.sent();
          return [
            2 /*return*/,
            (_a = previous === null || previous === void 0 ? void 0 : previous.storage_key) !== null &&
            _a !== void 0
              ? _a
              : null,
          ];
      }
    });
  });
}
function deleteDocument(db, userId, orderId) {
  return __awaiter(this, void 0, void 0, function () {
    var doc;
    return __generator(this, (_a) => {
      switch (_a.label) {
        case 0:
          return [4 /*yield*/, findDocument(db, userId, orderId)];
        case 1:
          doc = _a.sent();
          if (!doc) return [2 /*return*/, null];
          return [4 /*yield*/, db.deleteFrom('documents').where('id', '=', doc.id).execute()];
        case 2:
          _a.sent();
          return [2 /*return*/, doc.storage_key];
      }
    });
  });
}
function deleteOrderLines(db, userId, orderId) {
  return __awaiter(this, void 0, void 0, function () {
    return __generator(this, (_a) => {
      switch (_a.label) {
        case 0:
          return [
            4 /*yield*/,
            db.deleteFrom('orders').where('user_id', '=', userId).where('order_id', '=', orderId).execute(),
          ];
        case 1:
          _a.sent();
          return [2 /*return*/];
      }
    });
  });
}
/** Every storage key a row points to (the start-up sweep keeps exactly these). */
function allStorageKeys(db) {
  return __awaiter(this, void 0, void 0, function () {
    var rows;
    return __generator(this, (_a) => {
      switch (_a.label) {
        case 0:
          return [4 /*yield*/, db.selectFrom('documents').select('storage_key').execute()];
        case 1:
          rows = _a.sent();
          return [2 /*return*/, new Set(rows.map((r) => r.storage_key))];
      }
    });
  });
}
function receiptCounts(db, userId, monthStart, monthEnd) {
  return __awaiter(this, void 0, void 0, function () {
    var row;
    return __generator(this, (_a) => {
      switch (_a.label) {
        case 0:
          return [
            4 /*yield*/,
            db
              .selectFrom('documents as d')
              .innerJoin('orders as o', (j) =>
                j.onRef('o.user_id', '=', 'd.user_id').onRef('o.order_id', '=', 'd.order_id'),
              )
              .where('d.user_id', '=', userId)
              .select([
                (0, kysely_1.sql)(
                  templateObject_1 ||
                    (templateObject_1 = __makeTemplateObject(
                      ['count(distinct d.id)'],
                      ['count(distinct d.id)'],
                    )),
                ).as('receipts'),
                (0, kysely_1.sql)(
                  templateObject_2 ||
                    (templateObject_2 = __makeTemplateObject(
                      [
                        'count(distinct case when o.purchase_date >= ',
                        ' and o.purchase_date < ',
                        ' then d.id end)',
                      ],
                      [
                        'count(distinct case when o.purchase_date >= ',
                        ' and o.purchase_date < ',
                        ' then d.id end)',
                      ],
                    )),
                  monthStart,
                  monthEnd,
                ).as('this_month'),
                (0, kysely_1.sql)(
                  templateObject_3 ||
                    (templateObject_3 = __makeTemplateObject(
                      ['count(distinct o.category)'],
                      ['count(distinct o.category)'],
                    )),
                ).as('categories'),
              ])
              .executeTakeFirstOrThrow(),
          ];
        case 1:
          row = _a.sent();
          return [
            2 /*return*/,
            {
              receipts: Number(row.receipts),
              thisMonth: Number(row.this_month),
              categories: Number(row.categories),
            },
          ];
      }
    });
  });
}
var templateObject_1, templateObject_2, templateObject_3;
