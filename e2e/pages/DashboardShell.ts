import { expect, type Page } from '@playwright/test';

export type NavItem =
  | 'Dashboard'
  | 'Purchase'
  | 'Warranties'
  | 'Reminders'
  | 'Receipts'
  | 'Replacement'
  | 'Review';

/** The sidebar and top bar around every dashboard page. */
export class DashboardShell {
  constructor(readonly page: Page) {}

  /** Follows a sidebar link, through the overlay menu on narrow screens. */
  async navigate(item: NavItem): Promise<void> {
    const menu = this.page.getByRole('button', { name: 'Open menu' });
    if (await menu.isVisible()) await menu.click();
    await this.page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: item }).click();
  }

  async logOut(): Promise<void> {
    const menu = this.page.getByRole('button', { name: 'Open menu' });
    if (await menu.isVisible()) await menu.click();
    await this.page.getByRole('button', { name: 'Log Out' }).click();
    await this.page.waitForURL((url) => url.pathname === '/login');
  }

  async expectUser(name: string, email: string): Promise<void> {
    const bar = this.page.getByRole('banner');
    await expect(bar.getByText(name, { exact: true })).toBeVisible();
    await expect(bar.getByText(email, { exact: true })).toBeVisible();
    await expect(bar.getByText('user', { exact: true })).toBeVisible();
  }
}
