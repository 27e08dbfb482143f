import { ReceiptsPage } from '../pages/ReceiptsPage';
import { DEMO } from '../support/accounts';
import { daysFromToday, isoDate, uniqueName } from '../support/api';
import { expect, test } from '../support/fixtures';
import { makeReceiptPdf } from '../support/receipt-pdf';

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
    await expect(details.getByText(/^(success|partial|failed)$/)).toBeVisible();
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
