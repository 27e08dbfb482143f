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
exports.ProviderHttpError = void 0;
exports.createProviderClient = createProviderClient;
var errors_1 = require('../errors');
/** A provider's non-2xx answer that a caller may want to handle (Gmail's 404 for an expired historyId). */
var ProviderHttpError = /** @class */ ((_super) => {
  __extends(ProviderHttpError, _super);
  function ProviderHttpError(service, httpStatus, body) {
    var _this =
      _super.call(this, 'provider_failed', ''.concat(service, ' answered HTTP ').concat(httpStatus), {
        cause: body.slice(0, 500),
      }) || this;
    _this.service = service;
    _this.httpStatus = httpStatus;
    return _this;
  }
  return ProviderHttpError;
})(errors_1.AppError);
exports.ProviderHttpError = ProviderHttpError;
var RETRYABLE = new Set([429, 500, 502, 503, 504]);
var MAX_DELAY_MS = 30000;
var sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
/**
 * Calls a provider API as a user: bearer token from the server's store, refreshed once on a 401; 429 and 5xx
 * answers and dropped connections retried with exponential backoff and jitter, honouring Retry-After.
 */
function createProviderClient(options) {
  var _a, _b;
  var maxAttempts = (_a = options.maxAttempts) !== null && _a !== void 0 ? _a : 6;
  var baseDelay = (_b = options.baseDelayMs) !== null && _b !== void 0 ? _b : 400;
  function call(service_1, url_1) {
    return __awaiter(this, arguments, void 0, function (service, url, call) {
      var refreshed, attempt, token, res, cause_1, _a, _b, _c, text;
      var _d, _e, _f, _g, _h;
      if (call === void 0) {
        call = {};
      }
      return __generator(this, (_j) => {
        switch (_j.label) {
          case 0:
            refreshed = false;
            attempt = 1;
            _j.label = 1;
          case 1:
            return [4 /*yield*/, options.tokens.accessToken(options.userId, options.provider)];
          case 2:
            token = _j.sent();
            (_d = options.onCall) === null || _d === void 0 ? void 0 : _d.call(options, service, url);
            res = void 0;
            _j.label = 3;
          case 3:
            _j.trys.push([3, 5, , 7]);
            return [
              4 /*yield*/,
              fetch(
                url,
                __assign(
                  __assign(
                    {
                      method: (_e = call.method) !== null && _e !== void 0 ? _e : 'GET',
                      headers: __assign(
                        __assign(
                          {
                            authorization: 'Bearer '.concat(token),
                            accept: call.as === 'bytes' ? '*/*' : 'application/json',
                          },
                          call.body !== undefined ? { 'content-type': 'application/json' } : {},
                        ),
                        call.headers,
                      ),
                    },
                    call.body !== undefined ? { body: JSON.stringify(call.body) } : {},
                  ),
                  { signal: AbortSignal.timeout(30000) },
                ),
              ),
            ];
          case 4:
            res = _j.sent();
            return [3 /*break*/, 7];
          case 5:
            cause_1 = _j.sent();
            if (attempt >= maxAttempts)
              throw new errors_1.AppError('provider_failed', ''.concat(service, ' could not be reached'), {
                cause: cause_1,
              });
            return [4 /*yield*/, sleep(backoff(attempt, null))];
          case 6:
            _j.sent();
            return [3 /*break*/, 21];
          case 7:
            if (!(res.status === 401 && !refreshed)) return [3 /*break*/, 10];
            refreshed = true;
            return [4 /*yield*/, (_f = res.body) === null || _f === void 0 ? void 0 : _f.cancel()];
          case 8:
            _j.sent();
            return [4 /*yield*/, options.tokens.invalidate(options.userId, options.provider)];
          case 9:
            _j.sent();
            return [3 /*break*/, 21];
          case 10:
            if (!(RETRYABLE.has(res.status) && attempt < maxAttempts)) return [3 /*break*/, 13];
            return [4 /*yield*/, (_g = res.body) === null || _g === void 0 ? void 0 : _g.cancel()];
          case 11:
            _j.sent();
            return [4 /*yield*/, sleep(backoff(attempt, res.headers.get('retry-after')))];
          case 12:
            _j.sent();
            return [3 /*break*/, 21];
          case 13:
            if (res.ok) return [3 /*break*/, 15];
            _a = ProviderHttpError.bind;
            _b = [void 0, service, res.status];
            return [4 /*yield*/, res.text().catch(() => '')];
          case 14:
            throw new (_a.apply(ProviderHttpError, _b.concat([_j.sent()])))();
          case 15:
            if (!(call.as === 'none' || res.status === 204)) return [3 /*break*/, 17];
            return [4 /*yield*/, (_h = res.body) === null || _h === void 0 ? void 0 : _h.cancel()];
          case 16:
            _j.sent();
            return [2 /*return*/, undefined];
          case 17:
            if (!(call.as === 'bytes')) return [3 /*break*/, 19];
            _c = Uint8Array.bind;
            return [4 /*yield*/, res.arrayBuffer()];
          case 18:
            return [2 /*return*/, new (_c.apply(Uint8Array, [void 0, _j.sent()]))()];
          case 19:
            return [4 /*yield*/, res.text()];
          case 20:
            text = _j.sent();
            try {
              return [2 /*return*/, JSON.parse(text)];
            } catch (cause) {
              throw new errors_1.AppError(
                'provider_failed',
                ''.concat(service, ' answered with something unreadable'),
                {
                  cause: text.slice(0, 200),
                },
              );
            }
            _j.label = 21;
          case 21:
            attempt += 1;
            return [3 /*break*/, 1];
          case 22:
            return [2 /*return*/];
        }
      });
    });
  }
  function backoff(attempt, retryAfter) {
    var seconds = retryAfter === null ? Number.NaN : Number(retryAfter);
    if (Number.isFinite(seconds) && seconds >= 0) return Math.min(seconds * 1000, MAX_DELAY_MS);
    var dated = retryAfter ? Date.parse(retryAfter) - Date.now() : Number.NaN;
    if (Number.isFinite(dated) && dated > 0) return Math.min(dated, MAX_DELAY_MS);
    // Full jitter: a random delay up to the exponential cap spreads retries of concurrent calls.
    return Math.random() * Math.min(baseDelay * 2 ** attempt, MAX_DELAY_MS);
  }
  return { call: call };
}
