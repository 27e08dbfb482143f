import { type Browser, type BrowserContext, test as base, expect, type Page } from '@playwright/test';
import { LoginPage } from '../pages/LoginPage';
import type { Provider } from './accounts';
import { appUrl } from './env';

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/**
 * Signed-in browser states, one sign-in per provider per worker: sign-in is rate limited, and every spec
 * signing in afresh would hit the limit. Access tokens live 15 minutes, so a state is renewed after 10;
 * a spec that logs out signs in on its own instead (logout revokes the tokens a shared state holds).
 */
class Sessions {
  private readonly states = new Map<Provider, { state: StorageState; at: number }>();

  constructor(private readonly browser: Browser) {}

  async state(provider: Provider): Promise<StorageState> {
    const cached = this.states.get(provider);
    if (cached && Date.now() - cached.at < 10 * 60_000) return cached.state;
    // A sign-in, with a new account's first sync, is time the spec itself did not ask for.
    base.info().setTimeout(base.info().timeout + 120_000);
    const context = await this.browser.newContext({ baseURL: appUrl() });
    const page = await context.newPage();
    const firstSync = settledFirstSync(page);
    await new LoginPage(page).signIn(provider);
    await firstSync;
    const state = await context.storageState();
    await context.close();
    this.states.set(provider, { state, at: Date.now() });
    return state;
  }

  /** Drops the provider's state after a spec deleted its account: the next page signs in afresh. */
  forget(provider: Provider): void {
    this.states.delete(provider);
  }
}

const SYNC_PATH = /^\/(google-auth\/google\/sync|microsoft-auth\/warranty-sync)\/$/;

/**
 * Settles once the signed-in dashboard has read the account and, for an account whose mailbox never
 * synced, once the sync it starts by itself is over: specs begin on data that no longer moves.
 */
async function settledFirstSync(page: Page): Promise<void> {
  const synced = page.waitForResponse((res) => SYNC_PATH.test(new URL(res.url()).pathname), {
    timeout: 120_000,
  });
  synced.catch(() => undefined);
  const account = await page.waitForResponse((res) => new URL(res.url()).pathname === '/api/v1/account/', {
    timeout: 60_000,
  });
  const { mailbox } = (await account.json()) as {
    mailbox: { connected: boolean; last_synced_at: string | null };
  };
  if (mailbox.connected && mailbox.last_synced_at === null) await synced;
}

/**
 * Specs write dates relative to today and read them back as the browser and server see them: a spec
 * that straddles midnight would compare two different days. One starting within this long of midnight
 * waits for the new day first.
 */
const MIDNIGHT_MARGIN_MS = 3 * 60_000;

function msToMidnight(now = new Date()): number {
  const midnight = new Date(now);
  midnight.setHours(24, 0, 0, 0);
  return midnight.getTime() - now.getTime();
}

interface Fixtures {
  clearOfMidnight: void;
  /** A new page signed in as the provider's demo account, at /dashboard. */
  signedInPage: (provider: Provider, viewport?: { width: number; height: number }) => Promise<Page>;
}

export const test = base.extend<Fixtures, { sessions: Sessions }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern
  baseURL: async ({}, use) => {
    await use(appUrl());
  },
  clearOfMidnight: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern
    async ({}, use, testInfo) => {
      const wait = msToMidnight();
      if (wait < MIDNIGHT_MARGIN_MS) {
        testInfo.setTimeout(testInfo.timeout + wait + 1000);
        await new Promise((resolve) => setTimeout(resolve, wait + 1000));
      }
      await use();
    },
    { auto: true },
  ],
  sessions: [
    async ({ browser }, use) => {
      await use(new Sessions(browser));
    },
    { scope: 'worker' },
  ],
  signedInPage: async ({ browser, sessions }, use) => {
    const contexts: BrowserContext[] = [];
    await use(async (provider, viewport = { width: 1280, height: 900 }) => {
      const context = await browser.newContext({
        baseURL: appUrl(),
        viewport,
        storageState: await sessions.state(provider),
      });
      contexts.push(context);
      const page = await context.newPage();
      await page.goto('/dashboard');
      await expect(page.getByRole('heading', { level: 1, name: /Dashboard$/ })).toBeVisible();
      return page;
    });
    for (const context of contexts) await context.close();
  },
});

export { expect };
