import { RemindersPage } from '../pages/RemindersPage';
import { DEMO, PROVIDERS } from '../support/accounts';
import { asUser, daysFromToday, isoDate, uniqueName } from '../support/api';
import { seriousViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { clearFaults, injectFault } from '../support/sandbox';
import { saveScreenshot } from '../support/screenshots';

for (const provider of PROVIDERS) {
  const demo = DEMO[provider];

  test.describe(`reminders with ${provider}`, () => {
    test('sets a reminder and shows it on its day and in Upcoming', async ({ signedInPage }) => {
      const page = await signedInPage(provider);
      const reminders = new RemindersPage(page);
      await reminders.open(demo.name);
      await expect(page.getByText('Track your warranties easily.')).toBeVisible();

      const product = uniqueName('Water filter');
      const date = isoDate(daysFromToday(2));
      await reminders.setReminder(product, date);
      await expect(reminders.toast(demo.reminderToast)).toBeVisible();
      await expect(page.locator('.Toastify__toast-container--top-center')).toContainText(demo.reminderToast);
      // The form clears at once and the dialog closes a second later.
      await expect(reminders.modal().getByPlaceholder('Product name*')).toHaveValue('');
      await expect(reminders.modal()).toBeHidden({ timeout: 3000 });

      await reminders.showMonth(date);
      const chip = reminders.dayTile(date).getByText(product);
      await expect(chip).toBeVisible();
      await expect(chip).toHaveAttribute('data-chip-color', 'green');
      const upcoming = reminders.upcomingItem(product);
      await expect(upcoming).toContainText('In 2 days');
      await expect(upcoming).toHaveAttribute('data-urgency', 'red');
    });

    test("a reminder for today reads 'Today' on a yellow chip", async ({ signedInPage }) => {
      const page = await signedInPage(provider);
      const reminders = new RemindersPage(page);
      await reminders.open(demo.name);
      const product = uniqueName('Descale kettle');
      const today = isoDate(daysFromToday(0));
      await reminders.setReminder(product, today);
      await expect(reminders.toast(demo.reminderToast)).toBeVisible();
      await expect(reminders.modal()).toBeHidden({ timeout: 3000 });
      await expect(reminders.dayTile(today).getByText(product)).toHaveAttribute('data-chip-color', 'yellow');
      await expect(reminders.upcomingItem(product)).toContainText('Today');
    });

    test("says 'Failed to add reminder!' with the server's reason and keeps the form when the calendar refuses", async ({
      signedInPage,
    }) => {
      const page = await signedInPage(provider);
      const reminders = new RemindersPage(page);
      await reminders.open(demo.name);
      const product = uniqueName('Refused filter');
      const match = provider === 'google' ? '/calendar/v3/calendars/primary/events' : '/me/events';
      await injectFault({ match, method: 'POST', status: 500, times: 10 });
      try {
        await reminders.setReminder(product, isoDate(daysFromToday(4)));
        const calendar = provider === 'google' ? 'Google Calendar' : 'Outlook calendar';
        await expect(
          reminders.toast(`Failed to add reminder! ${calendar} did not accept the request; try again later`),
        ).toBeVisible();
      } finally {
        await clearFaults();
      }
      // Nothing was lost: the dialog stays open with what the user typed, and no event was made.
      await expect(reminders.modal()).toBeVisible();
      await expect(reminders.modal().getByPlaceholder('Product name*')).toHaveValue(product);
      expect(await (await asUser(page)).eventTitles(provider)).not.toContain(product);
    });

    test('a recurring part reminder is listed once, its chip names it, and the card counts the list', async ({
      signedInPage,
    }) => {
      test.setTimeout(120_000);
      const page = await signedInPage(provider);
      const api = await asUser(page);
      const brush = await api.createPurchase({
        product_name: uniqueName('Sonic toothbrush'),
        purchase_date: isoDate(daysFromToday(-200)),
      });
      // Bought 80 days ago, replaced every 90 days: next due in 10 days, then every 90 days.
      const heads = uniqueName('Replacement brush heads 4-pack');
      await api.createPurchase({
        product_name: heads,
        purchase_date: isoDate(daysFromToday(-80)),
        parent_id: String(brush.id),
        replace_every_days: '90',
      });
      const due = isoDate(daysFromToday(10));
      const reminders = new RemindersPage(page);
      await reminders.open(demo.name);
      const item = reminders.upcomingItem(heads);
      await expect(item).toHaveCount(1);
      await expect(item).toContainText(`Replace: ${heads}`);
      await expect(item).toContainText('In 10 days');
      await expect(item).toContainText(`${due} · every 90 days`);

      await reminders.showMonth(due);
      const chip = reminders.dayTile(due).getByTitle(`Replace: ${heads}`);
      // The kind is read out (visually hidden); the chip shows the product.
      await expect(chip).toHaveText(`Replace: ${heads}`);
      const shown = await chip.evaluate((li) =>
        Array.from(li.childNodes)
          .filter((node) => !(node instanceof Element && node.classList.contains('sr-only')))
          .map((node) => node.textContent)
          .join(''),
      );
      expect(shown).toBe(heads);
      for (const width of [1280, 360]) {
        await page.setViewportSize({ width, height: 900 });
        await saveScreenshot(page, `reminders-recurring-${provider}-${width}`);
        expect(await seriousViolations(page)).toEqual([]);
      }

      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto('/dashboard');
      await expect(reminders.upcomingItem(heads)).toHaveCount(1);
      const card = reminders.dashboardCard();
      const days = await reminders.upcomingDays();
      const dueIn30 = days.filter((d) => d <= 30).length;
      expect(dueIn30).toBeGreaterThan(0);
      await expect(card).toHaveText(
        new RegExp(`^Upcoming Reminders${dueIn30}Reminders due in the next 30 days$`),
      );
      await saveScreenshot(page, `dashboard-upcoming-${provider}-1280`);
      expect(await seriousViolations(page)).toEqual([]);
    });

    test('shows the calendar error when the calendar cannot be read', async ({ signedInPage }) => {
      const page = await signedInPage(provider);
      await injectFault({ match: provider === 'google' ? '/calendar/v3/' : '/me/', status: 500, times: 5 });
      try {
        await page.goto('/dashboard/reminders');
        await expect(
          page.getByRole('alert').filter({ hasText: 'Failed to load data. Please try again.' }).first(),
        ).toBeVisible();
      } finally {
        await clearFaults();
      }
    });
  });
}

test.describe('the Set Reminders dialog', () => {
  test('checks its fields and clears an error as its field is edited', async ({ signedInPage }) => {
    const page = await signedInPage('google');
    const reminders = new RemindersPage(page);
    await reminders.open(DEMO.google.name);
    const modal = await reminders.openModal();
    await modal.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(modal.getByText('Product name is required')).toBeVisible();
    await expect(modal.getByText('Date is required')).toBeVisible();
    await modal.getByPlaceholder('Product name*').fill('Filter');
    await expect(modal.getByText('Product name is required')).toBeHidden();
    await expect(modal.getByText('Date is required')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(modal).toBeHidden();
  });

  test('the date picker keeps one dropdown open and closes on a press outside', async ({ signedInPage }) => {
    const page = await signedInPage('google');
    const reminders = new RemindersPage(page);
    await reminders.open(DEMO.google.name);
    const modal = await reminders.openModal();
    await modal.getByPlaceholder('Date*').click();
    const picker = page.getByRole('dialog', { name: /^\w+ \d{4}$/ });
    await expect(picker).toBeVisible();
    await picker.getByRole('button', { name: /^Select Year/ }).click();
    await expect(picker.getByRole('list', { name: 'Years' }).getByRole('button')).toHaveCount(11);
    await picker.getByRole('button', { name: /^Select Month/ }).click();
    await expect(picker.getByRole('list', { name: 'Years' })).toBeHidden();
    await expect(picker.getByRole('list', { name: 'Months' }).getByRole('button')).toHaveCount(12);
    await page.mouse.click(5, 5);
    await expect(picker).toBeHidden();
    await expect(modal).toBeVisible();
  });
});

test('the copied feed URL serves a calendar holding the reminder', async ({ signedInPage }) => {
  const page = await signedInPage('google');
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  const reminders = new RemindersPage(page);
  await reminders.open(DEMO.google.name);
  const product = uniqueName('Feed check');
  await reminders.setReminder(product, isoDate(daysFromToday(5)));
  await expect(reminders.toast(DEMO.google.reminderToast)).toBeVisible();
  await expect(reminders.modal()).toBeHidden({ timeout: 3000 });

  await page.getByRole('button', { name: 'Copy feed URL' }).click();
  await expect(page.getByText('Feed URL copied.')).toBeVisible();
  const url = await page.evaluate(() => navigator.clipboard.readText());
  expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
  const feed = await page.request.get(url);
  expect(feed.ok()).toBe(true);
  const body = await feed.text();
  expect(body).toContain('BEGIN:VCALENDAR');
  expect(body.replace(/\r?\n[ \t]/g, '')).toContain(product);

  await page.getByRole('button', { name: 'Replace feed URL' }).click();
  await expect(page.getByRole('textbox', { name: 'Feed URL' })).not.toHaveValue(url);
  expect((await page.request.get(url)).status()).toBeGreaterThanOrEqual(400);
});
