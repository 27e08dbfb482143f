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
exports.findUserByEmail = findUserByEmail;
exports.findUser = findUser;
exports.findAccount = findAccount;
exports.findAccountOfUser = findAccountOfUser;
exports.spendState = spendState;
exports.findRefreshToken = findRefreshToken;
exports.useRefreshToken = useRefreshToken;
exports.revokeFamily = revokeFamily;
exports.insertRefreshToken = insertRefreshToken;
var dates_1 = require('../../dates');
function findUserByEmail(db, email) {
  return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}
function findUser(db, userId) {
  return db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
}
function findAccount(db, provider, subject) {
  return db
    .selectFrom('provider_accounts')
    .selectAll()
    .where('provider', '=', provider)
    .where('subject', '=', subject)
    .executeTakeFirst();
}
function findAccountOfUser(db, userId, provider) {
  return db
    .selectFrom('provider_accounts')
    .selectAll()
    .where('user_id', '=', userId)
    .where('provider', '=', provider)
    .orderBy('updated_at', 'desc')
    .executeTakeFirst();
}
/** Records a sign-in state as spent; false when it already was (a replayed callback). */
function spendState(db, stateHash, expiresAt) {
  return __awaiter(this, void 0, void 0, function () {
    var result;
    var _a;
    return __generator(this, (_b) => {
      switch (_b.label) {
        case 0:
          return [
            4 /*yield*/,
            db
              .insertInto('spent_sign_in_states')
              .values({ state_hash: stateHash, expires_at: expiresAt })
              .onConflict((oc) => oc.column('state_hash').doNothing())
              .executeTakeFirst(),
          ];
        case 1:
          result = _b.sent();
          return [
            4 /*yield*/,
            db
              .deleteFrom('spent_sign_in_states')
              .where('expires_at', '<', (0, dates_1.timestamp)())
              .execute(),
          ];
        case 2:
          _b.sent();
          return [
            2 /*return*/,
            Number((_a = result.numInsertedOrUpdatedRows) !== null && _a !== void 0 ? _a : 0) === 1,
          ];
      }
    });
  });
}
function findRefreshToken(db, tokenHash) {
  return db.selectFrom('refresh_tokens').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}
/** Marks a refresh token used; false when another request used it first. */
function useRefreshToken(db, id, at) {
  return __awaiter(this, void 0, void 0, function () {
    var result;
    return __generator(this, (_a) => {
      switch (_a.label) {
        case 0:
          return [
            4 /*yield*/,
            db
              .updateTable('refresh_tokens')
              .set({ used_at: at })
              .where('id', '=', id)
              .where('used_at', 'is', null)
              .executeTakeFirst(),
          ];
        case 1:
          result = _a.sent();
          return [2 /*return*/, Number(result.numUpdatedRows) === 1];
      }
    });
  });
}
function revokeFamily(db, familyId, at) {
  return __awaiter(this, void 0, void 0, function () {
    return __generator(this, (_a) => {
      switch (_a.label) {
        case 0:
          return [
            4 /*yield*/,
            db
              .updateTable('refresh_tokens')
              .set({ revoked_at: at })
              .where('family_id', '=', familyId)
              .where('revoked_at', 'is', null)
              .execute(),
          ];
        case 1:
          _a.sent();
          return [2 /*return*/];
      }
    });
  });
}
function insertRefreshToken(db, row) {
  return __awaiter(this, void 0, void 0, function () {
    return __generator(this, (_a) => {
      switch (_a.label) {
        case 0:
          return [4 /*yield*/, db.insertInto('refresh_tokens').values(row).execute()];
        case 1:
          _a.sent();
          return [2 /*return*/];
      }
    });
  });
}
