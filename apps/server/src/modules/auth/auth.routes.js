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
exports.authRoutes = void 0;
var auth_1 = require('@warrantly/contract/auth');
var common_1 = require('@warrantly/contract/common');
var zod_1 = require('zod');
var errors_1 = require('../../errors');
var app_tokens_1 = require('./app-tokens');
var repo = require('./auth.repository');
var provider_accounts_1 = require('./provider-accounts');
var sign_in_state_1 = require('./sign-in-state');
/** Where the provider sends the browser back, per provider and flow. */
var CALLBACK_PATH = {
  google: '/google-auth/google/login/callback/',
  microsoft: '/microsoft-auth/login/callback/',
};
/** The web app's page that finishes a full-page sign-in. */
var SUCCESS_PAGE = { google: '/success', microsoft: '/successlogin' };
// Sign-in is the only place a stranger can make the server do work for free: limit it per address.
var signInLimit = { rateLimit: { max: 30, timeWindow: '1 minute' } };
var CallbackQuery = zod_1.z.object({
  code: zod_1.z.string().max(4096).optional(),
  state: zod_1.z.string().max(512).optional(),
  error: zod_1.z.string().max(200).optional(),
  error_description: zod_1.z.string().max(2000).optional(),
});
var authRoutes = (fastify, opts) =>
  __awaiter(void 0, void 0, void 0, function () {
    function startLogin(provider) {
      return (req, reply) =>
        __awaiter(this, void 0, void 0, function () {
          var mode, redirectUri, state, url, secure;
          return __generator(this, (_a) => {
            mode = req.query.mode === 'popup' && provider === 'google' ? 'popup' : 'page';
            redirectUri =
              mode === 'popup'
                ? ''.concat(origin(req), '/google/callback')
                : ''.concat(origin(req)).concat(CALLBACK_PATH[provider]);
            state = (0, sign_in_state_1.newSignInState)(provider, redirectUri, mode, now().getTime());
            url = signIn.authorizeUrl(state);
            secure = redirectUri.startsWith('https:') ? '; Secure' : '';
            return [
              2 /*return*/,
              reply
                .header(
                  'set-cookie',
                  ''
                    .concat(sign_in_state_1.STATE_COOKIE, '=')
                    .concat(
                      (0, sign_in_state_1.encodeState)(signingKey, state),
                      '; Path=/; HttpOnly; SameSite=Lax; Max-Age=',
                    )
                    .concat(sign_in_state_1.STATE_TTL_SECONDS)
                    .concat(secure),
                )
                .header('cache-control', 'no-store')
                .redirect(url, 302),
            ];
          });
        });
    }
    function finishLogin(provider) {
      return (req, reply) =>
        __awaiter(this, void 0, void 0, function () {
          var cookie,
            state,
            wantsJson,
            cancelled,
            result,
            target,
            access_token,
            refresh_token,
            email,
            name_1,
            picture,
            messages,
            _i,
            _a,
            _b,
            key,
            value,
            error_1;
          var _c;
          return __generator(this, (_d) => {
            switch (_d.label) {
              case 0:
                cookie = readCookie(req.headers.cookie, sign_in_state_1.STATE_COOKIE);
                state = (0, sign_in_state_1.decodeState)(
                  signingKey,
                  cookie,
                  req.query.state,
                  now().getTime(),
                );
                wantsJson =
                  (state === null || state === void 0 ? void 0 : state.mode) === 'popup' ||
                  ((_c = req.headers.accept) !== null && _c !== void 0 ? _c : '').includes(
                    'application/json',
                  );
                reply
                  .header(
                    'set-cookie',
                    ''.concat(sign_in_state_1.STATE_COOKIE, '=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0'),
                  )
                  .header('cache-control', 'no-store');
                _d.label = 1;
              case 1:
                _d.trys.push([1, 3, , 4]);
                if (!state || state.provider !== provider) {
                  throw new errors_1.AppError(
                    'invalid_input',
                    'This sign-in expired or was started in another browser: start again',
                  );
                }
                if (req.query.error) {
                  cancelled = req.query.error === 'access_denied';
                  throw new errors_1.AppError(
                    'invalid_input',
                    cancelled
                      ? ''.concat(provider_accounts_1.PROVIDER_LABEL[provider], ' sign-in was cancelled')
                      : ''
                          .concat(provider_accounts_1.PROVIDER_LABEL[provider], ' refused the sign-in (')
                          .concat(req.query.error, ')'),
                  );
                }
                if (!req.query.code)
                  throw new errors_1.AppError(
                    'invalid_input',
                    ''.concat(provider_accounts_1.PROVIDER_LABEL[provider], ' sent no authorization code'),
                  );
                return [4 /*yield*/, signIn.complete(state, req.query.code, now())];
              case 2:
                result = _d.sent();
                if (wantsJson) return [2 /*return*/, reply.send(result)];
                target = new URL(SUCCESS_PAGE[provider], ''.concat(origin(req), '/'));
                (access_token = result.access_token),
                  (refresh_token = result.refresh_token),
                  (email = result.email),
                  (name_1 = result.name),
                  (picture = result.picture),
                  (messages = result.messages);
                for (
                  _i = 0,
                    _a = Object.entries({
                      access_token: access_token,
                      refresh_token: refresh_token,
                      email: email,
                      name: name_1,
                      picture: picture,
                      messages: messages,
                    });
                  _i < _a.length;
                  _i++
                ) {
                  (_b = _a[_i]), (key = _b[0]), (value = _b[1]);
                  target.searchParams.set(key, value);
                }
                return [2 /*return*/, reply.redirect(target.toString(), 302)];
              case 3:
                error_1 = _d.sent();
                if (wantsJson || !(error_1 instanceof errors_1.AppError)) throw error_1;
                req.log.warn({ err: error_1 }, 'sign-in failed');
                return [
                  2 /*return*/,
                  reply
                    .code(error_1.status)
                    .type('text/html; charset=utf-8')
                    .send(errorPage(error_1.message)),
                ];
              case 4:
                return [2 /*return*/];
            }
          });
        });
    }
    var app, signIn, signingKey, now, origin, loginSchema, callbackSchema, config;
    return __generator(this, (_a) => {
      app = fastify.withTypeProvider();
      (signIn = opts.signIn), (signingKey = opts.signingKey), (now = opts.now);
      origin = (req) => {
        var _a, _b;
        return (_b = (_a = opts.publicUrl) === null || _a === void 0 ? void 0 : _a.replace(/\/$/, '')) !==
          null && _b !== void 0
          ? _b
          : ''.concat(req.protocol, '://').concat(req.host);
      };
      loginSchema = (provider) => ({
        tags: ['sign-in'],
        summary: 'Start signing in with '.concat(provider, ' (redirects to the provider)'),
        security: [],
        querystring: zod_1.z.object({ mode: zod_1.z.enum(['popup', 'page']).optional() }),
      });
      callbackSchema = (provider) => ({
        tags: ['sign-in'],
        summary: ''.concat(
          provider,
          " returns here; redirects to the web app with the app's tokens, or answers them as JSON",
        ),
        security: [],
        querystring: CallbackQuery,
        response: { 200: auth_1.SignInResult, 400: common_1.ErrorBody, 502: common_1.ErrorBody },
      });
      config = __assign({ public: true }, signInLimit);
      app.get(
        '/google-auth/google/login',
        { config: config, schema: loginSchema('Google') },
        startLogin('google'),
      );
      app.get(
        CALLBACK_PATH.google,
        { config: config, schema: callbackSchema('Google') },
        finishLogin('google'),
      );
      app.get(
        '/microsoft-auth/login/',
        { config: config, schema: loginSchema('Microsoft') },
        startLogin('microsoft'),
      );
      app.get(
        CALLBACK_PATH.microsoft,
        { config: config, schema: callbackSchema('Microsoft') },
        finishLogin('microsoft'),
      );
      app.post(
        '/api/v1/auth/refresh/',
        {
          config: config,
          schema: {
            tags: ['sign-in'],
            summary: 'Trade a refresh token for a new pair (each refresh token works once)',
            security: [],
            body: auth_1.RefreshBody,
            response: { 200: auth_1.TokenPair, 400: common_1.ErrorBody, 401: common_1.ErrorBody },
          },
        },
        // No transaction: a detected reuse must revoke the family even though the request fails.
        (req) => (0, app_tokens_1.rotateRefreshToken)(opts.db, signingKey, req.body.refresh_token, now()),
      );
      app.post(
        '/api/v1/auth/logout/',
        {
          config: config,
          schema: {
            tags: ['sign-in'],
            summary: 'Revoke the refresh token and every token rotated from it',
            security: [],
            body: auth_1.RefreshBody,
            response: { 204: zod_1.z.null(), 400: common_1.ErrorBody },
          },
        },
        (req, reply) =>
          __awaiter(void 0, void 0, void 0, function () {
            return __generator(this, (_a) => {
              switch (_a.label) {
                case 0:
                  return [
                    4 /*yield*/,
                    (0, app_tokens_1.revokeRefreshToken)(opts.db, req.body.refresh_token, now()),
                  ];
                case 1:
                  _a.sent();
                  return [2 /*return*/, reply.code(204).send(null)];
              }
            });
          }),
      );
      app.get(
        '/api/v1/me/',
        {
          schema: {
            tags: ['sign-in'],
            summary: 'The signed-in user',
            response: {
              200: zod_1.z.object({
                email: zod_1.z.string(),
                name: zod_1.z.string(),
                picture: zod_1.z.string(),
                provider: zod_1.z.enum(['google', 'microsoft']),
              }),
              401: common_1.ErrorBody,
            },
          },
        },
        (req) =>
          __awaiter(void 0, void 0, void 0, function () {
            var user;
            var _a;
            return __generator(this, (_b) => {
              switch (_b.label) {
                case 0:
                  return [4 /*yield*/, repo.findUser(opts.db, req.userId)];
                case 1:
                  user = _b.sent();
                  if (!user)
                    throw new errors_1.AppError(
                      'unauthorized',
                      'The account of this access token no longer exists',
                    );
                  return [
                    2 /*return*/,
                    {
                      email: user.email,
                      name: user.name,
                      picture: (_a = user.picture_url) !== null && _a !== void 0 ? _a : '',
                      provider: user.provider,
                    },
                  ];
              }
            });
          }),
      );
      return [2 /*return*/];
    });
  });
exports.authRoutes = authRoutes;
function readCookie(header, name) {
  var _a;
  for (
    var _i = 0,
      _b =
        (_a = header === null || header === void 0 ? void 0 : header.split(';')) !== null && _a !== void 0
          ? _a
          : [];
    _i < _b.length;
    _i++
  ) {
    var part = _b[_i];
    var _c = part.trim().split('='),
      key = _c[0],
      rest = _c.slice(1);
    if (key === name) return rest.join('=');
  }
  return undefined;
}
var escapeHtml = (text) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c],
  );
/** A plain page for a failed full-page sign-in: what went wrong and the way back. */
function errorPage(message) {
  return '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Sign-in failed \u00B7 Warrantly</title></head><body style="font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem"><h1>Sign-in failed</h1><p>'.concat(
    escapeHtml(message),
    '</p><p><a href="/login">Back to sign in</a></p></body></html>',
  );
}
