import type { Locator, Page } from '@playwright/test';
import { LoginPage } from '../pages/LoginPage';
import { PagedList } from '../pages/PagedList';
import { PurchasesPage } from '../pages/PurchasesPage';
import { asUser, isoDate } from '../support/api';
import { seriousViolations } from '../support/axe';
import { dataDir } from '../support/env';
import { expect, test } from '../support/fixtures';
import { saveScreenshot } from '../support/screenshots';
import { insertPurchases } from '../support/seed';

const PAGE = 6;
const KB = 1024;
const USER = 'Paige Thousand';

/** Bytes of API JSON the page downloads (bodies as decoded), and every request for the purchase list. */
function watchApi(page: Page) {
  const bodies: Promise<number>[] = [];
  const listQueries: URLSearchParams[] = [];
  page.on('request', (req) => {
    const url = new URL(req.url());
    if (url.pathname === '/api/v1/user-orders/') listQueries.push(url.searchParams);
  });
  page.on('response', (res) => {
    if (!(res.headers()['content-type'] ?? '').includes('application/json')) return;
    bodies.push(
      res.body().then(
        (b) => b.length,
        () => 0,
      ),
    );
  });
  return {
    listQueries,
    async bytes() {
      await page.waitForLoadState('networkidle');
      return (await Promise.all(bodies)).reduce((sum, n) => sum + n, 0);
    },
  };
}

test('the Purchases page of a 1,000-purchase user downloads at most 50 KB of API JSON and pages through the server', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await new LoginPage(page).signInAs('google', `paige.${Date.now()}@example.com`, USER);
  const api = await asUser(page);
  insertPurchases(dataDir(), api.userId, 999, { warrantyDays: 365 });
  // The 1,000th through the API, as a user adds one.
  await api.createPurchase({ product_name: 'Newest kettle', purchase_date: isoDate(new Date()) });
  let all = (await api.purchases()).map((p) => p.product_name);
  expect(all).toHaveLength(1000);
  const rowsOf = (n: number) => all.slice((n - 1) * PAGE, n * PAGE);
  const pageCount = Math.ceil(all.length / PAGE);

  const watched = watchApi(page);
  const purchases = new PurchasesPage(page);
  await purchases.open(USER);
  await expect(purchases.productCells()).toHaveText(rowsOf(1));
  const bytes = await watched.bytes();
  console.log(`Purchases page of a 1,000-purchase user: ${(bytes / KB).toFixed(1)} KB of API JSON`);
  expect(bytes).toBeLessThanOrEqual(50 * KB);

  // The seed's control: 6 a page, past 6 pages 1, 2, '...' and the last.
  const nav = purchases.pagination();
  await expect(nav.getByRole('button')).toHaveText(['', '1', '2', '...', String(pageCount), '']);
  const current = (n: number) =>
    expect(nav.getByRole('button', { name: `Page ${n}` })).toHaveAttribute('aria-current', 'page');

  await nav.getByRole('button', { name: 'Next page' }).click();
  await current(2);
  await expect(purchases.productCells()).toHaveText(rowsOf(2));
  await nav.getByRole('button', { name: 'Next page' }).click();
  await expect(purchases.productCells()).toHaveText(rowsOf(3));
  await nav.getByRole('button', { name: 'Previous page' }).click();
  await expect(purchases.productCells()).toHaveText(rowsOf(2));

  await nav.getByRole('button', { name: `Page ${pageCount}` }).click();
  await current(pageCount);
  await expect(purchases.productCells()).toHaveText(rowsOf(pageCount));
  expect(rowsOf(pageCount)).toHaveLength(1000 - (pageCount - 1) * PAGE);
  await expect(nav.getByRole('button', { name: 'Next page' })).toBeDisabled();
  await nav.getByRole('button', { name: 'Previous page' }).click();
  await expect(purchases.productCells()).toHaveText(rowsOf(pageCount - 1));
  // A page in the folded stretch shows between two '...'.
  await expect(nav.getByRole('button')).toHaveText([
    '',
    '1',
    '2',
    '...',
    String(pageCount - 1),
    '...',
    String(pageCount),
    '',
  ]);

  await nav.getByRole('button', { name: 'Show all pages' }).first().click();
  await expect(nav.getByRole('button', { name: /^Page \d+$/ })).toHaveCount(pageCount);
  await nav.getByRole('button', { name: 'Page 80' }).click();
  await current(80);
  await expect(purchases.productCells()).toHaveText(rowsOf(80));
  await nav.getByRole('button', { name: 'Next page' }).click();
  await expect(purchases.productCells()).toHaveText(rowsOf(81));
  await nav.getByRole('button', { name: 'Previous page' }).click();
  await nav.getByRole('button', { name: 'Previous page' }).click();
  await current(79);
  await expect(purchases.productCells()).toHaveText(rowsOf(79));

  // A delete refreshes the page shown: the rows after it move up by one.
  const gone = rowsOf(79)[0] as string;
  await purchases.delete(gone);
  await purchases.alert.expectShown('Deleted!', 'Your purchase has been deleted.');
  await purchases.alert.dismiss();
  all = all.filter((name) => name !== gone);
  await current(79);
  await expect(purchases.productCells()).toHaveText(rowsOf(79));

  // Every list request asked the server for a page of at most 96 rows, never for the whole list.
  expect(watched.listQueries.length).toBeGreaterThan(0);
  for (const query of watched.listQueries) {
    const limit = Number(query.get('limit'));
    expect(limit).toBeGreaterThanOrEqual(1);
    expect(limit).toBeLessThanOrEqual(96);
  }
});

