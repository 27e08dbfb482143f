import { describe, expect, it } from 'vitest';
import { extractEmail } from './email';
import { findPayee, processorOf } from './payee';

const mail = (from: string, subject: string, body: string) =>
  [
    `From: ${from}`,
    'To: sam@example.com',
    `Subject: ${subject}`,
    'Date: Tue, 03 Mar 2026 10:00:00 +0000',
    'Message-ID: <r1@example.com>',
    'Content-Type: text/plain; charset=utf-8',
    '',
    body,
  ].join('\r\n');

describe('payees of processor receipts', () => {
  it('knows a processor by its sender or a "via" line, and a shop by neither', () => {
    expect(processorOf(['service@paypal.de', ''], [])).toBe('PayPal');
    expect(processorOf(['', 'stripe.com'], [])).toBe('Stripe');
    expect(processorOf(['Fern & Co', 'fernandco.example'], ['Paid via Square'])).toBe('Square');
    expect(processorOf(['Fern & Co', 'fernandco.example'], ['Thanks for shopping'])).toBeNull();
  });

  it('reads the payee from the sentences and labels processors write, in several languages', () => {
    expect(findPayee(['You paid $12.99 USD to Lumen Audio Ltd'], 'PayPal')).toBe('Lumen Audio Ltd');
    expect(findPayee(['Your receipt from Harbor Bikes #1234-5678'], 'Stripe')).toBe('Harbor Bikes');
    expect(findPayee(['Receipt from Corner Bakery on Mar 3, 2026'], 'Square')).toBe('Corner Bakery');
    expect(findPayee(['Merchant: Northwind Traders', 'Total 40.00'], 'PayPal')).toBe('Northwind Traders');
    expect(findPayee(['Sie haben eine Zahlung an Müller Elektro GmbH gesendet.'], 'PayPal')).toBe(
      'Müller Elektro GmbH',
    );
    expect(findPayee(['Paiement à Atelier Lune, 24,00 €'], 'PayPal')).toBe('Atelier Lune');
  });

  it('never answers the processor itself or a pronoun', () => {
    expect(findPayee(['Receipt from PayPal', 'You paid to you'], 'PayPal')).toBeNull();
  });

  it('names the shop as the merchant and keeps the processor as payment_via', async () => {
    const paypal = await extractEmail(
      mail(
        'PayPal <service@paypal.com>',
        'Receipt for your payment to Lumen Audio Ltd',
        [
          'Hello Sam,',
          'You paid $149.00 USD to Lumen Audio Ltd',
          'Transaction ID: 7XK12345AB6789012',
          'Studio headphones  $149.00',
          'Total  $149.00',
          'Copyright © 1999-2026 PayPal. All rights reserved.',
        ].join('\n'),
      ),
    );
    expect(paypal).toMatchObject({ merchant: 'Lumen Audio Ltd', payment_via: 'PayPal', total: '149.00' });
    expect(paypal.signals).toContain('merchant:payee');

    const shop = await extractEmail(
      mail('Harbor Bikes <orders@harborbikes.example>', 'Order #HB-1001', 'Order #HB-1001\nTotal $20.00'),
    );
    expect(shop.merchant).toBe('Harbor Bikes');
    expect(shop.payment_via).toBeUndefined();
  });
});
