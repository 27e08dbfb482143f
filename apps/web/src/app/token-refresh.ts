import type { TokenPair } from '@warrantly/contract/auth';
import { storageKeys } from '@/lib/session';
import { type AuthState, loggedOut, tokensRefreshed } from './auth-slice';

export const REFRESH_URL = '/api/v1/auth/refresh/';

/** Trades a refresh token for a fresh pair; throws when the server refuses it (used, expired, unknown). */
export async function exchangeRefreshToken(refreshToken: string): Promise<TokenPair> {
  const res = await fetch(REFRESH_URL, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ refresh_token: refreshToken }),
  });
  if (!res.ok) throw new Error(`Refreshing the session failed with HTTP ${res.status}`);
  return (await res.json()) as TokenPair;
}

type Dispatch = (action: { type: string }) => unknown;
type GetState = () => unknown;

/** Answers the access token to retry with, or null after logging out. */
export type RefreshTokens = (dispatch: Dispatch, getState: GetState) => Promise<string | null>;

/**
 * One refresh at a time for the whole store: refresh tokens rotate and a reused one revokes the whole
 * family on the server, so two requests failing together must share one exchange, not race two.
 */
export function createTokenRefresher(): RefreshTokens {
  let inFlight: Promise<string | null> | null = null;
  return (dispatch, getState) => {
    if (inFlight) return inFlight;
    const { auth } = getState() as { auth: AuthState };
    const refreshToken = auth.refreshToken ?? localStorage.getItem(storageKeys.refreshToken);
    inFlight = (async () => {
      try {
        if (!refreshToken) throw new Error('No refresh token stored');
        const pair = await exchangeRefreshToken(refreshToken);
        dispatch(tokensRefreshed({ accessToken: pair.access_token, refreshToken: pair.refresh_token }));
        return pair.access_token;
      } catch (error) {
        console.warn('Session could not be refreshed; signing out', error);
        dispatch(loggedOut());
        return null;
      } finally {
        inFlight = null;
      }
    })();
    return inFlight;
  };
}

/** The bearer token of a request: auth state first, local storage as the seed also allowed. */
export function currentAccessToken(getState: GetState): string | null {
  const { auth } = getState() as { auth: AuthState };
  return auth.accessToken ?? localStorage.getItem(storageKeys.accessToken);
}