test('the page of each list is in the address: it survives a reload and Back, and a wrong one falls back', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const user = 'Pat Pages';
  await new LoginPage(page).signInAs('google', `pat.${Date.now()}@example.com`, user);
  const api = await asUser(page);
  // 40 purchases: every other one a part of the one before (20 main products) and every other one with a receipt.
  insertPurchases(dataDir(), api.userId, 40, { warrantyDays: 365, partsEvery: 2, receiptsEvery: 2 });

  const lists = [
    {
      path: '/dashboard/purchase',
      nav: 'Purchases pages',
      rows: page.getByRole('row').locator('td:first-child'),
    },
    {
      path: '/dashboard/warranties',
      nav: 'Warranties pages',
      rows: page.getByRole('row').locator('td:first-child'),
    },
    {
      path: '/dashboard/receipts',
      nav: 'Receipts pages',
      rows: page.getByRole('list', { name: 'Receipts' }).getByRole('listitem'),
    },
    {
      path: '/dashboard/replacement',
      nav: 'Replacement parts pages',
      rows: page.getByRole('list', { name: 'Main products' }).getByRole('heading', { level: 2 }),
    },
  ];
  for (const { path, nav, rows } of lists) {
    const list = new PagedList(page, nav, rows);
    await page.goto(path);
    await list.expectCurrent(1);
    const first = await list.rowTexts();
    await list.goTo(2);
    expect(list.urlPage()).toBe('2');
    const second = await list.rowTexts();
    expect(second).not.toEqual(first);

    await page.reload();
    await list.expectCurrent(2);
    await expect(rows).toHaveText(second);

    await page.goBack();
    await list.expectCurrent(1);
    expect(list.urlPage()).toBeNull();
    await expect(rows).toHaveText(first);
    await page.goForward();
    await list.expectCurrent(2);
    await expect(rows).toHaveText(second);
  }

  // A number past the last page shows the last; junk shows the first; each is corrected in the address.
  const purchases = new PagedList(page, 'Purchases pages', lists[0]?.rows as Locator);
  await page.goto('/dashboard/purchase?page=999');
  await purchases.expectCurrent(7);
  await expect.poll(() => purchases.urlPage()).toBe('7');
  await page.goto('/dashboard/purchase?page=abc');
  await purchases.expectCurrent(1);
  await expect.poll(() => purchases.urlPage()).toBeNull();

  // On a phone, a far page after a reload, checked with axe.
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto('/dashboard/receipts?page=2');
  const receipts = new PagedList(page, 'Receipts pages', lists[2]?.rows as Locator);
  await receipts.expectCurrent(2);
  expect(await seriousViolations(page)).toEqual([]);
  await saveScreenshot(page, 'paging-receipts-page-2-360');
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/dashboard/replacement?page=2');
  await new PagedList(page, 'Replacement parts pages', lists[3]?.rows as Locator).expectCurrent(2);
  expect(await seriousViolations(page)).toEqual([]);
  await saveScreenshot(page, 'paging-replacement-page-2-1280');
});
