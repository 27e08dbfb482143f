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
exports.createCalendar = createCalendar;
var dates_1 = require('../../dates');
var errors_1 = require('../../errors');
var google_calendar_1 = require('../../providers/google/google-calendar');
var http_1 = require('../../providers/http');
var outlook_calendar_1 = require('../../providers/microsoft/outlook-calendar');
var provider_accounts_1 = require('../auth/provider-accounts');
var parts_service_1 = require('../parts/parts.service');
/** The month calendar shows five years back and ahead; listing covers the same range. */
var RANGE_YEARS = 5;
function createCalendar(deps) {
  function providerFor(userId, provider) {
    var client = (0, http_1.createProviderClient)({
      tokens: deps.tokens,
      userId: userId,
      provider: provider,
      maxAttempts: 3,
    });
    if (provider === 'google') {
      if (!deps.endpoints.google)
        throw new errors_1.AppError('provider_failed', 'Google is not configured on this server');
      return (0, google_calendar_1.createGoogleCalendar)(client, deps.endpoints.google.calendarBase);
    }
    if (!deps.endpoints.microsoft)
      throw new errors_1.AppError('provider_failed', 'Microsoft is not configured on this server');
    return (0, outlook_calendar_1.createOutlookCalendar)(client, deps.endpoints.microsoft.graphBase);
  }
  /** Provider failures become one clear 502; our own AppErrors (409, 400) pass through. */
  function viaProvider(label, work) {
    return __awaiter(this, void 0, void 0, function () {
      var error_1;
      return __generator(this, (_a) => {
        switch (_a.label) {
          case 0:
            _a.trys.push([0, 2, , 3]);
            return [4 /*yield*/, work()];
          case 1:
            return [2 /*return*/, _a.sent()];
          case 2:
            error_1 = _a.sent();
            if (error_1 instanceof errors_1.AppError && error_1.code !== 'provider_failed') throw error_1;
            throw new errors_1.AppError(
              'provider_failed',
              ''.concat(label, ' did not accept the request; try again later'),
              {
                cause: error_1,
              },
            );
          case 3:
            return [2 /*return*/];
        }
      });
    });
  }
  return {
    /** A reminder the user sets by hand: an all-day event on their own calendar, recorded here. */
    createReminder: function (userId, provider, input) {
      return __awaiter(this, void 0, void 0, function () {
        var year, thisYear, calendar, label, event, created, error_2;
        return __generator(this, (_a) => {
          switch (_a.label) {
            case 0:
              return [4 /*yield*/, (0, provider_accounts_1.requireSignedInWith)(deps.db, userId, provider)];
            case 1:
              _a.sent();
              year = Number(input.event_date.slice(0, 4));
              thisYear = deps.now().getFullYear();
              if (year < thisYear - RANGE_YEARS || year > thisYear + RANGE_YEARS) {
                throw new errors_1.AppError(
                  'invalid_input',
                  'event_date: must be between '
                    .concat(thisYear - RANGE_YEARS, '-01-01 and ')
                    .concat(thisYear + RANGE_YEARS, '-12-31'),
                );
              }
              calendar = providerFor(userId, provider);
              label = provider === 'google' ? 'Google Calendar' : 'Outlook calendar';
              event = {
                title: input.product_name,
                description: 'Reminder for '
                  .concat(input.product_name, ', set in Warrantly.\n')
                  .concat(deps.appUrl, '/dashboard/reminders'),
                date: input.event_date,
                everyDays: null,
                kind: 'custom',
              };
              return [4 /*yield*/, viaProvider(label, () => calendar.create(event))];
            case 2:
              created = _a.sent();
              _a.label = 3;
            case 3:
              _a.trys.push([3, 5, , 7]);
              return [
                4 /*yield*/,
                deps.db
                  .insertInto('reminders')
                  .values({
                    user_id: userId,
                    provider: provider,
                    external_id: created.id,
                    kind: 'custom',
                    order_row_id: null,
                    title: input.product_name,
                    event_date: input.event_date,
                    rrule: null,
                    created_at: (0, dates_1.timestamp)(deps.now()),
                    updated_at: (0, dates_1.timestamp)(deps.now()),
                  })
                  .execute(),
              ];
            case 4:
              _a.sent();
              return [3 /*break*/, 7];
            case 5:
              error_2 = _a.sent();
              // Nothing half-made: the event goes when its record cannot be written.
              return [4 /*yield*/, calendar.remove(created.id).catch(() => undefined)];
            case 6:
              // Nothing half-made: the event goes when its record cannot be written.
              _a.sent();
              throw error_2;
            case 7:
              return [2 /*return*/, created.event];
          }
        });
      });
    },
    /** This app's events on the user's calendar, five years back to five ahead, recurring ones expanded. */
    listEvents: function (userId, provider) {
      return __awaiter(this, void 0, void 0, function () {
        var now, from, to, label, events;
        return __generator(this, (_a) => {
          switch (_a.label) {
            case 0:
              return [4 /*yield*/, (0, provider_accounts_1.requireSignedInWith)(deps.db, userId, provider)];
            case 1:
              _a.sent();
              now = deps.now();
              from = new Date(now.getFullYear() - RANGE_YEARS, 0, 1);
              to = new Date(now.getFullYear() + RANGE_YEARS + 1, 0, 1);
              label = provider === 'google' ? 'Google Calendar' : 'Outlook calendar';
              return [4 /*yield*/, viaProvider(label, () => providerFor(userId, provider).list(from, to))];
            case 2:
              events = _a.sent();
              return [2 /*return*/, { events: events }];
          }
        });
      });
    },
    /**
     * Brings the user's warranty-expiry and maintenance events in line with their purchases: creates what is
     * missing, moves what changed, removes what is gone. Safe to run any number of times.
     */
    reconcile: function (userId) {
      return __awaiter(this, void 0, void 0, function () {
        var user,
          account,
          today,
          orders,
          desired,
          _i,
          orders_1,
          order,
          days,
          lead,
          due,
          existing,
          calendar,
          at,
          _a,
          existing_1,
          row,
          want,
          rrule,
          _b,
          _c,
          want,
          id,
          created;
        return __generator(this, (_d) => {
          switch (_d.label) {
            case 0:
              return [
                4 /*yield*/,
                deps.db
                  .selectFrom('users')
                  .select(['provider', 'warranty_reminder_days'])
                  .where('id', '=', userId)
                  .executeTakeFirst(),
              ];
            case 1:
              user = _d.sent();
              if (!user) return [2 /*return*/];
              return [
                4 /*yield*/,
                deps.db
                  .selectFrom('provider_accounts')
                  .select(['id', 'needs_reauth'])
                  .where('user_id', '=', userId)
                  .where('provider', '=', user.provider)
                  .executeTakeFirst(),
              ];
            case 2:
              account = _d.sent();
              if (!account || account.needs_reauth) return [2 /*return*/];
              today = (0, dates_1.isoDate)(deps.now());
              return [
                4 /*yield*/,
                deps.db
                  .selectFrom('orders')
                  .select([
                    'id',
                    'product_name',
                    'purchase_date',
                    'warranty_expire_date',
                    'parent_id',
                    'replace_every_days',
                  ])
                  .where('user_id', '=', userId)
                  .execute(),
              ];
            case 3:
              orders = _d.sent();
              desired = new Map();
              for (_i = 0, orders_1 = orders; _i < orders_1.length; _i++) {
                order = orders_1[_i];
                days = user.warranty_reminder_days;
                if (days !== null && order.warranty_expire_date && order.warranty_expire_date >= today) {
                  lead = (0, dates_1.addDays)(order.warranty_expire_date, -days);
                  desired.set('warranty:'.concat(order.id), {
                    orderRowId: order.id,
                    kind: 'warranty',
                    title: 'Warranty ends '
                      .concat(order.warranty_expire_date, ': ')
                      .concat(order.product_name),
                    description: 'The warranty of '
                      .concat(order.product_name, ' ends on ')
                      .concat(order.warranty_expire_date, '.\n')
                      .concat(deps.appUrl, '/dashboard/warranties'),
                    date: lead < today ? today : lead,
                    everyDays: null,
                  });
                }
                due = (0, parts_service_1.nextDue)(order.purchase_date, order.replace_every_days, today);
                if (order.parent_id !== null && order.replace_every_days && due) {
                  desired.set('part:'.concat(order.id), {
                    orderRowId: order.id,
                    kind: 'part',
                    title: 'Replace: '.concat(order.product_name),
                    description: 'Time to replace '
                      .concat(order.product_name, '.\n')
                      .concat(deps.appUrl, '/dashboard/replacement'),
                    date: due,
                    everyDays: order.replace_every_days,
                  });
                }
              }
              return [
                4 /*yield*/,
                deps.db
                  .selectFrom('reminders')
                  .selectAll()
                  .where('user_id', '=', userId)
                  .where('kind', 'in', ['warranty', 'part'])
                  .execute(),
              ];
            case 4:
              existing = _d.sent();
              calendar = providerFor(userId, user.provider);
              at = (0, dates_1.timestamp)(deps.now());
              (_a = 0), (existing_1 = existing);
              _d.label = 5;
            case 5:
              if (!(_a < existing_1.length)) return [3 /*break*/, 14];
              row = existing_1[_a];
              want = desired.get(''.concat(row.kind, ':').concat(row.order_row_id));
              rrule = (want === null || want === void 0 ? void 0 : want.everyDays)
                ? String(want.everyDays)
                : null;
              if (!(want && row.provider === user.provider && row.external_id)) return [3 /*break*/, 9];
              desired.delete(''.concat(row.kind, ':').concat(row.order_row_id));
              if (!(row.event_date !== want.date || row.title !== want.title || row.rrule !== rrule))
                return [3 /*break*/, 8];
              return [4 /*yield*/, calendar.update(row.external_id, want)];
            case 6:
              _d.sent();
              return [
                4 /*yield*/,
                deps.db
                  .updateTable('reminders')
                  .set({ event_date: want.date, title: want.title, rrule: rrule, updated_at: at })
                  .where('id', '=', row.id)
                  .execute(),
              ];
            case 7:
              _d.sent();
              _d.label = 8;
            case 8:
              return [3 /*break*/, 13];
            case 9:
              if (!(row.external_id && row.provider === user.provider)) return [3 /*break*/, 11];
              return [4 /*yield*/, calendar.remove(row.external_id)];
            case 10:
              _d.sent();
              _d.label = 11;
            case 11:
              return [4 /*yield*/, deps.db.deleteFrom('reminders').where('id', '=', row.id).execute()];
            case 12:
              _d.sent();
              _d.label = 13;
            case 13:
              _a++;
              return [3 /*break*/, 5];
            case 14:
              (_b = 0), (_c = desired.values());
              _d.label = 15;
            case 15:
              if (!(_b < _c.length)) return [3 /*break*/, 20];
              want = _c[_b];
              return [
                4 /*yield*/,
                deps.db
                  .insertInto('reminders')
                  .values({
                    user_id: userId,
                    provider: user.provider,
                    external_id: null,
                    kind: want.kind,
                    order_row_id: want.orderRowId,
                    title: want.title,
                    event_date: want.date,
                    rrule: want.everyDays ? String(want.everyDays) : null,
                    created_at: at,
                    updated_at: at,
                  })
                  .returning('id')
                  .executeTakeFirstOrThrow(),
              ];
            case 16:
              id = _d.sent().id;
              return [4 /*yield*/, calendar.create(want)];
            case 17:
              created = _d.sent();
              return [
                4 /*yield*/,
                deps.db
                  .updateTable('reminders')
                  .set({ external_id: created.id })
                  .where('id', '=', id)
                  .execute(),
              ];
            case 18:
              _d.sent();
              _d.label = 19;
            case 19:
              _b++;
              return [3 /*break*/, 15];
            case 20:
              return [2 /*return*/];
          }
        });
      });
    },
  };
}
