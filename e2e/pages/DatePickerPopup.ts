import { expect, type Locator, type Page } from '@playwright/test';

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

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
    await expect(this.dialog).toBeVisible();
    await this.dialog.getByRole('button', { name: /^Select Year/ }).click();
    await this.dialog
      .getByRole('list', { name: 'Years' })
      .getByRole('button', { name: String(year), exact: true })
      .click();
    await this.dialog.getByRole('button', { name: /^Select Month/ }).click();
    await this.dialog
      .getByRole('list', { name: 'Months' })
      .getByRole('button', { name: MONTHS[month - 1], exact: true })
      .click();
    await expect(this.dialog).toHaveAccessibleName(`${MONTHS[month - 1]} ${year}`);
    await this.dialog.getByRole('button', { name: String(day), exact: true }).click();
    await expect(this.dialog).toBeHidden();
  }
}
