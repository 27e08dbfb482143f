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
exports.MARK_PROPERTY = void 0;
exports.toEvent = toEvent;
exports.createOutlookCalendar = createOutlookCalendar;
var dates_1 = require('../../dates');
var calendar_1 = require('../calendar');
var http_1 = require('../http');
/** Single-value extended properties marking this app's events and their kind; the GUID is this app's namespace. */
exports.MARK_PROPERTY = 'String {6d3f4c59-5b2a-4f41-9a8e-7c1f0b9e2a41} Name warrantly';
var KIND_PROPERTY = 'String {6d3f4c59-5b2a-4f41-9a8e-7c1f0b9e2a41} Name warrantlyKind';
var WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
/** Graph's patternedRecurrence for an interval in days, in calendar units where they fit. */
function recurrence(date, days) {
  var _a = date.split('-').map(Number),
    y = _a[0],
    m = _a[1],
    d = _a[2];
  var range = { type: 'noEnd', startDate: date };
  if (days % 365 === 0)
    return {
      pattern: { type: 'absoluteYearly', interval: days / 365, month: m, dayOfMonth: d },
      range: range,
    };
  if (days % 30 === 0)
    return { pattern: { type: 'absoluteMonthly', interval: days / 30, dayOfMonth: d }, range: range };
  if (days % 7 === 0) {
    var weekday = WEEKDAYS[new Date(Date.UTC(y, m - 1, d)).getUTCDay()];
    return {
      pattern: { type: 'weekly', interval: days / 7, daysOfWeek: [weekday], firstDayOfWeek: 'sunday' },
      range: range,
    };
  }
  return { pattern: { type: 'daily', interval: days }, range: range };
}
function body(input) {
  return {
    subject: input.title,
    body: { contentType: 'text', content: input.description },
    isAllDay: true,
    // All-day events in Graph run midnight to midnight and end on the next day.
    start: { dateTime: ''.concat(input.date, 'T00:00:00'), timeZone: 'UTC' },
    end: { dateTime: ''.concat((0, dates_1.addDays)(input.date, 1), 'T00:00:00'), timeZone: 'UTC' },
    isReminderOn: true,
    reminderMinutesBeforeStart: 24 * 60,
    showAs: 'free',
    singleValueExtendedProperties: [
      { id: exports.MARK_PROPERTY, value: '1' },
      { id: KIND_PROPERTY, value: input.kind },
    ],
    recurrence: input.everyDays ? recurrence(input.date, input.everyDays) : null,
  };
}
/** Graph's event in the Google shape the web app reads. */
function toEvent(e) {
  var _a, _b, _c, _d;
  var title = (_a = e.subject) !== null && _a !== void 0 ? _a : '(no title)';
  var time = (t) =>
    e.isAllDay ? { date: t.dateTime.slice(0, 10) } : { dateTime: t.dateTime, timeZone: t.timeZone };
  return __assign(
    {
      id: e.id,
      title: title,
      summary: title,
      description:
        (_d =
          (_c = (_b = e.body) === null || _b === void 0 ? void 0 : _b.content) !== null && _c !== void 0
            ? _c
            : e.bodyPreview) !== null && _d !== void 0
          ? _d
          : null,
      start: time(e.start),
      end: time(e.end),
    },
    e.webLink ? { htmlLink: e.webLink } : {},
  );
}
/** Outlook calendar through Microsoft Graph. */
function createOutlookCalendar(client, graphBase) {
  var me = ''.concat(graphBase.replace(/\/$/, ''), '/v1.0/me');
  return {
    create: function (input) {
      return __awaiter(this, void 0, void 0, function () {
        var created;
        return __generator(this, (_a) => {
          switch (_a.label) {
            case 0:
              return [
                4 /*yield*/,
                client.call('graph-calendar', ''.concat(me, '/events'), {
                  method: 'POST',
                  body: body(input),
                }),
              ];
            case 1:
              created = _a.sent();
              if (!(created === null || created === void 0 ? void 0 : created.id))
                throw new Error('Microsoft Graph created an event without an id');
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
                client.call('graph-calendar', ''.concat(me, '/events/').concat(encodeURIComponent(eventId)), {
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
                client.call('graph-calendar', ''.concat(me, '/events/').concat(encodeURIComponent(eventId)), {
                  method: 'DELETE',
                  as: 'none',
                }),
              ];
            case 1:
              _a.sent();
              return [3 /*break*/, 3];
            case 2:
              error_1 = _a.sent();
              if (error_1 instanceof http_1.ProviderHttpError && error_1.httpStatus === 404)
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
        var url, out, next, page;
        return __generator(this, (_a) => {
          switch (_a.label) {
            case 0:
              url = new URL(''.concat(me, '/calendarView'));
              url.searchParams.set('startDateTime', from.toISOString());
              url.searchParams.set('endDateTime', to.toISOString());
              url.searchParams.set(
                '$filter',
                "singleValueExtendedProperties/Any(ep: ep/id eq '".concat(
                  exports.MARK_PROPERTY,
                  "' and ep/value eq '1')",
                ),
              );
              url.searchParams.set('$top', '500');
              url.searchParams.set('$orderby', 'start/dateTime');
              out = [];
              next = url.toString();
              _a.label = 1;
            case 1:
              if (!(next && out.length < calendar_1.MAX_EVENTS)) return [3 /*break*/, 3];
              return [
                4 /*yield*/,
                client.call('graph-calendar', next, {
                  headers: { prefer: 'outlook.timezone="UTC"' },
                }),
              ];
            case 2:
              page = _a.sent();
              if (!Array.isArray(page.value))
                throw new Error('Microsoft Graph answered a calendar view without value');
              out.push.apply(out, page.value.map(toEvent));
              next = page['@odata.nextLink'];
              return [3 /*break*/, 1];
            case 3:
              return [2 /*return*/, out.slice(0, calendar_1.MAX_EVENTS)];
          }
        });
      });
    },
  };
}
