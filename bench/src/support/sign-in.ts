import type { SignInResult } from '@warrantly/contract/auth';
import {
  type AnotherAccount,
  chooseAccount,
  useAnotherAccount,
} from '../../../apps/server/test/sandbox-sign-in';

const LOGIN = { google: '/google-auth/google/login', microsoft: '/microsoft-auth/login/' } as const;

/**
 * Signs a sandbox account in to a server running in another process, over HTTP as a browser would:
 * the login route, the account's button on the sandbox page (or its "Use another account" form), the
 * callback with the state cookie. `headers` go with both requests to the server (e.g. X-Forwarded-For).
 */
export async function signInOverHttp(
  appUrl: string,
  provider: 'google' | 'microsoft',
  account: string | AnotherAccount,
  headers: Record<string, string> = {},
): Promise<SignInResult> {
  const login = await fetch(`${appUrl}${LOGIN[provider]}`, { headers, redirect: 'manual' });
  const cookie = /wl_signin=[^;]+/.exec(login.headers.get('set-cookie') ?? '')?.[0];
  const authorizeUrl = login.headers.get('location');
  if (login.status !== 302 || !authorizeUrl || !cookie) throw new Error(`login answered ${login.status}`);
  const back =
    typeof account === 'string'
      ? await chooseAccount(authorizeUrl, account)
      : await useAnotherAccount(authorizeUrl, account);
  const callback = await fetch(back, { headers: { ...headers, cookie }, redirect: 'manual' });
  const success = callback.headers.get('location');
  if (callback.status !== 302 || !success)
    throw new Error(`callback answered ${callback.status}: ${await callback.text()}`);
  return Object.fromEntries(new URL(success, appUrl).searchParams) as unknown as SignInResult;
}
