import { expect, type Locator, type Page } from '@playwright/test';

/** The SweetAlert2 result and confirm dialogs of SPEC section 8. */
export class SweetAlert {
  readonly dialog: Locator;

  constructor(readonly page: Page) {
    this.dialog = page.locator('.swal2-popup');
  }

  async expectShown(title: string, text: string): Promise<void> {
    await expect(this.dialog.locator('.swal2-title')).toHaveText(title);
    await expect(this.dialog.locator('.swal2-html-container')).toHaveText(text);
  }

  async confirm(): Promise<void> {
    await this.dialog.getByRole('button', { name: 'Yes, delete it!' }).click();
  }

  async dismiss(): Promise<void> {
    await this.dialog.getByRole('button', { name: 'OK' }).click();
    await expect(this.dialog).toBeHidden();
  }
}
