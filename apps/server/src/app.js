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
exports.buildApp = buildApp;
var node_url_1 = require('node:url');
var helmet_1 = require('@fastify/helmet');
var multipart_1 = require('@fastify/multipart');
var rate_limit_1 = require('@fastify/rate-limit');
var swagger_1 = require('@fastify/swagger');
var swagger_ui_1 = require('@fastify/swagger-ui');
var fastify_1 = require('fastify');
var fastify_type_provider_zod_1 = require('fastify-type-provider-zod');
var access_token_guard_1 = require('./auth/access-token-guard');
var errors_1 = require('./http/errors');
var web_app_1 = require('./http/web-app');
var auth_routes_1 = require('./modules/auth/auth.routes');
var provider_accounts_1 = require('./modules/auth/provider-accounts');
var sign_in_service_1 = require('./modules/auth/sign-in.service');
var calendar_routes_1 = require('./modules/calendar/calendar.routes');
var calendar_service_1 = require('./modules/calendar/calendar.service');
var reminder_worker_1 = require('./modules/calendar/reminder-worker');
var documents_routes_1 = require('./modules/documents/documents.routes');
var llm_refiner_1 = require('./modules/documents/llm-refiner');
var feed_routes_1 = require('./modules/feed/feed.routes');
var health_routes_1 = require('./modules/health/health.routes');
var interactions_routes_1 = require('./modules/interactions/interactions.routes');
var parts_routes_1 = require('./modules/parts/parts.routes');
var purchases_routes_1 = require('./modules/purchases/purchases.routes');
var receipts_routes_1 = require('./modules/receipts/receipts.routes');
var settings_routes_1 = require('./modules/settings/settings.routes');
var mail_sync_service_1 = require('./modules/sync/mail-sync.service');
var sync_routes_1 = require('./modules/sync/sync.routes');
var DEFAULT_WEB_DIST = (0, node_url_1.fileURLToPath)(new URL('../../web/dist', import.meta.url));
function buildApp(deps) {
  return __awaiter(this, void 0, void 0, function () {
    var app,
      now,
      requireUser,
      routeTable,
      purchaseDeps,
      signIn,
      tokens,
      calendar,
      reminders,
      mailSync,
      CHANGES_PURCHASES,
      _a,
      LLM_BASE_URL,
      LLM_API_KEY,
      LLM_MODEL,
      refine;
    var _b, _c, _d, _e;
    return __generator(this, (_f) => {
      switch (_f.label) {
        case 0:
          app = (0, fastify_1.default)({
            logger: (_b = deps.logger) !== null && _b !== void 0 ? _b : false,
            routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
            bodyLimit: 1024 * 1024,
            trustProxy: deps.config.PUBLIC_URL !== undefined,
            // The reply's header is enough to tell requests apart in logs.
            requestIdHeader: false,
          });
          app.setValidatorCompiler(fastify_type_provider_zod_1.validatorCompiler);
          // Response schemas document the API; serialising stays plain JSON.stringify (a 1,000-line list is hot).
          app.setSerializerCompiler(() => (data) => JSON.stringify(data));
          (0, errors_1.registerErrorHandler)(app);
          return [
            4 /*yield*/,
            app.register(helmet_1.default, {
              contentSecurityPolicy: {
                directives: {
                  defaultSrc: ["'self'"],
                  scriptSrc: ["'self'"],
                  styleSrc: ["'self'", "'unsafe-inline'"],
                  imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
                  frameSrc: ["'self'", 'blob:'],
                  objectSrc: ["'none'"],
                  connectSrc: ["'self'"],
                  formAction: ["'self'", 'https:', 'http:'],
                  frameAncestors: ["'none'"],
                  upgradeInsecureRequests: null,
                },
              },
              // The app is served over plain HTTP on a laptop; HSTS belongs to the TLS proxy in front of it.
              strictTransportSecurity: false,
              // The Google popup sign-in posts its result back to the page that opened it.
              crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
            }),
          ];
        case 1:
          _f.sent();
          return [4 /*yield*/, app.register(multipart_1.default)];
        case 2:
          _f.sent();
          return [4 /*yield*/, app.register(rate_limit_1.default, { global: false })];
        case 3:
          _f.sent();
          return [
            4 /*yield*/,
            app.register(swagger_1.default, {
              openapi: {
                info: {
                  title: 'Warrantly API',
                  version: '1.0.0',
                  description: 'Purchases, receipts, warranties and reminders.',
                },
                components: {
                  securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
                },
                security: [{ bearer: [] }],
              },
              transform: fastify_type_provider_zod_1.jsonSchemaTransform,
            }),
          ];
        case 4:
          _f.sent();
          return [
            4 /*yield*/,
            app.register(swagger_ui_1.default, { routePrefix: '/api/docs', staticCSP: true }),
          ];
        case 5:
          _f.sent();
          now = (_c = deps.now) !== null && _c !== void 0 ? _c : () => new Date();
          requireUser = (0, access_token_guard_1.createGuard)(deps.keys.signing, now);
          routeTable = [];
          app.decorate('routeTable', routeTable);
          app.addHook('onRoute', (route) => {
            var _a;
            var isPublic =
              ((_a = route.config) === null || _a === void 0 ? void 0 : _a.public) === true ||
              route.url.startsWith('/api/docs');
            for (var _i = 0, _b = [route.method].flat(); _i < _b.length; _i++) {
              var method = _b[_i];
              routeTable.push({ method: method, url: route.url, isPublic: isPublic });
            }
            if (isPublic) return;
            var existing = route.onRequest ? [route.onRequest].flat() : [];
            route.onRequest = __spreadArray([requireUser], existing, true);
          });
          purchaseDeps = {
            db: deps.db,
            blobs: deps.blobs,
            encryptionKey: deps.keys.encryption,
            failpoint: deps.config.FAILPOINT,
          };
          return [
            4 /*yield*/,
            app.register(health_routes_1.healthRoutes, {
              db: deps.db,
              sandboxUrl: deps.endpoints.sandboxUrl,
            }),
          ];
        case 6:
          _f.sent();
          signIn = (0, sign_in_service_1.createSignIn)({
            db: deps.db,
            endpoints: deps.endpoints,
            encryptionKey: deps.keys.encryption,
            signingKey: deps.keys.signing,
          });
          return [
            4 /*yield*/,
            app.register(auth_routes_1.authRoutes, {
              signIn: signIn,
              db: deps.db,
              signingKey: deps.keys.signing,
              publicUrl: deps.config.PUBLIC_URL,
              now: now,
            }),
          ];
        case 7:
          _f.sent();
          return [
            4 /*yield*/,
            app.register(purchases_routes_1.purchasesRoutes, { deps: purchaseDeps, now: now }),
          ];
        case 8:
          _f.sent();
          return [
            4 /*yield*/,
            app.register(receipts_routes_1.receiptsRoutes, { deps: purchaseDeps, now: now }),
          ];
        case 9:
          _f.sent();
          return [
            4 /*yield*/,
            app.register(interactions_routes_1.interactionsRoutes, { db: deps.db, now: now }),
          ];
        case 10:
          _f.sent();
          return [4 /*yield*/, app.register(settings_routes_1.settingsRoutes, { db: deps.db })];
        case 11:
          _f.sent();
          tokens = (0, provider_accounts_1.createProviderTokens)(
            deps.db,
            deps.keys.encryption,
            deps.endpoints,
          );
          calendar = (0, calendar_service_1.createCalendar)({
            db: deps.db,
            tokens: tokens,
            endpoints: deps.endpoints,
            now: now,
            appUrl:
              (_e =
                (_d = deps.config.PUBLIC_URL) === null || _d === void 0 ? void 0 : _d.replace(/\/$/, '')) !==
                null && _e !== void 0
                ? _e
                : 'http://localhost:'.concat(deps.config.PORT),
            log: app.log,
          });
          reminders = (0, reminder_worker_1.createReminderWorker)(calendar, { log: app.log });
          app.decorate('reminders', reminders);
          return [4 /*yield*/, app.register(calendar_routes_1.calendarRoutes, { calendar: calendar })];
        case 12:
          _f.sent();
          mailSync = (0, mail_sync_service_1.createMailSync)({
            db: deps.db,
            tokens: tokens,
            endpoints: deps.endpoints,
            lookbackMonths: deps.config.SYNC_LOOKBACK_MONTHS,
            now: now,
            log: app.log,
            afterSync: (userId) => reminders.schedule(userId),
          });
          app.decorate('mailSync', mailSync);
          return [4 /*yield*/, app.register(sync_routes_1.syncRoutes, { mailSync: mailSync })];
        case 13:
          _f.sent();
          CHANGES_PURCHASES =
            /\/(orders\/create|user-orders\/update|user-delete-order|invoice\/[^/]+\/delete|ai-order-extract|settings)(\/|\?|$)/;
          app.addHook('onResponse', (req, reply) =>
            __awaiter(this, void 0, void 0, function () {
              return __generator(this, (_a) => {
                if (
                  req.userId &&
                  req.method !== 'GET' &&
                  reply.statusCode < 400 &&
                  CHANGES_PURCHASES.test(req.url)
                ) {
                  reminders.schedule(req.userId);
                }
                return [2 /*return*/];
              });
            }),
          );
          app.addHook('onClose', () =>
            __awaiter(this, void 0, void 0, function () {
              return __generator(this, (_a) => {
                switch (_a.label) {
                  case 0:
                    reminders.stop();
                    return [4 /*yield*/, reminders.idle()];
                  case 1:
                    _a.sent();
                    return [2 /*return*/];
                }
              });
            }),
          );
          (_a = deps.config),
            (LLM_BASE_URL = _a.LLM_BASE_URL),
            (LLM_API_KEY = _a.LLM_API_KEY),
            (LLM_MODEL = _a.LLM_MODEL);
          refine =
            LLM_BASE_URL && LLM_MODEL
              ? (0, llm_refiner_1.createLlmRefiner)({
                  baseUrl: LLM_BASE_URL,
                  apiKey: LLM_API_KEY,
                  model: LLM_MODEL,
                  log: (message, error) => app.log.warn({ err: error }, message),
                })
              : null;
          return [
            4 /*yield*/,
            app.register(documents_routes_1.documentsRoutes, {
              deps: __assign(__assign({}, purchaseDeps), { pool: deps.extraction, refine: refine }),
              now: now,
            }),
          ];
        case 14:
          _f.sent();
          return [4 /*yield*/, app.register(parts_routes_1.partsRoutes, { db: deps.db, now: now })];
        case 15:
          _f.sent();
          return [
            4 /*yield*/,
            app.register(feed_routes_1.feedRoutes, {
              db: deps.db,
              publicUrl: deps.config.PUBLIC_URL,
              now: now,
            }),
          ];
        case 16:
          _f.sent();
          return [
            4 /*yield*/,
            (0, web_app_1.registerWebApp)(
              app,
              deps.webDistDir === undefined ? DEFAULT_WEB_DIST : deps.webDistDir,
            ),
          ];
        case 17:
          _f.sent();
          return [2 /*return*/, app];
      }
    });
  });
}
