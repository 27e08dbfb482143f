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
exports.nextDue = nextDue;
exports.listMainProducts = listMainProducts;
var dates_1 = require('../../dates');
var consumables_1 = require('./consumables');
/** When a part is next due: its interval after its purchase, moved on past today. */
function nextDue(purchased, everyDays, today) {
  if (!purchased || !everyDays) return null;
  var due = (0, dates_1.addDays)(purchased, everyDays);
  while (due < today) due = (0, dates_1.addDays)(due, everyDays);
  return due;
}
/** Main products with their replacement parts, newest main product first. */
function listMainProducts(db, userId, now) {
  return __awaiter(this, void 0, void 0, function () {
    var today, parts, groups, _i, parts_1, row, group, due;
    return __generator(this, (_a) => {
      switch (_a.label) {
        case 0:
          today = (0, dates_1.isoDate)(now);
          return [
            4 /*yield*/,
            db
              .selectFrom('orders as part')
              .innerJoin('orders as main', (j) =>
                j.onRef('main.id', '=', 'part.parent_id').onRef('main.user_id', '=', 'part.user_id'),
              )
              .where('part.user_id', '=', userId)
              .select([
                'main.id as main_id',
                'main.product_name as main_name',
                'main.purchase_date as main_date',
                'part.id',
                'part.product_name',
                'part.purchase_date',
                'part.store_link',
                'part.price',
                'part.replace_every_days',
              ])
              .orderBy('main.purchase_date', 'desc')
              .orderBy('main.id', 'desc')
              .orderBy('part.purchase_date', 'desc')
              .execute(),
          ];
        case 1:
          parts = _a.sent();
          groups = new Map();
          for (_i = 0, parts_1 = parts; _i < parts_1.length; _i++) {
            row = parts_1[_i];
            group = groups.get(row.main_id);
            if (!group) {
              group = { main_product: row.main_name, main_product_id: row.main_id, products: [] };
              groups.set(row.main_id, group);
            }
            due = nextDue(row.purchase_date, row.replace_every_days, today);
            group.products.push({
              id: row.id,
              product_name: row.product_name,
              purchased_date: row.purchase_date,
              store_link: row.store_link,
              price: row.price,
              timeline: row.replace_every_days
                ? ''
                    .concat((0, consumables_1.describeInterval)(row.replace_every_days), ', next ')
                    .concat(due)
                : null,
            });
          }
          return [2 /*return*/, { orders: __spreadArray([], groups.values(), true) }];
      }
    });
  });
}
