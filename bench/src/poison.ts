/**
 * Hostile mail and documents for `bench:hostile` and the tests of caps and quarantine: ordinary order
 * e-mails to hide them among, and the poison messages and PDFs of issue #19, each built in memory.
 */
import { randomBytes } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import { pdfFromObjects } from '../../apps/server/test/harness';

const MB = 1024 * 1024;

export interface PoisonMessage {
  name: string;
  subject: string;
  raw: Buffer;
}

/** An RFC 2822 date `daysAgo` days before `now`, as mail clients write it. */
function mailDate(now: Date, daysAgo: number, minute = 0): string {
  return new Date(now.getTime() - daysAgo * 86_400_000 - minute * 60_000)
    .toUTCString()
    .replace('GMT', '+0000');
}

function headers(subject: string, from: string, date: string, id: string, contentType: string): string {
  return [
    `From: ${from}`,
    'To: avery.quinn@example.com',
    `Subject: ${subject}`,
    `Date: ${date}`,
    `Message-ID: <${id}@mail.example.com>`,
    'MIME-Version: 1.0',
    `Content-Type: ${contentType}`,
  ].join('\r\n');
}

/** Base64 in 76-character lines, as MIME writes attachments. */
function base64Lines(bytes: Buffer): string {
  return (bytes.toString('base64').match(/.{1,76}/g) ?? []).join('\r\n');
}

const SHOP_WORDS = ['Northwind', 'Brightline', 'Harrow', 'Cobalt', 'Juniper', 'Maple', 'Summit', 'Tidewater'];
const SHOP_KINDS = ['Appliances', 'Electronics', 'Outfitters', 'Home', 'Supply', 'Goods', 'Tools', 'Audio'];
const PRODUCTS = [
  'Dishwasher SMS4',
  'Espresso machine Barista Pro',
  'Cordless drill 18V',
  'Air purifier AP300',
  'Noise-cancelling headphones',
  'Robot vacuum R7',
  'Standing desk frame',
  'Wi-Fi router AX3000',
  'Blender 1200W',
  'Electric kettle 1.7 L',
];

export interface OrdinaryOrder {
  merchant: string;
  orderId: string;
  product: string;
  total: string;
  raw: string;
}

/**
 * `count` order confirmations from distinct shops, one product each, dated within the last year:
 * multipart/alternative with a plain-text and an HTML part, every other one with schema.org markup.
 */
export function ordinaryOrders(count: number, now = new Date()): OrdinaryOrder[] {
  return Array.from({ length: count }, (_, n) => {
    const word = SHOP_WORDS[n % SHOP_WORDS.length] as string;
    const kind = SHOP_KINDS[Math.floor(n / SHOP_WORDS.length) % SHOP_KINDS.length] as string;
    const merchant = `${word} ${kind}${n >= 64 ? ` ${Math.floor(n / 64) + 1}` : ''}`;
    const domain = merchant.toLowerCase().replaceAll(' ', '');
    const orderId = `${word.slice(0, 2).toUpperCase()}-${700_000 + n * 37}`;
    const product = `${PRODUCTS[n % PRODUCTS.length]} (${n + 1})`;
    const total = `${20 + ((n * 53) % 900)}.${String((n * 7) % 100).padStart(2, '0')}`;
    const date = mailDate(now, 1 + (n % 360), n);
    const boundary = `alt-${n}-${randomBytes(6).toString('hex')}`;
    const text = [
      `Thank you for shopping at ${merchant}.`,
      '',
      `Order number: ${orderId}`,
      `Order date: ${date.slice(5, 16)}`,
      '',
      `1 x ${product}    USD ${total}`,
      `Order total: USD ${total}`,
      '',
      `${merchant} customer service`,
    ].join('\r\n');
    const markup =
      n % 2 === 0
        ? `<script type="application/ld+json">${JSON.stringify({
            '@context': 'https://schema.org',
            '@type': 'Order',
            merchant: { '@type': 'Organization', name: merchant },
            orderNumber: orderId,
            priceCurrency: 'USD',
            price: total,
            orderDate: new Date(Date.parse(date)).toISOString(),
            acceptedOffer: [
              {
                '@type': 'Offer',
                itemOffered: { '@type': 'Product', name: product },
                price: total,
                priceCurrency: 'USD',
              },
            ],
          })}</script>`
        : '';
    const html = [
      `<html><head>${markup}</head><body>`,
      `<h1>${merchant}</h1><p>Thank you for your order!</p>`,
      `<p>Order number: <b>${orderId}</b></p>`,
      '<table><tr><th>Item</th><th>Qty</th><th>Price</th></tr>',
      `<tr><td>${product}</td><td>1</td><td>USD ${total}</td></tr>`,
      `<tr><td>Order total</td><td></td><td>USD ${total}</td></tr></table>`,
      `<p>${merchant} customer service</p></body></html>`,
    ].join('\r\n');
    const raw = [
      headers(
        `Your ${merchant} order ${orderId} is confirmed`,
        `${merchant} <orders@${domain}.example.com>`,
        date,
        `order-${orderId}`,
        `multipart/alternative; boundary="${boundary}"`,
      ),
      '',
      `--${boundary}`,
      'Content-Type: text/plain; charset=utf-8',
      '',
      text,
      `--${boundary}`,
      'Content-Type: text/html; charset=utf-8',
      '',
      html,
      `--${boundary}--`,
      '',
    ].join('\r\n');
    return { merchant, orderId, product, total, raw };
  });
}

