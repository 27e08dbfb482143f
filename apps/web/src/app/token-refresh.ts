import type { TokenPair } from '@warrantly/contract/auth';
import { type AuthState, loggedOut, type SignOutReason, tokensRefreshed } from './auth-slice';
import { readStoredTokens, type StoredTokens, storageKeys, storeTokens } from './session';

export const REFRESH_URL = '/api/v1/auth/refresh/';
/** The Web Lock every tab of the app takes to refresh, so only one spends the shared refresh token. */
export const REFRESH_LOCK = 'warrantly-refresh';
/** The BroadcastChannel on which a tab hands its new tokens, or its logout, to the others. */
export const SESSION_CHANNEL = 'warrantly-session';

/** The server refused the refresh token (used, revoked, expired, the session over): the session has ended. */
export class RefreshRefused extends Error {
  override name = 'RefreshRefused';
}

/** The server could not answer now (rate limited, failing, unreachable); `retryAfterMs` is its hint. */
export class RefreshUnavailable extends Error {
  override name = 'RefreshUnavailable';
  constructor(
    message: string,
    readonly retryAfterMs: number | null = null,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

/**
 * A `Retry-After` header in milliseconds from `now`: seconds or an HTTP date; null when absent or unreadable.
 * @example retryAfterMs('3', 0) //=> 3000
 */
export function retryAfterMs(header: string | null, now: number): number | null {
  const value = header?.trim();
  if (!value) return null;
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

const FIRST_RETRY_MS = 5_000;
/** How long a tab that waited for the lock gives the other tab's new pair to reach it before refreshing. */
const HANDOVER_WAIT_MS = 1_500;
const HANDOVER_POLL_MS = 20;
const LONGEST_RETRY_MS = 5 * 60_000;

/**
 * How long to wait before refreshing again after `failures` failed attempts in a row: the server's hint
 * when it gave one (within 1 s and 10 min), else 5 s doubling up to 5 min.
 * @example retryDelay(3, null) //=> 20000
 */
export function retryDelay(failures: number, hintMs: number | null): number {
  if (hintMs !== null) return Math.min(Math.max(hintMs, 1_000), 2 * LONGEST_RETRY_MS);
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, failures - 1), LONGEST_RETRY_MS);
}

/**
 * Trades a refresh token for a fresh pair. Throws `RefreshRefused` when the server says the token is no
 * good (401, 400), `RefreshUnavailable` for anything else (429, 5xx, no answer): that is no reason to end
 * the session.
 */
export async function exchangeRefreshToken(refreshToken: string): Promise<TokenPair> {
  let res: Response;
  try {
    res = await fetch(REFRESH_URL, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refresh_token: refreshToken }),
      signal: AbortSignal.timeout(20_000),
    });
  } catch (error) {
    throw new RefreshUnavailable('The server could not be reached to refresh the session', null, {
      cause: error,
    });
  }
  if (res.status === 400 || res.status === 401) {
    throw new RefreshRefused(`The server refused to refresh the session (HTTP ${res.status})`);
  }
  if (!res.ok) {
    throw new RefreshUnavailable(
      `Refreshing the session failed with HTTP ${res.status}`,
      retryAfterMs(res.headers.get('retry-after'), Date.now()),
    );
  }
  try {
    return (await res.json()) as TokenPair;
  } catch (error) {
    throw new RefreshUnavailable('The refresh answer was unreadable', null, { cause: error });
  }
}

/** When a JWT expires (ms since the epoch), or 0 when the text is not a readable JWT. */
function expiryOf(token: string): number {
  try {
    const payload = JSON.parse(atob((token.split('.')[1] ?? '').replace(/-/g, '+').replace(/_/g, '/')));
    return typeof payload?.exp === 'number' ? payload.exp * 1000 : 0;
  } catch {
    return 0;
  }
}

type Dispatch = (action: { type: string }) => unknown;
type GetState = () => unknown;
const authOf = (getState: GetState) => (getState() as { auth: AuthState }).auth;

/** Answers the access token to retry with, or null (logged out, or the server cannot refresh just now). */
export type RefreshTokens = (dispatch: Dispatch, getState: GetState) => Promise<string | null>;

/** What a tab says to the others on `SESSION_CHANNEL`. */
export type SessionMessage =
  | ({ type: 'refreshed' } & StoredTokens)
  | { type: 'logged-out'; reason?: SignOutReason };

export function isSessionMessage(data: unknown): data is SessionMessage {
  if (typeof data !== 'object' || data === null) return false;
  const m = data as Record<string, unknown>;
  if (m.type === 'logged-out') return m.reason === undefined || m.reason === 'account-deleted';
  return m.type === 'refreshed' && typeof m.accessToken === 'string' && typeof m.refreshToken === 'string';
}

export interface TokenRefresherOptions {
  /** The Web Locks API (absent in old browsers: then only this tab's refreshes are one at a time). */
  locks?: Pick<LockManager, 'request'>;
  /** Where new tokens are announced to the other tabs. */
  channel?: Pick<BroadcastChannel, 'postMessage'>;
  /** After a refresh that had to wait succeeds: the requests that failed meanwhile can run again. */
  onRecovered?: (dispatch: Dispatch) => void;
}

export interface TokenRefresher {
  refreshTokens: RefreshTokens;
  /** Tokens another tab refreshed: used at once, and a wait for a retry is over. */
  adoptFromOtherTab: (tokens: StoredTokens, dispatch: Dispatch, getState: GetState) => void;
}

