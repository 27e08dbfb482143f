import { configureStore } from '@reduxjs/toolkit';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authReducer, signedIn } from './auth-slice';
import {
  createTokenRefresher,
  REFRESH_URL,
  retryAfterMs,
  retryDelay,
  type SessionMessage,
  type TokenRefresherOptions,
} from './token-refresh';

/** An unsigned JWT expiring `inSeconds` from now: the app only reads `exp` from it. */
function jwt(name: string, inSeconds = 900): string {
  const claims = { sub: name, exp: Math.floor(Date.now() / 1000) + inSeconds };
  return `e30.${btoa(JSON.stringify(claims)).replace(/=+$/, '')}.sig`;
}

/** One tab: the real auth reducer, signed in with `refreshToken`, and its refresher. */
function tab(refreshToken: string, options: TokenRefresherOptions = {}) {
  const store = configureStore({ reducer: { auth: authReducer } });
  store.dispatch(
    signedIn({
      accessToken: 'rejected',
      refreshToken,
      user: { name: 'Avery Quinn', email: 'avery.quinn@example.com', profile_picture: '' },
      provider: 'google',
    }),
  );
  const refresher = createTokenRefresher(options);
  return {
    store,
    refresher,
    refresh: () => refresher.refreshTokens(store.dispatch, store.getState),
  };
}

/** The network as the refresher sees it: each call answers the next status (and pair) in the list. */
function answers(...replies: (number | 'offline' | { pair: [string, string] })[]) {
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => {
    const reply = replies.shift();
    if (reply === undefined) throw new Error('No more answers expected');
    if (reply === 'offline') throw new TypeError('Failed to fetch');
    if (typeof reply === 'object') {
      const [access_token, refresh_token] = reply.pair;
      return Response.json({ access_token, refresh_token });
    }
    return Response.json(
      { code: 'x', message: `HTTP ${reply}` },
      { status: reply, headers: reply === 429 ? { 'retry-after': '2' } : {} },
    );
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Retry-After and the wait between attempts', () => {
  it('reads seconds and HTTP dates, and ignores anything else', () => {
    const now = Date.parse('2026-11-24T12:00:00Z');
    expect(retryAfterMs('3', now)).toBe(3000);
    expect(retryAfterMs(' 120 ', now)).toBe(120_000);
    expect(retryAfterMs('Tue, 24 Nov 2026 12:00:30 GMT', now)).toBe(30_000);
    expect(retryAfterMs('Tue, 24 Nov 2026 11:00:00 GMT', now)).toBe(0);
    expect(retryAfterMs(null, now)).toBeNull();
    expect(retryAfterMs('soon', now)).toBeNull();
  });

  it("follows the server's hint within bounds, else doubles from 5 s up to 5 min", () => {
    expect(retryDelay(1, 2000)).toBe(2000);
    expect(retryDelay(1, 0)).toBe(1000);
    expect(retryDelay(1, 3_600_000)).toBe(600_000);
    expect([1, 2, 3, 4].map((n) => retryDelay(n, null))).toEqual([5000, 10_000, 20_000, 40_000]);
    expect(retryDelay(30, null)).toBe(300_000);
  });
});

describe('a refresh the server cannot answer now', () => {
  it('keeps the session on 429, waits for Retry-After, then refreshes and reports the recovery', async () => {
    vi.useFakeTimers();
    const a1 = jwt('a1');
    const fetchMock = answers(429, { pair: [a1, 'r1'] });
    const onRecovered = vi.fn();
    const t = tab('r0', { onRecovered });

    await expect(t.refresh()).resolves.toBeNull();
    expect(t.store.getState().auth).toMatchObject({ refreshToken: 'r0', user: { name: 'Avery Quinn' } });
    // Another failing request meanwhile does not press the server again.
    await expect(t.refresh()).resolves.toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(1);

    await vi.advanceTimersByTimeAsync(1999);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(t.store.getState().auth).toMatchObject({ accessToken: a1, refreshToken: 'r1' });
    expect(localStorage.getItem('refreshToken')).toBe('r1');
    expect(onRecovered).toHaveBeenCalledTimes(1);
  });

  it('keeps the session on 5xx and when the server is unreachable; ends it on 401 and 400', async () => {
    for (const failure of [500, 502, 503, 'offline'] as const) {
      answers(failure);
      const t = tab('r0');
      await expect(t.refresh()).resolves.toBeNull();
      expect(t.store.getState().auth.refreshToken, String(failure)).toBe('r0');
    }
    for (const refusal of [401, 400]) {
      answers(refusal);
      const t = tab('r0');
      await expect(t.refresh()).resolves.toBeNull();
      expect(t.store.getState().auth, String(refusal)).toMatchObject({ refreshToken: null, user: null });
    }
  });
});

