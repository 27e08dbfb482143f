import { existsSync, readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { parseEnv } from 'node:util';
import { z } from 'zod';

const optionalUrl = z.preprocess((v) => (v === '' ? undefined : v), z.string().url().optional());
const optionalString = z.preprocess((v) => (v === '' ? undefined : v), z.string().optional());

/** `10.0.0.1`, `::1`, `10.0.0.0/8` or `fd00::/8`: a proxy address or range. */
function isAddressOrRange(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d+$/.test(prefix) && bits <= (version === 4 ? 32 : 128);
}

/**
 * How many proxy hops in front of the server to believe in `X-Forwarded-For` (0: none, the client's own
 * address counts), or the proxies' addresses and ranges. Never "trust everyone": a client could then name
 * any address it likes and so dodge the per-address rate limits.
 */
const TrustProxy = z.preprocess(
  (v) => (v === undefined || v === '' ? '0' : v),
  z.string().transform((value, ctx): number | string[] => {
    const trimmed = value.trim();
    if (/^\d+$/.test(trimmed)) return Number(trimmed);
    const entries = trimmed.split(',').map((e) => e.trim());
    const bad = entries.filter((e) => !isAddressOrRange(e));
    if (bad.length === 0) return entries;
    const named = bad.map((e) => JSON.stringify(e)).join(', ');
    ctx.addIssue({
      code: 'custom',
      message: `must be a hop count (0, 1, 2…) or a comma list of proxy IPs or CIDR ranges; not ${named}`,
    });
    return z.NEVER;
  }),
);

const Env = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  /** Public origin of the app (e.g. https://warrantly.example.com); absent: taken from each request's Host. */
  PUBLIC_URL: optionalUrl,
  DATA_DIR: z.string().default('data'),
  /** Absent: the embedded SQLite file DATA_DIR/warrantly.db. */
  DATABASE_URL: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
  ),
  /** Master secret for tokens and encryption at rest; absent: a random key is generated once into DATA_DIR. */
  APP_SECRET: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.string().min(32, 'must be at least 32 characters').optional(),
  ),
  TRUST_PROXY: TrustProxy,
  /** A sign-in's refresh tokens rotate for at most this long; then the user signs in again. */
  SESSION_MAX_DAYS: z.coerce.number().int().positive().default(90),
  /** The APP_SECRET being rotated away from: still read while `npm run rotate-key` moves data off it. */
  APP_SECRET_PREVIOUS: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.string().min(32, 'must be at least 32 characters').optional(),
  ),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Where the built web app lives; absent: apps/web/dist of this checkout. */
  WEB_DIST_DIR: optionalString,
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  MICROSOFT_CLIENT_ID: optionalString,
  MICROSOFT_CLIENT_SECRET: optionalString,
  MICROSOFT_TENANT: z.string().default('common'),
  /**
   * The local provider sandbox: `auto` starts it when no provider has credentials, except in production;
   * `on` always starts it in place of both providers; `off` never does (benchmarks, API-only deployments).
   */
  SANDBOX: z.enum(['auto', 'on', 'off']).default('auto'),
  SANDBOX_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  /**
   * A sandbox already running in another process (`npm run sandbox`), used instead of starting one here:
   * benchmarks keep the stand-in for Google and Microsoft out of the server's process, as the real ones are.
   */
  SANDBOX_URL: optionalUrl,
  SANDBOX_MAILBOX_DIR: optionalString,
  SYNC_LOOKBACK_MONTHS: z.coerce.number().int().positive().default(24),
  /** How often every connected mailbox is synced, once across all replicas (0: never; fractions allowed). */
  SYNC_INTERVAL_MINUTES: z.coerce.number().min(0).default(360),
  /**
   * Background jobs (src/jobs): a run still going after JOB_TIMEOUT_SECONDS counts as crashed and is retried
   * (on any replica); a failing job is retried JOB_RETRY_LIMIT times, JOB_RETRY_DELAY_SECONDS apart and
   * doubling, then kept as dead with its error.
   */
  JOB_TIMEOUT_SECONDS: z.coerce.number().int().min(2).max(3600).default(300),
  JOB_RETRY_LIMIT: z.coerce.number().int().min(0).max(20).default(6),
  JOB_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).default(30),
  LLM_BASE_URL: optionalUrl,
  LLM_API_KEY: optionalString,
  LLM_MODEL: optionalString,
  /** How long shutdown waits for requests in flight before the process exits anyway. */
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().positive().max(600).default(10),
  /** Child processes reading PDFs and e-mails; absent: one per core, at most 2. */
  EXTRACT_WORKERS: z.coerce.number().int().min(1).max(64).optional(),
  /** Resident memory one reader process may reach (native memory included) before it is killed. */
  EXTRACT_MEMORY_MB: z.coerce.number().int().min(256).default(512),
  /** Longest reading of one uploaded PDF (OCR included), and of one e-mail with its attachments. */
  EXTRACT_PDF_TIMEOUT_SECONDS: z.coerce.number().positive().max(600).default(30),
  EXTRACT_EMAIL_TIMEOUT_SECONDS: z.coerce.number().positive().max(600).default(5),
  /** Documents waiting for a reader at most: past it uploads answer 503, syncs wait. */
  EXTRACT_QUEUE_MAX: z.coerce.number().int().min(1).default(32),
  /**
   * Uploads being received or waiting for a reader, in MB of their bodies; past it uploads answer 503. About
   * what the two readers can take now plus one more of the largest: more would only wait in memory, and
   * receiving bodies in bulk is what holds up other users' requests during a burst (bench:hostile).
   */
  EXTRACT_UPLOADS_MB: z.coerce.number().int().min(1).default(32),
  /** Per user: receipt uploads and mailbox syncs a minute (past it: 429 with Retry-After). */
  UPLOADS_PER_MINUTE: z.coerce.number().int().positive().default(30),
  SYNCS_PER_MINUTE: z.coerce.number().int().positive().default(6),
  /** Per address: sign-in steps and token refreshes a minute (a household or an office shares one). */
  SIGN_INS_PER_MINUTE: z.coerce.number().int().positive().default(30),
  /**
   * Redis for limits counted across replicas (sign-ins per address, uploads and syncs per user); absent:
   * each process counts on its own. Unreachable: requests are served uncounted (logged once per outage).
   */
  REDIS_URL: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
      .optional(),
  ),
  /** Prefix of every key this deployment writes to Redis (several deployments may share one Redis). */
  REDIS_PREFIX: z.string().default('warrantly:'),
  /** Memory for answers kept by their ETag (the purchases list, pages, totals, receipts); 0 keeps none. */
  READ_CACHE_MB: z.coerce.number().min(0).max(65536).default(64),
  /** Receipt files in an S3-compatible store: all five set, or none (files under DATA_DIR/blobs). */
  S3_ENDPOINT: optionalUrl,
  S3_BUCKET: optionalString,
  S3_REGION: optionalString,
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  /** Bucket in the path (`http://host/bucket/key`), as most self-hosted stores (MinIO, Garage) need. */
  S3_FORCE_PATH_STYLE: z.preprocess(
    (v) => (v === undefined || v === '' ? 'false' : String(v).toLowerCase()),
    z
      .enum(['true', 'false', '1', '0'], { message: 'must be true or false' })
      .transform((v) => v === 'true' || v === '1'),
  ),
  /** A folder inside the bucket for the files (e.g. `warrantly/`), when the bucket is shared. */
  S3_PREFIX: optionalString,
});

