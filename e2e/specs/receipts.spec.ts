import { ReceiptsPage } from '../pages/ReceiptsPage';
import { DEMO } from '../support/accounts';
import { daysFromToday, isoDate, uniqueName } from '../support/api';
import { seriousViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { makeReceiptPdf } from '../support/receipt-pdf';
import { saveScreenshot } from '../support/screenshots';

const { name: user } = DEMO.google;

test.describe('receipts', () => {
  test('uploads a PDF receipt with a progress bar and finds its purchase', async ({
    signedInPage,
    browser,
  }) => {
    const page = await signedInPage('google');
    const product = uniqueName('Espresso Grinder');
    const pdf = await makeReceiptPdf(browser, {
      shop: 'Lindenweg Kitchen Supply',
      orderNumber: `LKS-${Date.now()}`,
      date: isoDate(daysFromToday(-1)),
      lines: [{ product, price: '$149.00' }],
      total: '$149.00',
    });
    const receipts = new ReceiptsPage(page);
    await receipts.open(user);
    await expect(receipts.stat('Total Receipts')).toBeVisible();
    await expect(receipts.stat('This Month')).toBeVisible();
    await expect(receipts.stat('Categories')).toBeVisible();

    // A slow uplink keeps the upload in flight long enough to watch its progress bar.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 20,
      downloadThroughput: -1,
      uploadThroughput: 40 * 1024,
    });
    await receipts.upload({ name: 'grinder-receipt.pdf', mimeType: 'application/pdf', buffer: pdf });
    await expect(page.getByRole('progressbar')).toBeVisible();
    await receipts.alert.expectShown('File Uploaded', 'grinder-receipt.pdf has been uploaded successfully!');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    await receipts.alert.dismiss();

    const card = receipts.card(product);
    await expect(card).toBeVisible();
    await expect(card).toContainText('149');

    const details = await receipts.openDetails(product);
    await expect(
      details.getByText(/^(Read completely|Partly read — check the fields|Could not be read)$/),
    ).toBeVisible();
    await expect(details).toContainText(product);
    await details.getByRole('button', { name: 'Open Receipt File' }).click();
    const frame = details.locator('iframe');
    await expect(frame).toHaveAttribute('src', /^blob:/);
    await details.getByRole('button', { name: 'Close' }).click();
    await expect(details).toBeHidden();
  });

  test('sends the upload again when the server answers it is busy (503, Retry-After)', async ({
    signedInPage,
    browser,
  }) => {
    const page = await signedInPage('google');
    const product = uniqueName('Milk Frother');
    const pdf = await makeReceiptPdf(browser, {
      shop: 'Lindenweg Kitchen Supply',
      orderNumber: `LKS-${Date.now()}`,
      date: isoDate(daysFromToday(-2)),
      lines: [{ product, price: '$39.00' }],
      total: '$39.00',
    });
    const receipts = new ReceiptsPage(page);
    await receipts.open(user);
    // The server's answer when its readers' queue is full, once; the second try reaches the server.
    let tries = 0;
    await page.route('**/api/v1/ai-order-extract/', (route) => {
      tries += 1;
      if (tries > 1) return route.continue();
      return route.fulfill({
        status: 503,
        headers: { 'retry-after': '1', 'content-type': 'application/json' },
        body: JSON.stringify({
          code: 'unavailable',
          message: 'The server is busy reading other documents; try again shortly',
        }),
      });
    });
    await receipts.upload({ name: 'frother-receipt.pdf', mimeType: 'application/pdf', buffer: pdf });
    await receipts.alert.expectShown('File Uploaded', 'frother-receipt.pdf has been uploaded successfully!');
    expect(tries).toBe(2);
    await receipts.alert.dismiss();
    await expect(receipts.card(product)).toBeVisible();
  });

  for (const width of [1280, 360]) {
    test(`a multi-line order shows its total, shop and items, and its lines in detail at ${width} px`, async ({
      signedInPage,
      browser,
    }) => {
      const page = await signedInPage('google', { width, height: 900 });
      const [oil, lemons, coffee] = [
        uniqueName('Olive oil'),
        uniqueName('Lemons'),
        uniqueName('Coffee beans'),
      ];
      const shop = 'Greenleaf Market';
      const pdf = await makeReceiptPdf(browser, {
        shop,
        orderNumber: `GLM-${Date.now()}`,
        date: isoDate(daysFromToday(0)),
        lines: [
          { product: oil, price: '€8.49' },
          { product: lemons, price: '€0.89' },
          { product: coffee, price: '€3.67' },
        ],
        total: '€13.05',
      });
      // Sent as the upload dialog sends it (the dialog itself is the first test's).
      const token = await page.evaluate(() => localStorage.getItem('accessToken'));
      const uploaded = await page.request.post('/api/v1/ai-order-extract/', {
        headers: { authorization: `Bearer ${token}` },
        multipart: { file: { name: 'greenleaf.pdf', mimeType: 'application/pdf', buffer: pdf } },
        timeout: 120_000,
      });
      expect(uploaded.ok()).toBe(true);
      const receipts = new ReceiptsPage(page);
      await receipts.open(user);

      // One card for the order, at the order's total (not its first line's €8.49), with its shop.
      const card = receipts.card(oil);
      await expect(card).toContainText('€13.05');
      await expect(card).toContainText(shop);
      await expect(card).toContainText('3 items');
      await expect(card).not.toContainText('€8.49');
      await expect(receipts.card(lemons)).toHaveCount(0);
      expect(await seriousViolations(page)).toEqual([]);
      await saveScreenshot(page, `receipts-order-total-${width}`);

      const details = await receipts.openDetails(oil);
      await expect(details).toContainText(shop);
      await expect(details).toContainText(isoDate(daysFromToday(0)));
      for (const [product, price] of [
        [oil, '€8.49'],
        [lemons, '€0.89'],
        [coffee, '€3.67'],
        ['Total', '€13.05'],
      ] as const) {
        await expect(receipts.detailLine(details, product)).toContainText(price);
      }
      await expect(details.getByText('Read completely')).toBeVisible();
      const disclosure = receipts.howThisWasRead(details);
      await expect(disclosure).toHaveAttribute('aria-expanded', 'false');
      await expect(details.getByRole('columnheader', { name: 'Confidence' })).toBeHidden();
      expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
      await saveScreenshot(page, `receipts-detail-${width}`);

      await disclosure.click();
      await expect(disclosure).toHaveAttribute('aria-expanded', 'true');
      const shopRow = details.getByRole('row', { name: /^Shop/ });
      await expect(shopRow).toContainText(shop);
      await expect(shopRow.getByRole('cell').last()).toHaveText(/^\d{1,3}%$/);
      await expect(details.getByText("The document's text as read")).toBeVisible();
      await shopRow.scrollIntoViewIfNeeded();
      expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
      await saveScreenshot(page, `receipts-detail-read-${width}`);
    });
  }

  test('refuses a file that is not a PDF', async ({ signedInPage }) => {
    const page = await signedInPage('google');
    const receipts = new ReceiptsPage(page);
    await receipts.open(user);
    await receipts.upload({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await receipts.alert.expectShown('Invalid File', 'Please select a valid PDF file.');
  });

  test('a PDF without a purchase in it says No Data', async ({ signedInPage, browser }) => {
    const page = await signedInPage('google');
    const context = await browser.newContext();
    const printer = await context.newPage();
    await printer.setContent('<p>Meeting notes: bring the projector on Thursday.</p>');
    const pdf = await printer.pdf();
    await context.close();
    const receipts = new ReceiptsPage(page);
    await receipts.open(user);
    await receipts.upload({ name: 'notes.pdf', mimeType: 'application/pdf', buffer: pdf });
    await receipts.alert.expectShown('No Data', 'No relevant data was found in the file.');
  });

  test('deletes a receipt after confirmation', async ({ signedInPage }) => {
    const page = await signedInPage('google');
    const product = uniqueName('Hand Mixer');
    const token = await page.evaluate(() => localStorage.getItem('accessToken'));
    const created = await page.request.post('/api/v1/orders/create/', {
      headers: { authorization: `Bearer ${token}` },
      multipart: {
        product_name: product,
        purchase_date: isoDate(daysFromToday(0)),
        price: '35.00',
        invoice: {
          name: 'mixer.pdf',
          mimeType: 'application/pdf',
          buffer: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'),
        },
      },
    });
    expect(created.ok()).toBe(true);
    const receipts = new ReceiptsPage(page);
    await receipts.open(user);
    await expect(receipts.card(product)).toContainText('৳35.00');
    await page.getByRole('button', { name: `Delete receipt for ${product}` }).click();
    await receipts.alert.expectShown('Are you sure?', "You won't be able to revert this!");
    await receipts.alert.confirm();
    await receipts.alert.expectShown('Deleted!', 'Your purchase has been deleted.');
    await receipts.alert.dismiss();
    await expect(receipts.card(product)).toHaveCount(0);
  });
});
