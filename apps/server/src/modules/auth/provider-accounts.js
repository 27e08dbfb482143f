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
exports.PROVIDER_LABEL = void 0;
exports.upsertSignIn = upsertSignIn;
exports.createProviderTokens = createProviderTokens;
exports.requireSignedInWith = requireSignedInWith;
var node_crypto_1 = require('node:crypto');
var dates_1 = require('../../dates');
var errors_1 = require('../../errors');
var identity_1 = require('../../providers/identity');
var envelope_1 = require('../../storage/envelope');
var repo = require('./auth.repository');
exports.PROVIDER_LABEL = { google: 'Google', microsoft: 'Microsoft' };
var context = (provider, subject, kind) =>
  'provider-token:'.concat(provider, ':').concat(subject, ':').concat(kind);
/** Creates or updates the user and their provider account with the new tokens (sealed at rest). */
function upsertSignIn(db, encryptionKey, provider, profile, tokens, now) {
  return __awaiter(this, void 0, void 0, function () {
    var at, existingAccount, byEmail, userId, sealedAccess, sealedRefresh, values;
    var _a, _b, _c, _d;
    return __generator(this, (_e) => {
      switch (_e.label) {
        case 0:
          at = (0, dates_1.timestamp)(now);
          return [4 /*yield*/, repo.findAccount(db, provider, profile.subject)];
        case 1:
          existingAccount = _e.sent();
          return [4 /*yield*/, repo.findUserByEmail(db, profile.email)];
        case 2:
          byEmail = _e.sent();
          userId =
            (_b =
              (_a =
                existingAccount === null || existingAccount === void 0 ? void 0 : existingAccount.user_id) !==
                null && _a !== void 0
                ? _a
                : byEmail === null || byEmail === void 0
                  ? void 0
                  : byEmail.id) !== null && _b !== void 0
              ? _b
              : (0, node_crypto_1.randomUUID)();
          if (!(existingAccount || byEmail)) return [3 /*break*/, 4];
          return [
            4 /*yield*/,
            db
              .updateTable('users')
              .set({
                name: profile.name,
                picture_url: profile.picture || null,
                provider: provider,
                updated_at: at,
              })
              .where('id', '=', userId)
              .execute(),
          ];
        case 3:
          _e.sent();
          return [3 /*break*/, 6];
        case 4:
          return [
            4 /*yield*/,
            db
              .insertInto('users')
              .values({
                id: userId,
                email: profile.email,
                name: profile.name,
                picture_url: profile.picture || null,
                provider: provider,
                default_currency: 'USD',
                warranty_reminder_days: 30,
                feed_secret: null,
                created_at: at,
                updated_at: at,
              })
              .execute(),
          ];
        case 5:
          _e.sent();
          _e.label = 6;
        case 6:
          sealedAccess = (0, envelope_1.sealText)(
            tokens.access_token,
            encryptionKey,
            context(provider, profile.subject, 'access'),
          );
          sealedRefresh = tokens.refresh_token
            ? (0, envelope_1.sealText)(
                tokens.refresh_token,
                encryptionKey,
                context(provider, profile.subject, 'refresh'),
              )
            : (_c =
                  existingAccount === null || existingAccount === void 0
                    ? void 0
                    : existingAccount.refresh_token_enc) !== null && _c !== void 0
              ? _c
              : null;
          values = {
            access_token_enc: sealedAccess,
            refresh_token_enc: sealedRefresh,
            expires_at: tokens.expires_in
              ? (0, dates_1.timestamp)(new Date(now.getTime() + tokens.expires_in * 1000))
              : null,
            scopes: (_d = tokens.scope) !== null && _d !== void 0 ? _d : null,
            needs_reauth: 0,
            updated_at: at,
          };
          if (!existingAccount) return [3 /*break*/, 8];
          return [
            4 /*yield*/,
            db
              .updateTable('provider_accounts')
              .set(__assign(__assign({}, values), { user_id: userId }))
              .where('id', '=', existingAccount.id)
              .execute(),
          ];
        case 7:
          _e.sent();
          return [3 /*break*/, 10];
        case 8:
          return [
            4 /*yield*/,
            db
              .insertInto('provider_accounts')
              .values(
                __assign(__assign({}, values), {
                  user_id: userId,
                  provider: provider,
                  subject: profile.subject,
                  created_at: at,
                  sync_cursor: null,
                }),
              )
              .execute(),
          ];
        case 9:
          _e.sent();
          _e.label = 10;
        case 10:
          return [2 /*return*/, { userId: userId }];
      }
    });
  });
}
/** Seconds before expiry at which a provider access token is refreshed rather than used. */
var REFRESH_MARGIN_MS = 120000;
/**
 * Hands out provider access tokens for the server's own calls, refreshing them shortly before they
 * expire. Concurrent callers for one account share a single refresh.
 */
