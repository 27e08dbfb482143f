import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { extractEmail } from './email';
import {
  type Corrected,
  identityKeys,
  isPlatformMailer,
  learnFromCorrection,
  type MemoryEntry,
  needsReview,
  REVIEW_THRESHOLDS,
} from './memory';
import { validIban } from './memory/keys';
import { extractPdf } from './pdf';
import { readText } from './readers/text';
import { extractText } from './text';
import type { Extraction } from './types';

/** One user's stored memory, as the server keeps it: entries by key, kind and field. */
class Store {
  entries = new Map<string, MemoryEntry>();
  /** What the server passes in: the identity function stands in for its HMAC. */
  input() {
    return { keyOf: (raw: string) => `h(${raw})`, entries: [...this.entries.values()] };
  }
  correct(read: Extraction, corrected: Corrected) {
    if (!read.memory) throw new Error('read without memory');
    for (const e of learnFromCorrection(read.memory, corrected, [...this.entries.values()]))
      this.entries.set(`${e.key}|${e.kind}|${e.field}`, e);
  }
}

const email = (from: string, subject: string, body: string) =>
  [
    `From: ${from}`,
    'To: ann@example.org',
    `Subject: ${subject}`,
    'Date: Tue, 05 Mar 2024 10:00:00 +0000',
    'Content-Type: text/plain; charset=utf-8',
    '',
    body,
  ].join('\r\n');

async function pdfOf(lines: [string, string?][]): Promise<Uint8Array> {
  const pdf = new PDFDocument({ size: 'A4' });
  const chunks: Buffer[] = [];
  pdf.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise((resolve) => pdf.on('end', resolve));
  pdf.font('Helvetica').fontSize(10);
  lines.forEach(([left, right], i) => {
    pdf.text(left, 50, 50 + i * 20);
    if (right) pdf.text(right, 400, 50 + i * 20);
  });
  pdf.end();
  await ended;
  return new Uint8Array(Buffer.concat(chunks));
}

const invoice = (number: string, total: string): [string, string?][] => [
  ['HB Trading'],
  ['VAT Reg No: GB 123 4567 89'],
  [`Invoice ${number}`, '12/03/2024'],
  ['Garden hose 25 m', total],
  ['Total', total],
];

describe('memory of corrections: the merchant', () => {
  it('uses a corrected merchant for the next e-mail of the same sender', async () => {
    const store = new Store();
    const from = 'HB Shop Mailer <orders@hb-garden.example.com>';
    const first = await extractEmail(
      email(from, 'Your order 1001', 'Order 1001\nHose  19.99\nTotal: 19.99'),
      {
        memory: store.input(),
      },
    );
    store.correct(first, { merchant: 'Harrow Bros Garden' });
    const next = await extractEmail(email(from, 'Your order 1002', 'Order 1002\nRake  24.50\nTotal: 24.50'), {
      memory: store.input(),
    });
    expect(next.merchant).toBe('Harrow Bros Garden');
    expect(next.signals).toContain('merchant:memory-alias');
    expect(next.confidence.merchant).toBeLessThan(1);
  });

  it('uses a corrected merchant for the next PDF printing the same tax number', async () => {
    const store = new Store();
    const first = await extractPdf(await pdfOf(invoice('A-17', '19.99')), { memory: store.input() });
    store.correct(first, { merchant: 'Harrow Bros Garden' });
    const next = await extractPdf(await pdfOf(invoice('A-18', '42.00')), { memory: store.input() });
    expect(next.merchant).toBe('Harrow Bros Garden');
    // The key was stored hashed, never as the number itself.
    expect([...store.entries.values()].some((e) => e.key.includes('h(tax:GB123456789)'))).toBe(true);
  });

  it('never names another shop that sends through the same platform mailer', async () => {
    const store = new Store();
    const first = await extractEmail(
      email(
        'Harrow Garden <mailer@shopify.com>',
        'Order #1001 confirmed',
        'Order #1001\nHose  19.99\nTotal: 19.99',
      ),
      { memory: store.input() },
    );
    store.correct(first, { merchant: 'Harrow Bros Garden' });
    const other = await extractEmail(
      email(
        'Tea Corner <mailer@shopify.com>',
        'Order #77 confirmed',
        'Order #77\nGreen tea  8.00\nTotal: 8.00',
      ),
      { memory: store.input() },
    );
    expect(other.merchant).not.toBe('Harrow Bros Garden');
    expect(other.signals.some((s) => s.includes('memory'))).toBe(false);
  });

  it('drops a key whose corrections conflict, and keeps it dropped', () => {
    const store = new Store();
    const receipt = (n: number) => `CORNER CAFE\nCO REG 123456-X\nLatte  3.${n}0\nTOTAL  3.${n}0`;
    store.correct(extractText(receipt(1), { memory: store.input() }), { merchant: 'Corner Cafe' });
    expect(extractText(receipt(2), { memory: store.input() }).merchant).toBe('Corner Cafe');
    store.correct(extractText(receipt(3), { memory: store.input() }), { merchant: 'Kopi Kita' });
    store.correct(extractText(receipt(4), { memory: store.input() }), { merchant: 'Corner Cafe' });
    const next = extractText(receipt(5), { memory: store.input() });
    expect(next.signals).not.toContain('merchant:memory-alias');
    expect(
      [...store.entries.values()].filter((e) => e.key === 'h(tax:123456X)').every((e) => e.dropped),
    ).toBe(true);
  });

  it('stops using a learned entry once it is deleted', () => {
    const store = new Store();
    const receipt = 'CORNER CAFE\nTEL: 03-1234 5678\nLatte  3.50\nTOTAL  3.50';
    store.correct(extractText(receipt, { memory: store.input() }), { merchant: 'Kopi Corner' });
    expect(extractText(receipt, { memory: store.input() }).merchant).toBe('Kopi Corner');
    for (const [id, e] of store.entries) if (e.kind === 'alias') store.entries.delete(id);
    expect(extractText(receipt, { memory: store.input() }).merchant).not.toBe('Kopi Corner');
  });
});

