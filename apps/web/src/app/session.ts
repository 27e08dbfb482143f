import type { Provider } from '@warrantly/contract/auth';

/** The browser storage keys of the seed app; other code reads these names only through this module. */
export const storageKeys = {
  accessToken: 'accessToken',
  refreshToken: 'refreshToken',
  user: 'user',
  loginProvider: 'loginProvider',
  redirectAfterLogin: 'redirectAfterLogin',
} as const;

/** What `user` holds in local storage (the seed's shape). */
export interface StoredUser {
  email: string;
  name: string;
  picture: string;
  messages: string;
}

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    // Storage can be disabled (private mode, policies): behave as signed out.
    return null;
  }
}

/** The app's token pair as every tab of the browser sees it. */
export interface StoredTokens {
  accessToken: string;
  refreshToken: string;
}

/** The stored pair, or null unless both tokens are there. */
export function readStoredTokens(): StoredTokens | null {
  const accessToken = read(storageKeys.accessToken);
  const refreshToken = read(storageKeys.refreshToken);
  return accessToken && refreshToken ? { accessToken, refreshToken } : null;
}

/** True when both tokens are stored; the landing page reads this without loading the store. */
export function hasStoredSession(): boolean {
  return readStoredTokens() !== null;
}

/**
 * Calls `onChange` when another tab stores or clears the session (the browser's `storage` event), so a
 * page that reads `hasStoredSession` follows a sign-in, a logout or a deleted account elsewhere.
 */
export function subscribeToStoredSession(onChange: () => void): () => void {
  const listener = (event: StorageEvent) => {
    // null: the other tab cleared the whole storage.
    if (event.key === null || event.key === storageKeys.accessToken || event.key === storageKeys.refreshToken)
      onChange();
  };
  window.addEventListener('storage', listener);
  return () => window.removeEventListener('storage', listener);
}

export function readLoginProvider(): Provider | null {
  const value = read(storageKeys.loginProvider)?.toLowerCase();
  return value === 'google' || value === 'microsoft' ? value : null;
}

export function readStoredUser(): StoredUser | null {
  const raw = read(storageKeys.user);
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null) return null;
    const o = parsed as Record<string, unknown>;
    const text = (v: unknown) => (typeof v === 'string' ? v : '');
    return { email: text(o.email), name: text(o.name), picture: text(o.picture), messages: text(o.messages) };
  } catch {
    return null;
  }
}

export function storeTokens(accessToken: string, refreshToken: string): void {
  try {
    localStorage.setItem(storageKeys.accessToken, accessToken);
    localStorage.setItem(storageKeys.refreshToken, refreshToken);
  } catch (error) {
    // Storage can be full or disabled: the session then lives in this tab's memory only.
    console.warn('The session could not be stored', error);
  }
}

export function storeUser(user: StoredUser): void {
  localStorage.setItem(storageKeys.user, JSON.stringify(user));
}

/** Remembered before leaving for the provider, read back on the success page. */
export function storeLoginIntent(provider: Provider, redirectAfterLogin: string): void {
  localStorage.setItem(storageKeys.loginProvider, provider);
  localStorage.setItem(storageKeys.redirectAfterLogin, redirectAfterLogin);
}

/**
 * Where Go to Dashboard leads: the remembered path only when it is a same-origin path under /dashboard,
 * so a crafted value can never send a freshly signed-in user to another site.
 * @example safeDashboardPath('/dashboard/receipts?page=2') //=> '/dashboard/receipts?page=2'
 * @example safeDashboardPath('//evil.example/dashboard') //=> '/dashboard'
 */
export function safeDashboardPath(value: string | null): string {
  const fallback = '/dashboard';
  if (!value?.startsWith('/') || value.startsWith('//') || value.includes('\\')) return fallback;
  try {
    const base = 'http://app.invalid';
    const url = new URL(value, base);
    if (url.origin !== base) return fallback;
    if (url.pathname !== '/dashboard' && !url.pathname.startsWith('/dashboard/')) return fallback;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
}
