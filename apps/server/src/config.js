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
Object.defineProperty(exports, '__esModule', { value: true });
exports.loadConfig = loadConfig;
var node_fs_1 = require('node:fs');
var node_path_1 = require('node:path');
var zod_1 = require('zod');
var optionalUrl = zod_1.z.preprocess((v) => (v === '' ? undefined : v), zod_1.z.string().url().optional());
var optionalString = zod_1.z.preprocess((v) => (v === '' ? undefined : v), zod_1.z.string().optional());
var Env = zod_1.z.object({
  NODE_ENV: zod_1.z.enum(['development', 'production', 'test']).default('development'),
  PORT: zod_1.z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: zod_1.z.string().default('0.0.0.0'),
  /** Public origin of the app (e.g. https://warrantly.example.com); absent: taken from each request's Host. */
  PUBLIC_URL: optionalUrl,
  DATA_DIR: zod_1.z.string().default('data'),
  /** Absent: the embedded SQLite file DATA_DIR/warrantly.db. */
  DATABASE_URL: zod_1.z.preprocess(
    (v) => (v === '' ? undefined : v),
    zod_1.z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
  ),
  /** Master secret for tokens and encryption at rest; absent: a random key is generated once into DATA_DIR. */
  APP_SECRET: zod_1.z.preprocess(
    (v) => (v === '' ? undefined : v),
    zod_1.z.string().min(32, 'must be at least 32 characters').optional(),
  ),
  LOG_LEVEL: zod_1.z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Where the built web app lives; absent: apps/web/dist of this checkout. */
  WEB_DIST_DIR: optionalString,
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  MICROSOFT_CLIENT_ID: optionalString,
  MICROSOFT_CLIENT_SECRET: optionalString,
  MICROSOFT_TENANT: zod_1.z.string().default('common'),
  /** `off` never starts the local provider sandbox (benchmarks, API-only deployments). */
  SANDBOX: zod_1.z.enum(['auto', 'off']).default('auto'),
  SANDBOX_PORT: zod_1.z.coerce.number().int().min(0).max(65535).default(0),
  SANDBOX_MAILBOX_DIR: optionalString,
  SYNC_LOOKBACK_MONTHS: zod_1.z.coerce.number().int().positive().default(24),
  SYNC_INTERVAL_MINUTES: zod_1.z.coerce.number().int().min(0).default(360),
  LLM_BASE_URL: optionalUrl,
  LLM_API_KEY: optionalString,
  LLM_MODEL: optionalString,
  /** Test-only crash point (e.g. `after-blob-write`): the process exits there, to prove writes never half-happen. */
  FAILPOINT: optionalString,
});
/** Reads `.env` (if present) under the real environment, then validates everything once. */
function loadConfig(env, envFile) {
  if (env === void 0) {
    env = process.env;
  }
  if (envFile === void 0) {
    envFile = '.env';
  }
  var merged = __assign(__assign({}, readEnvFile(envFile)), env);
  var result = Env.safeParse(merged);
  if (!result.success) {
    var lines = result.error.issues.map((i) => '  '.concat(i.path.join('.'), ': ').concat(i.message));
    throw new Error('Invalid configuration:\n'.concat(lines.join('\n')));
  }
  return Object.freeze(result.data);
}
/** `KEY=value` lines; `#` comments; optional quotes. Only keys not already in the environment are used. */
function readEnvFile(file) {
  var _a;
  var full = node_path_1.default.resolve(file);
  if (!(0, node_fs_1.existsSync)(full)) return {};
  var out = {};
  for (var _i = 0, _b = (0, node_fs_1.readFileSync)(full, 'utf8').split(/\r?\n/); _i < _b.length; _i++) {
    var line = _b[_i];
    var match = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*?)\s*$/.exec(line);
    if (!(match === null || match === void 0 ? void 0 : match[1])) continue;
    out[match[1]] = ((_a = match[2]) !== null && _a !== void 0 ? _a : '').replace(/^(['"])(.*)\1$/, '$2');
  }
  return out;
}
