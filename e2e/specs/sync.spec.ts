import { PurchasesPage } from '../pages/PurchasesPage';
import { DEMO, PROVIDERS } from '../support/accounts';
import { asUser } from '../support/api';
import { expect, test } from '../support/fixtures';

for (const provider of PROVIDERS) {
  test(`Refresh Purchases fills the list from the ${provider} sandbox mailbox`, async ({ signedInPage }) => {
    const page = await signedInPage(provider);
    const api = await asUser(page);
    const purchases = new PurchasesPage(page);
    await purchases.open(DEMO[provider].name);
    // A new account's first sync runs by itself; Refresh Purchases is pressed once it is over.
    await expect(page.getByRole('button', { name: 'Refresh Purchases' })).toBeEnabled({ timeout: 60_000 });
    const before = (await api.purchases()).length;
    const syncCalls: string[] = [];
    page.on('request', (req) => {
      if (/\/(google-auth\/google\/sync|microsoft-auth\/warranty-sync)\//.test(req.url()))
        syncCalls.push(new URL(req.url()).pathname);
    });
    // A mailbox synced before answers in a moment: the request waits until the notice has been seen.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/(google-auth\/google\/sync|microsoft-auth\/warranty-sync)\/$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Refresh Purchases' }).click();
    await expect(page.getByText('Syncing Purchases')).toBeVisible();
    release();
    await expect(page.getByRole('alert').filter({ hasText: 'Mailbox synced' })).toBeVisible({
      timeout: 45_000,
    });
    await expect(page.getByText('Syncing Purchases')).toBeHidden();
    expect(syncCalls).toEqual([
      provider === 'google' ? '/google-auth/google/sync/' : '/microsoft-auth/warranty-sync/',
    ]);
    const after = (await api.purchases()).length;
    expect(after).toBeGreaterThan(0);
    expect(after).toBeGreaterThanOrEqual(before);
    await expect(page.getByRole('row')).not.toHaveCount(1);
  });
}
