import { expect, type Locator, type Page } from '@playwright/test';

/** `/`: the public landing page. */
export class LandingPage {
  constructor(readonly page: Page) {}

  async expectShown(): Promise<void> {
    await this.page.waitForURL((url) => url.pathname === '/');
    await expect(
      this.page.getByRole('heading', { level: 1, name: 'Track Every Purchase, Never Miss a Warranty' }),
    ).toBeVisible();
  }

  /** The notice after deleting the account. */
  accountDeletedNotice(): Locator {
    return this.page.getByRole('status').filter({ hasText: 'Your account was deleted.' });
  }

  /** The hero's call to action: Go to Dashboard when signed in, Get Started when not. */
  startLink(): Locator {
    return this.page.getByRole('main').getByRole('link', { name: /^(Go to Dashboard|Get Started)$/ });
  }
}
