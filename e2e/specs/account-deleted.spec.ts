import type { Page } from '@playwright/test';
import { AccountPage } from '../pages/AccountPage';
import { LandingPage } from '../pages/LandingPage';
import { LoginPage } from '../pages/LoginPage';
import { DEMO, PROVIDERS } from '../support/accounts';
import { seriousViolations } from '../support/axe';
import { appUrl } from '../support/env';
import { expect, test } from '../support/fixtures';
import { saveScreenshot } from '../support/screenshots';

const SYNC_PATH = /\/(google-auth\/google\/sync|microsoft-auth\/warranty-sync)\/$/;

/** The mailbox syncs a page asks for, by path. */
function watchSyncs(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (req) => {
    const path = new URL(req.url()).pathname;
    if (SYNC_PATH.test(path)) calls.push(path);
  });
  return calls;
}

for (const provider of PROVIDERS) {
  const demo = DEMO[provider];

  test(`deleting the ${provider} account signs out every tab, and the landing page says so`, async ({
    browser,
    sessions,
  }) => {
    test.setTimeout(180_000);
    // A context of its own: deleting the account ends every session of it, the shared ones included.
    const context = await browser.newContext({ baseURL: appUrl(), viewport: { width: 1280, height: 900 } });
    const first = await context.newPage();
    await new LoginPage(first).signIn(provider);
    const second = await context.newPage();
    await second.goto('/dashboard/purchase');
    await expect(second.getByRole('heading', { level: 1, name: `${demo.name}'s Purchases` })).toBeVisible();
    // A third tab on the landing page, signed in.
    const third = await context.newPage();
    await third.goto('/');
    await expect(new LandingPage(third).startLink()).toHaveText('Go to Dashboard');

    const account = new AccountPage(first);
    await account.openFromTopBar();
    await account.deleteAccount(demo.email);
    sessions.forget(provider);

    for (const tab of [first, second]) {
      const landing = new LandingPage(tab);
      await landing.expectShown();
      await expect(landing.accountDeletedNotice()).toBeVisible();
      await expect(landing.startLink()).toHaveText('Get Started');
      await expect(tab.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible();
    }
    // The landing page open elsewhere follows: no way back into a dashboard that is gone.
    await expect(new LandingPage(third).startLink()).toHaveText('Get Started');
    expect(await first.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
    expect(await seriousViolations(first)).toEqual([]);
    await saveScreenshot(first, `account-deleted-landing-${provider}-1280`);
    await second.setViewportSize({ width: 360, height: 800 });
    expect(await seriousViolations(second)).toEqual([]);
    await saveScreenshot(second, `account-deleted-landing-${provider}-360`);
    await context.close();
  });

  test(`a new ${provider} account's purchases appear after sign-in, without Refresh Purchases`, async ({
    browser,
    sessions,
  }) => {
    test.setTimeout(180_000);
    const context = await browser.newContext({ baseURL: appUrl(), viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    // A new account: the demo account as it is now is deleted page, and signing in again makes it anew.
    await new LoginPage(page).signIn(provider);
    const token = await page.evaluate(() => localStorage.getItem('accessToken'));
    const deleted = await page.request.delete('/api/v1/account/', {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(deleted.status()).toBe(204);
    sessions.forget(provider);
    await page.evaluate(() => localStorage.clear());

    const syncs = watchSyncs(page);
    // The sandbox's mailbox answers in a moment: the sync's request waits here until the page has been
    // seen while it runs.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(SYNC_PATH, async (route) => {
      await held;
      await route.continue();
    });
    await new LoginPage(page).signIn(provider);
    await expect(page.getByRole('heading', { level: 1, name: `${demo.name}'s Dashboard` })).toBeVisible();
    const syncing = page.getByRole('status').filter({ hasText: 'Syncing Purchases' });
    await expect(syncing).toBeVisible();
    await expect(page.getByRole('button', { name: 'Refresh Purchases' })).toBeDisabled();
    await expect(page.getByRole('region', { name: 'Recent Purchases' })).toContainText('No purchases yet.');
    await saveScreenshot(page, `first-sync-running-${provider}-1280`);
    release();
    await expect(page.getByRole('alert').filter({ hasText: 'Mailbox synced' })).toBeVisible({
      timeout: 60_000,
    });
    await expect(syncing).toBeHidden();
    const recent = page.getByRole('region', { name: 'Recent Purchases' });
    await expect(recent.getByRole('listitem')).not.toHaveCount(0);
    await expect(recent).not.toContainText('No purchases yet.');
    expect(syncs).toHaveLength(1);
    await saveScreenshot(page, `first-sync-done-${provider}-1280`);

    // Once is enough: another visit does not sync again by itself.
    await page.reload();
    await expect(recent.getByRole('listitem')).not.toHaveCount(0);
    const account = new AccountPage(page);
    await account.openFromTopBar();
    await expect(account.section('Connected mailbox')).toContainText(
      /Last synced \d{4}-\d{2}-\d{2} \d{2}:\d{2}\./,
    );
    expect(syncs).toHaveLength(1);
    await context.close();
  });
}