function createProviderTokens(db, encryptionKey, endpoints) {
  var inFlight = new Map();
  function refresh(accountId, now) {
    return __awaiter(this, void 0, void 0, function () {
      var account, provider, ends, refreshToken, tokens, error_1;
      return __generator(this, (_a) => {
        switch (_a.label) {
          case 0:
            return [
              4 /*yield*/,
              db
                .selectFrom('provider_accounts')
                .selectAll()
                .where('id', '=', accountId)
                .executeTakeFirstOrThrow(),
            ];
          case 1:
            account = _a.sent();
            provider = account.provider;
            ends = endpoints[provider];
            if (!ends)
              throw new errors_1.AppError(
                'provider_failed',
                ''.concat(exports.PROVIDER_LABEL[provider], ' is not configured on this server'),
              );
            if (!account.refresh_token_enc)
              throw new identity_1.GrantRevokedError(exports.PROVIDER_LABEL[provider]);
            refreshToken = (0, envelope_1.openText)(
              account.refresh_token_enc,
              encryptionKey,
              context(provider, account.subject, 'refresh'),
            );
            _a.label = 2;
          case 2:
            _a.trys.push([2, 4, , 7]);
            return [
              4 /*yield*/,
              (0, identity_1.tokenRequest)(exports.PROVIDER_LABEL[provider], ends, {
                grant_type: 'refresh_token',
                refresh_token: refreshToken,
              }),
            ];
          case 3:
            tokens = _a.sent();
            return [3 /*break*/, 7];
          case 4:
            error_1 = _a.sent();
            if (!(error_1 instanceof identity_1.GrantRevokedError)) return [3 /*break*/, 6];
            return [
              4 /*yield*/,
              db
                .updateTable('provider_accounts')
                .set({ needs_reauth: 1, updated_at: (0, dates_1.timestamp)(now) })
                .where('id', '=', accountId)
                .execute(),
            ];
          case 5:
            _a.sent();
            _a.label = 6;
          case 6:
            throw error_1;
          case 7:
            return [
              4 /*yield*/,
              db
                .updateTable('provider_accounts')
                .set(
                  __assign(
                    __assign(
                      {
                        access_token_enc: (0, envelope_1.sealText)(
                          tokens.access_token,
                          encryptionKey,
                          context(provider, account.subject, 'access'),
                        ),
                      },
                      tokens.refresh_token
                        ? {
                            refresh_token_enc: (0, envelope_1.sealText)(
                              tokens.refresh_token,
                              encryptionKey,
                              context(provider, account.subject, 'refresh'),
                            ),
                          }
                        : {},
                    ),
                    {
                      expires_at: tokens.expires_in
                        ? (0, dates_1.timestamp)(new Date(now.getTime() + tokens.expires_in * 1000))
                        : null,
                      updated_at: (0, dates_1.timestamp)(now),
                    },
                  ),
                )
                .where('id', '=', accountId)
                .execute(),
            ];
          case 8:
            _a.sent();
            return [2 /*return*/, tokens.access_token];
        }
      });
    });
  }
  return {
    /** A valid access token for the user's account at `provider`; refreshed first when about to expire. */
    accessToken: function (userId_1, provider_1) {
      return __awaiter(this, arguments, void 0, function (userId, provider, now) {
        var account, expires, running, job;
        if (now === void 0) {
          now = new Date();
        }
        return __generator(this, (_a) => {
          switch (_a.label) {
            case 0:
              return [4 /*yield*/, repo.findAccountOfUser(db, userId, provider)];
            case 1:
              account = _a.sent();
              if (!account) {
                throw new errors_1.AppError(
                  'conflict',
                  'You signed in without '.concat(
                    exports.PROVIDER_LABEL[provider],
                    '; connect it by signing in with it',
                  ),
                );
              }
              if (account.needs_reauth)
                throw new identity_1.GrantRevokedError(exports.PROVIDER_LABEL[provider]);
              expires = account.expires_at ? Date.parse(account.expires_at) : 0;
              if (account.access_token_enc && expires - REFRESH_MARGIN_MS > now.getTime()) {
                return [
                  2 /*return*/,
                  (0, envelope_1.openText)(
                    account.access_token_enc,
                    encryptionKey,
                    context(provider, account.subject, 'access'),
                  ),
                ];
              }
              running = inFlight.get(account.id);
              if (running) return [2 /*return*/, running];
              job = refresh(account.id, now).finally(() => inFlight.delete(account.id));
              inFlight.set(account.id, job);
              return [2 /*return*/, job];
          }
        });
      });
    },
    /** After a 401 from the provider: forget the token's expiry so the next call refreshes it. */
    invalidate: function (userId, provider) {
      return __awaiter(this, void 0, void 0, function () {
        return __generator(this, (_a) => {
          switch (_a.label) {
            case 0:
              return [
                4 /*yield*/,
                db
                  .updateTable('provider_accounts')
                  .set({ expires_at: null })
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
    },
  };
}
/** Sync, calendar and main-product endpoints exist per provider; only the user's own provider's answer. */
function requireSignedInWith(db, userId, provider) {
  return __awaiter(this, void 0, void 0, function () {
    var user, used;
    return __generator(this, (_a) => {
      switch (_a.label) {
        case 0:
          return [4 /*yield*/, repo.findUser(db, userId)];
        case 1:
          user = _a.sent();
          if (!user)
            throw new errors_1.AppError('unauthorized', 'The account of this access token no longer exists');
          if (user.provider !== provider) {
            used = exports.PROVIDER_LABEL[user.provider];
            throw new errors_1.AppError(
              'conflict',
              'You signed in with '.concat(used, '; use the ').concat(used, ' endpoint instead'),
            );
          }
          return [2 /*return*/];
      }
    });
  });
}