describe('memory of corrections: anchors', () => {
  // The shop prints its total under a bare "AMT", above a larger "TOTAL SAVED" that the ranker prefers.
  const receipt = (items: [string, string][], total: string, saved: string) =>
    [
      'RAINBOW STATIONERY',
      'GST ID: 000123456789',
      '14/03/2024',
      ...items.map(([name, price]) => `${name}  ${price}`),
      `AMT  ${total}`,
      `TOTAL SAVED  ${saved}`,
      'THANK YOU',
    ].join('\n');

  it("finds a corrected total's anchor on the next receipt of the same layout", () => {
    const store = new Store();
    const first = extractText(
      receipt(
        [
          ['Pen', '2.00'],
          ['Pad', '3.00'],
        ],
        '5.00',
        '95.00',
      ),
      { memory: store.input() },
    );
    store.correct(first, { total: '5.00' });
    const text = receipt(
      [
        ['Ink', '7.50'],
        ['Glue', '1.20'],
      ],
      '8.70',
      '86.30',
    );
    expect(extractText(text).total).toBe('86.30');
    const next = extractText(text, { memory: store.input() });
    expect(next.total).toBe('8.70');
    expect(next.signals).toContain('total:memory-anchor');
    expect(next.confidence.total).toBeLessThan(1);
  });

  it('learns no anchor for a value the document does not print', () => {
    const store = new Store();
    const first = extractText(receipt([['Pen', '2.00']], '2.00', '98.00'), { memory: store.input() });
    store.correct(first, { total: '123.45' });
    expect([...store.entries.values()].filter((e) => e.kind === 'anchor' && e.field === 'total')).toEqual([]);
  });
});

describe('memory of corrections: keys and review', () => {
  it('reads identity keys: tax numbers, checksum-valid IBANs, phones as national digits', () => {
    const doc = readText(
      'ACME GmbH\nUSt-IdNr.: DE123456789\nIBAN DE89 3704 0044 0532 0130 00\nIBAN DE00 3704 0044 0532 0130 00\nTel. +49 (0) 30 1234567',
    ).doc;
    expect(identityKeys(doc, 'rechnung@acme.example.de')).toEqual([
      'from:rechnung@acme.example.de',
      'tax:DE123456789',
      'iban:DE89370400440532013000',
      'tel:301234567',
    ]);
    expect(validIban('DE00370400440532013000')).toBe(false);
    expect(isPlatformMailer('service@paypal.de')).toBe(true);
    expect(isPlatformMailer('receipts@messaging.squareup.com')).toBe(true);
    expect(isPlatformMailer('no-reply@sendgrid.net')).toBe(true);
    expect(isPlatformMailer('orders@boltonbikes.co.uk')).toBe(false);
  });

  it('reads a document without memory exactly as before, and with empty memory changes no field', () => {
    const text = 'CORNER CAFE SDN BHD\nDate: 14/03/2024\nLatte  3.50\nTOTAL  3.50';
    const plain = extractText(text);
    expect(plain.memory).toBeUndefined();
    const { memory, ...rest } = extractText(text, { memory: { keyOf: (k) => k } });
    expect(rest).toEqual(plain);
    expect(memory?.identity).toEqual([]);
  });

  it('says in words why a reading goes to review', () => {
    const read = extractText('SOMEWHERE\nItem  12.00\nTOTAL  5.00');
    const messages = (flags: ReturnType<typeof needsReview>) => flags.map((f) => f.message);
    expect(REVIEW_THRESHOLDS.total).toBeGreaterThan(0.2);
    const reasons = needsReview({ ...read, confidence: { ...read.confidence, total: 0.2 } });
    expect(reasons).toContainEqual({
      field: 'total',
      code: 'low_confidence',
      message: 'The total was read with low confidence (20 %)',
    });
    expect(messages(needsReview({ ...read, is_order: true, products: [] }))).toContain(
      'No product line was read: the purchase is named after its document',
    );
    expect(
      messages(
        needsReview({
          ...read,
          total: '5.00',
          products: [{ name: 'Item', quantity: 1, price: '12.00', url: null }],
        }),
      ),
    ).toContain('A product line costs more than the total');
    const headerDated = {
      ...read,
      purchase_date: '2026-11-02',
      signals: ['purchase_date:date-header'],
      confidence: { ...read.confidence, purchase_date: 0.5 },
    };
    expect(needsReview(headerDated)).toContainEqual({
      field: 'purchase_date',
      code: 'low_confidence',
      message: "No purchase date is printed in the mail: the mail's own date was taken",
    });
    // Tax or shipping on top of the lines is no disagreement.
    const taxed = {
      ...read,
      total: '14.00',
      products: [{ name: 'Item', quantity: 1, price: '12.00', url: null }],
    };
    expect(needsReview(taxed).filter((f) => f.code === 'amounts_disagree')).toEqual([]);
  });
});
