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
Object.defineProperty(exports, '__esModule', { value: true });
exports.createMailSync = createMailSync;
var node_crypto_1 = require('node:crypto');
var dates_1 = require('../../dates');
var errors_1 = require('../../errors');
var gmail_1 = require('../../providers/google/gmail');
var http_1 = require('../../providers/http');
var outlook_mail_1 = require('../../providers/microsoft/outlook-mail');
var provider_accounts_1 = require('../auth/provider-accounts');
var import_service_1 = require('../purchases/import.service');
var purchasesRepo = require('../purchases/purchases.repository');
var purchases_service_1 = require('../purchases/purchases.service');
var repo = require('./sync.repository');
/** How long a lease lasts without renewal: a crashed process's lease expires and the next run resumes. */
var LEASE_MS = 120000;
var SOURCE = { google: 'gmail', microsoft: 'outlook' };
/**
 * Syncs a user's mailbox into purchases: candidates page by page, each page's purchases and its
 * checkpoint in one transaction, so a sync cut off anywhere resumes where it stopped and never doubles.
 */
function createMailSync(deps) {
  var _a, _b;
  var concurrency = (_a = deps.concurrency) !== null && _a !== void 0 ? _a : 8;
  var perSecond = (_b = deps.perSecond) !== null && _b !== void 0 ? _b : 25;
  function sourceFor(userId, provider) {
    var client = (0, http_1.createProviderClient)(
      __assign(
        { tokens: deps.tokens, userId: userId, provider: provider },
        deps.onCall ? { onCall: deps.onCall } : {},
      ),
    );
    if (provider === 'google') {
      if (!deps.endpoints.google)
        throw new errors_1.AppError('provider_failed', 'Google is not configured on this server');
      return (0, gmail_1.createGmailSource)(client, deps.endpoints.google.gmailBase, deps.lookbackMonths);
    }
    if (!deps.endpoints.microsoft)
      throw new errors_1.AppError('provider_failed', 'Microsoft is not configured on this server');
    return (0, outlook_mail_1.createOutlookSource)(
      client,
      deps.endpoints.microsoft.graphBase,
      deps.lookbackMonths,
      deps.now,
    );
  }
  function read(source, ref) {
    return __awaiter(this, void 0, void 0, function () {
      var raw, error_1, extractEmail, extraction, error_2;
      var _a, _b, _c;
      return __generator(this, (_d) => {
        switch (_d.label) {
          case 0:
            _d.trys.push([0, 2, , 3]);
            return [4 /*yield*/, source.fetchRaw(ref.id)];
          case 1:
            raw = _d.sent();
            return [3 /*break*/, 3];
          case 2:
            error_1 = _d.sent();
            (_a = deps.log) === null || _a === void 0
              ? void 0
              : _a.warn(
                  { err: error_1, message: ref.id },
                  'could not fetch a message; the next sync retries it',
                );
            return [2 /*return*/, { kind: 'error', ref: ref, permanent: false }];
          case 3:
            _d.trys.push([3, 6, , 7]);
            return [4 /*yield*/, Promise.resolve().then(() => require('@warrantly/extract/email'))];
          case 4:
            extractEmail = _d.sent().extractEmail;
            return [4 /*yield*/, extractEmail(raw)];
          case 5:
            extraction = _d.sent();
            if (extraction.is_order && (0, import_service_1.hasPurchase)(extraction))
              return [2 /*return*/, { kind: 'order', ref: ref, extraction: extraction }];
            if ((_b = extraction.email) === null || _b === void 0 ? void 0 : _b.is_shipping_update)
              return [2 /*return*/, { kind: 'shipping', ref: ref, extraction: extraction }];
            return [2 /*return*/, { kind: 'skipped', ref: ref, extraction: extraction }];
          case 6:
            error_2 = _d.sent();
            (_c = deps.log) === null || _c === void 0
              ? void 0
              : _c.warn({ err: error_2, message: ref.id }, 'could not read a message; counted in errors');
            return [2 /*return*/, { kind: 'error', ref: ref, permanent: true }];
          case 7:
            return [2 /*return*/];
        }
      });
    });
  }
  /** Reads a page's messages with bounded concurrency and a steady rate. */
  function readAll(source, refs) {
    return __awaiter(this, void 0, void 0, function () {
      var out, next, lastStart, gap, worker;
      return __generator(this, (_a) => {
        switch (_a.label) {
          case 0:
            out = new Array(refs.length);
            next = 0;
            lastStart = 0;
            gap = 1000 / perSecond;
            worker = () =>
              __awaiter(this, void 0, void 0, function () {
                var _loop_1;
                return __generator(this, (_a) => {
                  switch (_a.label) {
                    case 0:
                      _loop_1 = function () {
                        var index, wait, _b, _c;
                        return __generator(this, (_d) => {
                          switch (_d.label) {
                            case 0:
                              index = next++;
                              wait = lastStart + gap - Date.now();
                              lastStart = Math.max(Date.now(), lastStart + gap);
                              if (!(wait > 0)) return [3 /*break*/, 2];
                              return [4 /*yield*/, new Promise((r) => setTimeout(r, wait))];
                            case 1:
                              _d.sent();
                              _d.label = 2;
                            case 2:
                              _b = out;
                              _c = index;
                              return [4 /*yield*/, read(source, refs[index])];
                            case 3:
                              _b[_c] = _d.sent();
                              return [2 /*return*/];
                          }
                        });
                      };
                      _a.label = 1;
                    case 1:
                      if (!(next < refs.length)) return [3 /*break*/, 3];
                      return [5 /*yield**/, _loop_1()];
                    case 2:
                      _a.sent();
                      return [3 /*break*/, 1];
                    case 3:
                      return [2 /*return*/];
                  }
                });
              });
            return [
              4 /*yield*/,
              Promise.all(Array.from({ length: Math.min(concurrency, refs.length) }, worker)),
            ];
          case 1:
            _a.sent();
            return [2 /*return*/, out];
        }
      });
    });
  }
  function run(userId, provider, holder) {
    return __awaiter(this, void 0, void 0, function () {
      var account, source, summary, touched, _loop_2, _a, _b, _c, state_1, e_1_1, today_1, rows, byId_1;
      var _this = this;
      var _d, e_1, _e, _f;
      var _g;
      return __generator(this, (_h) => {
        switch (_h.label) {
          case 0:
            return [
              4 /*yield*/,
              deps.db
                .selectFrom('provider_accounts')
                .select('sync_cursor')
                .where('user_id', '=', userId)
                .where('provider', '=', provider)
                .executeTakeFirst(),
            ];
          case 1:
            account = _h.sent();
            source = sourceFor(userId, provider);
            summary = { scanned: 0, created: 0, updated: 0, skipped: 0, errors: 0, items: [] };
            touched = [];
            _h.label = 2;
          case 2:
            _h.trys.push([2, 8, 9, 14]);
            _loop_2 = function () {
              var page, seen, fresh, outcomes, defaultCurrency, now, isComplete;
              return __generator(this, (_j) => {
                switch (_j.label) {
                  case 0:
                    _f = _c.value;
                    _a = false;
                    page = _f;
                    summary.scanned += page.messages.length;
                    return [
                      4 /*yield*/,
                      repo.processedIds(
                        deps.db,
                        userId,
                        provider,
                        page.messages.map((m) => m.id),
                      ),
                    ];
                  case 1:
                    seen = _j.sent();
                    fresh = page.messages.filter((m) => !seen.has(m.id));
                    summary.skipped += page.messages.length - fresh.length;
                    return [4 /*yield*/, readAll(source, fresh)];
                  case 2:
                    outcomes = _j.sent();
                    return [4 /*yield*/, (0, purchases_service_1.dataVersion)(deps.db, userId)];
                  case 3:
                    defaultCurrency = _j.sent().defaultCurrency;
                    now = deps.now();
                    isComplete = outcomes.every((o) => o.kind !== 'error' || o.permanent);
                    return [
                      4 /*yield*/,
                      deps.db.transaction().execute((trx) =>
                        __awaiter(_this, void 0, void 0, function () {
                          var processed, _loop_3, _i, outcomes_1, outcome;
                          var _a, _b, _c, _d, _e, _f, _g, _h, _j, _k;
                          return __generator(this, (_l) => {
                            switch (_l.label) {
                              case 0:
                                processed = [];
                                _loop_3 = function (outcome) {
                                  var subject,
                                    date,
                                    recorded,
                                    related,
                                    held,
                                    sameOrder,
                                    changed,
                                    _m,
                                    changed_1,
                                    id,
                                    ids,
                                    _o,
                                    ids_1,
                                    id;
                                  return __generator(this, (_p) => {
                                    switch (_p.label) {
                                      case 0:
                                        subject =
                                          outcome.kind === 'error'
                                            ? (_a = outcome.ref.subject) !== null && _a !== void 0
                                              ? _a
                                              : null
                                            : (_d =
                                                  (_c =
                                                    (_b = outcome.extraction) === null || _b === void 0
                                                      ? void 0
                                                      : _b.email) === null || _c === void 0
                                                    ? void 0
                                                    : _c.subject) !== null && _d !== void 0
                                              ? _d
                                              : null;
                                        date =
                                          outcome.kind === 'error'
                                            ? null
                                            : (_g =
                                                  (_f =
                                                    (_e = outcome.extraction) === null || _e === void 0
                                                      ? void 0
                                                      : _e.email) === null || _f === void 0
                                                    ? void 0
                                                    : _f.date) !== null && _g !== void 0
                                              ? _g
                                              : null;
                                        recorded = outcome.kind;
                                        if (!(outcome.kind === 'error')) return [3 /*break*/, 1];
                                        summary.errors += 1;
                                        if (!outcome.permanent) return [2 /*return*/, 'continue']; // fetch failures are retried next time
                                        return [3 /*break*/, 8];
                                      case 1:
                                        if (!(outcome.kind === 'skipped')) return [3 /*break*/, 2];
                                        summary.skipped += 1;
                                        return [3 /*break*/, 8];
                                      case 2:
                                        related = __spreadArray(
                                          [outcome.extraction.order_id],
                                          (_j =
                                            (_h = outcome.extraction.email) === null || _h === void 0
                                              ? void 0
                                              : _h.related_order_ids) !== null && _j !== void 0
                                            ? _j
                                            : [],
                                          true,
                                        ).filter((id) => Boolean(id));
                                        return [4 /*yield*/, repo.findOrderLines(trx, userId, related)];
                                      case 3:
                                        held = _p.sent();
                                        sameOrder = held.filter(
                                          (line) =>
                                            !line.shop_name ||
                                            !outcome.extraction.merchant ||
                                            sameMerchant(line.shop_name, outcome.extraction.merchant),
                                        );
                                        if (!(sameOrder.length > 0)) return [3 /*break*/, 5];
                                        return [
                                          4 /*yield*/,
                                          enrich(trx, userId, sameOrder, outcome.extraction, now),
                                        ];
                                      case 4:
                                        changed = _p.sent();
                                        summary.updated += changed.length;
                                        for (_m = 0, changed_1 = changed; _m < changed_1.length; _m++) {
                                          id = changed_1[_m];
                                          touched.push({ id: id, subject: subject, date: date });
                                        }
                                        recorded = outcome.kind === 'order' ? 'duplicate' : 'shipping';
                                        return [3 /*break*/, 8];
                                      case 5:
                                        if (!(outcome.kind === 'order')) return [3 /*break*/, 7];
                                        return [
                                          4 /*yield*/,
                                          (0, import_service_1.importExtraction)(
                                            trx,
                                            userId,
                                            defaultCurrency,
                                            outcome.extraction,
                                            {
                                              source: SOURCE[provider],
                                              sourceRef: outcome.ref.id,
                                              fallbackDate: date,
                                              status: (0, import_service_1.extractionStatus)(
                                                outcome.extraction,
                                              ),
                                            },
                                            now,
                                          ),
                                        ];
                                      case 6:
                                        ids = _p.sent().ids;
                                        summary.created += ids.length;
                                        for (_o = 0, ids_1 = ids; _o < ids_1.length; _o++) {
                                          id = ids_1[_o];
                                          touched.push({ id: id, subject: subject, date: date });
                                        }
                                        return [3 /*break*/, 8];
                                      case 7:
                                        summary.skipped += 1;
                                        _p.label = 8;
                                      case 8:
                                        processed.push({
                                          user_id: userId,
                                          provider: provider,
                                          message_id: outcome.ref.id,
                                          outcome: recorded,
                                          subject:
                                            (_k =
                                              subject === null || subject === void 0
                                                ? void 0
                                                : subject.slice(0, 300)) !== null && _k !== void 0
                                              ? _k
                                              : null,
                                          message_date: date,
                                          processed_at: (0, dates_1.timestamp)(now),
                                        });
                                        return [2 /*return*/];
                                    }
                                  });
                                };
                                (_i = 0), (outcomes_1 = outcomes);
                                _l.label = 1;
                              case 1:
                                if (!(_i < outcomes_1.length)) return [3 /*break*/, 4];
                                outcome = outcomes_1[_i];
                                return [5 /*yield**/, _loop_3(outcome)];
                              case 2:
                                _l.sent();
                                _l.label = 3;
                              case 3:
                                _i++;
                                return [3 /*break*/, 1];
                              case 4:
                                return [4 /*yield*/, repo.markProcessed(trx, processed)];
                              case 5:
                                _l.sent();
                                if (!isComplete) return [3 /*break*/, 7];
                                return [
                                  4 /*yield*/,
                                  repo.saveCursor(
                                    trx,
                                    userId,
                                    provider,
                                    page.cursor,
                                    (0, dates_1.timestamp)(now),
                                  ),
                                ];
                              case 6:
                                _l.sent();
                                _l.label = 7;
                              case 7:
                                return [2 /*return*/];
                            }
                          });
                        }),
                      ),
                    ];
                  case 4:
                    _j.sent();
                    if (!isComplete) return [2 /*return*/, 'break'];
                    return [
                      4 /*yield*/,
                      repo.renewLease(
                        deps.db,
                        userId,
                        holder,
                        (0, dates_1.timestamp)(new Date(Date.now() + LEASE_MS)),
                      ),
                    ];
                  case 5:
                    _j.sent();
                    return [2 /*return*/];
                }
              });
            };
            (_a = true),
              (_b = __asyncValues(
                source.pages(
                  (_g = account === null || account === void 0 ? void 0 : account.sync_cursor) !== null &&
                    _g !== void 0
                    ? _g
                    : null,
                ),
              ));
            _h.label = 3;
          case 3:
            return [4 /*yield*/, _b.next()];
          case 4:
            if (!((_c = _h.sent()), (_d = _c.done), !_d)) return [3 /*break*/, 7];
            return [5 /*yield**/, _loop_2()];
          case 5:
            state_1 = _h.sent();
            if (state_1 === 'break') return [3 /*break*/, 7];
            _h.label = 6;
          case 6:
            _a = true;
            return [3 /*break*/, 3];
          case 7:
            return [3 /*break*/, 14];
          case 8:
            e_1_1 = _h.sent();
            e_1 = { error: e_1_1 };
            return [3 /*break*/, 14];
          case 9:
            _h.trys.push([9, , 12, 13]);
            if (!(!_a && !_d && (_e = _b.return))) return [3 /*break*/, 11];
            return [4 /*yield*/, _e.call(_b)];
          case 10:
            _h.sent();
            _h.label = 11;
          case 11:
            return [3 /*break*/, 13];
          case 12:
            if (e_1) throw e_1.error;
            return [7 /*endfinally*/];
          case 13:
            return [7 /*endfinally*/];
          case 14:
            if (!(touched.length > 0)) return [3 /*break*/, 16];
            today_1 = (0, dates_1.isoDate)(deps.now());
            return [
              4 /*yield*/,
              purchasesRepo
                .selectPurchases(deps.db, userId)
                .where(
                  'o.id',
                  'in',
                  touched.map((t) => t.id),
                )
                .execute(),
            ];
          case 15:
            rows = _h.sent();
            byId_1 = new Map(rows.map((row) => [row.id, (0, purchases_service_1.toPurchase)(row, today_1)]));
            summary.items = touched.flatMap((t) => {
              var purchase = byId_1.get(t.id);
              return purchase
                ? [__assign(__assign({}, purchase), { subject: t.subject, message_date: t.date })]
                : [];
            });
            _h.label = 16;
          case 16:
            return [2 /*return*/, summary];
        }
      });
    });
  }
  return {
    /**
     * Runs the user's sync to its end. When another process is already syncing this user, waits for it
     * and answers its result instead of running twice.
     */
    sync: function (userId, provider) {
      return __awaiter(this, void 0, void 0, function () {
        var holder, deadline, seenFinish, lease, summary;
        var _a, _b, _c;
        return __generator(this, (_d) => {
          switch (_d.label) {
            case 0:
              return [4 /*yield*/, (0, provider_accounts_1.requireSignedInWith)(deps.db, userId, provider)];
            case 1:
              _d.sent();
              holder = (0, node_crypto_1.randomUUID)();
              deadline = Date.now() + 10 * 60000;
              return [4 /*yield*/, repo.findLease(deps.db, userId)];
            case 2:
              seenFinish =
                (_b = (_a = _d.sent()) === null || _a === void 0 ? void 0 : _a.last_finished_at) !== null &&
                _b !== void 0
                  ? _b
                  : null;
              _d.label = 3;
            case 3:
              return [
                4 /*yield*/,
                repo.acquireLease(
                  deps.db,
                  userId,
                  holder,
                  (0, dates_1.timestamp)(),
                  (0, dates_1.timestamp)(new Date(Date.now() + LEASE_MS)),
                ),
              ];
            case 4:
              if (_d.sent()) return [3 /*break*/, 7];
              if (Date.now() > deadline)
                throw new errors_1.AppError(
                  'conflict',
                  'A mailbox sync is already running; try again shortly',
                );
              return [4 /*yield*/, new Promise((r) => setTimeout(r, 250))];
            case 5:
              _d.sent();
              return [4 /*yield*/, repo.findLease(deps.db, userId)];
            case 6:
              lease = _d.sent();
              if (
                (lease === null || lease === void 0 ? void 0 : lease.holder) === null &&
                lease.last_finished_at !== seenFinish &&
                lease.last_result
              ) {
                return [2 /*return*/, JSON.parse(lease.last_result)];
              }
              return [3 /*break*/, 3];
            case 7:
              summary = null;
              _d.label = 8;
            case 8:
              _d.trys.push([8, , 10, 12]);
              return [4 /*yield*/, run(userId, provider, holder)];
            case 9:
              summary = _d.sent();
              if (summary.created + summary.updated > 0)
                (_c = deps.afterSync) === null || _c === void 0 ? void 0 : _c.call(deps, userId);
              return [2 /*return*/, summary];
            case 10:
              return [
                4 /*yield*/,
                repo.releaseLease(
                  deps.db,
                  userId,
                  holder,
                  JSON.stringify(
                    summary !== null && summary !== void 0
                      ? summary
                      : { scanned: 0, created: 0, updated: 0, skipped: 0, errors: 1, items: [] },
                  ),
                  (0, dates_1.timestamp)(),
                ),
              ];
            case 11:
              _d.sent();
              return [7 /*endfinally*/];
            case 12:
              return [2 /*return*/];
          }
        });
      });
    },
    /** The background pass: every user with a connected mailbox, one after another. */
    syncEveryone: function () {
      return __awaiter(this, void 0, void 0, function () {
        var _i, _a, user, error_3;
        var _b;
        return __generator(this, function (_c) {
          switch (_c.label) {
            case 0:
              _i = 0;
              return [4 /*yield*/, repo.syncableUsers(deps.db)];
            case 1:
              _a = _c.sent();
              _c.label = 2;
            case 2:
              if (!(_i < _a.length)) return [3 /*break*/, 7];
              user = _a[_i];
              _c.label = 3;
            case 3:
              _c.trys.push([3, 5, , 6]);
              return [4 /*yield*/, this.sync(user.id, user.provider)];
            case 4:
              _c.sent();
              return [3 /*break*/, 6];
            case 5:
              error_3 = _c.sent();
              (_b = deps.log) === null || _b === void 0
                ? void 0
                : _b.warn({ err: error_3, user: user.id }, 'background mailbox sync failed');
              return [3 /*break*/, 6];
            case 6:
              _i++;
              return [3 /*break*/, 2];
            case 7:
              return [2 /*return*/];
          }
        });
      });
    },
  };
}
var normalise = (name) => name.toLowerCase().replace(/[^a-z0-9]/g, '');
function sameMerchant(a, b) {
  var x = normalise(a);
  var y = normalise(b);
  return x === y || x.includes(y) || y.includes(x);
}
/** Fills what the held order lacks from a later mail about it; answers the ids that changed. */
function enrich(trx, userId, lines, extraction, now) {
  return __awaiter(this, void 0, void 0, function () {
    var changed, _loop_4, _i, lines_1, line;
    return __generator(this, (_a) => {
      switch (_a.label) {
        case 0:
          changed = [];
          _loop_4 = function (line) {
            var product, changes;
            return __generator(this, (_b) => {
              switch (_b.label) {
                case 0:
                  product = extraction.products.find(
                    (p) => normalise(p.name) === normalise(line.product_name),
                  );
                  changes = __assign(
                    __assign(
                      __assign(
                        {},
                        line.shop_name === null && extraction.merchant
                          ? { shop_name: extraction.merchant }
                          : {},
                      ),
                      line.purchase_date === null && extraction.purchase_date
                        ? { purchase_date: extraction.purchase_date }
                        : {},
                    ),
                    line.store_link === null &&
                      (product === null || product === void 0 ? void 0 : product.url)
                      ? { store_link: product.url }
                      : {},
                  );
                  if (Object.keys(changes).length === 0) return [2 /*return*/, 'continue'];
                  return [
                    4 /*yield*/,
                    purchasesRepo.updateOrder(
                      trx,
                      userId,
                      line.id,
                      __assign(__assign({}, changes), { updated_at: (0, dates_1.timestamp)(now) }),
                    ),
                  ];
                case 1:
                  _b.sent();
                  changed.push(line.id);
                  return [2 /*return*/];
              }
            });
          };
          (_i = 0), (lines_1 = lines);
          _a.label = 1;
        case 1:
          if (!(_i < lines_1.length)) return [3 /*break*/, 4];
          line = lines_1[_i];
          return [5 /*yield**/, _loop_4(line)];
        case 2:
          _a.sent();
          _a.label = 3;
        case 3:
          _i++;
          return [3 /*break*/, 1];
        case 4:
          if (!(changed.length > 0)) return [3 /*break*/, 6];
          return [4 /*yield*/, purchasesRepo.bumpDataVersion(trx, userId)];
        case 5:
          _a.sent();
          _a.label = 6;
        case 6:
          return [2 /*return*/, changed];
      }
    });
  });
}
