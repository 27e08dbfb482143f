import { DEMO } from '../support/accounts';
import { expect, test } from '../support/fixtures';
import { saveScreenshot, WIDTHS } from '../support/screenshots';

const PAGES = [
  { path: '/dashboard', title: 'Dashboard', name: 'dashboard', widths: WIDTHS },
  { path: '/dashboard/purchase', title: 'Purchases', name: 'purchases', widths: WIDTHS },
  { path: '/dashboard/warranties', title: 'Warranties', name: 'warranties', widths: [360, 1280] },
  { path: '/dashboard/receipts', title: 'Receipts', name: 'receipts', widths: [360, 1280] },
  { path: '/dashboard/reminders', title: 'Reminders', name: 'reminders', widths: [360, 1280] },
  { path: '/dashboard/replacement', title: 'Replacement Parts', name: 'replacement', widths: [360, 1280] },
  { path: '/dashboard/review', title: 'Review Inbox', name: 'review-inbox', widths: [360, 1280] },
] as const;

for (const { path, title, name, widths } of PAGES) {
  for (const width of widths) {
    test(`${name} at ${width}px fits the screen`, async ({ signedInPage }) => {
      const page = await signedInPage('google', { width, height: 900 });
      await page.goto(path);
      await expect(
        page.getByRole('heading', { level: 1, name: `${DEMO.google.name}'s ${title}` }),
      ).toBeVisible();
      await expect(page.locator('.animate-spin')).toHaveCount(0);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await saveScreenshot(page, `${name}-${width}`);
    });
  }
}

test('the sidebar is an overlay under 1024px and collapses to icons above', async ({ signedInPage }) => {
  const narrow = await signedInPage('google', { width: 768, height: 900 });
  const sidebar = narrow.getByRole('complementary', { name: 'Sidebar' });
  await expect(sidebar).toBeHidden();
  await narrow.getByRole('button', { name: 'Open menu' }).click();
  await expect(sidebar).toBeVisible();
  await saveScreenshot(narrow, 'sidebar-overlay-768');
  await sidebar.getByRole('link', { name: 'Reminders' }).click();
  await expect(narrow).toHaveURL(/\/dashboard\/reminders$/);
  await expect(sidebar).toBeHidden();

  const wide = await signedInPage('google', { width: 1280, height: 900 });
  const wideBar = wide.getByRole('complementary', { name: 'Sidebar' });
  expect((await wideBar.boundingBox())?.width).toBe(256);
  await wide.getByRole('button', { name: 'Collapse sidebar' }).click();
  expect((await wideBar.boundingBox())?.width).toBe(64);
  await expect(wideBar.getByRole('link', { name: 'Purchase' })).toBeVisible();
});

test('the sidebar Log Out stays clear of the sandbox notice on a phone and on a desktop', async ({
  signedInPage,
}) => {
  for (const viewport of [
    { width: 360, height: 640 },
    { width: 1280, height: 720 },
  ]) {
    const page = await signedInPage('google', viewport);
    const menu = page.getByRole('button', { name: 'Open menu' });
    if (await menu.isVisible()) await menu.click();
    const logOut = page.getByRole('button', { name: 'Log Out' });
    await expect(logOut).toBeVisible();
    const button = await logOut.boundingBox();
    const notice = await page.getByRole('complementary', { name: 'Sandbox notice' }).boundingBox();
    if (!button || !notice) throw new Error('Log Out or the sandbox notice has no box');
    expect(button.y + button.height, `Log Out's bottom at ${viewport.width}px`).toBeLessThanOrEqual(notice.y);
    expect(notice.y + notice.height).toBeCloseTo(viewport.height, 0);
    await saveScreenshot(page, `log-out-above-notice-${viewport.width}`);
  }
});
