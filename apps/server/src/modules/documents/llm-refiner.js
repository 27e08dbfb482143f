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
var __rest =
  (this && this.__rest) ||
  ((s, e) => {
    var t = {};
    for (var p in s) if (Object.hasOwn(s, p) && e.indexOf(p) < 0) t[p] = s[p];
    if (s != null && typeof Object.getOwnPropertySymbols === 'function')
      for (var i = 0, p = Object.getOwnPropertySymbols(s); i < p.length; i++) {
        if (e.indexOf(p[i]) < 0 && Object.prototype.propertyIsEnumerable.call(s, p[i])) t[p[i]] = s[p[i]];
      }
    return t;
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
exports.createLlmRefiner = createLlmRefiner;
var common_1 = require('@warrantly/contract/common');
var zod_1 = require('zod');
var Answer = zod_1.z.object({
  merchant: zod_1.z.string().trim().min(1).max(200).nullable(),
  order_id: zod_1.z.string().trim().min(1).max(100).nullable(),
  purchase_date: zod_1.z.string().refine(common_1.isRealDate).nullable(),
  total: zod_1.z
    .string()
    .regex(/^\d{1,12}(\.\d{1,3})?$/)
    .nullable(),
  currency: zod_1.z
    .string()
    .regex(/^[A-Z]{3}$/)
    .nullable(),
  products: zod_1.z
    .array(
      zod_1.z.object({
        name: zod_1.z.string().trim().min(1).max(300),
        quantity: zod_1.z.number().int().positive().max(10000),
        price: zod_1.z
          .string()
          .regex(/^\d{1,12}(\.\d{1,3})?$/)
          .nullable(),
      }),
    )
    .max(200),
});
/** JSON Schema for the answer, sent as the OpenAI-compatible `response_format`. */
var SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['merchant', 'order_id', 'purchase_date', 'total', 'currency', 'products'],
  properties: {
    merchant: { type: ['string', 'null'], description: 'the seller, not the buyer' },
    order_id: { type: ['string', 'null'], description: 'order or invoice number' },
    purchase_date: { type: ['string', 'null'], description: 'YYYY-MM-DD' },
    total: { type: ['string', 'null'], description: 'amount paid, decimal with a dot, e.g. 1299.00' },
    currency: { type: ['string', 'null'], description: 'ISO 4217 code' },
    products: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['name', 'quantity', 'price'],
        properties: {
          name: { type: 'string' },
          quantity: { type: 'integer' },
          price: { type: ['string', 'null'] },
        },
      },
      description: 'goods bought; never taxes, fees, shipping, deposits or discounts',
    },
  },
};
/** Below this confidence an offline field may be corrected by the model; above it the offline value stands. */
var CORRECTABLE_BELOW = 0.5;
var FIELDS = ['merchant', 'order_id', 'purchase_date', 'total', 'currency'];
/**
 * Optional refinement through any OpenAI-compatible chat-completions endpoint. The model's answer is
 * validated and only fills missing fields or corrects unsure ones; on any failure or time-out the offline
 * extraction is returned unchanged.
 */
function createLlmRefiner(options) {
  var url = ''.concat(options.baseUrl.replace(/\/$/, ''), '/chat/completions');
  return (extraction) =>
    __awaiter(this, void 0, void 0, function () {
      var text, offline, res, body, content, answer, error_1;
      var _a, _b, _c, _d, _e;
      return __generator(this, (_f) => {
        switch (_f.label) {
          case 0:
            (text = extraction.text), (offline = __rest(extraction, ['text']));
            if (!text) return [2 /*return*/, offline];
            _f.label = 1;
          case 1:
            _f.trys.push([1, 4, , 5]);
            return [
              4 /*yield*/,
              fetch(url, {
                method: 'POST',
                headers: __assign(
                  { 'content-type': 'application/json' },
                  options.apiKey ? { authorization: 'Bearer '.concat(options.apiKey) } : {},
                ),
                body: JSON.stringify({
                  model: options.model,
                  temperature: 0,
                  messages: [
                    {
                      role: 'system',
                      content:
                        'You read receipts and order e-mails. Answer only with the JSON requested; use null for what the document does not say.',
                    },
                    { role: 'user', content: text.slice(0, 20000) },
                  ],
                  response_format: {
                    type: 'json_schema',
                    json_schema: { name: 'receipt', strict: true, schema: SCHEMA },
                  },
                }),
                signal: AbortSignal.timeout((_a = options.timeoutMs) !== null && _a !== void 0 ? _a : 15000),
              }),
            ];
          case 2:
            res = _f.sent();
            if (!res.ok) throw new Error('HTTP '.concat(res.status));
            return [4 /*yield*/, res.json()];
          case 3:
            body = _f.sent();
            content =
              (_d =
                (_c = (_b = body.choices) === null || _b === void 0 ? void 0 : _b[0]) === null ||
                _c === void 0
                  ? void 0
                  : _c.message) === null || _d === void 0
                ? void 0
                : _d.content;
            if (!content) throw new Error('no message content');
            answer = Answer.parse(JSON.parse(content));
            return [2 /*return*/, merge(offline, answer)];
          case 4:
            error_1 = _f.sent();
            (_e = options.log) === null || _e === void 0
              ? void 0
              : _e.call(options, 'LLM refinement failed; keeping the offline extraction', error_1);
            return [2 /*return*/, offline];
          case 5:
            return [2 /*return*/];
        }
      });
    });
}
function merge(offline, answer) {
  var _a;
  var merged = __assign(__assign({}, offline), {
    confidence: __assign({}, offline.confidence),
    signals: __spreadArray([], offline.signals, true),
  });
  for (var _i = 0, FIELDS_1 = FIELDS; _i < FIELDS_1.length; _i++) {
    var field = FIELDS_1[_i];
    var value = answer[field];
    if (value === null) continue;
    var current = offline[field];
    if (
      current === null ||
      ((_a = offline.confidence[field]) !== null && _a !== void 0 ? _a : 0) < CORRECTABLE_BELOW
    ) {
      merged[field] = value;
      merged.confidence[field] = 0.6;
      merged.signals.push('llm:'.concat(field));
    }
  }
  if (offline.products.length === 0 && answer.products.length > 0) {
    merged.products = answer.products.map((p) => __assign(__assign({}, p), { url: null }));
    merged.signals.push('llm:products');
  }
  return merged;
}
