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
var __await =
  (this && this.__await) ||
  function (v) {
    return this instanceof __await ? ((this.v = v), this) : new __await(v);
  };
var __asyncGenerator =
  (this && this.__asyncGenerator) ||
  ((thisArg, _arguments, generator) => {
    if (!Symbol.asyncIterator) throw new TypeError('Symbol.asyncIterator is not defined.');
    var g = generator.apply(thisArg, _arguments || []),
      i,
      q = [];
    return (
      (i = Object.create((typeof AsyncIterator === 'function' ? AsyncIterator : Object).prototype)),
      verb('next'),
      verb('throw'),
      verb('return', awaitReturn),
      (i[Symbol.asyncIterator] = function () {
        return this;
      }),
      i
    );
    function awaitReturn(f) {
      return (v) => Promise.resolve(v).then(f, reject);
    }
    function verb(n, f) {
      if (g[n]) {
        i[n] = (v) =>
          new Promise((a, b) => {
            q.push([n, v, a, b]) > 1 || resume(n, v);
          });
        if (f) i[n] = f(i[n]);
      }
    }
    function resume(n, v) {
      try {
        step(g[n](v));
      } catch (e) {
        settle(q[0][3], e);
      }
    }
    function step(r) {
      r.value instanceof __await ? Promise.resolve(r.value.v).then(fulfill, reject) : settle(q[0][2], r);
    }
    function fulfill(value) {
      resume('next', value);
    }
    function reject(value) {
      resume('throw', value);
    }
    function settle(f, v) {
      if ((f(v), q.shift(), q.length)) resume(q[0][0], q[0][1]);
    }
  });
var __asyncValues =
  (this && this.__asyncValues) ||
  ((o) => {
    if (!Symbol.asyncIterator) throw new TypeError('Symbol.asyncIterator is not defined.');
    var m = o[Symbol.asyncIterator],
      i;
    return m
      ? m.call(o)
      : ((o = typeof __values === 'function' ? __values(o) : o[Symbol.iterator]()),
        (i = {}),
        verb('next'),
        verb('throw'),
        verb('return'),
        (i[Symbol.asyncIterator] = function () {
          return this;
        }),
        i);
    function verb(n) {
      i[n] =
        o[n] &&
        ((v) =>
          new Promise((resolve, reject) => {
            (v = o[n](v)), settle(resolve, reject, v.done, v.value);
          }));
    }
    function settle(resolve, reject, d, v) {
      Promise.resolve(v).then((v) => {
        resolve({ value: v, done: d });
      }, reject);
    }
  });
