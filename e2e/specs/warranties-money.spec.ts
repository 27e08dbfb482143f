import type { Page } from '@playwright/test';
import { DashboardShell } from '../pages/DashboardShell';
import { DatePickerPopup } from '../pages/DatePickerPopup';
import { LoginPage } from '../pages/LoginPage';
import { PurchasesPage } from '../pages/PurchasesPage';
import { asUser, daysFromToday, isoDate } from '../support/api';
import { seriousViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { saveScreenshot } from '../support/screenshots';

const USER = 'Wren Ledger';

/**
 * A household in four currencies, the euro its default: a bag of sugar with no warranty, warranties
 * running, ending soon and expired, eight with a warranty in all (two pages of the Warranties table).
 */
const HOUSEHOLD = [
  { product_name: 'Bag of sugar', days: 0, price: '€ 3,63' },
  { product_name: 'Laptop', days: 10, price: '$4,265.96' },
  { product_name: 'Router', days: 45 },
  { product_name: 'Kettle', days: 200 },
  { product_name: 'Espresso machine', days: 400, price: '€ 4.362,00' },
  { product_name: 'Drill', days: 700 },
  { product_name: 'Boots', days: -5, price: '£249.00' },
  { product_name: 'Tent', days: -60, price: 'CA$ 408.99' },
  { product_name: 'Old phone', days: -900 },
];
/** The Warranties page: running soonest-ending first, then expired most recently ended first. */
const WARRANTY_ORDER = [
  'Laptop',
  'Router',
  'Kettle',
  'Espresso machine',
  'Drill',
  'Boots',
  'Tent',
  'Old phone',
];

/** A new account holding HOUSEHOLD, with the euro as its default currency. */
async function household(page: Page): Promise<void> {
  await new LoginPage(page).signInAs('google', `wren.${Date.now()}@example.com`, USER);
  const api = await asUser(page);
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  const settings = await page.request.put('/api/v1/settings/', {
    headers: { authorization: `Bearer ${token}` },
    data: { default_currency: 'EUR' },
  });
  expect(settings.ok()).toBe(true);
  for (const [i, { product_name, days, price }] of HOUSEHOLD.entries()) {
    // The sugar is today's; the others one day older each, so Recent Purchases is sugar, laptop, router.
    const bought = isoDate(daysFromToday(-i - 1000 * Number(i > 2)));
    await api.createPurchase({
      product_name,
      purchase_date: i === 0 ? isoDate(daysFromToday(0)) : bought,
      ...(product_name === 'Bag of sugar' ? {} : { warranty_expire_date: isoDate(daysFromToday(days)) }),
      ...(price ? { price } : {}),
      warranty_status: 'Active',
    });
  }
}

for (const width of [1280, 360]) {
  test(`the dashboard and the Warranties page say what is true, at ${width} px`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 900 });
    await household(page);
    await page.goto('/dashboard');

    const summary = page.getByRole('list', { name: 'Summary' });
    const total = summary.getByRole('listitem').filter({ hasText: 'Total Purchases' });
    // The default currency's total first, each other currency beside it, never added together.
    await expect(total).toContainText('€4,365.63');
    for (const other of ['CA$408.99', '£249.00', '$4,265.96']) await expect(total).toContainText(other);
    await expect(total.getByText('€', { exact: true })).toBeVisible();
    // Laptop, Router, Kettle, Espresso machine, Drill: not the sugar, not the expired.
    await expect(summary.getByRole('listitem').filter({ hasText: 'Active Warranties' })).toContainText('5');
    const tops = new Set<number>();
    for (const figure of ['€4,365.63', 'CA$408.99', '£249.00', '$4,265.96']) {
      const box = await total.getByText(figure).boundingBox();
      tops.add(Math.round(box?.y ?? -1));
    }
    // One line a currency on a phone; on a wide screen the others follow the main total.
    if (width === 360) expect(tops.size).toBe(4);
    else expect(tops.size).toBeLessThan(4);

    const recent = page.getByRole('region', { name: 'Recent Purchases' });
    await expect(recent.getByRole('listitem')).toHaveCount(3);
    await expect(recent.getByRole('listitem').filter({ hasText: 'Bag of sugar' })).toContainText('€3.63');
    await expect(recent.getByRole('listitem').filter({ hasText: 'Laptop' })).toContainText('$4,265.96');
    await expect(page.locator('.animate-spin')).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);
    await saveScreenshot(page, `status-dashboard-${width}`);

    await new DashboardShell(page).navigate('Warranties');
    await expect(page.getByRole('heading', { level: 1, name: `${USER}'s Warranties` })).toBeVisible();
    // A table from 768 px up, a card a purchase below.
    const wide = width >= 768;
    const products = wide
      ? new PurchasesPage(page).productCells()
      : page.getByRole('list', { name: 'Warranties' }).locator('li > div > p');
    const entry = (name: string) =>
      (wide
        ? page.getByRole('row')
        : page.getByRole('list', { name: 'Warranties' }).getByRole('listitem')
      ).filter({
        hasText: name,
      });
    await expect(products).toHaveText(WARRANTY_ORDER.slice(0, 6));
    await expect(entry('Laptop').getByText('Expiring Soon', { exact: true })).toBeVisible();
    await expect(entry('Router').getByText('Active', { exact: true })).toHaveClass(/green/);
    await expect(entry('Boots').getByText('Expired', { exact: true })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await saveScreenshot(page, `status-warranties-${width}`);
    await page
      .getByRole('navigation', { name: 'Warranties pages' })
      .getByRole('button', { name: 'Next page' })
      .click();
    await expect(products).toHaveText(WARRANTY_ORDER.slice(6));
    await expect(page.getByText('Bag of sugar')).toHaveCount(0);
  });
}

