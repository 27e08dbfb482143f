import type { Browser } from '@playwright/test';

export interface ReceiptLine {
  product: string;
  price: string;
}

/**
 * A real PDF receipt, printed by Chromium from an HTML order confirmation made up for the test
 * (a fictional shop; nothing from the corpus).
 */
export async function makeReceiptPdf(
  browser: Browser,
  receipt: { shop: string; orderNumber: string; date: string; lines: ReceiptLine[]; total: string },
): Promise<Buffer> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const rows = receipt.lines
    .map((l) => `<tr><td>${l.product}</td><td>1</td><td>${l.price}</td></tr>`)
    .join('');
  await page.setContent(`<!doctype html><html><body style="font-family:sans-serif">
    <h1>${receipt.shop}</h1>
    <p>Receipt</p>
    <p>Order number: ${receipt.orderNumber}</p>
    <p>Order date: ${receipt.date}</p>
    <table><thead><tr><th>Item</th><th>Qty</th><th>Price</th></tr></thead><tbody>${rows}</tbody></table>
    <p>Total: ${receipt.total}</p>
    <p>Thank you for shopping with ${receipt.shop}.</p>
  </body></html>`);
  const pdf = await page.pdf({ format: 'A4' });
  await context.close();
  return pdf;
}
