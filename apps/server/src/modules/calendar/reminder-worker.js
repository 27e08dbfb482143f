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
exports.createReminderWorker = createReminderWorker;
/**
 * Keeps warranty and maintenance events in step with purchases, off the request path: a purchase is saved
 * first, its calendar follows. One run per user at a time (a change during a run queues one more), and a
 * failing calendar is retried with growing delays, so it never fails or slows the purchase.
 */
function createReminderWorker(calendar, options) {
  var _a, _b;
  if (options === void 0) {
    options = {};
  }
  var retryMs = (_a = options.retryMs) !== null && _a !== void 0 ? _a : 30000;
  var maxRetryMs = (_b = options.maxRetryMs) !== null && _b !== void 0 ? _b : 30 * 60000;
  var running = new Map();
  var again = new Set();
  var retries = new Map();
  function run(userId) {
    return __awaiter(this, void 0, void 0, function () {
      var retry, error_1, delay, previous;
      var _a, _b, _c;
      return __generator(this, (_d) => {
        switch (_d.label) {
          case 0:
            _d.trys.push([0, 2, , 3]);
            return [4 /*yield*/, calendar.reconcile(userId)];
          case 1:
            _d.sent();
            retry = retries.get(userId);
            if (retry) clearTimeout(retry.timer);
            retries.delete(userId);
            return [3 /*break*/, 3];
          case 2:
            error_1 = _d.sent();
            delay = Math.min(
              ((_b = (_a = retries.get(userId)) === null || _a === void 0 ? void 0 : _a.delay) !== null &&
              _b !== void 0
                ? _b
                : retryMs / 2) * 2,
              maxRetryMs,
            );
            (_c = options.log) === null || _c === void 0
              ? void 0
              : _c.warn(
                  { err: error_1, user: userId, retryInMs: delay },
                  'calendar reminders failed; will retry',
                );
            previous = retries.get(userId);
            if (previous) clearTimeout(previous.timer);
            retries.set(userId, { delay: delay, timer: setTimeout(() => schedule(userId), delay).unref() });
            return [3 /*break*/, 3];
          case 3:
            return [2 /*return*/];
        }
      });
    });
  }
  function schedule(userId) {
    if (running.has(userId)) {
      again.add(userId);
      return;
    }
    var job = run(userId).finally(() => {
      running.delete(userId);
      if (again.delete(userId)) schedule(userId);
    });
    running.set(userId, job);
  }
  return {
    schedule: schedule,
    /** Resolves when no run is in progress (tests and shutdown wait on it). */
    idle: function () {
      return __awaiter(this, void 0, void 0, function () {
        return __generator(this, (_a) => {
          switch (_a.label) {
            case 0:
              if (!(running.size > 0)) return [3 /*break*/, 2];
              return [4 /*yield*/, Promise.all(running.values())];
            case 1:
              _a.sent();
              return [3 /*break*/, 0];
            case 2:
              return [2 /*return*/];
          }
        });
      });
    },
    stop: () => {
      for (var _i = 0, _a = retries.values(); _i < _a.length; _i++) {
        var timer = _a[_i].timer;
        clearTimeout(timer);
      }
      retries.clear();
    },
  };
}
