import { LoginPage } from '../pages/LoginPage';
import { DEMO } from '../support/accounts';
import { asUser, isoDate, uniqueName } from '../support/api';
import { expect, test } from '../support/fixtures';

// The "nOAuth" attack: anyone running a Microsoft tenant can give an account any address, unverified.
test('a look-alike Microsoft account with the demo address lands on an empty dashboard of its own', async ({
  page,
  signedInPage,
}) => {
  const demoPage = await signedInPage('google');
  const product = uniqueName('Look-alike bait');
  await (await asUser(demoPage)).createPurchase({
    product_name: product,
    purchase_date: isoDate(new Date()),
  });

  await new LoginPage(page).open();
  await page.getByRole('button', { name: DEMO.microsoft.loginButton }).click();
  await page.getByLabel('Email', { exact: true }).fill(DEMO.google.email);
  await page.getByLabel('Name', { exact: true }).fill('Not Avery');
  await expect(page.getByLabel('Email verified by the tenant')).not.toBeChecked();
  await page.getByRole('button', { name: 'Sign in with this account' }).click();
  await page.waitForURL((url) => url.pathname === DEMO.microsoft.successPath && url.search === '');
  await new LoginPage(page).goToDashboard();

  await expect(page.getByRole('heading', { level: 1, name: "Not Avery's Dashboard" })).toBeVisible();
  await expect(page.getByText('No purchases yet.')).toBeVisible();
  await expect(page.getByText(product)).toHaveCount(0);
  expect(await (await asUser(page)).purchases()).toEqual([]);
  // The demo account still has its purchase, and only it.
  expect((await (await asUser(demoPage)).purchases()).map((p) => p.product_name)).toContain(product);
});
