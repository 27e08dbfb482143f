import { expect, type Locator, type Page } from '@playwright/test';

/** /dashboard/account: the profile, the connected mailbox and the privacy controls. */
export class AccountPage {
  constructor(readonly page: Page) {}

  /** Opens the page the way a user does: the Account link in the top bar. */
  async openFromTopBar(): Promise<void> {
    await this.page.getByRole('banner').getByRole('link', { name: 'Account' }).click();
    await this.page.waitForURL((url) => url.pathname === '/dashboard/account');
    await expect(this.page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible();
    await expect(this.page.locator('.animate-spin')).toHaveCount(0);
  }

  section(name: 'Profile' | 'Connected mailbox' | 'Currency' | 'Your data' | 'Delete account'): Locator {
    return this.page.getByRole('region', { name });
  }

  dialog(name: 'Disconnect mailbox?' | 'Delete your account?'): Locator {
    return this.page.getByRole('dialog', { name });
  }

  /** Clicks "Download my data" and answers the browser's download. */
  async download() {
    const download = this.page.waitForEvent('download');
    await this.page.getByRole('button', { name: 'Download my data' }).click();
    return download;
  }

  async disconnect(): Promise<Locator> {
    await this.page.getByRole('button', { name: 'Disconnect mailbox' }).click();
    const dialog = this.dialog('Disconnect mailbox?');
    await expect(dialog).toBeVisible();
    return dialog;
  }

  /** Chooses the default currency in the Currency card and saves it. */
  async setDefaultCurrency(code: string): Promise<void> {
    const card = this.section('Currency');
    await card.getByRole('combobox', { name: 'Default currency' }).selectOption(code);
    await card.getByRole('button', { name: 'Save currency' }).click();
    await expect(this.page.getByRole('alert').filter({ hasText: 'Default currency saved.' })).toBeVisible();
  }

  /** Opens the delete dialog, types the address and confirms. */
  async deleteAccount(email: string): Promise<void> {
    const dialog = await this.openDeleteDialog();
    await dialog.getByLabel('Type your e-mail address to confirm').fill(email);
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
  }

  async openDeleteDialog(): Promise<Locator> {
    await this.section('Delete account').getByRole('button', { name: 'Delete account' }).click();
    const dialog = this.dialog('Delete your account?');
    await expect(dialog).toBeVisible();
    return dialog;
  }
  /** Disconnects the mailbox through its dialog, and waits for the page to say so. */
  async disconnectMailbox(): Promise<void> {
    const dialog = await this.disconnect();
    await dialog.getByRole('button', { name: 'Disconnect mailbox' }).click();
    await expect(dialog).toBeHidden();
    await expect(this.section('Connected mailbox')).toContainText('Not connected');
  }
}
