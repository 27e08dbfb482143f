import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import type { ReviewInbox } from '@warrantly/contract/review';
import { DashboardShell } from '../pages/DashboardShell';
import { PurchasesPage } from '../pages/PurchasesPage';
import { ReceiptsPage } from '../pages/ReceiptsPage';
import { ReviewPage } from '../pages/ReviewPage';
import { SweetAlert } from '../pages/SweetAlert';
import { DEMO } from '../support/accounts';
import { seriousViolations } from '../support/axe';
import { appUrl } from '../support/env';
import { expect, test } from '../support/fixtures';
import { deliver, orderMail, REMOTE_HOSTS } from '../support/order-mail';
import { makeReceiptPdf } from '../support/receipt-pdf';
import { saveScreenshot } from '../support/screenshots';

const { name: user, email: mailbox } = DEMO.google;

/** What the user calls the shop whose mailer signs "QF Mailer". */
const MERCHANT = 'Quillfeather Stationery';

/**
 * Every request the page makes to a host other than the app's is recorded and refused: the mails' HTML
 * names several, and showing it must ask none of them.
 */
async function refuseForeignRequests(page: Page): Promise<string[]> {
  const app = new URL(appUrl()).host;
  const foreign: string[] = [];
  await page.context().route(
    (url) => url.protocol.startsWith('http') && url.host !== app,
    (route) => {
      foreign.push(route.request().url());
      return route.abort();
    },
  );
  return foreign;
}

/** Presses Refresh Purchases on the dashboard and waits for the sync to end. */
async function syncMailbox(page: Page): Promise<void> {
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: `${user}'s Dashboard` })).toBeVisible();
  const refresh = page.getByRole('button', { name: 'Refresh Purchases' });
  await expect(refresh).toBeEnabled({ timeout: 60_000 });
  await refresh.click();
  await expect(page.getByRole('alert').filter({ hasText: 'Mailbox synced' })).toBeVisible({
    timeout: 45_000,
  });
}

/** The API as the page's user: the inbox, and a stored document's bytes. */
async function api(page: Page) {
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  const headers = { authorization: `Bearer ${token}` };
  return {
    async inbox(): Promise<ReviewInbox> {
      const res = await page.request.get('/api/v1/review/', { headers });
      expect(res.ok()).toBe(true);
      return (await res.json()) as ReviewInbox;
    },
    /** The Total Purchases card's figure, in the default currency. */
    async total(): Promise<number> {
      const res = await page.request.get('/api/v1/user-orders/total-price/', { headers });
      return ((await res.json()) as { total_purchase_price: number }).total_purchase_price;
    },
    async file(documentId: number) {
      const res = await page.request.get(`/api/v1/documents/${documentId}/file/`, { headers });
      expect(res.ok()).toBe(true);
      return { type: res.headers()['content-type'], bytes: await res.body() };
    },
  };
}

