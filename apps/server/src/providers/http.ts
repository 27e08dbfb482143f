import { AppError } from '../errors';
import type { ProviderName } from './endpoints';

/** Access tokens for the server's own calls to a provider, refreshed when about to expire. */
export interface ProviderTokens {
  accessToken(userId: string, provider: ProviderName, now?: Date): Promise<string>;
  /** After a 401 from the provider: forget the token's expiry so the next call refreshes it. */
  invalidate(userId: string, provider: ProviderName): Promise<void>;
  /** Stops the app acting for the user at `provider`; answers a failed revocation for the caller to log. */
  disconnect(userId: string, provider: ProviderName, now?: Date): Promise<unknown>;
}

/** A provider's non-2xx answer that a caller may want to handle (Gmail's 404 for an expired historyId). */
export class ProviderHttpError extends AppError {
  constructor(
    readonly service: string,
    readonly httpStatus: number,
    body: string,
  ) {
    super('provider_failed', `${service} answered HTTP ${httpStatus}`, { cause: body.slice(0, 500) });
  }
}

export interface ProviderCallOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  body?: unknown;
  headers?: Record<string, string>;
  /** How to read a 2xx answer; `stream` answers its body as it arrives, never gathered here. */
  as?: 'json' | 'stream' | 'none';
}

export interface ProviderClientOptions {
  tokens: ProviderTokens;
  userId: string;
  provider: ProviderName;
  /** Attempts for 429, 5xx and dropped connections before giving up. */
  maxAttempts?: number;
  baseDelayMs?: number;
  /** Counts every HTTP call made (benchmarks report calls by kind). */
  onCall?: (service: string, url: string) => void;
}

const RETRYABLE = new Set([429, 500, 502, 503, 504]);
const MAX_DELAY_MS = 30_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Calls a provider API as a user: bearer token from the server's store, refreshed once on a 401; 429 and 5xx
 * answers and dropped connections retried with exponential backoff and jitter, honouring Retry-After.
 */
export function createProviderClient(options: ProviderClientOptions) {
  const maxAttempts = options.maxAttempts ?? 6;
  const baseDelay = options.baseDelayMs ?? 400;

  async function call<T>(service: string, url: string, call: ProviderCallOptions = {}): Promise<T> {
    let refreshed = false;
    for (let attempt = 1; ; attempt += 1) {
      const token = await options.tokens.accessToken(options.userId, options.provider);
      options.onCall?.(service, url);
      let res: Response;
      try {
        res = await fetch(url, {
          method: call.method ?? 'GET',
          headers: {
            authorization: `Bearer ${token}`,
            accept: call.as === 'stream' ? '*/*' : 'application/json',
            ...(call.body !== undefined ? { 'content-type': 'application/json' } : {}),
            ...call.headers,
          },
          ...(call.body !== undefined ? { body: JSON.stringify(call.body) } : {}),
          signal: AbortSignal.timeout(30_000),
        });
      } catch (cause) {
        if (attempt >= maxAttempts)
          throw new AppError('provider_failed', `${service} could not be reached`, { cause });
        await sleep(backoff(attempt, null));
        continue;
      }
      if (res.status === 401 && !refreshed) {
        refreshed = true;
        await res.body?.cancel();
        await options.tokens.invalidate(options.userId, options.provider);
        continue;
      }
      if (RETRYABLE.has(res.status) && attempt < maxAttempts) {
        await res.body?.cancel();
        await sleep(backoff(attempt, res.headers.get('retry-after')));
        continue;
      }
      if (!res.ok) throw new ProviderHttpError(service, res.status, await res.text().catch(() => ''));
      if (call.as === 'none' || res.status === 204) {
        await res.body?.cancel();
        return undefined as T;
      }
      if (call.as === 'stream') return brokenOffIsProviders(service, res.body) as T;
      const text = await res.text();
      try {
        return JSON.parse(text) as T;
      } catch (_cause) {
        throw new AppError('provider_failed', `${service} answered with something unreadable`, {
          cause: text.slice(0, 200),
        });
      }
    }
  }

  function backoff(attempt: number, retryAfter: string | null): number {
    const seconds = retryAfter === null ? Number.NaN : Number(retryAfter);
    if (Number.isFinite(seconds) && seconds >= 0) return Math.min(seconds * 1000, MAX_DELAY_MS);
    const dated = retryAfter ? Date.parse(retryAfter) - Date.now() : Number.NaN;
    if (Number.isFinite(dated) && dated > 0) return Math.min(dated, MAX_DELAY_MS);
    // Full jitter: a random delay up to the exponential cap spreads retries of concurrent calls.
    return Math.random() * Math.min(baseDelay * 2 ** attempt, MAX_DELAY_MS);
  }

  return { call };
}

export type ProviderClient = ReturnType<typeof createProviderClient>;

/** A body that breaks off while it streams is the provider's failure, as a failed call is. */
async function* brokenOffIsProviders(
  service: string,
  body: ReadableStream<Uint8Array> | null,
): AsyncIterable<Uint8Array> {
  if (!body) return;
  try {
    yield* body;
  } catch (cause) {
    throw new AppError('provider_failed', `${service} broke off its answer`, { cause });
  }
}
