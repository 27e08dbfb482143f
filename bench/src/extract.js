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
var _a;
Object.defineProperty(exports, '__esModule', { value: true });
/**
 * `npm run bench:extract [-- --check]`: accuracy and speed of the extractor over a corpus folder
 * (CORPUS_DIR, default ../shared/corpus) scored against its truth.json. Knows no file by name: every
 * document goes through the same code the CLI runs. `--check` fails when a field falls below the floor
 * recorded in bench/extract-floor.json.
 */
var node_fs_1 = require('node:fs');
var node_path_1 = require('node:path');
var node_url_1 = require('node:url');
var extract_file_1 = require('@warrantly/extract/extract-file');
var ROOT = (0, node_url_1.fileURLToPath)(new URL('../..', import.meta.url));
var CORPUS = node_path_1.default.resolve(
  ROOT,
  (_a = process.env.CORPUS_DIR) !== null && _a !== void 0 ? _a : '../shared/corpus',
);
var FLOOR_FILE = node_path_1.default.join(ROOT, 'bench/extract-floor.json');
var FIELDS = ['is_order', 'merchant', 'order_id', 'purchase_date', 'total', 'currency'];
var LEGAL =
  /\b(gmbh|ag|kg|ltd|limited|llc|inc|corp|corporation|co|sa|sas|sarl|sl|spa|srl|bv|nv|pty|pvt|private|sdn|bhd|plc|llp|oy|ab|as|aps)\b/g;
var normMerchant = (s) =>
  s
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s]/gu, ' ')
    .replace(LEGAL, ' ')
    .replace(/\s+/g, '');
