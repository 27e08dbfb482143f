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
exports.documentsRoutes = void 0;
var common_1 = require('@warrantly/contract/common');
var purchases_1 = require('@warrantly/contract/purchases');
var zod_1 = require('zod');
var errors_1 = require('../../errors');
var multipart_1 = require('../../http/multipart');
var purchases_routes_1 = require('../purchases/purchases.routes');
var service = require('./documents.service');
var documentsRoutes = (fastify_1, _a) =>
  __awaiter(void 0, [fastify_1, _a], void 0, function (fastify, _b) {
    var app;
    var deps = _b.deps,
      now = _b.now;
    return __generator(this, (_c) => {
      app = fastify.withTypeProvider();
      app.post(
        '/api/v1/ai-order-extract/',
        {
          schema: {
            tags: ['receipts'],
            summary:
              'Upload a receipt PDF (multipart field `file`): its purchases, or [] when none was found',
            consumes: ['multipart/form-data'],
            response: {
              200: zod_1.z.array(purchases_1.Purchase),
              400: common_1.ErrorBody,
              401: common_1.ErrorBody,
              413: common_1.ErrorBody,
              415: common_1.ErrorBody,
            },
          },
        },
        (req) =>
          __awaiter(void 0, void 0, void 0, function () {
            var file, pdf;
            return __generator(this, (_a) => {
              switch (_a.label) {
                case 0:
                  return [4 /*yield*/, (0, multipart_1.readForm)(req, ['file'])];
                case 1:
                  file = _a.sent().file;
                  pdf = (0, purchases_routes_1.checkedPdf)(file);
                  if (!pdf)
                    throw new errors_1.AppError('invalid_input', 'file: choose a PDF receipt to upload');
                  return [2 /*return*/, service.importPdf(deps, req.userId, pdf, now())];
              }
            });
          }),
      );
      return [2 /*return*/];
    });
  });
exports.documentsRoutes = documentsRoutes;
