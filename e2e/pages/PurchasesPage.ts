import { expect, type Locator, type Page } from '@playwright/test';
import { DatePickerPopup } from './DatePickerPopup';
import { SweetAlert } from './SweetAlert';

export interface PurchaseInput {
  name: string;
  store?: string;
  date?: string;
  amount?: string;
  warrantyDate?: string;
}

/** /dashboard/purchase (and the Manual and Edit Purchase dialogs it opens). */
export class PurchasesPage {
  readonly alert: SweetAlert;

  constructor(readonly page: Page) {
    this.alert = new SweetAlert(page);
  }

  async open(userName: string): Promise<void> {
    await this.page.goto('/dashboard/purchase');
    await expect(this.page.getByRole('heading', { level: 1, name: `${userName}'s Purchases` })).toBeVisible();
  }

  row(name: string): Locator {
    return this.page.getByRole('row').filter({ hasText: name });
  }

  /** Fills the Manual Purchase dialog (opened from any page) and saves it. */
  async addPurchase(input: PurchaseInput): Promise<void> {
    await this.page.getByRole('button', { name: 'Add New Purchase' }).click();
    const dialog = this.page.getByRole('dialog', { name: 'Manual Purchase' });
    await dialog.getByRole('textbox', { name: 'Product name*' }).fill(input.name);
    if (input.store) await dialog.getByRole('textbox', { name: 'Store name' }).fill(input.store);
    if (input.amount) await dialog.getByRole('textbox', { name: 'Amount' }).fill(input.amount);
    if (input.date) {
      await dialog.getByRole('textbox', { name: 'Purchase date*' }).click();
      await new DatePickerPopup(this.page).pick(input.date);
    }
    if (input.warrantyDate) {
      await dialog.getByRole('textbox', { name: 'Warranty date' }).click();
      await new DatePickerPopup(this.page).pick(input.warrantyDate);
    }
    await dialog.getByRole('button', { name: 'Save Purchase' }).click();
  }

  async openEdit(name: string): Promise<Locator> {
    await this.page.getByRole('button', { name: `Edit ${name}`, exact: true }).click();
    const dialog = this.page.getByRole('dialog', { name: 'Edit Purchase' });
    await expect(dialog).toBeVisible();
    return dialog;
  }

  async delete(name: string): Promise<void> {
    await this.page.getByRole('button', { name: `Delete ${name}`, exact: true }).click();
    await this.alert.expectShown('Are you sure?', "You won't be able to revert this!");
    await this.alert.confirm();
  }

  /** The product cell of each row shown, top to bottom. */
  productCells(): Locator {
    return this.page.getByRole('row').locator('td:first-child');
  }

  pagination(): Locator {
    return this.page.getByRole('navigation', { name: 'Purchases pages' });
  }
}
