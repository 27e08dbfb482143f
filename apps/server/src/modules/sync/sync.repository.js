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
exports.acquireLease = acquireLease;
exports.renewLease = renewLease;
exports.releaseLease = releaseLease;
exports.findLease = findLease;
exports.processedIds = processedIds;
exports.markProcessed = markProcessed;
exports.saveCursor = saveCursor;
exports.syncableUsers = syncableUsers;
exports.findOrderLines = findOrderLines;
/**
 * Takes the user's sync lease when it is free or expired; false while another process holds it.
 * One conditional statement, so two processes on one database cannot both win.
 */
function acquireLease(db, userId, holder, now, until) {
  return __awaiter(this, void 0, void 0, function () {
    var result;
    return __generator(this, (_a) => {
      switch (_a.label) {
        case 0:
          return [
            4 /*yield*/,
            db
              .insertInto('sync_leases')
              .values({
                user_id: userId,
                holder: null,
                expires_at: now,
                last_result: null,
                last_finished_at: null,
              })
              .onConflict((oc) => oc.column('user_id').doNothing())
              .execute(),
          ];
        case 1:
          _a.sent();
          return [
            4 /*yield*/,
            db
              .updateTable('sync_leases')
              .set({ holder: holder, expires_at: until })
              .where('user_id', '=', userId)
              .where((eb) => eb.or([eb('holder', 'is', null), eb('expires_at', '<', now)]))
              .executeTakeFirst(),
          ];
        case 2:
          result = _a.sent();
          return [2 /*return*/, Number(result.numUpdatedRows) === 1];
      }
    });
  });
}
function renewLease(db, userId, holder, until) {
  return __awaiter(this, void 0, void 0, function () {
    return __generator(this, (_a) => {
      switch (_a.label) {
        case 0:
          return [
            4 /*yield*/,
            db
              .updateTable('sync_leases')
              .set({ expires_at: until })
              .where('user_id', '=', userId)
              .where('holder', '=', holder)
              .execute(),
          ];
        case 1:
          _a.sent();
          return [2 /*return*/];
      }
    });
  });
}
function releaseLease(db, userId, holder, result, at) {
  return __awaiter(this, void 0, void 0, function () {
    return __generator(this, (_a) => {
      switch (_a.label) {
        case 0:
          return [
            4 /*yield*/,
            db
              .updateTable('sync_leases')
              .set({ holder: null, last_result: result, last_finished_at: at })
              .where('user_id', '=', userId)
              .where('holder', '=', holder)
              .execute(),
          ];
        case 1:
          _a.sent();
          return [2 /*return*/];
      }
    });
  });
}
function findLease(db, userId) {
  return db.selectFrom('sync_leases').selectAll().where('user_id', '=', userId).executeTakeFirst();
}
function processedIds(db, userId, provider, ids) {
  return __awaiter(this, void 0, void 0, function () {
    var rows;
    return __generator(this, (_a) => {
      switch (_a.label) {
        case 0:
          if (ids.length === 0) return [2 /*return*/, new Set()];
          return [
            4 /*yield*/,
            db
              .selectFrom('processed_messages')
              .select('message_id')
              .where('user_id', '=', userId)
              .where('provider', '=', provider)
              .where('message_id', 'in', ids)
              .execute(),
          ];
        case 1:
          rows = _a.sent();
          return [2 /*return*/, new Set(rows.map((r) => r.message_id))];
      }
    });
  });
}
function markProcessed(db, rows) {
  return __awaiter(this, void 0, void 0, function () {
    return __generator(this, (_a) => {
      switch (_a.label) {
        case 0:
          if (rows.length === 0) return [2 /*return*/];
          return [
            4 /*yield*/,
            db
              .insertInto('processed_messages')
              .values(rows)
              .onConflict((oc) => oc.columns(['user_id', 'provider', 'message_id']).doNothing())
              .execute(),
          ];
        case 1:
          _a.sent();
          return [2 /*return*/];
      }
    });
  });
}
function saveCursor(db, userId, provider, cursor, at) {
  return __awaiter(this, void 0, void 0, function () {
    return __generator(this, (_a) => {
      switch (_a.label) {
        case 0:
          return [
            4 /*yield*/,
            db
              .updateTable('provider_accounts')
              .set({ sync_cursor: cursor, updated_at: at })
              .where('user_id', '=', userId)
              .where('provider', '=', provider)
              .execute(),
          ];
        case 1:
          _a.sent();
          return [2 /*return*/];
      }
    });
  });
}
/** Users whose mailbox the background sync should visit. */
function syncableUsers(db) {
  return db
    .selectFrom('users')
    .innerJoin('provider_accounts as a', (j) =>
      j.onRef('a.user_id', '=', 'users.id').onRef('a.provider', '=', 'users.provider'),
    )
    .where('a.needs_reauth', '=', 0)
    .select(['users.id', 'users.provider'])
    .execute();
}
/** Lines of an order already held, found by the merchant's order number (a shipping notice's reference). */
function findOrderLines(db, userId, orderIds) {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('orders')
    .select(['id', 'order_id', 'shop_name', 'purchase_date', 'store_link', 'product_name'])
    .where('user_id', '=', userId)
    .where('order_id', 'in', orderIds)
    .execute();
}