/**
 * One refresh at a time, across every tab: refresh tokens rotate and a reused one revokes the whole family
 * on the server, so two requests (or two tabs) failing together must share one exchange, not race two.
 * Inside the lock the stored session is read again: when another tab already rotated it, its tokens are
 * used and the server is not asked. Only a refusal ends the session; when the server cannot answer, the
 * request fails, the session stays, and the refresh is tried again later (after `Retry-After` if given).
 */
export function createTokenRefresher(options: TokenRefresherOptions = {}): TokenRefresher {
  const { locks, channel, onRecovered } = options;
  let inFlight: Promise<string | null> | null = null;
  let failures = 0;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;

  /**
   * Runs `task` holding the cross-tab lock; `waited` tells it whether another tab held the lock first (and
   * so has most likely just refreshed). A tab that never lets go (a refresh that hangs) makes the others
   * fail softly and retry, not wait forever.
   */
  const withLock = async (task: (waited: boolean) => Promise<string | null>): Promise<string | null> => {
    if (!locks) return task(false);
    let ranFirst: { token: string | null } | null = null;
    await locks.request(REFRESH_LOCK, { ifAvailable: true }, async (lock) => {
      if (lock) ranFirst = { token: await task(false) };
    });
    if (ranFirst) return (ranFirst as { token: string | null }).token;
    return locks.request(REFRESH_LOCK, { signal: AbortSignal.timeout(30_000) }, () => task(true));
  };

  /**
   * A pair newer than `own` that another tab stored or announced, still valid for a while; else null. Tabs
   * run in separate processes: the other tab's local storage write and its channel message reach this one
   * a moment after it let the lock go, never before, so a tab that waited looks again for a little while.
   */
  function handedOver(own: string | null, getState: GetState): StoredTokens | null {
    const { accessToken, refreshToken } = authOf(getState);
    const announced = accessToken && refreshToken ? { accessToken, refreshToken } : null;
    for (const pair of [readStoredTokens(), announced]) {
      if (pair && pair.refreshToken !== own && expiryOf(pair.accessToken) > Date.now() + 10_000) return pair;
    }
    return null;
  }

  async function awaitHandover(own: string | null, getState: GetState): Promise<StoredTokens | null> {
    const until = Date.now() + HANDOVER_WAIT_MS;
    for (;;) {
      const pair = handedOver(own, getState);
      if (pair || Date.now() >= until) return pair;
      await new Promise((resolve) => setTimeout(resolve, HANDOVER_POLL_MS));
    }
  }

  /** `own`: the refresh token this tab held when it asked, before it waited for the lock. */
  async function refreshOnce(
    own: string | null,
    waited: boolean,
    dispatch: Dispatch,
    getState: GetState,
  ): Promise<string | null> {
    const handed = waited ? await awaitHandover(own, getState) : handedOver(own, getState);
    if (handed) {
      dispatch(tokensRefreshed(handed));
      return handed.accessToken;
    }
    const stored = readStoredTokens();
    const refreshToken = stored?.refreshToken ?? own;
    if (!refreshToken) throw new RefreshRefused('No refresh token is stored');
    const pair = await exchangeRefreshToken(refreshToken);
    const tokens = { accessToken: pair.access_token, refreshToken: pair.refresh_token };
    // Stored and announced before the lock is released, so the next tab to take it finds the new pair.
    storeTokens(tokens.accessToken, tokens.refreshToken);
    dispatch(tokensRefreshed(tokens));
    channel?.postMessage({ type: 'refreshed', ...tokens } satisfies SessionMessage);
    return tokens.accessToken;
  }

  function retryLater(dispatch: Dispatch, getState: GetState, hintMs: number | null) {
    failures += 1;
    const failedWith = authOf(getState).refreshToken;
    retryTimer = setTimeout(
      async () => {
        retryTimer = null;
        const current = authOf(getState).refreshToken;
        if (!current) return; // Signed out meanwhile.
        // A new pair came meanwhile (a sign-in): nothing to refresh, only the failed requests to repeat.
        if (current !== failedWith || (await refreshTokens(dispatch, getState))) onRecovered?.(dispatch);
      },
      retryDelay(failures, hintMs),
    );
  }

  const refreshTokens: RefreshTokens = (dispatch, getState) => {
    if (inFlight) return inFlight;
    // Waiting for the retry: this request fails now rather than pressing a server that asked for time.
    if (retryTimer) return Promise.resolve(null);
    const own = authOf(getState).refreshToken;
    inFlight = withLock((waited) => refreshOnce(own, waited, dispatch, getState))
      .then((token) => {
        failures = 0;
        return token;
      })
      .catch((error: unknown) => {
        if (error instanceof RefreshRefused) {
          console.warn('The session has ended; signing out', error);
          dispatch(loggedOut());
        } else {
          console.warn('The session could not be refreshed now; trying again later', error);
          retryLater(dispatch, getState, error instanceof RefreshUnavailable ? error.retryAfterMs : null);
        }
        return null;
      })
      .finally(() => {
        inFlight = null;
      });
    return inFlight;
  };

  function adoptFromOtherTab(tokens: StoredTokens, dispatch: Dispatch, getState: GetState) {
    if (!authOf(getState).refreshToken) return; // Signed out in this tab: nothing to update.
    dispatch(tokensRefreshed(tokens));
    if (!retryTimer) return;
    clearTimeout(retryTimer);
    retryTimer = null;
    failures = 0;
    onRecovered?.(dispatch);
  }

  return { refreshTokens, adoptFromOtherTab };
}

/** The bearer token of a request: auth state first, local storage as the seed also allowed. */
export function currentAccessToken(getState: GetState): string | null {
  const { auth } = getState() as { auth: AuthState };
  return auth.accessToken ?? localStorage.getItem(storageKeys.accessToken);
}
