import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const optionalUrl = z.preprocess((v) => (v === '' ? undefined : v), z.string().url().optional());
const optionalString = z.preprocess((v) => (v === '' ? undefined : v), z.string().optional());

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
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Where the built web app lives; absent: apps/web/dist of this checkout. */
  WEB_DIST_DIR: optionalString,
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  MICROSOFT_CLIENT_ID: optionalString,
  MICROSOFT_CLIENT_SECRET: optionalString,
  MICROSOFT_TENANT: z.string().default('common'),
  /** `off` never starts the local provider sandbox (benchmarks, API-only deployments). */
  SANDBOX: z.enum(['auto', 'off']).default('auto'),
  SANDBOX_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  SANDBOX_MAILBOX_DIR: optionalString,
  SYNC_LOOKBACK_MONTHS: z.coerce.number().int().positive().default(24),
  SYNC_INTERVAL_MINUTES: z.coerce.number().int().min(0).default(360),
  LLM_BASE_URL: optionalUrl,
  LLM_API_KEY: optionalString,
  LLM_MODEL: optionalString,
  /** Test-only crash point (e.g. `after-blob-write`): the process exits there, to prove writes never half-happen. */
  FAILPOINT: optionalString,
});

export type Config = Readonly<z.infer<typeof Env>>;

/** Reads `.env` (if present) under the real environment, then validates everything once. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, envFile = '.env'): Config {
  const merged = { ...readEnvFile(envFile), ...env };
  const result = Env.safeParse(merged);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return Object.freeze(result.data);
}

/** `KEY=value` lines; `#` comments; optional quotes. Only keys not already in the environment are used. */
function readEnvFile(file: string): Record<string, string> {
  const full = path.resolve(file);
  if (!existsSync(full)) return {};
  const out: Record<string, string> = {};
  for (const line of readFileSync(full, 'utf8').split(/\r?\n/)) {
    const match = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*?)\s*$/.exec(line);
    if (!match?.[1]) continue;
    out[match[1]] = (match[2] ?? '').replace(/^(['"])(.*)\1$/, '$2');
  }
  return out;
}