var normId = (s) => s.trim().replace(/^#/, '').trim();
function isRight(field, truth, got) {
  var _a, _b, _c;
  var value = got[field];
  switch (field) {
    case 'is_order':
      return value === truth.is_order;
    case 'merchant':
      if (truth.merchant === null) return value === null;
      return (
        typeof value === 'string' &&
        __spreadArray(
          [truth.merchant],
          (_a = truth.merchant_aliases) !== null && _a !== void 0 ? _a : [],
          true,
        ).some((m) => m && normMerchant(m) === normMerchant(value))
      );
    case 'order_id':
      if (truth.order_id === null) return value === null;
      return (
        typeof value === 'string' &&
        __spreadArray(
          [truth.order_id],
          (_b = truth.order_id_aliases) !== null && _b !== void 0 ? _b : [],
          true,
        ).some((id) => id && normId(id) === normId(value))
      );
    case 'purchase_date':
      if (truth.purchase_date === null) return value === null;
      return __spreadArray(
        [truth.purchase_date],
        (_c = truth.purchase_date_aliases) !== null && _c !== void 0 ? _c : [],
        true,
      ).includes(value);
    case 'total':
      if (truth.total === null) return value === null;
      return typeof value === 'string' && Number(value).toFixed(2) === Number(truth.total).toFixed(2);
    case 'currency':
      return value === truth.currency;
  }
}
var median = (xs) => {
  var s = __spreadArray([], xs, true).sort((a, b) => a - b);
  return s.length === 0
    ? Number.NaN
    : (s[Math.floor((s.length - 1) / 2)] + s[Math.ceil((s.length - 1) / 2)]) / 2;
};
function main() {
  return __awaiter(this, void 0, void 0, function () {
    var check,
      truth,
      score,
      misses,
      timing,
      falseOrders,
      _i,
      _a,
      _b,
      file,
      expected,
      folder,
      full,
      kind,
      bytes,
      got,
      start,
      ms,
      error_1,
      group,
      _c,
      FIELDS_1,
      field,
      cell,
      header,
      shares,
      _d,
      _e,
      _f,
      group,
      fields,
      row,
      _g,
      FIELDS_2,
      field,
      cell,
      share,
      _h,
      misses_1,
      miss,
      writeFileSync,
      floor,
      below,
      _j,
      _k,
      _l,
      group,
      fields,
      _m,
      _o,
      _p,
      field,
      min,
      now;
    var _q, _r, _s, _t, _u;
    var _v;
    return __generator(this, (_w) => {
      switch (_w.label) {
        case 0:
          check = process.argv.includes('--check');
          if (!(0, node_fs_1.existsSync)(node_path_1.default.join(CORPUS, 'truth.json'))) {
            console.log('No corpus at '.concat(CORPUS, ' (set CORPUS_DIR): nothing to measure.'));
            return [2 /*return*/, 0];
          }
          truth = JSON.parse(
            (0, node_fs_1.readFileSync)(node_path_1.default.join(CORPUS, 'truth.json'), 'utf8'),
          );
          score = {};
          misses = [];
          timing = { pdfPage: [], text: [], email: [] };
          falseOrders = 0;
          (_i = 0), (_a = Object.entries(truth));
          _w.label = 1;
        case 1:
          if (!(_i < _a.length)) return [3 /*break*/, 8];
          (_b = _a[_i]), (file = _b[0]), (expected = _b[1]);
          folder = expected.kind === 'email' ? 'email' : expected.kind;
          full = node_path_1.default.join(CORPUS, folder, file);
          kind = (0, extract_file_1.kindOf)(file);
          if (!kind || !(0, node_fs_1.existsSync)(full)) {
            misses.push(''.concat(file, ': missing from the corpus folder'));
            return [3 /*break*/, 7];
          }
          bytes = (0, node_fs_1.readFileSync)(full);
          got = void 0;
          _w.label = 2;
        case 2:
          _w.trys.push([2, 5, , 6]);
          return [4 /*yield*/, (0, extract_file_1.extractBytes)(kind, bytes)];
        case 3:
          _w.sent(); // warm-up: the timed run is the second
          start = performance.now();
          return [4 /*yield*/, (0, extract_file_1.extractBytes)(kind, bytes)];
        case 4:
          got = _w.sent();
          ms = performance.now() - start;
          if (expected.kind === 'pdf')
            timing.pdfPage.push(ms / ((_q = got.pages) !== null && _q !== void 0 ? _q : 1));
          else if (expected.kind === 'text') timing.text.push(ms);
          else timing.email.push(ms);
          return [3 /*break*/, 6];
        case 5:
          error_1 = _w.sent();
          misses.push(''.concat(file, ': failed: ').concat(error_1.message));
          return [3 /*break*/, 7];
        case 6:
          if (expected.kind === 'email' && !expected.is_order && got.is_order) falseOrders += 1;
          group = ''
            .concat(expected.kind)
            .concat(expected.kind === 'email' ? (expected.is_order ? ' order' : ' non-order') : '');
          for (_c = 0, FIELDS_1 = FIELDS; _c < FIELDS_1.length; _c++) {
            field = FIELDS_1[_c];
            if (!(field in expected)) continue;
            if (!expected.is_order && field !== 'is_order') continue;
            (_r = score[group]) !== null && _r !== void 0 ? _r : (score[group] = {});
            cell =
              (_s = (_v = score[group])[field]) !== null && _s !== void 0
                ? _s
                : (_v[field] = { right: 0, total: 0 });
            cell.total += 1;
            if (isRight(field, expected, got)) cell.right += 1;
            else
              misses.push(
                ''
                  .concat(file, '  ')
                  .concat(field, ': expected ')
                  .concat(JSON.stringify(expected[field]), ', got ')
                  .concat(JSON.stringify(got[field])),
              );
          }
          _w.label = 7;
        case 7:
          _i++;
          return [3 /*break*/, 1];
        case 8:
          console.log(
            'Extraction over '.concat(Object.keys(truth).length, ' documents in ').concat(CORPUS, '\n'),
          );
          header = __spreadArray(['kind'], FIELDS, true)
            .map((h) => h.padEnd(14))
            .join('');
          console.log(header);
          shares = {};
          for (_d = 0, _e = Object.entries(score).sort(); _d < _e.length; _d++) {
            (_f = _e[_d]), (group = _f[0]), (fields = _f[1]);
            shares[group] = {};
            row = [group.padEnd(14)];
            for (_g = 0, FIELDS_2 = FIELDS; _g < FIELDS_2.length; _g++) {
              field = FIELDS_2[_g];
              cell = fields[field];
              if (!cell) {
                row.push('-'.padEnd(14));
                continue;
              }
              share = cell.right / cell.total;
              shares[group][field] = Number(share.toFixed(3));
              row.push(
                ''
                  .concat((share * 100).toFixed(0), '% ')
                  .concat(cell.right, '/')
                  .concat(cell.total)
                  .padEnd(14),
              );
            }
            console.log(row.join(''));
          }
          console.log('\nnon-order e-mails taken for an order: '.concat(falseOrders));
          console.log(
            'median ms: per PDF page '
              .concat(median(timing.pdfPage).toFixed(1), ', per text receipt ')
              .concat(median(timing.text).toFixed(2), ', per e-mail ')
              .concat(median(timing.email).toFixed(2)),
          );
          console.log('\nmisses ('.concat(misses.length, '):'));
          for (_h = 0, misses_1 = misses; _h < misses_1.length; _h++) {
            miss = misses_1[_h];
            console.log('  '.concat(miss));
          }
          if (!process.argv.includes('--record')) return [3 /*break*/, 10];
          return [4 /*yield*/, Promise.resolve().then(() => require('node:fs'))];
        case 9:
          writeFileSync = _w.sent().writeFileSync;
          writeFileSync(FLOOR_FILE, ''.concat(JSON.stringify(shares, null, 2), '\n'));
          console.log('\nrecorded the floor in '.concat(node_path_1.default.relative(ROOT, FLOOR_FILE)));
          _w.label = 10;
        case 10:
          if (!check) return [2 /*return*/, 0];
          floor = JSON.parse((0, node_fs_1.readFileSync)(FLOOR_FILE, 'utf8'));
          below = [];
          for (_j = 0, _k = Object.entries(floor); _j < _k.length; _j++) {
            (_l = _k[_j]), (group = _l[0]), (fields = _l[1]);
            for (_m = 0, _o = Object.entries(fields); _m < _o.length; _m++) {
              (_p = _o[_m]), (field = _p[0]), (min = _p[1]);
              now =
                (_u = (_t = shares[group]) === null || _t === void 0 ? void 0 : _t[field]) !== null &&
                _u !== void 0
                  ? _u
                  : 0;
              if (now + 1e-9 < min)
                below.push(''.concat(group, ' ').concat(field, ': ').concat(now, ' < floor ').concat(min));
            }
          }
          if (falseOrders > 0) below.push(''.concat(falseOrders, ' non-order e-mail(s) taken for an order'));
          if (below.length > 0) {
            console.error('\nbelow the recorded floor:\n  '.concat(below.join('\n  ')));
            return [2 /*return*/, 1];
          }
          console.log('\nevery field at or above the recorded floor');
          return [2 /*return*/, 0];
      }
    });
  });
}
process.exitCode = await main();
