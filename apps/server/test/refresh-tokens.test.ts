import { describe, expect, it } from 'vitest';
import { issueTokens } from '../src/modules/auth/app-tokens';
import { DIALECTS, sharedAppWithUser } from './harness';

describe.each(DIALECTS)('the app’s own tokens on %s', (dialect) => {
  const suite = sharedAppWithUser(dialect);

  const refresh = (token: string) =>
    suite.t.app.inject({ method: 'POST', url: '/api/v1/auth/refresh/', payload: { refresh_token: token } });
  const me = (access: string) =>
    suite.t.app.inject({ method: 'GET', url: '/api/v1/me/', headers: { authorization: `Bearer ${access}` } });

  it('trades a refresh token for a new pair once', async () => {
    const first = await issueTokens(suite.t.handle.db, suite.t.deps.keys.signing, suite.user, new Date());
    const res = await refresh(first.refresh_token);
    expect(res.statusCode).toBe(200);
    const pair = res.json();
    expect(pair.refresh_token).not.toBe(first.refresh_token);
    expect((await me(pair.access_token)).json()).toMatchObject({ name: 'Avery Quinn' });
    const again = await refresh(first.refresh_token);
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual({
      code: 'unauthorized',
      message: 'The refresh token is invalid, used or expired: sign in again',
    });
  });

  it('revokes the whole family when a used refresh token comes back', async () => {
    const first = await issueTokens(suite.t.handle.db, suite.t.deps.keys.signing, suite.user, new Date());
    const second = (await refresh(first.refresh_token)).json();
    expect((await refresh(first.refresh_token)).statusCode).toBe(401); // reuse: someone kept a copy
    expect((await refresh(second.refresh_token)).statusCode).toBe(401); // so the newer token is revoked too
  });

  it('revokes on logout, and keeps issued access tokens valid until they expire', async () => {
    const first = await issueTokens(suite.t.handle.db, suite.t.deps.keys.signing, suite.user, new Date());
    const logout = await suite.t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout/',
      payload: { refresh_token: first.refresh_token },
    });
    expect(logout.statusCode).toBe(204);
    expect((await refresh(first.refresh_token)).statusCode).toBe(401);
    expect((await me(first.access_token)).statusCode).toBe(200);
  });

  it('answers 401 for an unknown or expired refresh token and 400 for a missing one', async () => {
    expect((await refresh('not-a-token')).statusCode).toBe(401);
    const old = await issueTokens(
      suite.t.handle.db,
      suite.t.deps.keys.signing,
      suite.user,
      new Date(Date.now() - 31 * 86_400_000),
    );
    expect((await refresh(old.refresh_token)).statusCode).toBe(401);
    const missing = await suite.t.app.inject({ method: 'POST', url: '/api/v1/auth/refresh/', payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toContain('refresh_token');
  });
});
