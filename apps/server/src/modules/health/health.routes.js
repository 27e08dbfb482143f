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
exports.healthRoutes = void 0;
var meta_1 = require('@warrantly/contract/meta');
var kysely_1 = require('kysely');
var zod_1 = require('zod');
var healthRoutes = (fastify_1, _a) =>
  __awaiter(void 0, [fastify_1, _a], void 0, function (fastify, _b) {
    var app;
    var db = _b.db,
      sandboxUrl = _b.sandboxUrl;
    return __generator(this, (_c) => {
      app = fastify.withTypeProvider();
      app.get(
        '/healthz',
        {
          config: { public: true },
          schema: {
            tags: ['meta'],
            security: [],
            response: { 200: zod_1.z.object({ status: zod_1.z.literal('ok') }) },
          },
        },
        (_req, reply) =>
          __awaiter(void 0, void 0, void 0, function () {
            return __generator(this, (_a) => {
              switch (_a.label) {
                case 0:
                  return [
                    4 /*yield*/,
                    (0, kysely_1.sql)(
                      templateObject_1 ||
                        (templateObject_1 = __makeTemplateObject(['select 1'], ['select 1'])),
                    ).execute(db),
                  ];
                case 1:
                  _a.sent();
                  return [2 /*return*/, reply.header('cache-control', 'no-store').send({ status: 'ok' })];
              }
            });
          }),
      );
      app.get(
        '/api/v1/meta/',
        {
          config: { public: true },
          schema: { tags: ['meta'], security: [], response: { 200: meta_1.Meta } },
        },
        () =>
          __awaiter(void 0, void 0, void 0, function () {
            return __generator(this, (_a) => [
              2 /*return*/,
              __assign(
                __assign({ sandbox: sandboxUrl !== null }, sandboxUrl ? { sandbox_url: sandboxUrl } : {}),
                { version: '1.0.0' },
              ),
            ]);
          }),
      );
      return [2 /*return*/];
    });
  });
exports.healthRoutes = healthRoutes;
var templateObject_1;
