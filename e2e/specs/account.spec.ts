import { readFile } from 'node:fs/promises';
import { unzipSync } from 'fflate';
import { AccountPage } from '../pages/AccountPage';
import { DashboardShell } from '../pages/DashboardShell';
import { LoginPage } from '../pages/LoginPage';
import { RemindersPage } from '../pages/RemindersPage';
import { DEMO, PROVIDERS } from '../support/accounts';
import { asUser, daysFromToday, isoDate, uniqueName } from '../support/api';
import { seriousViolations } from '../support/axe';
import { appUrl } from '../support/env';
import { expect, test } from '../support/fixtures';
import { saveScreenshot } from '../support/screenshots';

const PROVIDER_LABEL = { google: 'Google', microsoft: 'Microsoft' } as const;
const CALENDAR_NAME = { google: 'Google Calendar', microsoft: 'Outlook calendar' } as const;

/** No sideways scrolling at the page's width. */
async function expectNoOverflow(page: import('@playwright/test').Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test('the Account page and its top-bar link fit a phone', async ({ signedInPage }) => {
  const page = await signedInPage('google', { width: 360, height: 800 });
  const account = new AccountPage(page);
  await account.openFromTopBar();
  await expect(account.section('Connected mailbox')).toContainText(DEMO.google.email);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await saveScreenshot(page, 'account-360');
});

for (const provider of PROVIDERS) {
  test(`the ${provider} account: download my data, disconnect the mailbox, delete the account`, async ({
    browser,
    sessions,
  }) => {
    test.setTimeout(120_000);
    const demo = DEMO[provider];
    // A context of its own: deleting the account ends every session of it, the shared ones included.
    const context = await browser.newContext({ baseURL: appUrl(), viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await new LoginPage(page).signIn(provider);
    const api = await asUser(page);
    const product = uniqueName('Export check');
    await api.createPurchase({ product_name: product, purchase_date: '2026-01-15', price: '12.50' });

    const account = new AccountPage(page);
    await account.openFromTopBar();
    await expect(account.section('Profile')).toContainText(demo.name);
    await expect(account.section('Profile')).toContainText(demo.email);
    await expect(account.section('Profile')).toContainText(PROVIDER_LABEL[provider]);
    await expect(account.section('Connected mailbox')).toContainText(demo.email);
    await expect(account.section('Connected mailbox')).toContainText('Connected');
    await saveScreenshot(page, `account-${provider}`);
    expect(await seriousViolations(page)).toEqual([]);

    const download = await account.download();
    expect(download.suggestedFilename()).toMatch(/^warrantly-export-\d{4}-\d{2}-\d{2}\.zip$/);
    const files = unzipSync(new Uint8Array(await readFile(await download.path())));
    for (const name of ['purchases.json', 'purchases.csv', 'reminders.json', 'settings.json']) {
      expect(Object.keys(files)).toContain(name);
    }
    const exported = JSON.parse(new TextDecoder().decode(files['purchases.json'])) as {
      product_name: string;
    }[];
    expect(exported.map((p) => p.product_name)).toContain(product);
    expect(new TextDecoder().decode(files['purchases.csv'])).toContain(product);

    const disconnect = await account.disconnect();
    await expect(disconnect).toContainText('Mail sync stops');
    await expect(disconnect).toContainText('Calendar reminders stop');
    await expect(disconnect).toContainText('Your purchases, receipts and reminders are kept.');
    await expect(disconnect).toContainText(`Signing in with ${PROVIDER_LABEL[provider]} again reconnects`);
    await disconnect.getByRole('button', { name: 'Disconnect mailbox' }).click();
    await expect(disconnect).toBeHidden();
    await expect(account.section('Connected mailbox')).toContainText('Not connected');
    await expect(account.section('Connected mailbox')).toContainText(
      `Sign in with ${PROVIDER_LABEL[provider]} again to reconnect.`,
    );
    expect((await api.purchases()).map((p) => p.product_name)).toContain(product);

    const token = await page.evaluate(() => localStorage.getItem('accessToken'));
    const dialog = await account.openDeleteDialog();
    await expect(dialog).toContainText('This cannot be undone.');
    await expect(dialog).toContainText('the calendar events this app made');
    const confirm = dialog.getByRole('button', { name: 'Delete my account' });
    await expect(confirm).toBeDisabled();
    await dialog.getByLabel('Type your e-mail address to confirm').fill('someone.else@example.com');
    await expect(confirm).toBeDisabled();
    await saveScreenshot(page, `account-delete-dialog-${provider}`);
    expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
    await dialog.getByLabel('Type your e-mail address to confirm').fill(demo.email);
    await confirm.click();
    sessions.forget(provider);

    await page.waitForURL((url) => url.pathname === '/');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Track Every Purchase, Never Miss a Warranty' }),
    ).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
    const after = await page.request.get('/api/v1/user-orders/', {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(after.status()).toBe(401);
    await context.close();
  });
}

for (const provider of PROVIDERS) {
  test(`after disconnecting ${provider}, reminders stay, a new one is kept, and reconnecting writes it`, async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const demo = DEMO[provider];
    const context = await browser.newContext({ baseURL: appUrl(), viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await new LoginPage(page).signIn(provider);
    const api = await asUser(page);
    // A warranty ending in 40 days: its reminder, 30 days ahead of the end, is due in 10 days.
    const laptop = uniqueName('Aurora 14 laptop');
    await api.createPurchase({
      product_name: laptop,
      purchase_date: isoDate(daysFromToday(-300)),
      warranty_expire_date: isoDate(daysFromToday(40)),
    });
    const account = new AccountPage(page);
    const reminders = new RemindersPage(page);
    let isConnected = true;
    try {
      await account.openFromTopBar();
      await account.disconnectMailbox();
      isConnected = false;

      await new DashboardShell(page).navigate('Reminders');
      await expect(page.getByRole('heading', { level: 1, name: `${demo.name}'s Reminders` })).toBeVisible();
      await expect(reminders.disconnectedNotice()).toContainText(
        'calendar changes wait until the account is connected again',
      );
      await expect(page.getByText('Failed to load data. Please try again.')).toBeHidden();
      await expect(reminders.upcomingItem(laptop)).toContainText('In 10 days');

      const kept = uniqueName('Kept filter');
      const keptOn = isoDate(daysFromToday(3));
      await reminders.setReminder(kept, keptOn);
      await expect(
        reminders.toast(
          `Reminder kept. It is added to your ${CALENDAR_NAME[provider]} once you sign in again.`,
        ),
      ).toBeVisible();
      await expect(reminders.modal()).toBeHidden({ timeout: 3000 });
      await expect(reminders.upcomingItem(kept)).toContainText('In 3 days');
      await reminders.showMonth(keptOn);
      await expect(reminders.dayTile(keptOn).getByText(kept)).toBeVisible();
      await saveScreenshot(page, `reminders-disconnected-${provider}-1280`);
      expect(await seriousViolations(page)).toEqual([]);
      expect(await api.eventTitles(provider)).toContain(kept);

      await page.setViewportSize({ width: 360, height: 800 });
      await expect(reminders.disconnectedNotice()).toBeVisible();
      await expectNoOverflow(page);
      await saveScreenshot(page, `reminders-disconnected-${provider}-360`);
      expect(await seriousViolations(page)).toEqual([]);

      await new DashboardShell(page).navigate('Dashboard');
      await page.getByRole('button', { name: 'Refresh Purchases' }).click();
      const refused = page.getByRole('alert').filter({ hasText: 'Purchases were not refreshed.' });
      await expect(refused).toContainText(
        `Your ${PROVIDER_LABEL[provider]} account needs to be connected again: sign in once more`,
      );
      await expect(
        refused.getByRole('button', { name: `Sign in with ${PROVIDER_LABEL[provider]} again` }),
      ).toBeVisible();
      await expect(reminders.disconnectedNotice()).toBeVisible();
      await expectNoOverflow(page);
      await saveScreenshot(page, `dashboard-disconnected-${provider}-360`);
      expect(await seriousViolations(page)).toEqual([]);
      await page.setViewportSize({ width: 1280, height: 900 });
      await saveScreenshot(page, `dashboard-disconnected-${provider}-1280`);
      expect(await seriousViolations(page)).toEqual([]);

      await new DashboardShell(page).navigate('Reminders');
      await reminders.reconnect(provider);
      isConnected = true;
      await expect(reminders.disconnectedNotice()).toBeHidden();
      await expect(reminders.upcomingItem(kept)).toContainText('In 3 days');
      await reminders.showMonth(keptOn);
      await expect(reminders.dayTile(keptOn).getByText(kept)).toBeVisible();
      // Now from the provider's calendar itself: the kept reminder was written there.
      const calendar = await (await asUser(page)).eventTitles(provider);
      expect(calendar.filter((title) => title === kept)).toHaveLength(1);
      await saveScreenshot(page, `reminders-reconnected-${provider}-1280`);
    } finally {
      // Other specs share the demo account: never leave it disconnected.
      if (!isConnected) await new LoginPage(page).signIn(provider);
      await context.close();
    }
  });
}
