import { expect, type Locator, type Page } from '@playwright/test';

/** A month's English name as the popup writes it in its Months list and title (`month` 1-12). */
function monthName(month: number): string {
  return new Date(2000, month - 1, 1).toLocaleString('en-US', { month: 'long' });
}

/** The date-picker popup that read-only date fields open. */
export class DatePickerPopup {
  readonly dialog: Locator;

  constructor(readonly page: Page) {
    // The popup is the dialog headed by a month and a year.
    this.dialog = page.getByRole('dialog', {
      name: /^(January|February|March|April|May|June|July|August|September|October|November|December) \d{4}$/,
    });
  }

  /** Picks YYYY-MM-DD through the year and month dropdowns, then the day button. */
  async pick(isoDate: string): Promise<void> {
    const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
    const name = monthName(month);
    await expect(this.dialog).toBeVisible();
    await this.dialog.getByRole('button', { name: /^Select Year/ }).click();
    await this.dialog
      .getByRole('list', { name: 'Years' })
      .getByRole('button', { name: String(year), exact: true })
      .click();
    await this.dialog.getByRole('button', { name: /^Select Month/ }).click();
    await this.dialog
      .getByRole('list', { name: 'Months' })
      .getByRole('button', { name, exact: true })
      .click();
    await expect(this.dialog).toHaveAccessibleName(`${name} ${year}`);
    await this.dialog.getByRole('button', { name: String(day), exact: true }).click();
    await expect(this.dialog).toBeHidden();
  }
}
