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
Object.defineProperty(exports, '__esModule', { value: true });
exports.createOutlookSource = createOutlookSource;
var mail_1 = require('../mail');
/**
 * Outlook through Microsoft Graph: a delta query over the inbox within the look-back (pages through
 * @odata.nextLink, ending in an @odata.deltaLink kept as the cursor), subjects filtered here, raw MIME
 * through `/me/messages/{id}/$value`.
 */
function createOutlookSource(client, graphBase, lookbackMonths, now) {
  var api = ''.concat(graphBase.replace(/\/$/, ''), '/v1.0/me');
  function firstUrl() {
    var since = new Date(now());
    since.setMonth(since.getMonth() - lookbackMonths);
    var url = new URL(''.concat(api, '/mailFolders/inbox/messages/delta'));
    url.searchParams.set('$select', 'subject,receivedDateTime');
    url.searchParams.set(
      '$filter',
      'receivedDateTime ge '.concat(since.toISOString().replace(/\.\d{3}Z$/, 'Z')),
    );
    return url.toString();
  }
  return {
    pages: function (cursor) {
      return __asyncGenerator(this, arguments, function pages_1() {
        var url, page, next, done, messages, resume;
        return __generator(this, (_a) => {
          switch (_a.label) {
            case 0:
              url = cursor !== null && cursor !== void 0 ? cursor : firstUrl();
              _a.label = 1;
            case 1:
              return [
                4 /*yield*/,
                __await(
                  client.call('graph', url, {
                    headers: { prefer: 'odata.maxpagesize=100' },
                  }),
                ),
              ];
            case 2:
              page = _a.sent();
              next = page['@odata.nextLink'];
              done = !next;
              messages = page.value
                .filter((m) => !m['@removed'] && (0, mail_1.isCandidateSubject)(m.subject))
                .map((m) => {
                  var _a, _b;
                  return {
                    id: m.id,
                    subject: (_a = m.subject) !== null && _a !== void 0 ? _a : null,
                    receivedAt: (_b = m.receivedDateTime) !== null && _b !== void 0 ? _b : null,
                  };
                });
              resume = next !== null && next !== void 0 ? next : page['@odata.deltaLink'];
              if (!resume) throw new Error('Microsoft Graph ended a delta query without a deltaLink');
              return [4 /*yield*/, __await({ messages: messages, cursor: resume, done: done })];
            case 3:
              return [4 /*yield*/, _a.sent()];
            case 4:
              _a.sent();
              if (!done) return [3 /*break*/, 6];
              return [4 /*yield*/, __await(void 0)];
            case 5:
              return [2 /*return*/, _a.sent()];
            case 6:
              url = next;
              _a.label = 7;
            case 7:
              return [3 /*break*/, 1];
            case 8:
              return [2 /*return*/];
          }
        });
      });
    },
    fetchRaw: function (messageId) {
      return __awaiter(this, void 0, void 0, function () {
        return __generator(this, (_a) => [
          2 /*return*/,
          client.call(
            'graph',
            ''.concat(api, '/messages/').concat(encodeURIComponent(messageId), '/$value'),
            {
              as: 'bytes',
            },
          ),
        ]);
      });
    },
  };
}
