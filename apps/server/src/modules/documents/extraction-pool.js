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
exports.createExtractionPool = createExtractionPool;
var node_module_1 = require('node:module');
var node_url_1 = require('node:url');
var node_worker_threads_1 = require('node:worker_threads');
var errors_1 = require('../../errors');
/**
 * Reads PDFs in worker threads with a time and memory limit, so a hostile or huge file cannot stall or
 * crash the server. A worker that times out or runs out of memory is terminated and replaced.
 */
function createExtractionPool(options) {
  var _a, _b, _c;
  if (options === void 0) {
    options = {};
  }
  var size = (_a = options.size) !== null && _a !== void 0 ? _a : 1;
  var timeoutMs = (_b = options.timeoutMs) !== null && _b !== void 0 ? _b : 60000;
  var maxHeapMb = (_c = options.maxHeapMb) !== null && _c !== void 0 ? _c : 384;
  var queue = [];
  var idle = [];
  var running = 0;
  var closed = false;
  function spawnWorker() {
    return new node_worker_threads_1.Worker(workerSource(), {
      eval: true,
      resourceLimits: { maxOldGenerationSizeMb: maxHeapMb },
    });
  }
  function next() {
    var _a;
    if (closed || running >= size) return;
    var job = queue.shift();
    if (!job) return;
    running += 1;
    var worker = (_a = idle.pop()) !== null && _a !== void 0 ? _a : spawnWorker();
    var settled = false;
    var onMessage = (answer) => {
      if ('result' in answer) finish(true, () => job.resolve(answer.result));
      else finish(true, () => job.reject(documentError(answer.error)));
    };
    var onError = (error) => {
      var message =
        error.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? 'The PDF needs too much memory to read; is it damaged?'
          : 'The PDF could not be read';
      finish(false, () => job.reject(new errors_1.AppError('invalid_input', message, { cause: error })));
    };
    var onExit = () =>
      finish(false, () => job.reject(new errors_1.AppError('internal', 'The PDF reader stopped')));
    var finish = (keep, outcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      // Only this job's listeners go: the worker's own plumbing must stay for the next job.
      worker.off('message', onMessage).off('error', onError).off('exit', onExit);
      if (keep && !closed) idle.push(worker);
      else void worker.terminate();
      running -= 1;
      outcome();
      next();
    };
    var timer = setTimeout(
      () =>
        finish(false, () =>
          job.reject(new errors_1.AppError('invalid_input', 'The PDF took too long to read; is it damaged?')),
        ),
      timeoutMs,
    );
    worker.on('message', onMessage).on('error', onError).on('exit', onExit);
    var copy = job.bytes.slice();
    worker.postMessage({ bytes: copy, options: job.options }, [copy.buffer]);
  }
  return {
    /** The fields of a PDF; a document that cannot be read rejects with a clear 4xx AppError. */
    extractPdf: (bytes, maxPages) => {
      if (closed) return Promise.reject(new errors_1.AppError('internal', 'The server is shutting down'));
      return new Promise((resolve, reject) => {
        queue.push({ bytes: bytes, options: { maxPages: maxPages }, resolve: resolve, reject: reject });
        next();
      });
    },
    close: function () {
      return __awaiter(this, void 0, void 0, function () {
        return __generator(this, (_a) => {
          switch (_a.label) {
            case 0:
              closed = true;
              return [4 /*yield*/, Promise.all(idle.splice(0).map((w) => w.terminate()))];
            case 1:
              _a.sent();
              return [2 /*return*/];
          }
        });
      });
    },
  };
}
var DOCUMENT_MESSAGES = {
  encrypted: 'The PDF is password-protected; upload an unlocked copy',
  corrupt: 'The PDF is damaged or incomplete',
  too_many_pages: 'The PDF has too many pages (at most 50)',
  not_pdf: 'Invalid File: Please select a valid PDF file.',
  scripted: 'The PDF contains JavaScript; receipts with scripts are not accepted',
};
function documentError(error) {
  var _a;
  var message =
    (_a = error.code && DOCUMENT_MESSAGES[error.code]) !== null && _a !== void 0
      ? _a
      : 'The PDF could not be read: '.concat(error.message);
  return new errors_1.AppError(error.code === 'not_pdf' ? 'unsupported_type' : 'invalid_input', message);
}
/**
 * The worker's entry. Built, it is dist/extraction-worker.js beside the server bundle; from source (tests,
 * `npm run dev`) the TypeScript worker is loaded through tsx's loader, registered inside the worker.
 */
function workerSource() {
  if (!import.meta.url.endsWith('.ts')) {
    return 'import('.concat(JSON.stringify(new URL('./extraction-worker.js', import.meta.url).href), ')');
  }
  var tsx = (0, node_url_1.pathToFileURL)(
    (0, node_module_1.createRequire)(import.meta.url)
      .resolve('tsx/esm/api')
      .replace(/\.cjs$/, '.mjs'),
  ).href;
  var worker = new URL('./extraction-worker.ts', import.meta.url).href;
  return 'import('
    .concat(JSON.stringify(tsx), ').then((m) => { m.register(); return import(')
    .concat(JSON.stringify(worker), '); })');
}
