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
exports.REFRESH_TOKEN_DAYS = void 0;
exports.issueTokens = issueTokens;
exports.rotateRefreshToken = rotateRefreshToken;
exports.revokeRefreshToken = revokeRefreshToken;
var node_crypto_1 = require('node:crypto');
var access_token_1 = require('../../auth/access-token');
var dates_1 = require('../../dates');
var errors_1 = require('../../errors');
var repo = require('./auth.repository');
/** Refresh tokens live 30 days and rotate on every use. */
exports.REFRESH_TOKEN_DAYS = 30;
var hashToken = (token) => (0, node_crypto_1.createHash)('sha256').update(token).digest('hex');
/** A new access token and a refresh token in `familyId` (a new family at sign-in). */
function issueTokens(db_1, signingKey_1, userId_1, now_1) {
  return __awaiter(this, arguments, void 0, function (db, signingKey, userId, now, familyId) {
    var refresh;
    if (familyId === void 0) {
      familyId = (0, node_crypto_1.randomUUID)();
    }
    return __generator(this, (_a) => {
      switch (_a.label) {
        case 0:
          refresh = (0, node_crypto_1.randomBytes)(32).toString('base64url');
          return [
            4 /*yield*/,
            repo.insertRefreshToken(db, {
              user_id: userId,
              family_id: familyId,
              token_hash: hashToken(refresh),
              expires_at: (0, dates_1.timestamp)(
                new Date(now.getTime() + exports.REFRESH_TOKEN_DAYS * 86400000),
              ),
              created_at: (0, dates_1.timestamp)(now),
            }),
          ];
        case 1:
          _a.sent();
          return [
            2 /*return*/,
            {
              access_token: (0, access_token_1.signAccessToken)(
                signingKey,
                userId,
                Math.floor(now.getTime() / 1000),
              ),
              refresh_token: refresh,
            },
          ];
      }
    });
  });
}
var invalid = () =>
  new errors_1.AppError('unauthorized', 'The refresh token is invalid, used or expired: sign in again');
/**
 * Spends a refresh token for a new pair. A token used twice means it leaked: the whole family is revoked,
 * so the thief's copy and the user's newer tokens all stop working and the user signs in again.
 */
function rotateRefreshToken(db, signingKey, token, now) {
  return __awaiter(this, void 0, void 0, function () {
    var row, at, _a;
    return __generator(this, (_b) => {
      switch (_b.label) {
        case 0:
          return [4 /*yield*/, repo.findRefreshToken(db, hashToken(token))];
        case 1:
          row = _b.sent();
          if (!row) throw invalid();
          at = (0, dates_1.timestamp)(now);
          if (row.revoked_at !== null || row.expires_at <= at) throw invalid();
          _a = row.used_at !== null;
          if (_a) return [3 /*break*/, 3];
          return [4 /*yield*/, repo.useRefreshToken(db, row.id, at)];
        case 2:
          _a = !_b.sent();
          _b.label = 3;
        case 3:
          if (!_a) return [3 /*break*/, 5];
          return [4 /*yield*/, repo.revokeFamily(db, row.family_id, at)];
        case 4:
          _b.sent();
          throw invalid();
        case 5:
          return [2 /*return*/, issueTokens(db, signingKey, row.user_id, now, row.family_id)];
      }
    });
  });
}
/** Revokes the family of `token`; unknown tokens are fine (logging out twice is not an error). */
function revokeRefreshToken(db, token, now) {
  return __awaiter(this, void 0, void 0, function () {
    var row;
    return __generator(this, (_a) => {
      switch (_a.label) {
        case 0:
          return [4 /*yield*/, repo.findRefreshToken(db, hashToken(token))];
        case 1:
          row = _a.sent();
          if (!row) return [3 /*break*/, 3];
          return [4 /*yield*/, repo.revokeFamily(db, row.family_id, (0, dates_1.timestamp)(now))];
        case 2:
          _a.sent();
          _a.label = 3;
        case 3:
          return [2 /*return*/];
      }
    });
  });
}
