/** Small RFC 822 messages written for the tests: order confirmations and ordinary mail. */
import { AppError } from '../src/errors';
import { readMessage } from '../src/modules/receipts/reader/read-message';
import { type FetchedMessage, rfc822Of } from '../src/providers/mail';

let counter = 0;

export interface OrderMail {
  from?: string;
  subject?: string;
  orderId: string;
  date?: string;
  items: { name: string; price: string; quantity?: number }[];
  total: string;
  currency?: string;
  html?: string;
}

/** An order confirmation with a schema.org Order in JSON-LD and a readable HTML table. */
export function orderMail(order: OrderMail): string {
  counter += 1;
  const currency = order.currency ?? 'USD';
  const date = order.date ?? 'Mon, 02 Nov 2026 10:15:00 +0000';
  const jsonLd = {
    '@context': 'https://schema.org',
    '@type': 'Order',
    merchant: { '@type': 'Organization', name: 'Northwind Appliances' },
    orderNumber: order.orderId,
    priceCurrency: currency,
    price: order.total,
    orderDate: new Date(date).toISOString(),
    acceptedOffer: order.items.map((item) => ({
      '@type': 'Offer',
      itemOffered: { '@type': 'Product', name: item.name },
      price: item.price,
      priceCurrency: currency,
      eligibleQuantity: { '@type': 'QuantitativeValue', value: item.quantity ?? 1 },
    })),
  };
  const rows = order.items
    .map((i) => `<tr><td>${i.name}</td><td>${i.quantity ?? 1}</td><td>${currency} ${i.price}</td></tr>`)
    .join('');
  const html =
    order.html ??
    `<html><body><script type="application/ld+json">${JSON.stringify(jsonLd)}</script>
<p>Thank you for your order!</p><p>Order number: ${order.orderId}</p>
<table>${rows}<tr><td>Total</td><td></td><td>${currency} ${order.total}</td></tr></table></body></html>`;
  return [
    `From: ${order.from ?? 'Northwind Appliances <orders@northwind.example.com>'}`,
    'To: avery.quinn@example.com',
    `Subject: ${order.subject ?? `Your order ${order.orderId} is confirmed`}`,
    `Date: ${date}`,
    `Message-ID: <order-${order.orderId}-${counter}@northwind.example.com>`,
    'MIME-Version: 1.0',
    'Content-Type: text/html; charset=utf-8',
    '',
    html,
  ].join('\r\n');
}

/** An order confirmation for one item, whose price is the order's total. */
export function oneItemOrderMail(orderId: string, name: string, price: string): string {
  return orderMail({ orderId, items: [{ name, price }], total: price });
}

/** Mail that is not a purchase: a newsletter with prices, a password reset, a personal note. */
export function otherMail(kind: 'newsletter' | 'password' | 'personal', marker = ''): string {
  counter += 1;
  const parts = {
    newsletter: {
      from: 'Northwind Deals <deals@northwind.example.com>',
      subject: `Black Friday: 40% off dishwashers ${marker}`,
      body: '<p>Save big! Dishwashers from $399.00. <a href="https://northwind.example.com/unsubscribe">Unsubscribe</a></p>',
    },
    password: {
      from: 'Northwind Accounts <no-reply@northwind.example.com>',
      subject: `Reset your password ${marker}`,
      body: '<p>Click the link to reset your password. If you did not ask for this, ignore this mail.</p>',
    },
    personal: {
      from: 'Sam Rivera <sam@example.org>',
      subject: `Dinner on Friday? ${marker}`,
      body: '<p>Hi Avery, are we still on for Friday? I can bring dessert.</p>',
    },
  }[kind];
  return [
    `From: ${parts.from}`,
    'To: avery.quinn@example.com',
    `Subject: ${parts.subject}`,
    'Date: Tue, 03 Nov 2026 08:00:00 +0000',
    `Message-ID: <other-${kind}-${counter}@example.org>`,
    'MIME-Version: 1.0',
    'Content-Type: text/html; charset=utf-8',
    '',
    parts.body,
  ].join('\r\n');
}

/** An order confirmation with more MIME parts than the readers' cap allows (packages/extract limits). */
export function overCapMail(orderId: string, parts = 300): string {
  counter += 1;
  const boundary = `cap-${counter}`;
  const body = Array.from(
    { length: parts },
    (_, i) => `--${boundary}\r\nContent-Type: text/plain\r\n\r\nPart ${i} of order ${orderId}\r\n`,
  ).join('');
  return [
    'From: Northwind Appliances <orders@northwind.example.com>',
    'To: avery.quinn@example.com',
    `Subject: Your order ${orderId} is confirmed`,
    'Date: Mon, 02 Nov 2026 10:15:00 +0000',
    `Message-ID: <over-cap-${orderId}-${counter}@northwind.example.com>`,
    'MIME-Version: 1.0',
    `Content-Type: multipart/mixed; boundary="${boundary}"`,
    '',
    `${body}--${boundary}--`,
  ].join('\r\n');
}

/** The header that makes `refusingReader` refuse a message: `always`, or `once` (its first read only). */
export const REFUSE_HEADER = 'X-Test-Refuse';

/** An order confirmation the reader fails on, as the isolated reader fails on one over its time budget. */
export function poisonMail(orderId: string, refuse: 'always' | 'once'): string {
  return oneItemOrderMail(orderId, 'Poison pill', '1.00').replace(
    'MIME-Version: 1.0',
    `${REFUSE_HEADER}: ${refuse}\r\nMIME-Version: 1.0`,
  );
}

/**
 * The real in-process reader, failing on messages marked with REFUSE_HEADER the way the worker pool fails
 * on one it killed for taking too long (AppError 'invalid_input', worth a retry); `reads` counts reads per
 * Message-ID.
 */
async function gather(body: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of body) chunks.push(chunk);
  return Buffer.concat(chunks);
}

export function refusingReader() {
  const reads = new Map<string, number>();
  async function readEmail(message: FetchedMessage) {
    const raw = rfc822Of({ bytes: await gather(message.body), wrapping: message.wrapping });
    const head = Buffer.from(raw).toString('latin1').split('\r\n\r\n')[0] ?? '';
    const messageId = /^Message-ID: (.*)$/im.exec(head)?.[1] ?? '';
    const count = (reads.get(messageId) ?? 0) + 1;
    reads.set(messageId, count);
    const refuse = new RegExp(`^${REFUSE_HEADER}: (always|once)$`, 'im').exec(head)?.[1];
    if (refuse === 'always' || (refuse === 'once' && count === 1))
      throw new AppError('invalid_input', 'The message took too long to read');
    return readMessage(raw);
  }
  return { readEmail, reads };
}
