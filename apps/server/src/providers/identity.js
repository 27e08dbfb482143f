var __extends =
  (this && this.__extends) ||
  (() => {
    var extendStatics = (d, b) => {
      extendStatics =
        Object.setPrototypeOf ||
        ({ __proto__: [] } instanceof Array &&
          ((d, b) => {
            d.__proto__ = b;
          })) ||
        ((d, b) => {
          for (var p in b) if (Object.hasOwn(b, p)) d[p] = b[p];
        });
      return extendStatics(d, b);
    };
    return (d, b) => {
      if (typeof b !== 'function' && b !== null)
        throw new TypeError('Class extends value ' + String(b) + ' is not a constructor or null');
      extendStatics(d, b);
      function __() {
        this.constructor = d;
      }
      d.prototype = b === null ? Object.create(b) : ((__.prototype = b.prototype), new __());
    };
  })();
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
exports.GrantRevokedError = void 0;
exports.tokenRequest = tokenRequest;
exports.createIdTokenVerifier = createIdTokenVerifier;
var errors_1 = require('../errors');
/** A refresh grant the provider refused for good (revoked, expired): the user must sign in again. */
var GrantRevokedError = /** @class */ ((_super) => {
  __extends(GrantRevokedError, _super);
  function GrantRevokedError(provider, cause) {
    return (
      _super.call(
        this,
        'conflict',
        'Your '.concat(provider, ' account needs to be connected again: sign in once more'),
        { cause: cause },
      ) || this
    );
  }
  return GrantRevokedError;
})(errors_1.AppError);
exports.GrantRevokedError = GrantRevokedError;
var TIMEOUT_MS = 10000;
/** Calls a provider's token endpoint with a form body; a refusal or garbage answer is a clear AppError. */
function tokenRequest(provider, endpoints, params) {
  return __awaiter(this, void 0, void 0, function () {
    var body, res, cause_1, text, json, reason;
    return __generator(this, (_a) => {
      switch (_a.label) {
        case 0:
          body = new URLSearchParams(
            __assign(__assign({}, params), {
              client_id: endpoints.clientId,
              client_secret: endpoints.clientSecret,
            }),
          );
          _a.label = 1;
        case 1:
          _a.trys.push([1, 3, , 4]);
          return [
            4 /*yield*/,
            fetch(endpoints.tokenUrl, {
              method: 'POST',
              headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
              body: body,
              signal: AbortSignal.timeout(TIMEOUT_MS),
            }),
          ];
        case 2:
          res = _a.sent();
          return [3 /*break*/, 4];
        case 3:
          cause_1 = _a.sent();
          throw new errors_1.AppError(
            'provider_failed',
            ''.concat(provider, ' sign-in did not answer; try again'),
            { cause: cause_1 },
          );
        case 4:
          return [4 /*yield*/, res.text()];
        case 5:
          text = _a.sent();
          json = null;
          try {
            json = JSON.parse(text);
          } catch (_b) {
            json = null;
          }
          if (!res.ok) {
            if (
              (json === null || json === void 0 ? void 0 : json.error) === 'invalid_grant' &&
              params.grant_type === 'refresh_token'
            ) {
              throw new GrantRevokedError(provider, json);
            }
            reason =
              typeof (json === null || json === void 0 ? void 0 : json.error) === 'string'
                ? json.error
                : 'HTTP '.concat(res.status);
            throw new errors_1.AppError(
              'provider_failed',
              ''.concat(provider, ' refused the sign-in (').concat(reason, ')'),
              {
                cause: json !== null && json !== void 0 ? json : text,
              },
            );
          }
          if (!json || typeof json.access_token !== 'string') {
            throw new errors_1.AppError(
              'provider_failed',
              ''.concat(provider, ' answered the sign-in with something unreadable'),
            );
          }
          return [2 /*return*/, json];
      }
    });
  });
}
/** Verifies ID tokens against the provider's published keys (fetched once, refreshed when a new `kid` appears). */
function createIdTokenVerifier(provider, endpoints) {
  // jose loads on the first sign-in; the key set it builds is kept for the server's lifetime.
  var jwks = null;
  return function verifyIdToken(idToken, nonce) {
    return __awaiter(this, void 0, void 0, function () {
      var _a, createRemoteJWKSet, jwtVerify, payload, _b, _c, expectedIssuer, cause_2;
      var _d;
      return __generator(this, (_e) => {
        switch (_e.label) {
          case 0:
            return [4 /*yield*/, Promise.resolve().then(() => require('jose'))];
          case 1:
            (_a = _e.sent()), (createRemoteJWKSet = _a.createRemoteJWKSet), (jwtVerify = _a.jwtVerify);
            jwks !== null && jwks !== void 0
              ? jwks
              : (jwks = Promise.resolve(
                  createRemoteJWKSet(new URL(endpoints.jwksUri), { timeoutDuration: TIMEOUT_MS }),
                ));
            _e.label = 2;
          case 2:
            _e.trys.push([2, 5, , 6]);
            _b = jwtVerify;
            _c = [idToken];
            return [4 /*yield*/, jwks];
          case 3:
            return [
              4 /*yield*/,
              _b.apply(
                void 0,
                _c.concat([
                  _e.sent(),
                  {
                    audience: endpoints.clientId,
                    algorithms: ['RS256'],
                    clockTolerance: 60,
                  },
                ]),
              ),
            ];
          case 4:
            payload = _e.sent().payload;
            expectedIssuer = endpoints.issuer.replace(
              '{tenantid}',
              String((_d = payload.tid) !== null && _d !== void 0 ? _d : ''),
            );
            if (payload.iss !== expectedIssuer) throw new Error('unexpected issuer '.concat(payload.iss));
            if (payload.nonce !== nonce) throw new Error('nonce mismatch');
            return [2 /*return*/, payload];
          case 5:
            cause_2 = _e.sent();
            throw new errors_1.AppError(
              'unauthorized',
              'The '.concat(provider, ' sign-in could not be verified'),
              { cause: cause_2 },
            );
          case 6:
            return [2 /*return*/];
        }
      });
    });
  };
}