var __asyncDelegator =
  (this && this.__asyncDelegator) ||
  ((o) => {
    var i, p;
    return (
      (i = {}),
      verb('next'),
      verb('throw', (e) => {
        throw e;
      }),
      verb('return'),
      (i[Symbol.iterator] = function () {
        return this;
      }),
      i
    );
    function verb(n, f) {
      i[n] = o[n] ? (v) => ((p = !p) ? { value: __await(o[n](v)), done: false } : f ? f(v) : v) : f;
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
var __values =
  (this && this.__values) ||
  ((o) => {
    var s = typeof Symbol === 'function' && Symbol.iterator,
      m = s && o[s],
      i = 0;
    if (m) return m.call(o);
    if (o && typeof o.length === 'number')
      return {
        next: () => {
          if (o && i >= o.length) o = void 0;
          return { value: o && o[i++], done: !o };
        },
      };
    throw new TypeError(s ? 'Object is not iterable.' : 'Symbol.iterator is not defined.');
  });
Object.defineProperty(exports, '__esModule', { value: true });
exports.gmailQuery = gmailQuery;
exports.createGmailSource = createGmailSource;
var http_1 = require('../http');
var mail_1 = require('../mail');
/** Gmail's search for candidate messages within the look-back. */
function gmailQuery(lookbackMonths) {
  var words = mail_1.ORDER_SUBJECT_WORDS.map((w) => (w.includes(' ') ? '"'.concat(w, '"') : w)).join(' OR ');
  return '(category:purchases OR subject:('
    .concat(words, ')) newer_than:')
    .concat(lookbackMonths, 'm -in:chats');
}
/**
 * Gmail as a mail source: a paged `users.messages.list` with the candidate query, then `users.history.list`
 * from the stored historyId. An expired historyId (404) falls back to a full scan of the look-back.
 */
function createGmailSource(client, gmailBase, lookbackMonths) {
  var api = ''.concat(gmailBase.replace(/\/$/, ''), '/gmail/v1/users/me');
  function fullScan(start) {
    return __asyncGenerator(this, arguments, function fullScan_1() {
      var pageToken, url, page, cursor;
      var _a;
      return __generator(this, (_b) => {
        switch (_b.label) {
          case 0:
            pageToken = start.pageToken;
            _b.label = 1;
          case 1:
            url = new URL(''.concat(api, '/messages'));
            url.searchParams.set('q', gmailQuery(lookbackMonths));
            url.searchParams.set('maxResults', '100');
            if (pageToken) url.searchParams.set('pageToken', pageToken);
            return [4 /*yield*/, __await(client.call('gmail', url.toString()))];
          case 2:
            page = _b.sent();
            pageToken = page.nextPageToken;
            cursor = pageToken
              ? { pageToken: pageToken, historyId: start.historyId, full: true }
              : { historyId: start.historyId, full: false };
            return [
              4 /*yield*/,
              __await({
                messages: ((_a = page.messages) !== null && _a !== void 0 ? _a : []).map((m) => ({
                  id: m.id,
                })),
                cursor: JSON.stringify(cursor),
                done: !pageToken,
              }),
            ];
          case 3:
            return [4 /*yield*/, _b.sent()];
          case 4:
            _b.sent();
            if (pageToken) return [3 /*break*/, 6];
            return [4 /*yield*/, __await(void 0)];
          case 5:
            return [2 /*return*/, _b.sent()];
          case 6:
            return [3 /*break*/, 1];
          case 7:
            return [2 /*return*/];
        }
      });
    });
  }
  function changes(historyId) {
    return __asyncGenerator(this, arguments, function changes_1() {
      var pageToken, url, page, ids, _i, _a, entry, _b, _c, added, labels, cursor;
      var _d, _e, _f;
      return __generator(this, (_g) => {
        switch (_g.label) {
          case 0:
            url = new URL(''.concat(api, '/history'));
            url.searchParams.set('startHistoryId', historyId);
            url.searchParams.set('historyTypes', 'messageAdded');
            url.searchParams.set('labelId', 'INBOX');
            if (pageToken) url.searchParams.set('pageToken', pageToken);
            return [4 /*yield*/, __await(client.call('gmail', url.toString()))];
          case 1:
            page = _g.sent();
            pageToken = page.nextPageToken;
            ids = new Set();
            for (_i = 0, _a = (_d = page.history) !== null && _d !== void 0 ? _d : []; _i < _a.length; _i++) {
              entry = _a[_i];
              for (
                _b = 0, _c = (_e = entry.messagesAdded) !== null && _e !== void 0 ? _e : [];
                _b < _c.length;
                _b++
              ) {
                added = _c[_b];
                labels = (_f = added.message.labelIds) !== null && _f !== void 0 ? _f : [];
                if (!labels.includes('SENT') && !labels.includes('DRAFT') && !labels.includes('SPAM'))
                  ids.add(added.message.id);
              }
            }
            cursor = { historyId: pageToken ? historyId : page.historyId, full: false };
            return [
              4 /*yield*/,
              __await({
                messages: __spreadArray([], ids, true).map((id) => ({ id: id })),
                cursor: JSON.stringify(cursor),
                done: !pageToken,
              }),
            ];
          case 2:
            return [4 /*yield*/, _g.sent()];
          case 3:
            _g.sent();
            if (pageToken) return [3 /*break*/, 5];
            return [4 /*yield*/, __await(void 0)];
          case 4:
            return [2 /*return*/, _g.sent()];
          case 5:
            return [3 /*break*/, 0];
          case 6:
            return [2 /*return*/];
        }
      });
    });
  }
  function currentHistoryId() {
    return __awaiter(this, void 0, void 0, function () {
      var profile;
      return __generator(this, (_a) => {
        switch (_a.label) {
          case 0:
            return [4 /*yield*/, client.call('gmail', ''.concat(api, '/profile'))];
          case 1:
            profile = _a.sent();
            return [2 /*return*/, String(profile.historyId)];
        }
      });
    });
  }
  return {
    pages: function (cursorText) {
      return __asyncGenerator(this, arguments, function pages_1() {
        var cursor, _a, error_1, _b;
        var _c, _d;
        return __generator(this, (_e) => {
          switch (_e.label) {
            case 0:
              cursor = cursorText ? JSON.parse(cursorText) : null;
              if (cursor) return [3 /*break*/, 5];
              _a = fullScan;
              _c = {};
              return [4 /*yield*/, __await(currentHistoryId())];
            case 1:
              return [
                5 /*yield**/,
                __values(
                  __asyncDelegator.apply(void 0, [
                    __asyncValues.apply(void 0, [
                      _a.apply(void 0, [((_c.historyId = _e.sent()), (_c.full = true), _c)]),
                    ]),
                  ]),
                ),
              ];
            case 2:
              return [4 /*yield*/, __await.apply(void 0, [_e.sent()])];
            case 3:
              _e.sent();
              return [4 /*yield*/, __await(void 0)];
            case 4:
              return [2 /*return*/, _e.sent()];
            case 5:
              if (!cursor.full) return [3 /*break*/, 9];
              return [5 /*yield**/, __values(__asyncDelegator(__asyncValues(fullScan(cursor))))];
            case 6:
              return [4 /*yield*/, __await.apply(void 0, [_e.sent()])];
            case 7:
              _e.sent();
              return [4 /*yield*/, __await(void 0)];
            case 8:
              return [2 /*return*/, _e.sent()];
            case 9:
              _e.trys.push([9, 12, , 16]);
              return [5 /*yield**/, __values(__asyncDelegator(__asyncValues(changes(cursor.historyId))))];
            case 10:
              return [4 /*yield*/, __await.apply(void 0, [_e.sent()])];
            case 11:
              _e.sent();
              return [3 /*break*/, 16];
            case 12:
              error_1 = _e.sent();
              if (!(error_1 instanceof http_1.ProviderHttpError) || error_1.httpStatus !== 404) throw error_1;
              _b = fullScan;
              _d = {};
              return [4 /*yield*/, __await(currentHistoryId())];
            case 13:
              // History older than Gmail keeps: scan the look-back again; already-imported messages are skipped.
              return [
                5 /*yield**/,
                __values(
                  __asyncDelegator.apply(void 0, [
                    __asyncValues.apply(void 0, [
                      _b.apply(void 0, [((_d.historyId = _e.sent()), (_d.full = true), _d)]),
                    ]),
                  ]),
                ),
              ];
            case 14:
              // History older than Gmail keeps: scan the look-back again; already-imported messages are skipped.
              return [4 /*yield*/, __await.apply(void 0, [_e.sent()])];
            case 15:
              // History older than Gmail keeps: scan the look-back again; already-imported messages are skipped.
              _e.sent();
              return [3 /*break*/, 16];
            case 16:
              return [2 /*return*/];
          }
        });
      });
    },
    fetchRaw: function (messageId) {
      return __awaiter(this, void 0, void 0, function () {
        var message;
        return __generator(this, (_a) => {
          switch (_a.label) {
            case 0:
              return [
                4 /*yield*/,
                client.call(
                  'gmail',
                  ''.concat(api, '/messages/').concat(encodeURIComponent(messageId), '?format=raw'),
                ),
              ];
            case 1:
              message = _a.sent();
              if (typeof message.raw !== 'string')
                throw new Error('Gmail message '.concat(messageId, ' has no raw body'));
              return [2 /*return*/, Buffer.from(message.raw, 'base64url')]; // Gmail uses the URL-safe alphabet
          }
        });
      });
    },
  };
}
