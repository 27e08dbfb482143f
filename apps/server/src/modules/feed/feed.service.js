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
exports.feedSecret = feedSecret;
exports.rotateFeedSecret = rotateFeedSecret;
exports.renderFeed = renderFeed;
var node_crypto_1 = require('node:crypto');
var dates_1 = require('../../dates');
var errors_1 = require('../../errors');
var consumables_1 = require('../parts/consumables');
var parts_service_1 = require('../parts/parts.service');
var utcDate = (iso) => new Date(''.concat(iso, 'T00:00:00Z'));
/** The user's feed secret, made on first use. */
function feedSecret(db, userId) {
  return __awaiter(this, void 0, void 0, function () {
    var user;
    var _a;
    return __generator(this, (_b) => {
      switch (_b.label) {
        case 0:
          return [
            4 /*yield*/,
            db.selectFrom('users').select('feed_secret').where('id', '=', userId).executeTakeFirst(),
          ];
        case 1:
          user = _b.sent();
          if (!user)
            throw new errors_1.AppError('unauthorized', 'The account of this access token no longer exists');
          return [
            2 /*return*/,
            (_a = user.feed_secret) !== null && _a !== void 0 ? _a : rotateFeedSecret(db, userId),
          ];
      }
    });
  });
}
/** A new secret: the old feed URL stops working at once. */
function rotateFeedSecret(db, userId) {
  return __awaiter(this, void 0, void 0, function () {
    var secret;
    return __generator(this, (_a) => {
      switch (_a.label) {
        case 0:
          secret = (0, node_crypto_1.randomBytes)(24).toString('base64url');
          return [
            4 /*yield*/,
            db.updateTable('users').set({ feed_secret: secret }).where('id', '=', userId).execute(),
          ];
        case 1:
          _a.sent();
          return [2 /*return*/, secret];
      }
    });
  });
}
/**
 * The user's calendar as RFC 5545 text: warranty expiries, the reminders they set, and recurring
 * maintenance of replacement parts. Null when no user has this secret.
 */
function renderFeed(db, secret, appUrl, now) {
  return __awaiter(this, void 0, void 0, function () {
    var user, ical, calendar, orders, _i, orders_1, order, due, reminders, _a, reminders_1, reminder;
    return __generator(this, (_b) => {
      switch (_b.label) {
        case 0:
          return [
            4 /*yield*/,
            db
              .selectFrom('users')
              .select(['id', 'name'])
              .where('feed_secret', '=', secret)
              .executeTakeFirst(),
          ];
        case 1:
          user = _b.sent();
          if (!user) return [2 /*return*/, null];
          return [4 /*yield*/, Promise.resolve().then(() => require('ical-generator'))];
        case 2:
          ical = _b.sent().default;
          calendar = ical({
            name: 'Warrantly: '.concat(user.name),
            prodId: { company: 'Warrantly', product: 'Warrantly', language: 'EN' },
            ttl: 60 * 60,
          });
          return [
            4 /*yield*/,
            db
              .selectFrom('orders')
              .select([
                'id',
                'product_name',
                'shop_name',
                'warranty_expire_date',
                'purchase_date',
                'replace_every_days',
                'parent_id',
              ])
              .where('user_id', '=', user.id)
              .execute(),
          ];
        case 3:
          orders = _b.sent();
          for (_i = 0, orders_1 = orders; _i < orders_1.length; _i++) {
            order = orders_1[_i];
            if (order.warranty_expire_date) {
              calendar.createEvent({
                id: 'warranty-'.concat(order.id, '@warrantly'),
                start: utcDate(order.warranty_expire_date),
                allDay: true,
                summary: 'Warranty ends: '.concat(order.product_name),
                description: 'The warranty of '
                  .concat(order.product_name)
                  .concat(order.shop_name ? ' ('.concat(order.shop_name, ')') : '', ' ends today.\n')
                  .concat(appUrl, '/dashboard/warranties'),
                url: ''.concat(appUrl, '/dashboard/warranties'),
              });
            }
            due = (0, parts_service_1.nextDue)(
              order.purchase_date,
              order.replace_every_days,
              (0, dates_1.isoDate)(now),
            );
            if (order.parent_id !== null && order.replace_every_days && due) {
              calendar.createEvent({
                id: 'part-'.concat(order.id, '@warrantly'),
                start: utcDate(due),
                allDay: true,
                summary: 'Replace: '.concat(order.product_name),
                description: 'Time to replace '
                  .concat(order.product_name, '.\n')
                  .concat(appUrl, '/dashboard/replacement'),
                repeating: (0, consumables_1.intervalRule)(order.replace_every_days),
                url: ''.concat(appUrl, '/dashboard/replacement'),
              });
            }
          }
          return [
            4 /*yield*/,
            db
              .selectFrom('reminders')
              .select(['id', 'title', 'event_date', 'rrule', 'kind'])
              .where('user_id', '=', user.id)
              .where('kind', '=', 'custom')
              .execute(),
          ];
        case 4:
          reminders = _b.sent();
          for (_a = 0, reminders_1 = reminders; _a < reminders_1.length; _a++) {
            reminder = reminders_1[_a];
            calendar.createEvent(
              __assign(
                {
                  id: 'reminder-'.concat(reminder.id, '@warrantly'),
                  start: utcDate(reminder.event_date),
                  allDay: true,
                  summary: reminder.title,
                  description: ''.concat(appUrl, '/dashboard/reminders'),
                },
                reminder.rrule ? { repeating: reminder.rrule } : {},
              ),
            );
          }
          return [2 /*return*/, calendar.toString()];
      }
    });
  });
}