/** Zeros that inflate to `bytes`, compressed once (FlateDecode at level 9 reaches about 1:1000). */
function deflatedZeros(bytes: number): Buffer {
  return deflateSync(Buffer.alloc(bytes), { level: 9 });
}

const BOMB_PAGES = 8;
const BOMB_PAGE_BYTES = 288 * MB;

/**
 * A 9 MB PDF whose 8 page content streams inflate to 288 MB of zeros each (2.25 GB in all; NUL is
 * whitespace to a PDF parser, so every byte is read). The rest of the 9 MB is a stream of random hex no page
 * refers to (hex, so it never spells a PDF name such as /JS by chance), so the file sits just under the 10 MB
 * upload and attachment limits.
 */
export function inflationBombPdf(): Buffer {
  const zeros = deflatedZeros(BOMB_PAGE_BYTES);
  const pages = Array.from({ length: BOMB_PAGES }, (_, i) => 3 + BOMB_PAGES + i);
  const objects: (string | Buffer)[] = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${pages.map((p) => `${p} 0 R`).join(' ')}] /Count ${BOMB_PAGES} >>`,
  ];
  for (let i = 0; i < BOMB_PAGES; i += 1) {
    objects.push(
      Buffer.concat([
        Buffer.from(`<< /Length ${zeros.length} /Filter /FlateDecode >>\nstream\n`, 'latin1'),
        zeros,
        Buffer.from('\nendstream', 'latin1'),
      ]),
    );
  }
  for (let i = 0; i < BOMB_PAGES; i += 1) {
    objects.push(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents ${3 + i} 0 R >>`);
  }
  const sizeSoFar = pdfFromObjects(objects).length;
  const padding = Buffer.from(randomBytes(Math.max(0, (9 * MB - sizeSoFar - 200) >> 1)).toString('hex'));
  objects.push(
    Buffer.concat([
      Buffer.from(`<< /Length ${padding.length} >>\nstream\n`, 'latin1'),
      padding,
      Buffer.from('\nendstream', 'latin1'),
    ]),
  );
  return pdfFromObjects(objects);
}

/** A PDF with no text on one 14,400 x 14,400 pt page (200 inches square, PDF's largest): an OCR canvas bomb. */
export function giantPagePdf(): Buffer {
  const drawing = '0.9 g 720 720 12960 12960 re f 0 g 7200 7200 m 7300 7300 l S';
  return pdfFromObjects([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 14400 14400] /Contents 4 0 R >>',
    `<< /Length ${drawing.length} >>\nstream\n${drawing}\nendstream`,
  ]);
}

