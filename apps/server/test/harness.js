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
exports.DIALECTS = void 0;
exports.createTestApp = createTestApp;
exports.multipart = multipart;
exports.pdfFromObjects = pdfFromObjects;
exports.tinyPdf = tinyPdf;
var node_crypto_1 = require('node:crypto');
var node_fs_1 = require('node:fs');
var node_os_1 = require('node:os');
var node_path_1 = require('node:path');
var kysely_1 = require('kysely');
var pg_1 = require('pg');
var app_1 = require('../src/app');
var access_token_1 = require('../src/auth/access-token');
var config_1 = require('../src/config');
var dates_1 = require('../src/dates');
var database_1 = require('../src/db/database');
var migrate_1 = require('../src/db/migrate');
var extraction_pool_1 = require('../src/modules/documents/extraction-pool');
var fs_blob_store_1 = require('../src/storage/fs-blob-store');
var keys_1 = require('../src/storage/keys');
/** SQLite always; PostgreSQL too when TEST_DATABASE_URL is set (and then it must answer: no silent skip). */
exports.DIALECTS = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];
/** A fresh database (SQLite file, or a PostgreSQL schema of its own), data folder and app, no port. */
function createTestApp(dialect_1) {
  return __awaiter(this, arguments, void 0, function (dialect, options) {
    var dataDir,
      schema,
      url,
      client,
      handle,
      shared,
      config,
      keys,
      extraction,
      blobDir,
      deps,
      app,
      ownsSchema;
    var _a, _b, _c, _d, _e;
    if (options === void 0) {
      options = {};
    }
    return __generator(this, (_f) => {
      switch (_f.label) {
        case 0:
          dataDir = (0, node_fs_1.mkdtempSync)(
            node_path_1.default.join(node_os_1.default.tmpdir(), 'warrantly-test-'),
          );
          schema = (_a = options.shareSchemaOf) === null || _a === void 0 ? void 0 : _a.schema;
          url = dialect === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;
          if (!(url && !schema)) return [3 /*break*/, 4];
          schema = 't_'.concat((0, node_crypto_1.randomUUID)().replaceAll('-', ''));
          client = new pg_1.default.Client({ connectionString: url });
          return [4 /*yield*/, client.connect()];
        case 1:
          _f.sent();
          return [4 /*yield*/, client.query('create schema '.concat(schema))];
        case 2:
          _f.sent();
          return [4 /*yield*/, client.end()];
        case 3:
          _f.sent();
          _f.label = 4;
        case 4:
          return [
            4 /*yield*/,
            (0, database_1.openDatabase)(
              __assign(
                { url: url, sqliteFile: node_path_1.default.join(dataDir, 'warrantly.db') },
                schema ? { schema: schema } : {},
              ),
            ),
          ];
        case 5:
          handle = _f.sent();
          return [4 /*yield*/, (0, migrate_1.migrateToLatest)(handle.db, handle.dialect, schema)];
        case 6:
          _f.sent();
          shared = options.shareSchemaOf;
          config = (0, config_1.loadConfig)(
            __assign({ DATA_DIR: dataDir, NODE_ENV: 'test' }, options.env),
            '/nonexistent/.env',
          );
          keys =
            (_b = shared === null || shared === void 0 ? void 0 : shared.deps.keys) !== null && _b !== void 0
              ? _b
              : (0, keys_1.loadKeys)(dataDir, (0, node_crypto_1.randomBytes)(32).toString('hex'));
          extraction = (0, extraction_pool_1.createExtractionPool)({
            size: 1,
            timeoutMs: (_c = options.extractionTimeoutMs) !== null && _c !== void 0 ? _c : 60000,
          });
          blobDir = node_path_1.default.join(dataDir, 'blobs');
          deps = __assign(
            {
              config: config,
              endpoints:
                (_d = options.endpoints) !== null && _d !== void 0
                  ? _d
                  : { google: null, microsoft: null, sandboxUrl: null },
              extraction: extraction,
              db: handle.db,
              dialect: handle.dialect,
              blobs: (0, fs_blob_store_1.createFsBlobStore)(blobDir),
              keys: keys,
              webDistDir: (_e = options.webDistDir) !== null && _e !== void 0 ? _e : null,
            },
            options.now ? { now: options.now } : {},
          );
          return [4 /*yield*/, (0, app_1.buildApp)(deps)];
        case 7:
          app = _f.sent();
          return [4 /*yield*/, app.ready()];
        case 8:
          _f.sent();
          ownsSchema = !options.shareSchemaOf;
          return [
            2 /*return*/,
            {
              app: app,
              schema: schema,
              handle: handle,
              deps: deps,
              dataDir: dataDir,
              blobDir: blobDir,
              auth: (userId) => ({
                authorization: 'Bearer '.concat((0, access_token_1.signAccessToken)(keys.signing, userId)),
              }),
              createUser: function () {
                return __awaiter(this, arguments, void 0, function (overrides) {
                  var id;
                  var _a, _b, _c;
                  if (overrides === void 0) {
                    overrides = {};
                  }
                  return __generator(this, (_d) => {
                    switch (_d.label) {
                      case 0:
                        id = (0, node_crypto_1.randomUUID)();
                        return [
                          4 /*yield*/,
                          handle.db
                            .insertInto('users')
                            .values({
                              id: id,
                              email:
                                (_a = overrides.email) !== null && _a !== void 0
                                  ? _a
                                  : ''.concat(id, '@example.com'),
                              name: (_b = overrides.name) !== null && _b !== void 0 ? _b : 'Avery Quinn',
                              picture_url: null,
                              provider: (_c = overrides.provider) !== null && _c !== void 0 ? _c : 'google',
                              default_currency: 'USD',
                              warranty_reminder_days: 30,
                              feed_secret: null,
                              created_at: (0, dates_1.timestamp)(),
                              updated_at: (0, dates_1.timestamp)(),
                            })
                            .execute(),
                        ];
                      case 1:
                        _d.sent();
                        return [2 /*return*/, id];
                    }
                  });
                });
              },
              close: function () {
                return __awaiter(this, void 0, void 0, function () {
                  return __generator(this, (_a) => {
                    switch (_a.label) {
                      case 0:
                        return [4 /*yield*/, app.close()];
                      case 1:
                        _a.sent();
                        return [4 /*yield*/, extraction.close()];
                      case 2:
                        _a.sent();
                        if (!(schema && ownsSchema)) return [3 /*break*/, 4];
                        return [
                          4 /*yield*/,
                          kysely_1.sql.raw('drop schema '.concat(schema, ' cascade')).execute(handle.db),
                        ];
                      case 3:
                        _a.sent();
                        _a.label = 4;
                      case 4:
                        return [4 /*yield*/, handle.close()];
                      case 5:
                        _a.sent();
                        (0, node_fs_1.rmSync)(dataDir, { recursive: true, force: true });
                        return [2 /*return*/];
                    }
                  });
                });
              },
            },
          ];
      }
    });
  });
}
/** A multipart/form-data body: text fields and files, built by hand so tests control every byte. */
function multipart(fields, files) {
  var _a;
  if (files === void 0) {
    files = [];
  }
  var boundary = '----warrantly'.concat((0, node_crypto_1.randomBytes)(8).toString('hex'));
  var chunks = [];
  for (var _i = 0, _b = Object.entries(fields); _i < _b.length; _i++) {
    var _c = _b[_i],
      name_1 = _c[0],
      value = _c[1];
    chunks.push(
      Buffer.from(
        '--'
          .concat(boundary, '\r\nContent-Disposition: form-data; name="')
          .concat(name_1, '"\r\n\r\n')
          .concat(value, '\r\n'),
      ),
    );
  }
  for (var _d = 0, files_1 = files; _d < files_1.length; _d++) {
    var file = files_1[_d];
    chunks.push(
      Buffer.from(
        '--'
          .concat(boundary, '\r\nContent-Disposition: form-data; name="')
          .concat(file.field, '"; filename="')
          .concat(file.filename, '"\r\n') +
          'Content-Type: '.concat(
            (_a = file.type) !== null && _a !== void 0 ? _a : 'application/pdf',
            '\r\n\r\n',
          ),
      ),
      Buffer.from(file.bytes),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from('--'.concat(boundary, '--\r\n')));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': 'multipart/form-data; boundary='.concat(boundary) },
  };
}
/** A PDF assembled from numbered objects (1 is the catalog), with a correct cross-reference table. */
function pdfFromObjects(objects, trailerExtra) {
  var _a, _b;
  if (trailerExtra === void 0) {
    trailerExtra = '';
  }
  var parts = [Buffer.from('%PDF-1.4\n', 'latin1')];
  var length =
    (_b = (_a = parts[0]) === null || _a === void 0 ? void 0 : _a.length) !== null && _b !== void 0 ? _b : 0;
  var offsets = [];
  objects.forEach((obj, i) => {
    offsets.push(length);
    var chunk = Buffer.concat([
      Buffer.from(''.concat(i + 1, ' 0 obj\n'), 'latin1'),
      typeof obj === 'string' ? Buffer.from(obj, 'latin1') : obj,
      Buffer.from('\nendobj\n', 'latin1'),
    ]);
    parts.push(chunk);
    length += chunk.length;
  });
  var xref = 'xref\n0 '
    .concat(objects.length + 1, '\n0000000000 65535 f \n')
    .concat(offsets.map((o) => ''.concat(String(o).padStart(10, '0'), ' 00000 n \n')).join(''));
  parts.push(
    Buffer.from(
      ''
        .concat(xref, 'trailer\n<< /Size ')
        .concat(objects.length + 1, ' /Root 1 0 R ')
        .concat(trailerExtra, '>>\nstartxref\n')
        .concat(length, '\n%%EOF\n'),
      'latin1',
    ),
  );
  return Buffer.concat(parts);
}
/** A one-page PDF showing `lines` of text, one under the other. */
function tinyPdf(text) {
  if (text === void 0) {
    text = 'Receipt';
  }
  var lines = [text].flat();
  var stream = lines
    .map((l, i) =>
      'BT /F1 12 Tf 72 '.concat(720 - i * 16, ' Td (').concat(l.replace(/[()\\]/g, ''), ') Tj ET'),
    )
    .join('\n');
  return pdfFromObjects([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    '<< /Length '.concat(stream.length, ' >>\nstream\n').concat(stream, '\nendstream'),
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ]);
}
