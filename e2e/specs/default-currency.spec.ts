import { AccountPage } from '../pages/AccountPage';
import { LoginPage } from '../pages/LoginPage';
import { asUser, isoDate, uniqueName } from '../support/api';
import { seriousViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { saveScreenshot } from '../support/screenshots';

test('the default currency is set on the Account page, changes the totals, and is gone from Reminders', async ({
  page,
}) => {
  test.setTimeout(180_000);
  // A user of its own, so that the totals are the one purchase this spec makes.
  const user = 'Cora Currency';
  await new LoginPage(page).signInAs('google', `cora.${Date.now()}@example.com`, user);
  const api = await asUser(page);
  await api.createPurchase({
    product_name: uniqueName('Kettle'),
    purchase_date: isoDate(new Date()),
    price: '100',
  });
  const total = page
    .getByRole('list', { name: 'Summary' })
    .getByRole('listitem')
    .filter({ hasText: 'Total Purchases' });
  await page.goto('/dashboard');
  await expect(total).toContainText('$100.00');

  const account = new AccountPage(page);
  await account.openFromTopBar();
  const currency = account.section('Currency');
  await expect(currency.getByRole('combobox', { name: 'Default currency' })).toHaveValue('USD');
  await expect(currency).toContainText('Amounts written without a currency are in this one');
  expect(await seriousViolations(page)).toEqual([]);
  await saveScreenshot(page, 'account-currency-1280');
  await account.setDefaultCurrency('CHF');

  // The price was typed without a currency, so it is in the default one: the totals follow.
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Dashboard' }).click();
  await expect(total).toContainText(/CHF\s100\.00/);
  await expect(total).not.toContainText('$');
  await page.reload();
  await expect(total).toContainText(/CHF\s100\.00/);

  // The Account page shows what was saved; on a phone too.
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto('/dashboard/account');
  await expect(account.section('Currency').getByRole('combobox', { name: 'Default currency' })).toHaveValue(
    'CHF',
  );
  expect(await seriousViolations(page)).toEqual([]);
  await saveScreenshot(page, 'account-currency-360');

  // Reminders keeps only the reminder setting.
  await page.goto('/dashboard/reminders');
  const settings = page.getByRole('region', { name: 'Reminder settings' });
  await expect(settings.getByRole('combobox', { name: 'Warranty reminder' })).toBeVisible();
  await expect(settings.getByRole('combobox', { name: 'Default currency' })).toHaveCount(0);
  await expect(page.locator('.animate-spin')).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
  await saveScreenshot(page, 'reminders-settings-360');
  await page.setViewportSize({ width: 1280, height: 900 });
  expect(await seriousViolations(page)).toEqual([]);
  await saveScreenshot(page, 'reminders-settings-1280');
});
