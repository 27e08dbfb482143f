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
exports.calendarRoutes = void 0;
var calendar_1 = require('@warrantly/contract/calendar');
var common_1 = require('@warrantly/contract/common');
var calendarRoutes = (fastify_1, _a) =>
  __awaiter(void 0, [fastify_1, _a], void 0, function (fastify, _b) {
    var app, tags, errors, routes, _loop_1, _i, routes_1, _c, provider, base, label;
    var calendar = _b.calendar;
    return __generator(this, (_d) => {
      app = fastify.withTypeProvider();
      tags = ['calendar'];
      errors = {
        400: common_1.ErrorBody,
        401: common_1.ErrorBody,
        409: common_1.ErrorBody,
        502: common_1.ErrorBody,
      };
      routes = [
        { provider: 'google', base: '/api/v1/calendar', label: 'Google Calendar' },
        { provider: 'microsoft', base: '/api/v1/outlook-calendar', label: 'Outlook calendar' },
      ];
      _loop_1 = (provider, base, label) => {
        app.post(
          ''.concat(base, '/create/'),
          {
            schema: {
              tags: tags,
              summary: 'Add an all-day reminder to your '.concat(label),
              body: calendar_1.ReminderCreate,
              response: __assign({ 201: calendar_1.CalendarEvent }, errors),
            },
          },
          (req, reply) =>
            __awaiter(void 0, void 0, void 0, function () {
              var _a, _b;
              return __generator(this, (_c) => {
                switch (_c.label) {
                  case 0:
                    _b = (_a = reply.code(201)).send;
                    return [4 /*yield*/, calendar.createReminder(req.userId, provider, req.body)];
                  case 1:
                    return [2 /*return*/, _b.apply(_a, [_c.sent()])];
                }
              });
            }),
        );
        app.get(
          ''.concat(base, '/list/'),
          {
            schema: {
              tags: tags,
              summary: "This app's events on your ".concat(label),
              response: __assign({ 200: calendar_1.CalendarEventList }, errors),
            },
          },
          (req) => calendar.listEvents(req.userId, provider),
        );
      };
      for (_i = 0, routes_1 = routes; _i < routes_1.length; _i++) {
        (_c = routes_1[_i]), (provider = _c.provider), (base = _c.base), (label = _c.label);
        _loop_1(provider, base, label);
      }
      return [2 /*return*/];
    });
  });
exports.calendarRoutes = calendarRoutes;
