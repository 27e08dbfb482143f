import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import type { ReviewInbox } from '@warrantly/contract/review';
import { PurchasesPage } from '../pages/PurchasesPage';
import { ReviewPage } from '../pages/ReviewPage';
import { SweetAlert } from '../pages/SweetAlert';
import { DEMO } from '../support/accounts';
import { seriousViolations } from '../support/axe';
import { appUrl } from '../support/env';
import { expect, test } from '../support/fixtures';
import { deliver, orderMail, REMOTE_HOSTS } from '../support/order-mail';
import { saveScreenshot } from '../support/screenshots';

const { name: user, email: mailbox } = DEMO.google;

/** The shop whose mailer names itself after the mailing service: the user corrects the merchant. */
const MAILER = { name: 'QF Mailer', address: 'noreply@mailer.quillfeather.example' };
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

async function inbox(page: Page): Promise<ReviewInbox> {
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  const res = await page.request.get('/api/v1/review/', { headers: { authorization: `Bearer ${token}` } });
  expect(res.ok()).toBe(true);
  return (await res.json()) as ReviewInbox;
}

for (const viewport of [
  { width: 1280, height: 900 },
  { width: 360, height: 780 },
]) {
  test(`at ${viewport.width}px a synced purchase is reviewed beside its e-mail, corrected, accepted, and the rest accepted at once`, async ({
    signedInPage,
  }) => {
    test.setTimeout(180_000);
    const page = await signedInPage('google', viewport);
    const foreign = await refuseForeignRequests(page);
    const run = `${viewport.width}-${Date.now().toString(36).toUpperCase()}`;
    const [first, second, third] = ['A', 'B', 'C'].map((n) => `QF-${run}-${n}`) as [string, string, string];
    for (const [orderId, total] of [
      [first, '$42.50'],
      [second, '$18.20'],
      [third, '$7.95'],
    ] as const) {
      await deliver(mailbox, orderMail({ orderId, from: MAILER, total }, mailbox));
    }
    await syncMailbox(page);

    // The overview says purchases wait, and leads to them.
    const notice = page.getByText(/\d+ purchases? waits? for your review\./);
    await expect(notice).toBeVisible();
    await page.getByRole('link', { name: 'Review them' }).click();
    const review = new ReviewPage(page);
    await review.expectOpen(user);

    // Each field to check is marked and says why, in words.
    const item = review.itemWith(first);
    await expect(item).toBeVisible();
    const waiting = (await inbox(page)).items.find(
      (i) => i.order_id.includes(first) || i.lines.some((l) => l.order_id === first),
    );
    expect(waiting, 'the synced order waits for review').toBeDefined();
    for (const field of waiting?.fields.filter((f) => f.needs_review) ?? []) {
      await expect(item.getByText(field.reason ?? '', { exact: true })).toBeVisible();
    }
    await expect(item.getByText(/\d+ % sure/).first()).toBeVisible();

    // The e-mail as sanitised HTML in a sandboxed frame: its text, links written out, nothing remote.
    const source = item.getByRole('region', { name: /^Source of / });
    const frame = source.locator('iframe[title^="E-mail:"]');
    await expect(frame).toHaveAttribute('sandbox', '');
    const mail = frame.contentFrame();
    await expect(mail.getByText(`Thank you for your order ${first}.`)).toBeVisible();
    await expect(
      mail.getByText(`View your order (https://tracker.example/click?to=orders/${first})`),
    ).toBeVisible();
    await expect(mail.locator('a')).toHaveCount(0);
    await expect(mail.locator('img[src^="http"], img[srcset], link, [background]')).toHaveCount(0);

    // The same mail as text, reached with the keyboard.
    await source.getByRole('tab', { name: 'HTML' }).focus();
    await page.keyboard.press('ArrowLeft');
    await expect(source.getByRole('tab', { name: 'Text' })).toHaveAttribute('aria-selected', 'true');
    await expect(source.getByRole('tabpanel')).toContainText('Total charged: $42.50');
    if (viewport.width === 1280) await saveScreenshot(page, 'review-1280');
    else await saveScreenshot(page, 'review-360');

    // The .eml downloads as the server keeps it, byte for byte.
    const document = waiting?.documents.find((d) => d.kind === 'email');
    expect(document, 'the order keeps its e-mail').toBeDefined();
    const download = page.waitForEvent('download');
    await source.getByRole('button', { name: /^Download \.eml/ }).click();
    const saved = await readFile((await (await download).path()) as string);
    const token = await page.evaluate(() => localStorage.getItem('accessToken'));
    const served = await page.request.get(`/api/v1/documents/${document?.id}/file/`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(served.headers()['content-type']).toMatch(/^message\/rfc822/);
    expect(Buffer.compare(saved, await served.body())).toBe(0);
    expect((await download).suggestedFilename()).toMatch(/\.eml$/);

    // Nothing serious for axe, with the items, the frame and the bulk bar on screen.
    expect(await seriousViolations(page)).toEqual([]);

    // Edit the merchant, then accept.
    const title = (await item.getByRole('heading', { level: 2 }).textContent()) ?? '';
    await item.getByRole('button', { name: `Edit ${title}`, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Purchase' });
    await dialog.getByRole('textbox', { name: 'Store name' }).fill(MERCHANT);
    await dialog.getByRole('button', { name: 'Update Purchase' }).click();
    await new SweetAlert(page).dismiss();
    const corrected = review.itemWith(first);
    await expect(corrected.getByText(MERCHANT).first()).toBeVisible();
    await corrected.getByRole('button', { name: /^Accept / }).click();
    await expect(review.itemWith(first)).toHaveCount(0);

    // The rest at once: select all with the keyboard, accept selected.
    await expect(review.itemWith(second)).toBeVisible();
    await review.selectAll.focus();
    await page.keyboard.press('Space');
    await expect(review.selectAll).toBeChecked();
    await review.toolbar.getByRole('button', { name: 'Accept selected' }).click();
    await expect(page.getByRole('heading', { name: 'Nothing to review' })).toBeVisible();
    expect((await inbox(page)).pending_count).toBe(0);

    // The lists no longer mark them; the sidebar's Review has no count left.
    const purchases = new PurchasesPage(page);
    await purchases.open(user);
    await expect(page.getByText('To review')).toHaveCount(0);

    // Sync again: the shop's next mail comes with the merchant as corrected.
    const fourth = `QF-${run}-D`;
    await deliver(mailbox, orderMail({ orderId: fourth, from: MAILER, total: '$12.00' }, mailbox));
    await syncMailbox(page);
    const next = (await inbox(page)).items.find((i) => i.lines.some((l) => l.order_id === fourth));
    const nextMerchant = next
      ? next.fields.find((f) => f.field === 'merchant')?.value
      : (
          await (
            await page.request.get('/api/v1/user-orders/', { headers: { authorization: `Bearer ${token}` } })
          ).json()
        ).find((p: { order_id: string }) => p.order_id === fourth)?.shop_name;
    expect(nextMerchant).toBe(MERCHANT);

    expect(foreign, `requests to ${REMOTE_HOSTS.join(', ')} or any other host`).toEqual([]);
  });
}