/** A message with one body part of `contentType`; subjects read as orders so the sync fetches it. */
function singlePart(name: string, subject: string, contentType: string, body: string, now: Date) {
  return {
    name,
    subject,
    raw: Buffer.from(
      [
        headers(subject, 'Shop <orders@poison.example.com>', mailDate(now, 2), name, contentType),
        'Content-Transfer-Encoding: 8bit',
        '',
        body,
      ].join('\r\n'),
    ),
  };
}

function withPdf(name: string, subject: string, pdf: Buffer, now: Date): PoisonMessage {
  const boundary = `mixed-${randomBytes(6).toString('hex')}`;
  return {
    name,
    subject,
    raw: Buffer.from(
      [
        headers(
          subject,
          'Billing <billing@poison.example.com>',
          mailDate(now, 2),
          name,
          `multipart/mixed; boundary="${boundary}"`,
        ),
        '',
        `--${boundary}`,
        'Content-Type: text/plain; charset=utf-8',
        '',
        'Your invoice is attached.',
        `--${boundary}`,
        `Content-Type: application/pdf; name="invoice-${name}.pdf"`,
        `Content-Disposition: attachment; filename="invoice-${name}.pdf"`,
        'Content-Transfer-Encoding: base64',
        '',
        base64Lines(pdf),
        `--${boundary}--`,
        '',
      ].join('\r\n'),
    ),
  };
}

/** multipart/mixed nested `depth` deep, a text part at the bottom. */
function nestedMultipart(depth: number): string {
  const lines: string[] = [];
  for (let level = 0; level < depth; level += 1) {
    if (level > 0) lines.push(`Content-Type: multipart/mixed; boundary="b${level}"`, '');
    lines.push(`--b${level}`);
  }
  lines.push('Content-Type: text/plain', '', 'Order total: USD 10.00');
  for (let level = depth - 1; level >= 0; level -= 1) lines.push(`--b${level}--`);
  return lines.join('\r\n');
}

/**
 * The poison messages of issue #19, in the order the benchmark reports them. The PDFs are passed in so
 * a caller that also uploads them builds them once.
 */
export function poisonMessages(pdfs: { bomb: Buffer; giantPage: Buffer }, now = new Date()): PoisonMessage[] {
  const divs = Math.floor(MB / '<div></div>'.length);
  const parts = Array.from(
    { length: 5000 },
    (_, i) => `--parts\r\nContent-Type: text/plain\r\n\r\nPart ${i + 1} of your order.`,
  ).join('\r\n');
  const cells = Array.from(
    { length: 10_000 },
    (_, r) => `<tr>${Array.from({ length: 10 }, (_, c) => `<td>${r * 10 + c}</td>`).join('')}</tr>`,
  ).join('');
  return [
    singlePart(
      'spaces-line',
      'Your order #PX-1001 confirmation',
      'text/plain; charset=utf-8',
      `${' '.repeat(MB - 1)}x`,
      now,
    ),
    singlePart(
      'nested-divs',
      'Your order #PX-1002 receipt',
      'text/html; charset=utf-8',
      `${'<div>'.repeat(divs)}Order total: USD 10.00${'</div>'.repeat(divs)}`,
      now,
    ),
    singlePart(
      'mime-parts-5000',
      'Your order #PX-1003 invoice',
      'multipart/mixed; boundary="parts"',
      `${parts}\r\n--parts--\r\n`,
      now,
    ),
    singlePart(
      'multipart-depth-500',
      'Your order #PX-1004 is confirmed',
      'multipart/mixed; boundary="b0"',
      nestedMultipart(500),
      now,
    ),
    withPdf('pdf-inflates-2gb', 'Invoice for order #PX-1005', pdfs.bomb, now),
    withPdf('pdf-giant-page', 'Receipt for order #PX-1006', pdfs.giantPage, now),
    singlePart(
      'table-100k-cells',
      'Your order #PX-1007 purchase summary',
      'text/html; charset=utf-8',
      `<html><body><table>${cells}</table><p>Order total: USD 10.00</p></body></html>`,
      now,
    ),
  ];
}
