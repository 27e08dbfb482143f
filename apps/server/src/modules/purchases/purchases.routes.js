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
exports.purchasesRoutes = void 0;
exports.checkedPdf = checkedPdf;
var common_1 = require('@warrantly/contract/common');
var purchases_1 = require('@warrantly/contract/purchases');
var zod_1 = require('zod');
var dates_1 = require('../../dates');
var errors_1 = require('../../errors');
var etag_1 = require('../../http/etag');
var multipart_1 = require('../../http/multipart');
var parse_input_1 = require('../../http/parse-input');
var service = require('./purchases.service');
var errors = { 400: common_1.ErrorBody, 401: common_1.ErrorBody, 404: common_1.ErrorBody };
var tags = ['purchases'];
var purchasesRoutes = (fastify_1, _a) =>
  __awaiter(void 0, [fastify_1, _a], void 0, function (fastify, _b) {
    /**
     * Conditional GET: one primary-key read decides between 304 and computing the answer, so an unchanged
     * dashboard costs no list query and no serialisation.
     */
    function conditional(req, reply, produce) {
      return __awaiter(this, void 0, void 0, function () {
        var _a, version, defaultCurrency, etag;
        return __generator(this, (_b) => {
          switch (_b.label) {
            case 0:
              return [4 /*yield*/, service.dataVersion(db, req.userId)];
            case 1:
              (_a = _b.sent()), (version = _a.version), (defaultCurrency = _a.defaultCurrency);
              etag = (0, etag_1.dataEtag)(req.userId, version, (0, dates_1.isoDate)(now()));
              (0, etag_1.setCacheHeaders)(reply, etag);
              if ((0, etag_1.isFresh)(req, etag)) {
                reply.code(304).send();
                return [2 /*return*/, undefined];
              }
              return [2 /*return*/, produce(defaultCurrency)];
          }
        });
      });
    }
    var app, db;
    var deps = _b.deps,
      now = _b.now;
    return __generator(this, (_c) => {
      app = fastify.withTypeProvider();
      db = deps.db;
      app.get(
        '/api/v1/user-orders/',
        {
          schema: {
            tags: tags,
            summary: 'List purchases, newest first',
            response: __assign({ 200: zod_1.z.array(purchases_1.Purchase) }, errors),
          },
        },
        (req, reply) => conditional(req, reply, () => service.listPurchases(db, req.userId, now())),
      );
      app.get(
        '/api/v1/user-orders/total-price/',
        {
          schema: {
            tags: tags,
            summary: 'Sum of purchase amounts',
            response: __assign({ 200: purchases_1.TotalPrice }, errors),
          },
        },
        (req, reply) => conditional(req, reply, (currency) => service.totalPrice(db, req.userId, currency)),
      );
      app.get(
        '/api/v1/user-orders/active-warranty-count/',
        {
          schema: {
            tags: tags,
            summary: 'Purchases under warranty',
            response: __assign({ 200: purchases_1.ActiveWarrantyCount }, errors),
          },
        },
        (req, reply) => conditional(req, reply, () => service.activeWarrantyCount(db, req.userId, now())),
      );
      app.get(
        '/api/v1/user-orders/total-upcoming-warranty/',
        {
          schema: {
            tags: tags,
            summary: 'Warranties ending in 30 days',
            response: __assign({ 200: purchases_1.UpcomingWarrantyCount }, errors),
          },
        },
        (req, reply) => conditional(req, reply, () => service.upcomingWarrantyCount(db, req.userId, now())),
      );
      app.post(
        '/api/v1/orders/create/',
        {
          schema: {
            tags: tags,
            summary: 'Add a purchase by hand (multipart; optional PDF in `invoice`)',
            consumes: ['multipart/form-data', 'application/json'],
            response: __assign(__assign({ 201: purchases_1.Purchase }, errors), {
              413: common_1.ErrorBody,
              415: common_1.ErrorBody,
            }),
          },
        },
        (req, reply) =>
          __awaiter(void 0, void 0, void 0, function () {
            var _a, fields, file, input, purchase;
            return __generator(this, (_b) => {
              switch (_b.label) {
                case 0:
                  return [4 /*yield*/, (0, multipart_1.readForm)(req, ['invoice'])];
                case 1:
                  (_a = _b.sent()), (fields = _a.fields), (file = _a.file);
                  input = (0, parse_input_1.parseInput)(purchases_1.PurchaseCreate, fields);
                  return [
                    4 /*yield*/,
                    service.createPurchase(deps, req.userId, input, checkedPdf(file), now()),
                  ];
                case 2:
                  purchase = _b.sent();
                  return [2 /*return*/, reply.code(201).send(purchase)];
              }
            });
          }),
      );
      app.put(
        '/api/v1/user-orders/update/:orderId/',
        {
          schema: {
            tags: tags,
            summary: 'Change some fields of a purchase (multipart; optional PDF in `invoice_pdf`)',
            consumes: ['multipart/form-data', 'application/json'],
            params: zod_1.z.object({ orderId: zod_1.z.string() }),
            response: __assign(__assign({ 200: purchases_1.Purchase }, errors), {
              413: common_1.ErrorBody,
              415: common_1.ErrorBody,
            }),
          },
        },
        (req) =>
          __awaiter(void 0, void 0, void 0, function () {
            var id, _a, fields, file, input;
            return __generator(this, (_b) => {
              switch (_b.label) {
                case 0:
                  id = (0, parse_input_1.parseId)(req.params.orderId);
                  return [4 /*yield*/, (0, multipart_1.readForm)(req, ['invoice_pdf'])];
                case 1:
                  (_a = _b.sent()), (fields = _a.fields), (file = _a.file);
                  input = (0, parse_input_1.parseInput)(purchases_1.PurchaseUpdate, fields);
                  return [
                    2 /*return*/,
                    service.updatePurchase(deps, req.userId, id, input, checkedPdf(file), now()),
                  ];
              }
            });
          }),
      );
      app.delete(
        '/api/v1/user-delete-order/:id/',
        {
          schema: {
            tags: tags,
            summary: 'Delete a purchase (and its file with the last line of its order)',
            params: zod_1.z.object({ id: zod_1.z.string() }),
            response: __assign({ 204: zod_1.z.null() }, errors),
          },
        },
        (req, reply) =>
          __awaiter(void 0, void 0, void 0, function () {
            return __generator(this, (_a) => {
              switch (_a.label) {
                case 0:
                  return [
                    4 /*yield*/,
                    service.deletePurchase(deps, req.userId, (0, parse_input_1.parseId)(req.params.id)),
                  ];
                case 1:
                  _a.sent();
                  return [2 /*return*/, reply.code(204).send(null)];
              }
            });
          }),
      );
      return [2 /*return*/];
    });
  });
exports.purchasesRoutes = purchasesRoutes;
/** A receipt must really be a PDF (by its bytes) and not empty; names and declared types are not trusted. */
function checkedPdf(file) {
  if (!file) return null;
  if (file.bytes.length === 0)
    throw new errors_1.AppError('invalid_input', ''.concat(file.field, ': the file is empty'));
  if (!(0, multipart_1.isPdf)(file.bytes)) {
    throw new errors_1.AppError(
      'unsupported_type',
      ''.concat(file.field, ': Invalid File: Please select a valid PDF file.'),
    );
  }
  return file;
}
