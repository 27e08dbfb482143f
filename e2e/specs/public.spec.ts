import { expect, test } from '../support/fixtures';
import { saveScreenshot, WIDTHS } from '../support/screenshots';

test.describe('public pages', () => {
  test('the landing page invites a visitor to sign in and has the footer links', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveTitle('Warrantly');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Track Every Purchase, Never Miss a Warranty',
    );
    await expect(page.getByRole('link', { name: 'Home' })).toBeVisible();
    for (const card of ['Active Warranties', 'Reminders', 'Total Purchase', 'Total Value']) {
      await expect(page.locator('#preview').getByText(card, { exact: true })).toBeVisible();
    }
    await expect(page.getByRole('heading', { name: 'Admin & QA Tools' })).toBeVisible();
    const footer = page.locator('footer');
    await expect(footer.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privarcy');
    await expect(footer.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms');
    await expect(footer.getByRole('link', { name: 'Contact' })).toHaveAttribute('href', '/feedback');
    await expect(footer.getByRole('link', { name: /^Warrantly on / })).toHaveCount(3);
    await expect(footer).toContainText(String(new Date().getFullYear()));
    await expect(page.getByRole('complementary', { name: 'Sandbox notice' })).toContainText(
      'local provider sandbox',
    );

    await page.getByRole('link', { name: 'Get Started' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('button', { name: 'Login with Google' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Login with Outlook' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('an unknown address shows the 404 page with a way home', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('img', { name: 'Page not found' })).toBeVisible();
    await page.getByRole('link', { name: 'Back To Home' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Track Every Purchase, Never Miss a Warranty',
    );
  });

  test('terms, privacy and feedback pages work from the footer', async ({ page }) => {
    await page.goto('/terms');
    await expect(page.getByRole('heading', { name: 'Terms & Conditions' })).toBeVisible();
    await page.getByRole('link', { name: 'Back' }).click();
    await page.locator('footer').getByRole('link', { name: 'Privacy Policy' }).click();
    await expect(page.getByRole('heading', { name: 'Privacy & Policy' })).toBeVisible();

    await page.goto('/feedback');
    await page.getByRole('button', { name: 'Submit Feedback' }).click();
    await expect(page.getByText('Thank you for your feedback!')).toBeHidden();
    await page.getByRole('textbox', { name: 'Name' }).fill('Avery');
    await page.getByRole('textbox', { name: 'Email' }).fill('avery@example.com');
    await page.getByRole('textbox', { name: 'Description' }).fill('The reminders are great.');
    await page.getByRole('button', { name: 'Submit Feedback' }).click();
    await expect(page.getByText('Thank you for your feedback!')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue('');
  });

  test('a protected address while signed out leads to /login', async ({ page }) => {
    await page.goto('/dashboard/purchase');
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/dashboard/adminuser');
    await expect(page).toHaveURL(/\/login$/);
  });

  for (const width of WIDTHS) {
    test(`the landing page at ${width}px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/');
      await expect(page.getByRole('link', { name: 'Get Started' })).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await saveScreenshot(page, `landing-${width}`);
    });
  }
});
