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
exports.toEvent = toEvent;
exports.createGoogleCalendar = createGoogleCalendar;
var dates_1 = require('../../dates');
var consumables_1 = require('../../modules/parts/consumables');
var calendar_1 = require('../calendar');
var http_1 = require('../http');
/** Private extended properties (only this app's OAuth client sees them): the mark, and what kind of reminder. */
var MARK = 'warrantly';
var KIND = 'warrantlyKind';
function body(input) {
  var _a;
  return __assign(
    __assign(
      {
        summary: input.title,
        description: input.description,
        start: { date: input.date },
        // All-day events end on the next day, exclusive (RFC 5545 and Google alike).
        end: { date: (0, dates_1.addDays)(input.date, 1) },
        reminders: { useDefault: false, overrides: [{ method: 'popup', minutes: 24 * 60 }] },
        extendedProperties: { private: ((_a = {}), (_a[MARK] = '1'), (_a[KIND] = input.kind), _a) },
      },
      input.everyDays
        ? { recurrence: [(0, consumables_1.intervalRule)(input.everyDays)] }
        : { recurrence: [] },
    ),
    { transparency: 'transparent' },
  );
}
function toEvent(e) {
  var _a, _b;
  var title = (_a = e.summary) !== null && _a !== void 0 ? _a : '(no title)';
  return __assign(
    __assign(
      {
        id: e.id,
        title: title,
        summary: title,
        description: (_b = e.description) !== null && _b !== void 0 ? _b : null,
        start: e.start,
        end: e.end,
      },
      e.recurrence ? { recurrence: e.recurrence } : {},
    ),
    e.htmlLink ? { htmlLink: e.htmlLink } : {},
  );
}
/** Google Calendar (v3) on the user's primary calendar. */
function createGoogleCalendar(client, calendarBase) {
  var events = ''.concat(calendarBase.replace(/\/$/, ''), '/calendar/v3/calendars/primary/events');
  return {
    create: function (input) {
      return __awaiter(this, void 0, void 0, function () {
        var created;
        return __generator(this, (_a) => {
          switch (_a.label) {
            case 0:
              return [
                4 /*yield*/,
                client.call('calendar', events, {
                  method: 'POST',
                  body: body(input),
                }),
              ];
            case 1:
              created = _a.sent();
              if (!(created === null || created === void 0 ? void 0 : created.id))
                throw new Error('Google Calendar created an event without an id');
              return [2 /*return*/, { id: created.id, event: toEvent(created) }];
          }
        });
      });
    },
    update: function (eventId, input) {
      return __awaiter(this, void 0, void 0, function () {
        return __generator(this, (_a) => {
          switch (_a.label) {
            case 0:
              return [
                4 /*yield*/,
                client.call('calendar', ''.concat(events, '/').concat(encodeURIComponent(eventId)), {
                  method: 'PATCH',
                  body: body(input),
                }),
              ];
            case 1:
              _a.sent();
              return [2 /*return*/];
          }
        });
      });
    },
    remove: function (eventId) {
      return __awaiter(this, void 0, void 0, function () {
        var error_1;
        return __generator(this, (_a) => {
          switch (_a.label) {
            case 0:
              _a.trys.push([0, 2, , 3]);
              return [
                4 /*yield*/,
                client.call('calendar', ''.concat(events, '/').concat(encodeURIComponent(eventId)), {
                  method: 'DELETE',
                  as: 'none',
                }),
              ];
            case 1:
              _a.sent();
              return [3 /*break*/, 3];
            case 2:
              error_1 = _a.sent();
              if (
                error_1 instanceof http_1.ProviderHttpError &&
                (error_1.httpStatus === 404 || error_1.httpStatus === 410)
              )
                return [2 /*return*/];
              throw error_1;
            case 3:
              return [2 /*return*/];
          }
        });
      });
    },
    list: function (from, to) {
      return __awaiter(this, void 0, void 0, function () {
        var out, pageToken, url, page;
        var _a, _b;
        return __generator(this, (_c) => {
          switch (_c.label) {
            case 0:
              out = [];
              _c.label = 1;
            case 1:
              url = new URL(events);
              // Repeated constraints are ANDed by Google, so one mark property finds every kind.
              url.searchParams.set('privateExtendedProperty', ''.concat(MARK, '=1'));
              url.searchParams.set('timeMin', from.toISOString());
              url.searchParams.set('timeMax', to.toISOString());
              url.searchParams.set('singleEvents', 'true');
              url.searchParams.set('orderBy', 'startTime');
              url.searchParams.set('maxResults', String(calendar_1.MAX_EVENTS));
              if (pageToken) url.searchParams.set('pageToken', pageToken);
              return [4 /*yield*/, client.call('calendar', url.toString())];
            case 2:
              page = _c.sent();
              if (!Array.isArray((_a = page.items) !== null && _a !== void 0 ? _a : []))
                throw new Error('Google Calendar answered a list without items');
              out.push.apply(out, ((_b = page.items) !== null && _b !== void 0 ? _b : []).map(toEvent));
              pageToken = page.nextPageToken;
              _c.label = 3;
            case 3:
              if (pageToken && out.length < calendar_1.MAX_EVENTS) return [3 /*break*/, 1];
              _c.label = 4;
            case 4:
              return [2 /*return*/, out.slice(0, calendar_1.MAX_EVENTS)];
          }
        });
      });
    },
  };
}
