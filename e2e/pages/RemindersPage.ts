import { expect, type Locator, type Page } from '@playwright/test';
import { DatePickerPopup } from './DatePickerPopup';

/** /dashboard/reminders with its month calendar, Upcoming Reminders, Set Reminders dialog and feed. */
export class RemindersPage {
  constructor(readonly page: Page) {}

  async open(userName: string): Promise<void> {
    await this.page.goto('/dashboard/reminders');
    await expect(this.page.getByRole('heading', { level: 1, name: `${userName}'s Reminders` })).toBeVisible();
  }

  modal(): Locator {
    return this.page.getByRole('dialog', { name: 'Set Reminders' });
  }

  async openModal(): Promise<Locator> {
    await this.page.getByRole('button', { name: 'Set Reminder' }).click();
    await expect(this.modal()).toBeVisible();
    return this.modal();
  }

  /** Fills the dialog and presses Add. */
  async setReminder(productName: string, isoDate: string): Promise<void> {
    const modal = await this.openModal();
    await modal.getByPlaceholder('Product name*').fill(productName);
    await modal.getByPlaceholder('Date*').click();
    await new DatePickerPopup(this.page).pick(isoDate);
    await expect(modal.getByPlaceholder('Date*')).toHaveValue(isoDate);
    await modal.getByRole('button', { name: 'Add', exact: true }).click();
  }

  /** Shows the month of YYYY-MM-DD in the month calendar. */
  async showMonth(isoDate: string): Promise<void> {
    const [year, month] = isoDate.split('-').map(Number) as [number, number];
    await this.page.getByRole('combobox', { name: 'Select Year' }).selectOption(String(year));
    await this.page.getByRole('combobox', { name: 'Select Month' }).selectOption({ index: month - 1 });
  }

  dayTile(isoDate: string): Locator {
    return this.page.locator(`li[data-date="${isoDate}"]`);
  }

  upcomingItem(text: string): Locator {
    return this.page
      .getByRole('region', { name: 'Upcoming Reminders' })
      .getByRole('listitem')
      .filter({ hasText: text });
  }

  toast(text: string): Locator {
    return this.page.getByRole('alert').filter({ hasText: text });
  }
}
