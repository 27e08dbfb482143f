import { PurchasesPage } from '../pages/PurchasesPage';
import { ReplacementPage } from '../pages/ReplacementPage';
import { DEMO, PROVIDERS } from '../support/accounts';
import { asUser, daysFromToday, isoDate, uniqueName } from '../support/api';
import { seriousViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { saveScreenshot } from '../support/screenshots';

for (const provider of PROVIDERS) {
  const demo = DEMO[provider];

  test(`links a part in the Edit dialog and finds it on the Replacement page (${provider})`, async ({
    signedInPage,
  }) => {
    const page = await signedInPage(provider);
    const api = await asUser(page);
    const main = uniqueName('Air Purifier');
    const part = uniqueName('HEPA Filter');
    const today = isoDate(daysFromToday(0));
    await api.createPurchase({ product_name: main, purchase_date: today, price: '199' });
    await api.createPurchase({ product_name: part, purchase_date: today, price: '24.50' });

    const purchases = new PurchasesPage(page);
    await purchases.open(demo.name);
    const dialog = await purchases.openEdit(part);
    await dialog.getByRole('combobox', { name: 'Part of' }).selectOption({ label: `${main} (${today})` });
    await dialog.getByRole('spinbutton', { name: 'Replace every' }).fill('3');
    await dialog.getByRole('combobox', { name: 'Interval unit' }).selectOption('months');
    await dialog.getByRole('button', { name: 'Update Purchase' }).click();
    await purchases.alert.expectShown('Updated!', 'Purchase details updated successfully.');
    await purchases.alert.dismiss();

    const replacement = new ReplacementPage(page);
    await replacement.open(demo.name);
    const group = await replacement.findGroup(main);
    await expect(group).toContainText(part);
    await expect(group).toContainText('$24.50');

    // Unlinking in the same dialog takes it off the main product again.
    await purchases.open(demo.name);
    const again = await purchases.openEdit(part);
    await expect(again.getByRole('combobox', { name: 'Part of' })).toHaveValue(/\d+/);
    await expect(again.getByRole('spinbutton', { name: 'Replace every' })).toHaveValue('3');
    await again.getByRole('combobox', { name: 'Part of' }).selectOption({ label: 'Not a part' });
    await again.getByRole('button', { name: 'Update Purchase' }).click();
    await purchases.alert.expectShown('Updated!', 'Purchase details updated successfully.');
    const parents = (await api.purchases()).filter((p) => p.product_name === part).map((p) => p.parent_id);
    expect(parents).toEqual([null]);
  });
}

test('replacement prices are written with their currency symbol: $ for US dollars, € for euros', async ({
  signedInPage,
}) => {
  test.setTimeout(120_000);
  const demo = DEMO.microsoft;
  const page = await signedInPage('microsoft');
  const api = await asUser(page);
  const main = uniqueName('Water Purifier');
  const today = isoDate(daysFromToday(0));
  const { id } = await api.createPurchase({ product_name: main, purchase_date: today, price: '149' });
  const parts = [
    { name: uniqueName('Carbon Filter'), price: 'USD 24.99', shown: '$24.99' },
    { name: uniqueName('Membrane'), price: 'EUR 12,50', shown: '€12.50' },
    { name: uniqueName('O-Ring Set'), price: '8.5', shown: '$8.50' },
  ];
  for (const part of parts) {
    await api.createPurchase({
      product_name: part.name,
      purchase_date: today,
      price: part.price,
      parent_id: String(id),
      replace_every_days: '90',
    });
  }

  const replacement = new ReplacementPage(page);
  for (const viewport of [
    { width: 1280, height: 900 },
    { width: 360, height: 800 },
  ]) {
    await page.setViewportSize(viewport);
    await replacement.open(demo.name);
    const group = await replacement.findGroup(main);
    for (const part of parts) {
      await expect(group.getByRole('listitem').filter({ hasText: part.name })).toContainText(part.shown);
    }
    await expect(group).not.toContainText('USD');
    await expect(group).not.toContainText('EUR');
    expect(await seriousViolations(page)).toEqual([]);
    await group.scrollIntoViewIfNeeded();
    await saveScreenshot(page, `replacement-prices-${viewport.width}`);
  }
});
