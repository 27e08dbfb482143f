import { expect, type Locator, type Page } from '@playwright/test';
import { SweetAlert } from './SweetAlert';

/** /dashboard/receipts, the Upload PDF Receipt dialog and the receipt detail dialog. */
export class ReceiptsPage {
  readonly alert: SweetAlert;

  constructor(readonly page: Page) {
    this.alert = new SweetAlert(page);
  }

  async open(userName: string): Promise<void> {
    await this.page.goto('/dashboard/receipts');
    await expect(this.page.getByRole('heading', { level: 1, name: `${userName}'s Receipts` })).toBeVisible();
  }

  stat(label: 'Total Receipts' | 'This Month' | 'Categories'): Locator {
    return this.page
      .getByRole('list', { name: 'Receipt totals' })
      .getByRole('listitem')
      .filter({ hasText: label });
  }

  card(productName: string): Locator {
    return this.page
      .getByRole('list', { name: 'Receipts' })
      .getByRole('listitem')
      .filter({ hasText: productName });
  }

  /** Uploads through the dialog's file picker (the browse path; drag and drop ends in the same place). */
  async upload(file: { name: string; mimeType: string; buffer: Buffer }): Promise<void> {
    await this.page.getByRole('button', { name: 'Upload Receipt' }).click();
    const dialog = this.page.getByRole('dialog', { name: 'Upload PDF Receipt' });
    await dialog.getByLabel('Choose a PDF receipt').setInputFiles(file);
    if (file.mimeType === 'application/pdf') {
      await expect(dialog.getByText(file.name)).toBeVisible();
      await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    }
  }

  /** A line of the receipt detail dialog's items list, by its product name. */
  detailLine(details: Locator, productName: string): Locator {
    return details.getByRole('listitem').filter({ hasText: productName });
  }

  /** The detail dialog's "How this was read" disclosure button (its panel follows it, closed at first). */
  howThisWasRead(details: Locator): Locator {
    return details.getByRole('button', { name: 'How this was read' });
  }

  async openDetails(productName: string): Promise<Locator> {
    await this.page.getByRole('button', { name: `View receipt for ${productName}` }).click();
    const dialog = this.page.getByRole('dialog', { name: 'Receipt Details' });
    await expect(dialog).toBeVisible();
    return dialog;
  }
}
