import type { SignInResult } from '@warrantly/contract/auth';
import { type HTMLElement, parse } from 'node-html-parser';
import type { TestApp } from './harness';

const LOGIN = { google: '/google-auth/google/login', microsoft: '/microsoft-auth/login/' } as const;

async function pickerPage(authorizeUrl: string): Promise<HTMLElement> {
  const page = await fetch(authorizeUrl);
  if (!page.ok) throw new Error(`authorize page answered ${page.status}: ${await page.text()}`);
  return parse(await page.text());
}

/** Submits `button`'s form with what its fields now hold, as a browser would; answers the redirect. */
async function submit(button: HTMLElement, authorizeUrl: string, values: Record<string, string> = {}) {
  let form: HTMLElement | null = button.parentNode;
  while (form && form.tagName !== 'FORM') form = form.parentNode;
  if (!form) throw new Error('the button is not in a form');
  const fields = new URLSearchParams();
  for (const input of form.querySelectorAll('input')) {
    const name = input.getAttribute('name');
    const type = input.getAttribute('type');
    if (!name || type === 'submit') continue;
    if (type === 'checkbox') {
      if (values[name] === 'on') fields.append(name, input.getAttribute('value') ?? 'on');
    } else {
      fields.append(name, values[name] ?? input.getAttribute('value') ?? '');
    }
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

/** Presses the account's button on the sandbox's sign-in page, as a person would; answers the redirect. */
export async function chooseAccount(authorizeUrl: string, email: string): Promise<URL> {
  const html = await pickerPage(authorizeUrl);
  const button = html
    .querySelectorAll('button, a')
    .find((el) => el.textContent.trim().includes(email) || el.getAttribute('aria-label') === email);
  if (!button) throw new Error(`no button for ${email} on the sandbox sign-in page`);
  if (button.tagName === 'A') return new URL(button.getAttribute('href') as string, authorizeUrl);
  return submit(button, authorizeUrl);
}

/** An account typed into the picker's "Use another account" form. */
export interface AnotherAccount {
  email: string;
  name: string;
  /** Ticks "Email verified" (Google) or "Email verified by the tenant" (Microsoft). */
  verified: boolean;
}

/** Fills the picker's "Use another account" form by its labels, as a person would; answers the redirect. */
export async function useAnotherAccount(authorizeUrl: string, account: AnotherAccount): Promise<URL> {
  const html = await pickerPage(authorizeUrl);
  const section = html
    .querySelectorAll('fieldset')
    .find((f) => f.querySelector('legend')?.textContent.trim() === 'Use another account');
  if (!section) throw new Error('no "Use another account" form on the sandbox sign-in page');
  const labelled = (text: string) => {
    const label = section.querySelectorAll('label').find((l) => l.textContent.trim() === text);
    const id = label?.getAttribute('for');
    const input = id ? section.querySelector(`#${id}`) : label?.querySelector('input');
    const name = input?.getAttribute('name');
    if (!name) throw new Error(`no field labelled "${text}"`);
    return name;
  };
  const checkbox = section
    .querySelectorAll('label')
    .find((l) => l.textContent.trim().startsWith('Email verified'));
  const verifiedName = checkbox?.querySelector('input')?.getAttribute('name');
  if (!verifiedName) throw new Error('no "Email verified" checkbox');
  const button = section.querySelector('button');
  if (!button) throw new Error('the "Use another account" form has no button');
  return submit(button, authorizeUrl, {
    [labelled('Email')]: account.email,
    [labelled('Name')]: account.name,
    ...(account.verified ? { [verifiedName]: 'on' } : {}),
  });
}

/** Starts a sign-in on the app: answers the provider URL the app sent the browser to and its state cookie. */
export async function startSignIn(t: TestApp, provider: 'google' | 'microsoft', mode?: 'popup') {
  const res = await t.app.inject({ method: 'GET', url: `${LOGIN[provider]}${mode ? `?mode=${mode}` : ''}` });
  if (res.statusCode !== 302) throw new Error(`login answered ${res.statusCode}`);
  const setCookie = [res.headers['set-cookie']].flat().join('; ');
  const cookie = /wl_signin=[^;]+/.exec(setCookie)?.[0] ?? '';
  return { authorizeUrl: res.headers.location as string, cookie };
}

/**
 * The whole browser-free sign-in: login route, sandbox account page (a demo account's button, or the
 * "Use another account" form), callback; answers the app's tokens.
 */
export async function signInThroughSandbox(
  t: TestApp,
  provider: 'google' | 'microsoft',
  account: string | AnotherAccount,
): Promise<SignInResult> {
  const { authorizeUrl, cookie } = await startSignIn(t, provider);
  const back =
    typeof account === 'string'
      ? await chooseAccount(authorizeUrl, account)
      : await useAnotherAccount(authorizeUrl, account);
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
