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
exports.createSignIn = createSignIn;
var node_crypto_1 = require('node:crypto');
var dates_1 = require('../../dates');
var errors_1 = require('../../errors');
var google_identity_1 = require('../../providers/google/google-identity');
var identity_1 = require('../../providers/identity');
var microsoft_identity_1 = require('../../providers/microsoft/microsoft-identity');
var app_tokens_1 = require('./app-tokens');
var repo = require('./auth.repository');
var provider_accounts_1 = require('./provider-accounts');
var sign_in_state_1 = require('./sign-in-state');
var PROVIDERS = {
  google: {
    scopes: google_identity_1.GOOGLE_SCOPES,
    extras: google_identity_1.GOOGLE_AUTHORIZE_EXTRAS,
    profile: google_identity_1.googleProfile,
  },
  microsoft: {
    scopes: microsoft_identity_1.MICROSOFT_SCOPES,
    extras: microsoft_identity_1.MICROSOFT_AUTHORIZE_EXTRAS,
    profile: microsoft_identity_1.microsoftProfile,
  },
};
/** The sign-in flows of both providers, built once so their JWKS caches live as long as the server. */
function createSignIn(deps) {
  var verifiers = {
    google: deps.endpoints.google
      ? (0, identity_1.createIdTokenVerifier)('Google', deps.endpoints.google)
      : null,
    microsoft: deps.endpoints.microsoft
      ? (0, identity_1.createIdTokenVerifier)('Microsoft', deps.endpoints.microsoft)
      : null,
  };
  function endpointsOf(provider) {
    var ends = deps.endpoints[provider];
    if (!ends)
      throw new errors_1.AppError(
        'provider_failed',
        ''.concat(provider_accounts_1.PROVIDER_LABEL[provider], ' sign-in is not configured on this server'),
      );
    return ends;
  }
  return {
    /** The provider's authorize URL for this attempt: code flow, PKCE S256, state and nonce. */
    authorizeUrl: (state) => {
      var ends = endpointsOf(state.provider);
      var _a = PROVIDERS[state.provider],
        scopes = _a.scopes,
        extras = _a.extras;
      var url = new URL(ends.authorizeUrl);
      var params = __assign(
        {
          client_id: ends.clientId,
          redirect_uri: state.redirectUri,
          response_type: 'code',
          scope: scopes.join(' '),
          state: state.state,
          nonce: state.nonce,
          code_challenge: (0, sign_in_state_1.codeChallenge)(state.verifier),
          code_challenge_method: 'S256',
        },
        extras,
      );
      for (var _i = 0, _b = Object.entries(params); _i < _b.length; _i++) {
        var _c = _b[_i],
          key = _c[0],
          value = _c[1];
        url.searchParams.set(key, value);
      }
      return url.toString();
    },
    /** Exchanges the code, verifies the ID token, upserts the user and mints the app's tokens. */
    complete: function (state, code, now) {
      return __awaiter(this, void 0, void 0, function () {
        var provider, label, stateHash, tokens, verify, claims, profile, pair;
        return __generator(this, (_a) => {
          switch (_a.label) {
            case 0:
              provider = state.provider;
              label = provider_accounts_1.PROVIDER_LABEL[provider];
              stateHash = (0, node_crypto_1.createHash)('sha256').update(state.state).digest('hex');
              return [
                4 /*yield*/,
                repo.spendState(deps.db, stateHash, (0, dates_1.timestamp)(new Date(state.expiresAt))),
              ];
            case 1:
              if (!_a.sent()) {
                throw new errors_1.AppError(
                  'invalid_input',
                  'This sign-in link was already used: start again from the login page',
                );
              }
              return [
                4 /*yield*/,
                (0, identity_1.tokenRequest)(label, endpointsOf(provider), {
                  grant_type: 'authorization_code',
                  code: code,
                  redirect_uri: state.redirectUri,
                  code_verifier: state.verifier,
                }),
              ];
            case 2:
              tokens = _a.sent();
              verify = verifiers[provider];
              if (!tokens.id_token || !verify) {
                throw new errors_1.AppError('provider_failed', ''.concat(label, ' did not send an ID token'));
              }
              return [4 /*yield*/, verify(tokens.id_token, state.nonce)];
            case 3:
              claims = _a.sent();
              profile = PROVIDERS[provider].profile(claims);
              if (!profile)
                throw new errors_1.AppError(
                  'unauthorized',
                  ''.concat(label, ' did not confirm an e-mail address for this account'),
                );
              return [
                4 /*yield*/,
                deps.db.transaction().execute((trx) =>
                  __awaiter(this, void 0, void 0, function () {
                    var userId;
                    return __generator(this, (_a) => {
                      switch (_a.label) {
                        case 0:
                          return [
                            4 /*yield*/,
                            (0, provider_accounts_1.upsertSignIn)(
                              trx,
                              deps.encryptionKey,
                              provider,
                              profile,
                              tokens,
                              now,
                            ),
                          ];
                        case 1:
                          userId = _a.sent().userId;
                          return [
                            2 /*return*/,
                            (0, app_tokens_1.issueTokens)(trx, deps.signingKey, userId, now),
                          ];
                      }
                    });
                  }),
                ),
              ];
            case 4:
              pair = _a.sent();
              return [
                2 /*return*/,
                __assign(__assign({}, pair), {
                  email: profile.email,
                  name: profile.name,
                  picture: profile.picture,
                  messages: provider,
                }),
              ];
          }
        });
      });
    },
  };
}
