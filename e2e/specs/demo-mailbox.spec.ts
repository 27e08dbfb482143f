import { PurchasesPage } from '../pages/PurchasesPage';
import { ReplacementPage } from '../pages/ReplacementPage';
import { DEMO } from '../support/accounts';
import { seriousViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';

// tools/sandbox/mailbox.md: Jordan's toner (OH-90112) is a part of the printer bought eight months before.
for (const viewport of [
  { width: 1280, height: 900 },
  { width: 360, height: 800 },
]) {
  test(`after a sync, Jordan's Replacement page lists the toner under the printer (${viewport.width} px)`, async ({
    signedInPage,
  }) => {
    // The first sync reads the whole demo mailbox (a shared machine may take a while).
    test.setTimeout(150_000);
    const page = await signedInPage('microsoft', viewport);
    const purchases = new PurchasesPage(page);
    await purchases.open(DEMO.microsoft.name);
    await page.getByRole('button', { name: 'Refresh Purchases' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Mailbox synced' })).toBeVisible({
      timeout: 120_000,
    });

    const replacement = new ReplacementPage(page);
    await replacement.open(DEMO.microsoft.name);
    await expect(page.getByText('No replacement parts yet')).toBeHidden();
    const printer = await replacement.findGroup('LaserJet M140 printer');
    await expect(printer).toContainText('LaserJet M140 toner cartridge');
    await expect(printer).toContainText(/every 4 months/);
    await expect(page.locator('.animate-spin')).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({
      path: `test-output/screens/demo-mailbox-replacement-${viewport.width}.png`,
      fullPage: true,
    });
  });
}