for (const viewport of [
  { width: 1280, height: 900 },
  { width: 360, height: 780 },
]) {
  test(`at ${viewport.width}px a synced purchase is reviewed beside its e-mail, corrected, the next one comes right, the rest are accepted at once`, async ({
    signedInPage,
  }) => {
    test.setTimeout(180_000);
    const page = await signedInPage('google', viewport);
    const foreign = await refuseForeignRequests(page);
    const as = await api(page);
    // Senders of this run only: what an earlier run taught the memory of corrections says nothing here.
    const run = `${viewport.width}-${Date.now().toString(36)}`;
    const mailer = { name: 'QF Mailer', address: `noreply@qf-${run}.example` };
    const tea = { name: 'Harbor Tea', address: `orders@harbor-${run}.example` };
    const order = (n: string) => `QF-${run.toUpperCase()}-${n}`;
    await deliver(mailbox, orderMail({ orderId: order('A'), from: mailer, total: '$42.50' }, mailbox));
    await deliver(mailbox, orderMail({ orderId: order('B'), from: tea, total: '$18.20' }, mailbox));
    await deliver(mailbox, orderMail({ orderId: order('C'), from: tea, total: '$7.95' }, mailbox));
    await syncMailbox(page);

    // The overview says purchases wait, and leads to them.
    await expect(page.getByText(/^\d+ purchases? waits? for your review\.$/)).toBeVisible();
    await page.getByRole('link', { name: 'Review them' }).click();
    const review = new ReviewPage(page);
    await review.expectOpen(user);

    // Each field to check is marked and says why in words, with how sure the reading was.
    const item = review.itemWith(order('A'));
    const waiting = (await as.inbox()).items.find((i) => i.order_id === order('A'));
    expect(waiting, 'the synced order waits for review').toBeDefined();
    const toCheck = waiting?.fields.filter((f) => f.needs_review) ?? [];
    expect(toCheck.length).toBeGreaterThan(0);
    for (const field of toCheck)
      await expect(item.getByText(field.reason ?? '', { exact: true })).toBeVisible();
    await expect(item.getByText(/^\d+ % sure$/).first()).toBeVisible();

    // The e-mail as sanitised HTML in a sandboxed frame: its text, links written out, nothing remote.
    const source = item.getByRole('region', { name: /^Source of / });
    const frame = source.locator('iframe[title^="E-mail:"]');
    await expect(frame).toHaveAttribute('sandbox', '');
    const mail = frame.contentFrame();
    await expect(mail.getByText(`Thank you for your order ${order('A')}.`)).toBeVisible();
    await expect(
      mail.getByText(`View your order (https://tracker.example/click?to=orders/${order('A')})`),
    ).toBeVisible();
    await expect(mail.locator('a, link, img[src^="http"], img[srcset], [background]')).toHaveCount(0);

    // The same mail as text, reached with the keyboard.
    await source.getByRole('tab', { name: 'HTML' }).focus();
    await page.keyboard.press('ArrowLeft');
    await expect(source.getByRole('tab', { name: 'Text' })).toHaveAttribute('aria-selected', 'true');
    await expect(source.getByRole('tabpanel')).toContainText('Total charged: $42.50');
    await saveScreenshot(page, `review-${viewport.width}`);
    // Nothing wider than the screen, the e-mail's frame included.
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);

    // The .eml downloads as the server keeps it, byte for byte.
    const eml = waiting?.documents.find((d) => d.kind === 'email');
    expect(eml, 'the order keeps its e-mail').toBeDefined();
    const download = page.waitForEvent('download');
    await source.getByRole('button', { name: /^Download \.eml/ }).click();
    const saved = await readFile((await (await download).path()) as string);
    const served = await as.file(eml?.id ?? 0);
    expect(served.type).toMatch(/^message\/rfc822/);
    expect(saved.equals(served.bytes)).toBe(true);
    expect((await download).suggestedFilename()).toMatch(/\.eml$/);

    // Nothing serious for axe, with the items, the e-mail and the bulk bar on screen.
    expect(await seriousViolations(page)).toEqual([]);

    // Correct the merchant through Edit, then accept.
    const title = (await item.getByRole('heading', { level: 2 }).textContent()) ?? '';
    await item.getByRole('button', { name: `Edit ${title}`, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Purchase' });
    await dialog.getByRole('textbox', { name: 'Store name' }).fill(MERCHANT);
    await dialog.getByRole('button', { name: 'Update Purchase' }).click();
    await new SweetAlert(page).dismiss();
    await expect(review.field(item, 'Merchant')).toContainText(MERCHANT);
    await item.getByRole('button', { name: `Accept ${MERCHANT}` }).click();
    await expect(review.itemWith(order('A'))).toHaveCount(0);

    // Sync again: the shop's next mail comes with the merchant as corrected.
    await deliver(mailbox, orderMail({ orderId: order('D'), from: mailer, total: '$12.00' }, mailbox));
    await syncMailbox(page);
    await new DashboardShell(page).navigate('Review');
    await review.expectOpen(user);
    await expect(review.field(review.itemWith(order('D')), 'Merchant')).toContainText(MERCHANT);

    // The rest at once: select all with the keyboard, accept selected.
    await expect(review.itemWith(order('B'))).toBeVisible();
    await review.selectAll.focus();
    await page.keyboard.press('Space');
    await expect(review.selectAll).toBeChecked();
    await review.toolbar.getByRole('button', { name: 'Accept selected' }).click();
    await expect(page.getByRole('heading', { name: 'Nothing to review' })).toBeVisible();
    expect((await as.inbox()).pending_count).toBe(0);
    // The sidebar's Review entry has no count left, and the lists no mark.
    await expect(page.getByRole('link', { name: /waiting/ })).toHaveCount(0);
    await new PurchasesPage(page).open(user);
    await expect(page.getByText('To review')).toHaveCount(0);

    expect(foreign, `requests to ${REMOTE_HOSTS.join(', ')} or any other host`).toEqual([]);
  });
}

test('a waiting mail is marked in the lists, shown safely in its receipt, counted in the totals as the switch says; rejected, sync skips it until it is restored', async ({
  signedInPage,
}) => {
  test.setTimeout(180_000);
  const page = await signedInPage('google');
  const as = await api(page);
  // An order number as shops write them, with digits: one made of letters alone is not taken for one.
  const orderId = `SP-${Date.now()}`;
  const from = { name: 'Spam Shop', address: `orders@spam-${Date.now().toString(36)}.example` };
  await deliver(mailbox, orderMail({ orderId, from, total: '$99.00' }, mailbox));
  await syncMailbox(page);

  // While it waits, the lists mark it, and its receipt shows the kept e-mail, safely.
  const purchases = new PurchasesPage(page);
  await purchases.open(user);
  await expect(purchases.row(orderId)).toContainText('To review');
  const receipts = new ReceiptsPage(page);
  await receipts.open(user);
  await expect(receipts.card(orderId)).toContainText('To review');
  await receipts
    .card(orderId)
    .getByRole('button', { name: /^View receipt/ })
    .click();
  const details = page.getByRole('dialog', { name: 'Receipt Details' });
  const mail = details.locator('iframe[title^="E-mail:"]').contentFrame();
  await expect(mail.getByText(`Thank you for your order ${orderId}.`)).toBeVisible();
  await expect(details.getByRole('button', { name: /^Download \.eml/ })).toBeVisible();
  await page.keyboard.press('Escape');

  // It counts in the totals until the Account page's switch says otherwise.
  const counted = await as.total();
  await page.goto('/dashboard/account');
  const totalsSwitch = page.getByRole('switch', { name: 'Count purchases to review in the totals' });
  await expect(totalsSwitch).toHaveAttribute('aria-checked', 'true');
  await totalsSwitch.click();
  await expect(totalsSwitch).toHaveAttribute('aria-checked', 'false');
  expect(counted - (await as.total())).toBeGreaterThanOrEqual(99);
  await totalsSwitch.click();
  await expect(totalsSwitch).toHaveAttribute('aria-checked', 'true');
  expect(await as.total()).toBe(counted);

  const review = new ReviewPage(page);
  await review.open(user);

  // Reject, with a confirmation first.
  const item = review.itemWith(orderId);
  await item.getByRole('button', { name: /^Reject / }).click();
  const confirm = page.getByRole('dialog', { name: 'Reject this purchase?' });
  await expect(confirm).toContainText('For 30 days you can restore it under Rejected.');
  await confirm.getByRole('button', { name: 'Reject', exact: true }).click();
  await expect(review.itemWith(orderId)).toHaveCount(0);
  const today = new Date().toLocaleDateString('en-CA');
  const tombstone = review
    .rejected()
    .getByRole('listitem')
    .filter({ hasText: `E-mail rejected on ${today}` });
  await expect(tombstone.first()).toBeVisible();

  // Sync skips it.
  await syncMailbox(page);
  expect((await as.inbox()).items.some((i) => i.order_id === orderId)).toBe(false);

  // Restored, the next sync reads it again. (This spec is the only one to reject a mail.)
  await review.open(user);
  await tombstone
    .first()
    .getByRole('button', { name: /^Restore / })
    .click();
  await expect(page.getByRole('alert').filter({ hasText: 'Restored.' })).toBeVisible();
  await syncMailbox(page);
  await review.open(user);
  await expect(review.itemWith(orderId)).toBeVisible();
  await review
    .itemWith(orderId)
    .getByRole('button', { name: /^Accept / })
    .click();
  await expect(review.itemWith(orderId)).toHaveCount(0);
});

test('an uploaded PDF waits beside its page; rejected, uploading it again offers Restore', async ({
  browser,
  signedInPage,
}) => {
  test.setTimeout(180_000);
  const page = await signedInPage('google');
  const orderNumber = `PDF-${Date.now().toString(36).toUpperCase()}`;
  // No product line: the purchase is named after the document, and waits for a look.
  const pdf = await makeReceiptPdf(browser, {
    shop: 'Lantern Books',
    orderNumber,
    date: new Date().toLocaleDateString('en-CA'),
    lines: [],
    total: '$23.40',
  });
  const file = { name: `${orderNumber}.pdf`, mimeType: 'application/pdf', buffer: pdf };
  const receipts = new ReceiptsPage(page);
  await receipts.open(user);
  await receipts.upload(file);
  await receipts.alert.expectShown('File Uploaded', `${file.name} has been uploaded successfully!`);
  await receipts.alert.dismiss();

  const review = new ReviewPage(page);
  await review.open(user);
  const item = review.itemWithDocument(file.name);
  await expect(item.locator(`iframe[title^="Receipt file ${file.name}"]`)).toBeVisible();
  await item.getByRole('button', { name: /^Reject / }).click();
  await page
    .getByRole('dialog', { name: 'Reject this purchase?' })
    .getByRole('button', { name: 'Reject', exact: true })
    .click();
  await expect(review.itemWithDocument(file.name)).toHaveCount(0);
  await expect(review.rejected().getByRole('listitem').filter({ hasText: 'PDF rejected on' })).toHaveCount(1);

  // The same file again: the dialog offers to restore it, and then it uploads.
  await receipts.open(user);
  await receipts.upload(file);
  await receipts.alert.expectShown(
    'Rejected before',
    'You rejected this file on the Review page, so it is not read again. Restore it to upload it anew?',
  );
  await receipts.alert.dialog.getByRole('button', { name: 'Restore' }).click();
  await receipts.alert.expectShown('Restored', 'Upload the file again to read it.');
  await receipts.alert.dismiss();
  const dialog = page.getByRole('dialog', { name: 'Upload PDF Receipt' });
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  await receipts.alert.expectShown('File Uploaded', `${file.name} has been uploaded successfully!`);
  await receipts.alert.dismiss();
  await review.open(user);
  await expect(review.itemWithDocument(file.name)).toBeVisible();
  await review
    .itemWithDocument(file.name)
    .getByRole('button', { name: /^Accept / })
    .click();
  await expect(review.itemWithDocument(file.name)).toHaveCount(0);
});
