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
var _a, _b;
Object.defineProperty(exports, '__esModule', { value: true });
/**
 * `npm run bench:sync`: a sandbox mailbox of 10,000 messages (a mix of order and other mail), then
 * the first full Gmail sync, an incremental sync with nothing new, and one with 10 new messages.
 * Prints time, messages per second, provider calls by kind and the peak calls per second.
 */
var node_fs_1 = require('node:fs');
var node_os_1 = require('node:os');
var node_path_1 = require('node:path');
var sandbox_1 = require('@warrantly/sandbox/sandbox');
var start_providers_1 = require('../../apps/server/src/providers/start-providers');
var harness_1 = require('../../apps/server/test/harness');
var mail_fixtures_1 = require('../../apps/server/test/mail-fixtures');
var sandbox_sign_in_1 = require('../../apps/server/test/sandbox-sign-in');
var TOTAL = Number(
  (_b =
    (_a = process.argv.find((a) => a.startsWith('--messages='))) === null || _a === void 0
      ? void 0
      : _a.split('=')[1]) !== null && _b !== void 0
    ? _b
    : 10000,
);
var ORDER_SHARE = 0.15;
var EMAIL = 'avery.quinn@example.com';
var PRODUCTS = [
  'Dishwasher',
  'Laptop stand',
  'Air purifier',
  'Coffee grinder',
  'Desk lamp',
  'Headphones',
  'Blender',
  'Router',
];
function mailbox(count, offset) {
  if (offset === void 0) {
    offset = 0;
  }
  var out = [];
  for (var i = 0; i < count; i += 1) {
    var n = offset + i;
    var day = new Date(Date.UTC(2026, 10, 20) - (n % 600) * 86400000).toUTCString().replace('GMT', '+0000');
    if (n % Math.round(1 / ORDER_SHARE) === 0) {
      var product = PRODUCTS[n % PRODUCTS.length];
      out.push(
        (0, mail_fixtures_1.orderMail)({
          orderId: 'BN-'.concat(100000 + n),
          date: day,
          items: [{ name: ''.concat(product, ' ').concat(n), price: ''.concat((n % 500) + 9, '.99') }],
          total: ''.concat((n % 500) + 9, '.99'),
        }),
      );
    } else {
      out.push((0, mail_fixtures_1.otherMail)(['newsletter', 'password', 'personal'][n % 3], '#'.concat(n)));
    }
  }
  return out;
}
function callStats(requests) {
  var _a, _b;
  var byKind = new Map();
  var perSecond = new Map();
  for (var _i = 0, requests_1 = requests; _i < requests_1.length; _i++) {
    var r = requests_1[_i];
    var kind = r.path
      .replace(/\/messages\/[^/]+$/, '/messages/{id}')
      .replace(/\/messages\/[^/]+\/\$value$/, '/messages/{id}/$value')
      .replace(/^\/google|^\/graph/, '');
    byKind.set(kind, ((_a = byKind.get(kind)) !== null && _a !== void 0 ? _a : 0) + 1);
    var second = Math.floor(new Date(r.at).getTime() / 1000);
    perSecond.set(second, ((_b = perSecond.get(second)) !== null && _b !== void 0 ? _b : 0) + 1);
  }
  return {
    total: requests.length,
    byKind: byKind,
    peak: Math.max.apply(Math, __spreadArray([0], perSecond.values(), false)),
  };
}
function main() {
  return __awaiter(this, void 0, void 0, function () {
    var sandbox, seedStart, seedMs, t, access_token, headers, run, idle, _i, _a, raw, ten;
    return __generator(this, (_b) => {
      switch (_b.label) {
        case 0:
          return [
            4 /*yield*/,
            (0, sandbox_1.startSandbox)({
              mailboxDir: (0, node_fs_1.mkdtempSync)(
                node_path_1.default.join(node_os_1.default.tmpdir(), 'bench-mailbox-'),
              ),
            }),
          ];
        case 1:
          sandbox = _b.sent();
          seedStart = performance.now();
          sandbox.seedMessages(EMAIL, mailbox(TOTAL));
          seedMs = performance.now() - seedStart;
          return [
            4 /*yield*/,
            (0, harness_1.createTestApp)('sqlite', {
              endpoints: (0, start_providers_1.sandboxEndpoints)(sandbox),
            }),
          ];
        case 2:
          t = _b.sent();
          return [4 /*yield*/, (0, sandbox_sign_in_1.signInThroughSandbox)(t, 'google', EMAIL)];
        case 3:
          access_token = _b.sent().access_token;
          headers = { authorization: 'Bearer '.concat(access_token) };
          run = (label) =>
            __awaiter(this, void 0, void 0, function () {
              var start, res, ms, summary, calls, _i, _a, _b, kind, n;
              return __generator(this, (_c) => {
                switch (_c.label) {
                  case 0:
                    sandbox.clearRequests();
                    start = performance.now();
                    return [
                      4 /*yield*/,
                      t.app.inject({ method: 'GET', url: '/google-auth/google/sync/', headers: headers }),
                    ];
                  case 1:
                    res = _c.sent();
                    ms = performance.now() - start;
                    summary = res.json();
                    calls = callStats(sandbox.requests().filter((r) => r.provider !== 'control'));
                    console.log(
                      '\n'
                        .concat(label, ': ')
                        .concat((ms / 1000).toFixed(1), ' s, scanned ')
                        .concat(summary.scanned, ', created ')
                        .concat(summary.created, ', skipped ')
                        .concat(summary.skipped, ', errors ')
                        .concat(summary.errors),
                    );
                    console.log(
                      '  '
                        .concat(
                          (summary.scanned / (ms / 1000)).toFixed(0),
                          ' messages/s listed, provider calls ',
                        )
                        .concat(calls.total, ', peak ')
                        .concat(calls.peak, ' calls/s'),
                    );
                    for (
                      _i = 0, _a = __spreadArray([], calls.byKind, true).sort((a, b) => b[1] - a[1]);
                      _i < _a.length;
                      _i++
                    ) {
                      (_b = _a[_i]), (kind = _b[0]), (n = _b[1]);
                      console.log('    '.concat(String(n).padStart(6), '  ').concat(kind));
                    }
                    return [2 /*return*/, { ms: ms, calls: calls }];
                }
              });
            });
          console.log(
            'Seeded '
              .concat(TOTAL, ' messages (')
              .concat(Math.round(ORDER_SHARE * 100), ' % orders) in ')
              .concat(seedMs.toFixed(0), ' ms'),
          );
          return [4 /*yield*/, run('First full sync')];
        case 4:
          _b.sent();
          return [4 /*yield*/, run('Incremental sync, nothing new (target: 1 call)')];
        case 5:
          idle = _b.sent();
          for (_i = 0, _a = mailbox(10, TOTAL); _i < _a.length; _i++) {
            raw = _a[_i];
            sandbox.addMessage(EMAIL, raw);
          }
          return [4 /*yield*/, run('Incremental sync, 10 new messages (target: a handful of calls)')];
        case 6:
          ten = _b.sent();
          console.log(
            '\nnothing new: '
              .concat(idle.calls.total, ' call(s); 10 new: ')
              .concat(ten.calls.total, ' calls'),
          );
          return [4 /*yield*/, t.close()];
        case 7:
          _b.sent();
          return [4 /*yield*/, sandbox.close()];
        case 8:
          _b.sent();
          return [2 /*return*/];
      }
    });
  });
}
await main();