export const S3_SETTINGS = [
  'S3_ENDPOINT',
  'S3_BUCKET',
  'S3_REGION',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
] as const;

/** The S3 settings go together: a partial set would silently keep files on the local disk. */
function checkS3(env: z.infer<typeof Env>, ctx: z.RefinementCtx): void {
  const missing = S3_SETTINGS.filter((name) => !env[name]);
  if (missing.length === S3_SETTINGS.length) {
    const stray = [env.S3_PREFIX && 'S3_PREFIX', env.S3_FORCE_PATH_STYLE && 'S3_FORCE_PATH_STYLE'];
    for (const name of stray.filter((n): n is string => typeof n === 'string')) {
      ctx.addIssue({
        code: 'custom',
        path: [name],
        message: `is set but no S3 store is: set ${S3_SETTINGS.join(', ')} too, or unset it`,
      });
    }
    return;
  }
  if (missing.length > 0) {
    ctx.addIssue({
      code: 'custom',
      path: [missing.join(', ')],
      message: `missing: the S3 store needs all of ${S3_SETTINGS.join(', ')} (or none, for files under DATA_DIR/blobs)`,
    });
  }
}

/**
 * Production never falls back silently: without a public origin, links and redirect URIs would follow
 * whatever Host a request claims, and without credentials the sandbox would let anyone sign in.
 */
const ProductionEnv = Env.superRefine(checkS3).superRefine((env, ctx) => {
  if (env.NODE_ENV !== 'production') return;
  if (!env.PUBLIC_URL) {
    ctx.addIssue({
      code: 'custom',
      path: ['PUBLIC_URL'],
      message: 'is required when NODE_ENV=production (the public origin, e.g. https://warrantly.example.com)',
    });
  }
  const hasCredentials = Boolean(
    (env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET) ||
      (env.MICROSOFT_CLIENT_ID && env.MICROSOFT_CLIENT_SECRET),
  );
  if (env.SANDBOX === 'auto' && !hasCredentials) {
    ctx.addIssue({
      code: 'custom',
      path: ['SANDBOX'],
      message:
        'with NODE_ENV=production and no GOOGLE_CLIENT_ID/GOOGLE_CLIENT_SECRET or ' +
        'MICROSOFT_CLIENT_ID/MICROSOFT_CLIENT_SECRET set, nobody could sign in: set real credentials, ' +
        'or SANDBOX=on to run the local provider sandbox (anyone can sign in as its demo accounts)',
    });
  }
});

export type Config = Readonly<z.infer<typeof Env>>;

/** Reads `.env` (if present) under the real environment, then validates everything once. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, envFile = '.env'): Config {
  const merged = { ...readEnvFile(envFile), ...env };
  const result = ProductionEnv.safeParse(merged);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return Object.freeze(result.data);
}

/** The `.env` file in Node's own dotenv format (`util.parseEnv`); none is fine. */
function readEnvFile(file: string): Record<string, string> {
  const full = path.resolve(file);
  return existsSync(full) ? (parseEnv(readFileSync(full, 'utf8')) as Record<string, string>) : {};
}