test('the purchase forms say what is wrong beside the field, and an edit keeps the currency', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await household(page);
  const purchases = new PurchasesPage(page);
  await purchases.open(USER);

  // The server refuses text that is not money; the form says so beside Amount and stays open.
  await purchases.addPurchase({ name: 'Gift', amount: 'abc', date: isoDate(daysFromToday(0)) });
  const dialog = page.getByRole('dialog', { name: 'Manual Purchase' });
  const amount = dialog.getByRole('textbox', { name: 'Amount' });
  await expect(amount).toHaveAccessibleDescription('Amount must be a number such as 49.90');
  await expect(amount).toHaveAttribute('aria-invalid', 'true');
  expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
  await saveScreenshot(page, 'status-amount-error');
  await amount.fill('49,90');
  await expect(amount).not.toHaveAttribute('aria-invalid', 'true');
  await dialog.getByRole('button', { name: 'Save Purchase' }).click();
  await purchases.alert.expectShown('Success!', 'Purchase added successfully!');
  await purchases.alert.dismiss();
  await expect(purchases.row('Gift')).toContainText('€49.90');

  // A warranty ending before the purchase is refused before anything is sent.
  const sent: string[] = [];
  page.on('request', (req) => {
    if (req.method() === 'PUT') sent.push(req.url());
  });
  let edit = await purchases.openEdit('Gift');
  await edit.getByRole('textbox', { name: 'Warranty date' }).click();
  await new DatePickerPopup(page).pick(isoDate(daysFromToday(-1)));
  await edit.getByRole('button', { name: 'Update Purchase' }).click();
  await expect(edit.getByRole('textbox', { name: 'Warranty date' })).toHaveAccessibleDescription(
    'Warranty date cannot be before the purchase date',
  );
  expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
  await saveScreenshot(page, 'status-warranty-date-error');
  expect(sent).toEqual([]);
  await edit.getByRole('button', { name: 'Close' }).click();

  // A purchase in dollars stays in dollars when only its number changes (the euro is the default).
  edit = await purchases.openEdit('Laptop');
  await edit.getByRole('textbox', { name: 'Amount' }).fill('3999');
  await edit.getByRole('button', { name: 'Update Purchase' }).click();
  await purchases.alert.expectShown('Updated!', 'Purchase details updated successfully.');
  await purchases.alert.dismiss();
  await expect(purchases.row('Laptop')).toContainText('$3,999.00');
});
