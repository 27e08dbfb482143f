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
Object.defineProperty(exports, '__esModule', { value: true });
exports.readForm = readForm;
exports.tooLarge = tooLarge;
exports.isPdf = isPdf;
var common_1 = require('@warrantly/contract/common');
var errors_1 = require('../errors');
/**
 * Reads a multipart form (or a JSON object, for API clients) into text fields and at most one file from
 * `fileFields`. Oversized files answer 413; a second file or an unknown file field answers 400.
 */
function readForm(req, fileFields) {
  return __awaiter(this, void 0, void 0, function () {
    var type, body, fields_1, _i, _a, _b, key, value, fields, file, _c, _d, _e, part, bytes, e_1_1;
    var _f, e_1, _g, _h;
    return __generator(this, (_j) => {
      switch (_j.label) {
        case 0:
          if (!req.isMultipart()) {
            type = req.headers['content-type'];
            if (type !== undefined && !type.startsWith('application/json')) {
              throw new errors_1.AppError(
                'unsupported_type',
                'Unsupported Content-Type: send multipart/form-data or JSON',
              );
            }
            body = req.body;
            if (body === undefined || body === null) return [2 /*return*/, { fields: {}, file: null }];
            if (typeof body !== 'object' || Array.isArray(body)) {
              throw new errors_1.AppError(
                'invalid_input',
                'The request body must be a form or a JSON object',
              );
            }
            fields_1 = {};
            for (_i = 0, _a = Object.entries(body); _i < _a.length; _i++) {
              (_b = _a[_i]), (key = _b[0]), (value = _b[1]);
              if (value === null) fields_1[key] = '';
              else if (['string', 'number', 'boolean'].includes(typeof value)) fields_1[key] = String(value);
              else throw new errors_1.AppError('invalid_input', ''.concat(key, ': must be text'));
            }
            return [2 /*return*/, { fields: fields_1, file: null }];
          }
          fields = {};
          file = null;
          _j.label = 1;
        case 1:
          _j.trys.push([1, 9, 10, 15]);
          (_c = true),
            (_d = __asyncValues(
              req.parts({ limits: { fileSize: common_1.MAX_UPLOAD_BYTES, files: 2, fields: 40 } }),
            ));
          _j.label = 2;
        case 2:
          return [4 /*yield*/, _d.next()];
        case 3:
          if (!((_e = _j.sent()), (_f = _e.done), !_f)) return [3 /*break*/, 8];
          _h = _e.value;
          _c = false;
          part = _h;
          if (part.type === 'field') {
            fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value);
            return [3 /*break*/, 7];
          }
          if (fileFields.includes(part.fieldname)) return [3 /*break*/, 5];
          return [4 /*yield*/, part.toBuffer().catch(() => undefined)];
        case 4:
          _j.sent();
          throw new errors_1.AppError(
            'invalid_input',
            ''.concat(part.fieldname, ': no file is expected in this field'),
          );
        case 5:
          if (file)
            throw new errors_1.AppError('invalid_input', ''.concat(part.fieldname, ': send one file only'));
          return [4 /*yield*/, part.toBuffer()];
        case 6:
          bytes = _j.sent();
          if (part.file.truncated) throw tooLarge();
          file = { field: part.fieldname, filename: part.filename, mimetype: part.mimetype, bytes: bytes };
          _j.label = 7;
        case 7:
          _c = true;
          return [3 /*break*/, 2];
        case 8:
          return [3 /*break*/, 15];
        case 9:
          e_1_1 = _j.sent();
          e_1 = { error: e_1_1 };
          return [3 /*break*/, 15];
        case 10:
          _j.trys.push([10, , 13, 14]);
          if (!(!_c && !_f && (_g = _d.return))) return [3 /*break*/, 12];
          return [4 /*yield*/, _g.call(_d)];
        case 11:
          _j.sent();
          _j.label = 12;
        case 12:
          return [3 /*break*/, 14];
        case 13:
          if (e_1) throw e_1.error;
          return [7 /*endfinally*/];
        case 14:
          return [7 /*endfinally*/];
        case 15:
          return [2 /*return*/, { fields: fields, file: file }];
      }
    });
  });
}
function tooLarge() {
  return new errors_1.AppError(
    'too_large',
    'The file is larger than the '.concat(common_1.MAX_UPLOAD_BYTES / 1024 / 1024, ' MB limit'),
  );
}
/** True when the bytes start like a PDF; names and declared types are not trusted. */
function isPdf(bytes) {
  // %PDF- may follow a little leading junk (allowed by readers within the first 1 KB).
  var head = Buffer.from(bytes.subarray(0, 1024)).toString('latin1');
  return head.includes('%PDF-');
}
