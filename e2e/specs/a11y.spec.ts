import { LoginPage } from '../pages/LoginPage';
import { DEMO } from '../support/accounts';
import { seriousViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';

test.describe('accessibility (axe): no serious or critical violations', () => {
  for (const [path, ready] of [
    ['/', 'Track Every Purchase, Never Miss a Warranty'],
    ['/login', 'Create your account'],
    ['/terms', 'Terms & Conditions'],
    ['/privarcy', 'Privacy & Policy'],
    ['/feedback', 'Feedback'],
    ['/nothing-here', 'Page not found'],
  ] as const) {
    test(`public page ${path}`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: ready })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });
  }

  test("the provider sandbox's account picker, with its other-account form", async ({ page }) => {
    await new LoginPage(page).open();
    await page.getByRole('button', { name: DEMO.microsoft.loginButton }).click();
    await expect(page.getByRole('group', { name: 'Use another account' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('the success page', async ({ page }) => {
    await new LoginPage(page).reachSuccessPage('microsoft');
    expect(await seriousViolations(page)).toEqual([]);
  });

  for (const [path, title] of [
    ['/dashboard', 'Dashboard'],
    ['/dashboard/purchase', 'Purchases'],
    ['/dashboard/warranties', 'Warranties'],
    ['/dashboard/receipts', 'Receipts'],
    ['/dashboard/reminders', 'Reminders'],
    ['/dashboard/replacement', 'Replacement Parts'],
    ['/dashboard/review', 'Review Inbox'],
    ['/dashboard/adminuser', 'User Management'],
  ] as const) {
    test(`dashboard page ${path}`, async ({ signedInPage }) => {
      const page = await signedInPage('google');
      await page.goto(path);
      const heading = title === 'User Management' ? title : `${DEMO.google.name}'s ${title}`;
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page.locator('.animate-spin')).toHaveCount(0);
      expect(await seriousViolations(page)).toEqual([]);
    });
  }

  test('the dialogs and the date picker', async ({ signedInPage }) => {
    const page = await signedInPage('google');
    await page.goto('/dashboard/purchase');
    await page.getByRole('button', { name: 'Add New Purchase' }).click();
    const manual = page.getByRole('dialog', { name: 'Manual Purchase' });
    await manual.getByRole('button', { name: 'Save Purchase' }).click();
    await expect(manual.getByText('Date is required')).toBeVisible();
    expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
    await manual.getByRole('textbox', { name: 'Purchase date*' }).click();
    await expect(page.getByRole('dialog', { name: /^\w+ \d{4}$/ })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await expect(manual).toBeHidden();

    await page.goto('/dashboard/receipts');
    await page.getByRole('button', { name: 'Upload Receipt' }).click();
    await expect(page.getByRole('dialog', { name: 'Upload PDF Receipt' })).toBeVisible();
    expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
    await page.keyboard.press('Escape');

    await page.goto('/dashboard/reminders');
    await page.getByRole('button', { name: 'Set Reminder' }).click();
    const modal = page.getByRole('dialog', { name: 'Set Reminders' });
    await modal.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(modal.getByText('Product name is required')).toBeVisible();
    expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
  });

  test('dialogs trap focus and close on Escape', async ({ signedInPage }) => {
    const page = await signedInPage('google');
    await page.goto('/dashboard/purchase');
    const opener = page.getByRole('button', { name: 'Add New Purchase' });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'Manual Purchase' });
    await expect(dialog.getByRole('textbox', { name: 'Product name*' })).toBeFocused();
    for (let i = 0; i < 15; i += 1) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  });
});
