import { PurchasesPage } from '../pages/PurchasesPage';
import { DEMO } from '../support/accounts';
import { asUser, daysFromToday, isoDate, uniqueName } from '../support/api';
import { expect, test } from '../support/fixtures';

const { name: user } = DEMO.google;

test.describe('purchases and warranties', () => {
  test('adds a purchase by hand after the required fields are given', async ({ signedInPage }) => {
    const page = await signedInPage('google');
    const purchases = new PurchasesPage(page);
    await purchases.open(user);

    await page.getByRole('button', { name: 'Add New Purchase' }).click();
    const dialog = page.getByRole('dialog', { name: 'Manual Purchase' });
    await dialog.getByRole('button', { name: 'Save Purchase' }).click();
    await expect(dialog.getByText('Product name is required')).toBeVisible();
    await expect(dialog.getByText('Date is required')).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();

    const name = uniqueName('Cordless Kettle');
    const today = isoDate(daysFromToday(0));
    await purchases.addPurchase({ name, store: 'Corner Appliances', amount: '19.99', date: today });
    await purchases.alert.expectShown('Success!', 'Purchase added successfully!');
    await purchases.alert.dismiss();
    await expect(page.getByRole('dialog', { name: 'Manual Purchase' })).toBeHidden();

    const row = purchases.row(name);
    await expect(row).toContainText('Corner Appliances');
    await expect(row).toContainText(today);
    await expect(row).toContainText('$19.99');
  });

  test('edits a purchase and shows its warranty status', async ({ signedInPage }) => {
    const page = await signedInPage('google');
    const name = uniqueName('Desk Lamp');
    await (await asUser(page)).createPurchase({
      product_name: name,
      purchase_date: isoDate(daysFromToday(0)),
      shop_name: 'Old Shop',
      price: '€ 49,90',
      warranty_expire_date: isoDate(daysFromToday(400)),
      warranty_status: 'Active',
    });
    const purchases = new PurchasesPage(page);
    await purchases.open(user);
    await expect(purchases.row(name)).toContainText('€49.90');

    const dialog = await purchases.openEdit(name);
    await expect(dialog.getByRole('textbox', { name: 'Store name' })).toHaveValue('Old Shop');
    await dialog.getByRole('textbox', { name: 'Store name' }).fill('New Shop');
    await dialog.getByRole('button', { name: 'Update Purchase' }).click();
    await purchases.alert.expectShown('Updated!', 'Purchase details updated successfully.');
    await purchases.alert.dismiss();
    await expect(purchases.row(name)).toContainText('New Shop');

    await page.goto('/dashboard/warranties');
    await expect(page.getByRole('heading', { level: 1, name: `${user}'s Warranties` })).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row.getByText('Active', { exact: true })).toHaveClass(/green/);
  });

  test('an edit the server refuses says why, beside the field', async ({ signedInPage }) => {
    const page = await signedInPage('google');
    const name = uniqueName('Blender');
    await (await asUser(page)).createPurchase({
      product_name: name,
      purchase_date: isoDate(daysFromToday(0)),
    });
    const purchases = new PurchasesPage(page);
    await purchases.open(user);
    const dialog = await purchases.openEdit(name);
    const product = dialog.getByRole('textbox', { name: 'Product name' });
    await product.fill('');
    await dialog.getByRole('button', { name: 'Update Purchase' }).click();
    await expect(product).toHaveAccessibleDescription('Product name cannot be empty');
    await expect(dialog).toBeVisible();
  });

  test('deletes a purchase after confirmation', async ({ signedInPage }) => {
    const page = await signedInPage('google');
    const name = uniqueName('Toaster');
    await (await asUser(page)).createPurchase({
      product_name: name,
      purchase_date: isoDate(daysFromToday(0)),
    });
    const purchases = new PurchasesPage(page);
    await purchases.open(user);
    await expect(purchases.row(name)).toBeVisible();
    await purchases.delete(name);
    await purchases.alert.expectShown('Deleted!', 'Your purchase has been deleted.');
    await purchases.alert.dismiss();
    await expect(purchases.row(name)).toHaveCount(0);
  });

  test("folds more than 6 pages behind '...' and reveals them all", async ({ signedInPage }) => {
    const page = await signedInPage('google');
    const api = await asUser(page);
    const existing = (await api.purchases()).length;
    // Old dates keep these at the end of the newest-first list.
    for (let i = existing; i < 6 * 6 + 1; i += 1) {
      await api.createPurchase({
        product_name: `Archive item ${i}`,
        purchase_date: '2019-01-15',
        price: '5',
      });
    }
    const total = (await api.purchases()).length;
    const pageCount = Math.ceil(total / 6);
    const purchases = new PurchasesPage(page);
    await purchases.open(user);
    const nav = purchases.pagination();
    await expect(nav.getByRole('button')).toHaveText(['', '1', '2', '...', String(pageCount), '']);
    await expect(page.getByRole('row')).toHaveCount(7);
    await nav.getByRole('button', { name: 'Show all pages' }).click();
    await expect(nav.getByRole('button', { name: /^Page \d+$/ })).toHaveCount(pageCount);
    await nav.getByRole('button', { name: `Page ${pageCount}` }).click();
    await expect(nav.getByRole('button', { name: `Page ${pageCount}` })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(nav.getByRole('button', { name: 'Next page' })).toBeDisabled();
    await expect(page.getByRole('row')).toHaveCount(1 + (total - (pageCount - 1) * 6));
  });

  test('shows the error screen when the purchases cannot be loaded', async ({ signedInPage }) => {
    const page = await signedInPage('google');
    // The list and its pages alike (`?limit=6` and on).
    const list = (url: URL) => url.pathname === '/api/v1/user-orders/';
    await page.route(list, (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: '{"message":"down","code":"internal"}',
      }),
    );
    await page.goto('/dashboard/purchase');
    await expect(page.getByRole('heading', { name: 'Oops! Something went wrong' })).toBeVisible();
    await expect(page.getByText('Failed to load data. Please try again.')).toBeVisible();
    await page.unroute(list);
    await page.getByRole('button', { name: 'Reload Page' }).click();
    await expect(page.getByRole('heading', { level: 1, name: `${user}'s Purchases` })).toBeVisible();
    await expect(page.getByText('Oops! Something went wrong')).toBeHidden();
  });

  test('the overview shows totals and the three newest purchases, asks for each once, and records each tab', async ({
    signedInPage,
  }) => {
    const page = await signedInPage('google');
    const name = uniqueName('Newest Gadget');
    await (await asUser(page)).createPurchase({
      product_name: name,
      purchase_date: isoDate(daysFromToday(0)),
      price: '10',
    });
    const tracked: string[] = [];
    const overviewData = [
      '/api/v1/user-orders/',
      '/api/v1/user-orders/total-price/',
      '/api/v1/user-orders/active-warranty-count/',
      // The Upcoming Reminders list; the card counts its reminders due in 30 days from the same answer.
      '/api/v1/calendar/list/',
    ];
    const asked: string[] = [];
    page.on('request', (req) => {
      const { pathname } = new URL(req.url());
      if (pathname === '/api/v1/track-interaction/')
        tracked.push((req.postDataJSON() as { tab_name: string }).tab_name);
      else if (overviewData.includes(pathname)) asked.push(pathname);
    });
    await page.goto('/dashboard');
    for (const label of ['Total Purchases', 'Active Warranties', 'Upcoming Reminders']) {
      await expect(
        page.getByRole('list', { name: 'Summary' }).getByText(label, { exact: true }),
      ).toBeVisible();
    }
    await expect(page.getByRole('list', { name: 'Summary' })).toContainText('$');
    // Its Upcoming Reminders figure says what it counts: the list's reminders due within a window.
    await expect(page.getByRole('listitem').filter({ hasText: 'Upcoming Reminders' })).toContainText(
      'Reminders due in the next 30 days',
    );
    const recent = page.getByRole('region', { name: 'Recent Purchases' });
    await expect(recent.getByRole('listitem')).toHaveCount(3);
    await expect(recent).toContainText(name);
    await expect(page.getByRole('region', { name: 'Upcoming Reminders' })).toBeVisible();
    // Requested while the page's code loads, and not again by the page itself.
    expect(asked.sort()).toEqual([...overviewData].sort());
    await recent.getByRole('link', { name: 'View All' }).click();
    await expect(page).toHaveURL(/\/dashboard\/purchase$/);
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Receipts' }).click();
    await expect(page).toHaveURL(/\/dashboard\/receipts$/);
    await expect.poll(() => tracked).toEqual(['dashboard', 'purchase', 'receipts']);
  });
});