/**
 * The Web Locks API's exclusive mode, enough for two refreshers in one test (jsdom has none): `ifAvailable`
 * answers null at once while the lock is held.
 */
function exclusiveLocks(): Pick<LockManager, 'request'> {
  let queue: Promise<unknown> = Promise.resolve();
  let holders = 0;
  const lock = { name: 'warrantly-refresh', mode: 'exclusive' } as Lock;
  const request = (_name: string, options: LockOptions, task: (lock: Lock | null) => unknown) => {
    if (options.ifAvailable && holders > 0) return Promise.resolve(task(null));
    holders += 1;
    const run = queue
      .then(() => task(lock))
      .finally(() => {
        holders -= 1;
      });
    queue = run.catch(() => undefined);
    return run;
  };
  return { request } as Pick<LockManager, 'request'>;
}

describe('tabs refreshing at once', () => {
  it('spends the refresh token once: the tab that waited for the lock takes the stored pair', async () => {
    localStorage.setItem('accessToken', 'rejected');
    localStorage.setItem('refreshToken', 'r0');
    const fetchMock = answers({ pair: [jwt('a1'), 'r1'] });
    const locks = exclusiveLocks();
    const first = tab('r0', { locks });
    const second = tab('r0', { locks });

    const [a, b] = await Promise.all([first.refresh(), second.refresh()]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({ refresh_token: 'r0' });
    expect(fetchMock.mock.calls[0]?.[0]).toBe(REFRESH_URL);
    expect([a, b]).toEqual([jwt('a1'), jwt('a1')]);
    expect(second.store.getState().auth.refreshToken).toBe('r1');
  });

  it('does not refresh again when the new pair reached it on the channel while it waited', async () => {
    const locks = exclusiveLocks();
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const otherTabHolds = locks.request('warrantly-refresh', {}, () => held);
    const fetchMock = answers();
    const t = tab('r0', { locks });
    const waiting = t.refresh();
    const pair = { accessToken: jwt('a1'), refreshToken: 'r1' };
    localStorage.setItem('accessToken', pair.accessToken);
    localStorage.setItem('refreshToken', pair.refreshToken);
    t.refresher.adoptFromOtherTab(pair, t.store.dispatch, t.store.getState);
    release();
    await otherTabHolds;
    await expect(waiting).resolves.toBe(pair.accessToken);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('a tab that waited takes the pair that reaches it a moment after the lock, and does not refresh', async () => {
    // Tabs are processes: the other tab's storage write can arrive after its lock is released.
    const locks = exclusiveLocks();
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const otherTabHolds = locks.request('warrantly-refresh', {}, () => held);
    localStorage.setItem('accessToken', 'rejected');
    localStorage.setItem('refreshToken', 'r0');
    const fetchMock = answers({ pair: [jwt('a9'), 'r9'] });
    const t = tab('r0', { locks });
    const waiting = t.refresh();
    release();
    await otherTabHolds;
    await new Promise((resolve) => setTimeout(resolve, 200));
    localStorage.setItem('accessToken', jwt('a1'));
    localStorage.setItem('refreshToken', 'r1');
    await expect(waiting).resolves.toBe(jwt('a1'));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(t.store.getState().auth.refreshToken).toBe('r1');
  });

  it('refreshes with the stored token when the pair another tab left has expired too', async () => {
    localStorage.setItem('accessToken', jwt('old', -60));
    localStorage.setItem('refreshToken', 'r5');
    const fetchMock = answers({ pair: [jwt('a6'), 'r6'] });
    const t = tab('r4');
    await expect(t.refresh()).resolves.toBe(jwt('a6'));
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({ refresh_token: 'r5' });
  });

  it('hands the new pair to the other tabs, which stop waiting for their own retry', async () => {
    const sender = new BroadcastChannel('warrantly-session-test');
    const receiver = new BroadcastChannel('warrantly-session-test');
    try {
      const heard = new Promise<SessionMessage>((resolve) => {
        receiver.onmessage = (event) => resolve(event.data as SessionMessage);
      });
      answers({ pair: [jwt('a1'), 'r1'] });
      await tab('r0', { channel: sender }).refresh();
      const message = await heard;
      expect(message).toEqual({ type: 'refreshed', accessToken: jwt('a1'), refreshToken: 'r1' });

      // A tab that the server had told to wait (before the pair was stored) takes it and fetches again.
      localStorage.clear();
      answers(503);
      const onRecovered = vi.fn();
      const waiting = tab('r0', { onRecovered });
      await waiting.refresh();
      if (message.type !== 'refreshed') throw new Error('expected tokens');
      waiting.refresher.adoptFromOtherTab(message, waiting.store.dispatch, waiting.store.getState);
      expect(waiting.store.getState().auth.refreshToken).toBe('r1');
      expect(onRecovered).toHaveBeenCalledTimes(1);
    } finally {
      sender.close();
      receiver.close();
    }
  });
});
