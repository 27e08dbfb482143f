import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { issueTokens } from '../src/modules/auth/app-tokens';
import { createTestApp, DIALECTS, type TestApp } from './harness';

const DAY = 86_400_000;
// The sign-in routes' budget per client address (auth.routes.ts).
const SIGN_IN_LIMIT = 30;

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** A sign-in route call from `remoteAddress` (the TCP peer) carrying `forwardedFor`. */
function signInCall(app: TestApp, remoteAddress: string, forwardedFor: string) {
  return app.app.inject({
    method: 'POST',
    url: '/api/v1/auth/refresh/',
    remoteAddress,
    headers: { 'x-forwarded-for': forwardedFor },
    payload: { refresh_token: 'not-a-token' },
  });
}

/** Spends the whole budget, each call forging a new `X-Forwarded-For` first entry; answers the statuses. */
async function spendBudgetForging(app: TestApp, remoteAddress: string, realClient?: string) {
  const statuses: number[] = [];
  for (let i = 0; i < SIGN_IN_LIMIT; i++) {
    const forged = `192.0.2.${i + 1}`;
    const res = await signInCall(app, remoteAddress, realClient ? `${forged}, ${realClient}` : forged);
    statuses.push(res.statusCode);
  }
  return statuses;
}

describe('a forged X-Forwarded-For does not reset the sign-in rate limit', () => {
  it('with TRUST_PROXY unset, the TCP peer is the client whatever the header says', async () => {
    t = await createTestApp('sqlite');
    expect(await spendBudgetForging(t, '198.51.100.4')).toEqual(Array(SIGN_IN_LIMIT).fill(401));
    const over = await signInCall(t, '198.51.100.4', '192.0.2.250');
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(over.json()).toMatchObject({
      code: 'rate_limited',
      message: 'Too many requests: try again shortly',
    });
    // Another address has a budget of its own: the limit is per client, not global.
    expect((await signInCall(t, '198.51.100.5', '192.0.2.250')).statusCode).toBe(401);
  });

  it('with TRUST_PROXY=1, only the hop the proxy appended counts', async () => {
    t = await createTestApp('sqlite', { env: { TRUST_PROXY: '1' } });
    const proxy = '10.0.0.2';
    expect(await spendBudgetForging(t, proxy, '203.0.113.7')).toEqual(Array(SIGN_IN_LIMIT).fill(401));
    expect((await signInCall(t, proxy, '192.0.2.250, 203.0.113.7')).statusCode).toBe(429);
    // A different client behind the same proxy is told apart by the address the proxy appended.
    expect((await signInCall(t, proxy, '192.0.2.250, 203.0.113.8')).statusCode).toBe(401);
  });

  it('with TRUST_PROXY listing the proxy, a client not on the list cannot name its own address', async () => {
    t = await createTestApp('sqlite', { env: { TRUST_PROXY: '10.0.0.0/24, fd00::1' } });
    expect(await spendBudgetForging(t, '198.51.100.4', '203.0.113.7')).toEqual(
      Array(SIGN_IN_LIMIT).fill(401),
    );
    expect((await signInCall(t, '198.51.100.4', '203.0.113.9')).statusCode).toBe(429);
    // Through the listed proxy, the forwarded address is the client.
    expect((await signInCall(t, '10.0.0.7', '203.0.113.7')).statusCode).toBe(401);
  });
});

describe('TRUST_PROXY', () => {
  const trustProxy = (value?: string) =>
    loadConfig(value === undefined ? {} : { TRUST_PROXY: value }, '/nonexistent/.env').TRUST_PROXY;

  it('defaults to trusting no proxy and takes a hop count or addresses and ranges', () => {
    expect(trustProxy()).toBe(0);
    expect(trustProxy('')).toBe(0);
    expect(trustProxy('2')).toBe(2);
    expect(trustProxy('10.0.0.1, 172.16.0.0/12,::1,fd00::/8')).toEqual([
      '10.0.0.1',
      '172.16.0.0/12',
      '::1',
      'fd00::/8',
    ]);
  });

  it('refuses anything else with a message naming the variable and the bad entry', () => {
    for (const [value, bad] of [
      ['true', '"true"'],
      ['-1', '"-1"'],
      ['10.0.0.0/33', '"10.0.0.0/33"'],
      ['10.0.0.1, proxy.example', '"proxy.example"'],
      ['10.0.0.1,', '""'],
    ]) {
      expect(() => trustProxy(value)).toThrow(/TRUST_PROXY: must be a hop count .* or a comma list/);
      expect(() => trustProxy(value)).toThrow(`not ${bad}`);
    }
  });
});

describe.each(DIALECTS)('the absolute session lifetime on %s', (dialect) => {
  const refresh = (app: TestApp, token: string) =>
    app.app.inject({ method: 'POST', url: '/api/v1/auth/refresh/', payload: { refresh_token: token } });

  it('lets a sign-in rotate its tokens for 90 days, then asks to sign in again', async () => {
    const signedInAt = new Date('2026-01-05T09:00:00Z');
    let clock = signedInAt;
    t = await createTestApp(dialect, { now: () => clock });
    const user = await t.createUser();
    let pair = await issueTokens(t.handle.db, t.deps.keys.signing, user, signedInAt);

    // Every 29 days, inside each refresh token's own 30 days, up to day 87.
    for (const day of [29, 58, 87]) {
      clock = new Date(signedInAt.getTime() + day * DAY);
      const res = await refresh(t, pair.refresh_token);
      expect(res.statusCode, `day ${day}`).toBe(200);
      pair = res.json();
    }
    clock = new Date(signedInAt.getTime() + 90 * DAY);
    const ended = await refresh(t, pair.refresh_token);
    expect(ended.statusCode).toBe(401);
    expect(ended.json()).toEqual({
      code: 'unauthorized',
      message: 'This session started more than 90 days ago and has ended: sign in again',
    });
    // Signing in again starts a new session, which rotates as usual.
    const fresh = await issueTokens(t.handle.db, t.deps.keys.signing, user, clock);
    expect((await refresh(t, fresh.refresh_token)).statusCode).toBe(200);
  });

  it('follows SESSION_MAX_DAYS', async () => {
    const signedInAt = new Date('2026-03-01T12:00:00Z');
    let clock = signedInAt;
    t = await createTestApp(dialect, { now: () => clock, env: { SESSION_MAX_DAYS: '7' } });
    const user = await t.createUser();
    const first = await issueTokens(t.handle.db, t.deps.keys.signing, user, signedInAt);
    clock = new Date(signedInAt.getTime() + 7 * DAY - 60_000);
    const second = await refresh(t, first.refresh_token);
    expect(second.statusCode).toBe(200);
    clock = new Date(signedInAt.getTime() + 7 * DAY);
    const ended = await refresh(t, second.json().refresh_token);
    expect(ended.statusCode).toBe(401);
    expect(ended.json().message).toBe(
      'This session started more than 7 days ago and has ended: sign in again',
    );
  });

  it('refuses a session lifetime that is not a positive number of days', () => {
    expect(() => loadConfig({ SESSION_MAX_DAYS: '0' }, '/nonexistent/.env')).toThrow(/SESSION_MAX_DAYS/);
    expect(() => loadConfig({ SESSION_MAX_DAYS: 'forever' }, '/nonexistent/.env')).toThrow(
      /SESSION_MAX_DAYS/,
    );
  });
});
