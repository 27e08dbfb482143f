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
exports.feedRoutes = void 0;
var calendar_1 = require('@warrantly/contract/calendar');
var common_1 = require('@warrantly/contract/common');
var zod_1 = require('zod');
var errors_1 = require('../../errors');
var service = require('./feed.service');
var feedRoutes = (fastify_1, _a) =>
  __awaiter(void 0, [fastify_1, _a], void 0, function (fastify, _b) {
    var app, tags, origin, feedUrl;
    var db = _b.db,
      publicUrl = _b.publicUrl,
      now = _b.now;
    return __generator(this, (_c) => {
      app = fastify.withTypeProvider();
      tags = ['calendar'];
      origin = (req) => {
        var _a;
        return (_a = publicUrl === null || publicUrl === void 0 ? void 0 : publicUrl.replace(/\/$/, '')) !==
          null && _a !== void 0
          ? _a
          : ''.concat(req.protocol, '://').concat(req.host);
      };
      feedUrl = (req, secret) => ''.concat(origin(req), '/api/v1/calendar/feed/').concat(secret, '.ics');
      app.get(
        '/api/v1/calendar/feed/',
        {
          schema: {
            tags: tags,
            summary: 'The secret iCalendar address of your reminders',
            response: { 200: calendar_1.FeedUrl, 401: common_1.ErrorBody },
          },
        },
        (req) =>
          __awaiter(void 0, void 0, void 0, function () {
            var _a, _b;
            var _c;
            return __generator(this, (_d) => {
              switch (_d.label) {
                case 0:
                  _c = {};
                  _a = feedUrl;
                  _b = [req];
                  return [4 /*yield*/, service.feedSecret(db, req.userId)];
                case 1:
                  return [2 /*return*/, ((_c.url = _a.apply(void 0, _b.concat([_d.sent()]))), _c)];
              }
            });
          }),
      );
      app.post(
        '/api/v1/calendar/feed/rotate/',
        {
          schema: {
            tags: tags,
            summary: 'Replace the feed address; the old one stops working',
            response: { 200: calendar_1.FeedUrl, 401: common_1.ErrorBody },
          },
        },
        (req) =>
          __awaiter(void 0, void 0, void 0, function () {
            var _a, _b;
            var _c;
            return __generator(this, (_d) => {
              switch (_d.label) {
                case 0:
                  _c = {};
                  _a = feedUrl;
                  _b = [req];
                  return [4 /*yield*/, service.rotateFeedSecret(db, req.userId)];
                case 1:
                  return [2 /*return*/, ((_c.url = _a.apply(void 0, _b.concat([_d.sent()]))), _c)];
              }
            });
          }),
      );
      app.get(
        '/api/v1/calendar/feed/:file',
        {
          config: { public: true },
          schema: {
            tags: tags,
            summary: 'The iCalendar feed (public: the secret in the address is the key)',
            security: [],
            params: zod_1.z.object({ file: zod_1.z.string().max(100) }),
          },
        },
        (req, reply) =>
          __awaiter(void 0, void 0, void 0, function () {
            var secret, body, _a;
            return __generator(this, (_b) => {
              switch (_b.label) {
                case 0:
                  secret = req.params.file.replace(/\.ics$/, '');
                  if (!/^[A-Za-z0-9_-]{16,64}$/.test(secret)) return [3 /*break*/, 2];
                  return [4 /*yield*/, service.renderFeed(db, secret, origin(req), now())];
                case 1:
                  _a = _b.sent();
                  return [3 /*break*/, 3];
                case 2:
                  _a = null;
                  _b.label = 3;
                case 3:
                  body = _a;
                  if (body === null)
                    throw new errors_1.AppError('not_found', 'No calendar feed at this address');
                  return [
                    2 /*return*/,
                    reply
                      .type('text/calendar; charset=utf-8')
                      .header('cache-control', 'private, max-age=300')
                      .header('content-disposition', 'inline; filename="warrantly.ics"')
                      .send(body),
                  ];
              }
            });
          }),
      );
      return [2 /*return*/];
    });
  });
exports.feedRoutes = feedRoutes;
