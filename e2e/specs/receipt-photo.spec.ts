import type { Browser, Page } from '@playwright/test';
import { ReceiptsPage } from '../pages/ReceiptsPage';
import { DEMO } from '../support/accounts';
import { daysFromToday, isoDate } from '../support/api';
import { expect, test } from '../support/fixtures';
import { saveScreenshot } from '../support/screenshots';

const { name: user } = DEMO.google;

/**
 * A phone's photo of a paper receipt, drawn by Chromium on a canvas: the lines on off-white paper, turned
 * 2.5° on a dark table, with noise, as a JPEG (a made-up shop; nothing from a real receipt).
 */
async function photoOfReceipt(browser: Browser, lines: [string, string][]): Promise<Buffer> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const dataUrl = await page.evaluate((rows) => {
    const canvas = document.createElement('canvas');
    canvas.width = 1200;
    canvas.height = 300 + rows.length * 48;
    const ctx = canvas.getContext('2d') as CanvasRenderingContext2D;
    ctx.fillStyle = '#5f4f3f';
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    ctx.translate(canvas.width / 2, canvas.height / 2);
    ctx.rotate((2.5 * Math.PI) / 180);
    const paperWidth = 800;
    const paperHeight = rows.length * 48 + 100;
    ctx.fillStyle = '#f4f1ea';
    ctx.fillRect(-paperWidth / 2, -paperHeight / 2, paperWidth, paperHeight);
    ctx.fillStyle = '#1f1f1f';
    ctx.font = '30px sans-serif';
    for (const [i, [left, right]] of rows.entries()) {
      const y = -paperHeight / 2 + 80 + i * 48;
      ctx.textAlign = 'left';
      ctx.fillText(left, -paperWidth / 2 + 50, y);
      ctx.textAlign = 'right';
      ctx.fillText(right, paperWidth / 2 - 50, y);
    }
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    const pixels = ctx.getImageData(0, 0, canvas.width, canvas.height);
    let seed = 7;
    for (let i = 0; i < pixels.data.length; i += 4) {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      const shift = (seed / 2147483648 - 0.5) * 36;
      for (let c = 0; c < 3; c += 1) pixels.data[i + c] = (pixels.data[i + c] as number) + shift;
    }
    ctx.putImageData(pixels, 0, 0);
    return canvas.toDataURL('image/jpeg', 0.85);
  }, lines);
  await context.close();
  return Buffer.from(dataUrl.split(',')[1] as string, 'base64');
}

/** Signs in with Google and opens the Receipts page. */
async function openReceipts(signedInPage: (provider: 'google') => Promise<Page>) {
  const page = await signedInPage('google');
  const receipts = new ReceiptsPage(page);
  await receipts.open(user);
  return { page, receipts };
}

/** Takes a photo with "Scan a receipt": the camera on a phone, the file picker here. */
async function scan(page: Page, file: { name: string; mimeType: string; buffer: Buffer }): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Scan a receipt' }).click();
  await (await chooser).setFiles(file);
}

test.describe('receipt photos', () => {
  test('scans a photo of a paper receipt and finds its purchase, with the photo kept', async ({
    signedInPage,
    browser,
  }) => {
    const { page, receipts } = await openReceipts(signedInPage);
    // The camera on a phone; the PDF dialog beside it keeps its PDF-only picker.
    const camera = page.locator('input[type="file"][capture="environment"]');
    await expect(camera).toHaveAttribute('accept', 'image/*');
    await expect(page.getByRole('button', { name: 'Upload Receipt' })).toBeVisible();

    const photo = await photoOfReceipt(browser, [
      ['MAPLE & CO HOMEWARE', ''],
      [`Receipt No: MC-${Date.now() % 100000}`, ''],
      // Bought today: the newest receipt, first in the list whatever the mailbox brought before it.
      [`Date: ${isoDate(daysFromToday(0)).split('-').reverse().join('/')}`, ''],
      ['Walnut desk lamp', '34.50'],
      ['Lamp bulb E27', '4.50'],
      ['TOTAL', 'GBP 39.00'],
    ]);
    await scan(page, { name: 'IMG_1042.jpg', mimeType: 'image/jpeg', buffer: photo });
    await receipts.alert.expectShown('File Uploaded', 'IMG_1042.jpg has been uploaded successfully!');
    await receipts.alert.dismiss();

    const card = receipts.card('Walnut desk lamp');
    await expect(card).toBeVisible();
    await expect(card).toContainText('£39.00');
    await saveScreenshot(page, 'receipt-photo-list');

    const details = await receipts.openDetails('Walnut desk lamp');
    await expect(details).toContainText('MAPLE & CO HOMEWARE');
    await expect(details).toContainText('IMG_1042.jpg');
    await details.getByRole('button', { name: 'Open Receipt File' }).click();
    const image = details.getByRole('img', { name: 'Receipt IMG_1042.jpg' });
    await expect(image).toBeVisible();
    // The photo itself came back and was drawn, at its own size.
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => `${img.naturalWidth}x${img.naturalHeight}`))
      .toBe('1200x588');
    await saveScreenshot(page, 'receipt-photo-details');
  });

  test('says No Data for a photo without a receipt, and refuses a file that is not a photo', async ({
    signedInPage,
    browser,
  }) => {
    const { page, receipts } = await openReceipts(signedInPage);
    const blank = await photoOfReceipt(browser, []);
    await scan(page, { name: 'table.jpg', mimeType: 'image/jpeg', buffer: blank });
    await receipts.alert.expectShown('No Data', 'No relevant data was found in the file.');
    await receipts.alert.dismiss();

    await scan(page, { name: 'notes.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4') });
    await receipts.alert.expectShown(
      'Invalid File',
      'Please select a photo of the receipt (JPEG, PNG, WebP or HEIC).',
    );
  });
});
