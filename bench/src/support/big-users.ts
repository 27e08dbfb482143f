/**
 * Users with many purchases for `bench:web`: signed in through the sandbox's "Use another account" form in
 * the benchmark's browser, seeded straight into the server's SQLite file, and the API JSON each screen of
 * theirs downloads, counted.
 */
import { type Browser, chromium, type Page } from 'playwright-core';
import { insertPurchases, reminderProgress } from '../../../e2e/support/seed';
import type { RunningServer } from '../../../e2e/support/server';

export interface BigUser {
  email: string;
  name: string;
  purchases: number;
}

/** The screens of the dashboard, each with the heading that says it has rendered. */
export const SCREENS = [
  { path: '/dashboard', title: 'Dashboard' },
  { path: '/dashboard/purchase', title: 'Purchases' },
  { path: '/dashboard/warranties', title: 'Warranties' },
  { path: '/dashboard/receipts', title: 'Receipts' },
  { path: '/dashboard/reminders', title: 'Reminders' },
  { path: '/dashboard/replacement', title: 'Replacement Parts' },
] as const;

async function withPage<T>(port: number, work: (page: Page) => Promise<T>): Promise<T> {
  const browser: Browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0];
    if (!context) throw new Error('Chromium has no default context');
    const page = await context.newPage();
    try {
      return await work(page);
    } finally {
      await page.close();
    }
  } finally {
    // Disconnects only: the browser and its signed-in profile stay for Lighthouse.
    await browser.close();
  }
}

/**
 * Signs `user` in, in the browser at `port` (its profile keeps the session, replacing any other on this
 * server), gives them `user.purchases` purchases (all but one written beside the server, one a day, every
 * 20th a replacement part of the one before, every 3rd with a receipt; the last through the API, which has the server make their
 * reminders), and waits until it has put those on the sandbox calendar, so that that work is not measured.
 */
export async function signInBigUser(port: number, server: RunningServer, user: BigUser): Promise<void> {
  const userId = await withPage(port, async (page) => {
    await page.goto(`${server.url}/login`);
    await page.getByRole('button', { name: 'Login with Google' }).click();
    await page.getByLabel('Email', { exact: true }).fill(user.email);
    await page.getByLabel('Name', { exact: true }).fill(user.name);
    await page.getByRole('button', { name: 'Sign in with this account' }).click();
    await page.waitForURL((url) => url.pathname === '/success' && url.search === '');
    await page.getByRole('button', { name: 'Go to Dashboard' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/dashboard'));
    const token = await page.evaluate(() =>
      (globalThis as { localStorage?: { getItem(key: string): string | null } }).localStorage?.getItem(
        'accessToken',
      ),
    );
    if (!token) throw new Error(`${user.email} did not sign in`);
    const { sub } = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as {
      sub: string;
    };
    insertPurchases(server.dataDir, sub, user.purchases - 1, { partsEvery: 20, receiptsEvery: 3 });
    const form = new FormData();
    form.set('product_name', 'Newest kettle');
    form.set('purchase_date', new Date().toISOString().slice(0, 10));
    const res = await fetch(`${server.url}/api/v1/orders/create/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    if (!res.ok) throw new Error(`creating a purchase answered ${res.status}: ${await res.text()}`);
    await firstSyncSettled(server.url, token);
    return sub;
  });
  await remindersSettled(server.dataDir, userId);
}

/**
 * Waits for the mailbox sync the dashboard starts by itself for a new account (measured while it runs,
 * the dashboard would share the machine's two cores with that sync's readers): a sync asked for while
 * another runs waits for it and answers its result, and one asked for after it reads nothing new.
 */
async function firstSyncSettled(serverUrl: string, token: string): Promise<void> {
  const res = await fetch(`${serverUrl}/google-auth/google/sync/`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (!res.ok) throw new Error(`the mailbox sync answered ${res.status}: ${await res.text()}`);
}

/** Waits until the server has made every reminder of the user's and their count held for 3 s. */
async function remindersSettled(dataDir: string, userId: string): Promise<void> {
  let last = -1;
  let stableSince = Date.now();
  const deadline = Date.now() + 10 * 60_000;
  while (Date.now() < deadline) {
    const { total, pending } = reminderProgress(dataDir, userId);
    if (total !== last || pending > 0) {
      last = total;
      stableSince = Date.now();
    } else if (total > 0 && Date.now() - stableSince > 3000) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`the reminders of user ${userId} were still being made after 10 minutes`);
}

export interface ApiBytes {
  /** JSON bodies as the app reads them. */
  decoded: number;
  /** The same on the wire (compressed when the server compresses). */
  wire: number;
  requests: number;
}

/** The API JSON the screen at `url` downloads until it has rendered and the network is idle. */
export async function apiBytesOf(port: number, url: string, title: string): Promise<ApiBytes> {
  return withPage(port, async (page) => {
    const counted: Promise<{ decoded: number; wire: number }>[] = [];
    page.on('response', (res) => {
      if (!(res.headers()['content-type'] ?? '').includes('application/json')) return;
      counted.push(
        Promise.all([res.body(), res.request().sizes()]).then(
          ([body, sizes]) => ({ decoded: body.length, wire: sizes.responseBodySize }),
          () => ({ decoded: 0, wire: 0 }),
        ),
      );
    });
    await page.goto(url);
    await page.getByRole('heading', { level: 1, name: new RegExp(`'s ${title}$`) }).waitFor();
    await page.locator('.animate-spin').first().waitFor({ state: 'detached' });
    await page.waitForLoadState('networkidle');
    const all = await Promise.all(counted);
    return {
      decoded: all.reduce((sum, r) => sum + r.decoded, 0),
      wire: all.reduce((sum, r) => sum + r.wire, 0),
      requests: all.length,
    };
  });
}
