import type { SignInResult } from '@warrantly/contract/auth';
import { type HTMLElement, parse } from 'node-html-parser';
import type { TestApp } from './harness';

const LOGIN = { google: '/google-auth/google/login', microsoft: '/microsoft-auth/login/' } as const;

/** Presses the account's button on the sandbox's sign-in page, as a person would; answers the redirect. */
export async function chooseAccount(authorizeUrl: string, email: string): Promise<URL> {
  const page = await fetch(authorizeUrl);
  if (!page.ok) throw new Error(`authorize page answered ${page.status}: ${await page.text()}`);
  const html = parse(await page.text());
  const button = html
    .querySelectorAll('button, a')
    .find((el) => el.textContent.trim().includes(email) || el.getAttribute('aria-label') === email);
  if (!button) throw new Error(`no button for ${email} on the sandbox sign-in page`);
  if (button.tagName === 'A') return new URL(button.getAttribute('href') as string, authorizeUrl);
  let form: HTMLElement | null = button.parentNode;
  while (form && form.tagName !== 'FORM') form = form.parentNode;
  if (!form) throw new Error('the account button is not in a form');
  const fields = new URLSearchParams();
  for (const input of form.querySelectorAll('input')) {
    const name = input.getAttribute('name');
    if (name && input.getAttribute('type') !== 'submit')
      fields.append(name, input.getAttribute('value') ?? '');
  }
  const name = button.getAttribute('name');
  if (name) fields.append(name, button.getAttribute('value') ?? '');
  const method = (form.getAttribute('method') ?? 'GET').toUpperCase();
  const action = new URL(form.getAttribute('action') ?? authorizeUrl, authorizeUrl);
  const res =
    method === 'POST'
      ? await fetch(action, { method: 'POST', body: fields, redirect: 'manual' })
      : await fetch(`${action.origin}${action.pathname}?${fields}`, { redirect: 'manual' });
  const location = res.headers.get('location');
  if (res.status < 300 || res.status >= 400 || !location)
    throw new Error(`sandbox answered ${res.status} instead of a redirect`);
  return new URL(location, action);
}

/** Starts a sign-in on the app: answers the provider URL the app sent the browser to and its state cookie. */
export async function startSignIn(t: TestApp, provider: 'google' | 'microsoft', mode?: 'popup') {
  const res = await t.app.inject({ method: 'GET', url: `${LOGIN[provider]}${mode ? `?mode=${mode}` : ''}` });
  if (res.statusCode !== 302) throw new Error(`login answered ${res.statusCode}`);
  const setCookie = [res.headers['set-cookie']].flat().join('; ');
  const cookie = /wl_signin=[^;]+/.exec(setCookie)?.[0] ?? '';
  return { authorizeUrl: res.headers.location as string, cookie };
}

/** The whole browser-free sign-in: login route, sandbox account page, callback; answers the app's tokens. */
export async function signInThroughSandbox(
  t: TestApp,
  provider: 'google' | 'microsoft',
  email: string,
): Promise<SignInResult> {
  const { authorizeUrl, cookie } = await startSignIn(t, provider);
  const back = await chooseAccount(authorizeUrl, email);
  const callback = await t.app.inject({
    method: 'GET',
    url: `${back.pathname}${back.search}`,
    headers: { cookie },
  });
  if (callback.statusCode !== 302)
    throw new Error(`callback answered ${callback.statusCode}: ${callback.body}`);
  const success = new URL(callback.headers.location as string);
  const params = Object.fromEntries(success.searchParams);
  return params as unknown as SignInResult;
}
