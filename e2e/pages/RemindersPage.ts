import { expect, type Locator, type Page } from '@playwright/test';
import { DEMO, type Provider } from '../support/accounts';
import { DatePickerPopup } from './DatePickerPopup';
import { LoginPage } from './LoginPage';

const PROVIDER_NAME = { google: 'Google', microsoft: 'Microsoft' } as const;

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
  /** The notice shown while the mailbox and calendar are disconnected. */
  disconnectedNotice(): Locator {
    return this.page.getByRole('status').filter({ hasText: 'Your mailbox and calendar are disconnected.' });
  }

  /** Signs in with the provider again from the notice's button, and comes back to the page it was on. */
  async reconnect(provider: Provider): Promise<void> {
    const back = new URL(this.page.url()).pathname;
    await this.disconnectedNotice()
      .getByRole('button', { name: `Sign in with ${PROVIDER_NAME[provider]} again` })
      .click();
    await this.page.getByRole('button', { name: DEMO[provider].email, exact: true }).click();
    await this.page.waitForURL((url) => url.pathname === DEMO[provider].successPath && url.search === '');
    await new LoginPage(this.page).goToDashboard();
    await this.page.waitForURL((url) => url.pathname === back);
  }

  /** The dashboard's "Upcoming Reminders" summary card (the dashboard must be shown). */
  dashboardCard(): Locator {
    return this.page
      .getByRole('list', { name: 'Summary' })
      .getByRole('listitem')
      .filter({ hasText: 'Upcoming Reminders' });
  }

  /** The days-until labels of the Upcoming Reminders list shown ("Today" is 0). */
  async upcomingDays(): Promise<number[]> {
    const texts = await this.page
      .getByRole('region', { name: 'Upcoming Reminders' })
      .locator('li[data-urgency]')
      .allTextContents();
    return texts.map((text) => {
      const label = /Today|In (\d+) days?/.exec(text);
      if (!label) throw new Error(`An upcoming reminder without its days: ${text}`);
      return label[0] === 'Today' ? 0 : Number(label[1]);
    });
  }
}
