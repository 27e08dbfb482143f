import type { Page } from '@playwright/test';
import { LoginPage } from '../pages/LoginPage';
import { DEMO } from '../support/accounts';
import { expect, test } from '../support/fixtures';
import { expireStoredAccessToken } from '../support/stored-tokens';

const REFRESH_PATH = '/api/v1/auth/refresh/';
const PURCHASES_HEADING = `${DEMO.google.name}'s Purchases`;

/** The purchases page has its data: the list (or its empty state), no spinner, no error. */
async function expectPurchasesShown(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: PURCHASES_HEADING })).toBeVisible();
  const list = page.getByRole('columnheader', { name: 'Product' }).or(page.getByText('No purchases yet'));
  await expect(list).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('Oops! Something went wrong')).toBeHidden();
  expect(new URL(page.url()).pathname).toBe('/dashboard/purchase');
}

/** The refresh token in the plain key and in redux-persist's stored store, to compare them. */
function storedRefreshTokens(page: Page) {
  return page.evaluate(() => {
    const root = JSON.parse(localStorage.getItem('persist:root') ?? '{}') as Record<string, string>;
    const auth = JSON.parse(root.auth ?? '{}') as { refreshToken?: string };
    return { plain: localStorage.getItem('refreshToken'), persisted: auth.refreshToken ?? null };
  });
}

test('a refresh answered 429 keeps the session, and the refresh after Retry-After succeeds', async ({
  page,
}) => {
  await new LoginPage(page).signIn('google');
  const refreshes: number[] = [];
  page.on('response', (res) => {
    if (new URL(res.url()).pathname === REFRESH_PATH) refreshes.push(res.status());
  });
  // The server stays real; only the browser's refresh call is answered "too many requests" for a while.
  let isRateLimited = true;
  await page.route(`**${REFRESH_PATH}`, (route) =>
    isRateLimited
      ? route.fulfill({
          status: 429,
          headers: { 'retry-after': '3' },
          json: { code: 'rate_limited', message: 'Too many requests: try again shortly' },
        })
      : route.continue(),
  );
  await expireStoredAccessToken(page);
  await page.goto('/dashboard/purchase');

  await expect.poll(() => refreshes).toContain(429);
  await expect(page.getByText('Oops! Something went wrong')).toBeVisible();
  expect(new URL(page.url()).pathname).toBe('/dashboard/purchase');
  expect(await storedRefreshTokens(page)).toMatchObject({ plain: expect.any(String) });
  isRateLimited = false;

  // Retried after Retry-After without the user doing anything: the page loads its data.
  await expectPurchasesShown(page);
  expect(refreshes.at(-1)).toBe(200);
  expect(refreshes.filter((status) => status !== 429)).toEqual([200]);
  expect(await page.evaluate(() => localStorage.getItem('accessToken'))).not.toBe('expired');
});

test('two tabs refreshing at once both stay signed in, and the server sees no reuse', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ baseURL });
  try {
    const first = await context.newPage();
    await new LoginPage(first).signIn('google');
    const second = await context.newPage();
    await second.goto('/dashboard');
    await expect(second.getByRole('heading', { level: 1, name: /Dashboard$/ })).toBeVisible();

    const refreshes: number[] = [];
    context.on('response', (res) => {
      if (new URL(res.url()).pathname === REFRESH_PATH) refreshes.push(res.status());
    });
    // The first refresh is held until a second one comes (two tabs racing) or 3 s pass: the two can only
    // both reach the server if nothing keeps the tabs from refreshing together.
    let arrived = 0;
    let releaseFirst: () => void = () => undefined;
    const secondOrTimeout = new Promise<void>((resolve) => {
      releaseFirst = resolve;
      setTimeout(resolve, 3_000);
    });
    await context.route(`**${REFRESH_PATH}`, async (route) => {
      arrived += 1;
      if (arrived === 1) await secondOrTimeout;
      else releaseFirst();
      await route.continue();
    });

    await expireStoredAccessToken(first);
    await Promise.all([first.goto('/dashboard/purchase'), second.goto('/dashboard/purchase')]);

    for (const page of [first, second]) await expectPurchasesShown(page);
    // One refresh for both tabs, and it was not refused.
    expect(refreshes).toEqual([200]);
    expect(arrived).toBe(1);
    // Both tabs' persisted stores hold the pair the refresh gave.
    for (const page of [first, second]) {
      await expect.poll(() => storedRefreshTokens(page)).toEqual(await storedRefreshTokens(first));
    }
    const stored = await storedRefreshTokens(first);
    expect(stored.persisted).toBe(stored.plain);
    // The family was not revoked: the current refresh token still works on the server.
    const check = await context.request.post(REFRESH_PATH, { data: { refresh_token: stored.plain } });
    expect(check.status()).toBe(200);
  } finally {
    await context.close();
  }
});
