import { describe, expect, it } from 'vitest';
import { classifyEmail } from './classify';
import { extractHtml } from './email';
import { findOrderNumber, findTotal } from './fields';
import { htmlToLines } from './html-text';
import { detectCurrency } from './locale';
import { cleanMerchant, merchantFromDomain } from './merchant';

describe('totals', () => {
  it('takes the labelled total, not the subtotal or tax', () => {
    const total = findTotal(['Subtotal  $90.00', 'Tax  $7.20', 'Grand total  $97.20', 'Paid with Visa']);
    expect(total?.amount.decimal).toBe('97.20');
  });
  it('reads a label and its amount on consecutive lines', () => {
    expect(findTotal(['TOTAL', ': 39.80'])?.amount.decimal).toBe('39.80');
  });
  it('reads European labels and amounts', () => {
    expect(findTotal(['Zwischensumme 100,00 €', 'Gesamtbetrag 1.125,00 €'])?.amount.decimal).toBe('1125.00');
  });
});

describe('order numbers', () => {
  it.each([
    [['Order #112-4471905-22 ships today'], '112-4471905-22'],
    [['Bestellnummer: ML-2024-88311'], 'ML-2024-88311'],
    [['Commande n° CB-20931'], 'CB-20931'],
    [['Confirmation code:', 'IUZWKS'], 'IUZWKS'],
  ])('reads %j', (lines, id) => {
    expect(findOrderNumber(lines)?.id).toBe(id);
  });
  it('ignores a label without a number', () => {
    expect(findOrderNumber(['Order confirmed. Call 555-0100.'])).toBeNull();
  });
});

describe('currency', () => {
  it('counts codes only beside amounts', () => {
    expect(detectCurrency('ACME SDN BHD\nTOTAL 12.00').currency).toBe('MYR');
    expect(detectCurrency('Total: 1.125,00 €').currency).toBe('EUR');
    expect(detectCurrency('Total $12.00', 'shop.example.ca').currency).toBe('CAD');
  });
});

describe('HTML', () => {
  it('keeps each table row on one line and never includes scripts', () => {
    expect(htmlToLines('<script>x()</script><table><tr><td>Total</td><td>$5.00</td></tr></table>')).toEqual([
      'Total $5.00',
    ]);
  });
  it('reads schema.org JSON-LD orders first', () => {
    const html = `<script type="application/ld+json">${JSON.stringify({ '@context': 'https://schema.org', '@type': 'Order', merchant: { name: 'Acme' }, orderNumber: 'A-1', price: '19.99', priceCurrency: 'USD', acceptedOffer: [{ itemOffered: { name: 'Kettle' }, price: '19.99' }] })}</script><p>Hello</p>`;
    expect(extractHtml(html)).toMatchObject({
      merchant: 'Acme',
      order_id: 'A-1',
      total: '19.99',
      currency: 'USD',
      products: [{ name: 'Kettle', price: '19.99' }],
    });
  });
  it('reads microdata orders', () => {
    const html =
      '<div itemscope itemtype="http://schema.org/Order"><span itemprop="orderNumber">M-77</span><meta itemprop="price" content="45.00"><meta itemprop="priceCurrency" content="EUR"></div>';
    expect(extractHtml(html)).toMatchObject({ order_id: 'M-77', total: '45.00', currency: 'EUR' });
  });
});

describe('merchant names', () => {
  it('come from domains and cleaned seller lines', () => {
    expect(merchantFromDomain('mail.brightline-electronics.example.co.uk')).toBe('Brightline Electronics');
    expect(merchantFromDomain('gmail.com')).toBeNull();
    expect(cleanMerchant('Sold by: Amazon.com')).toBe('Amazon');
    expect(cleanMerchant('AEON CO. (M) BHD. (126926-H)')).toBe('AEON CO. (M) BHD.');
  });
});

describe('the e-mail classifier', () => {
  const base = {
    hasStructuredOrder: false,
    hasStructuredShipping: false,
    hasOrderNumber: true,
    hasProducts: true,
    fromAddress: 'orders@shop.example',
  };
  it('takes an order confirmation for an order and says why', () => {
    const c = classifyEmail({
      ...base,
      subject: 'Your order is confirmed',
      body: 'Thank you for your order',
      hasTotal: true,
    });
    expect(c).toMatchObject({ isOrder: true, isShipping: false });
    expect(c.signals).toEqual(
      expect.arrayContaining(['subject:order-word', 'body:order-phrase', 'label:total']),
    );
  });
  it('never takes a shipping notice, a password reset or marketing for an order', () => {
    expect(
      classifyEmail({
        ...base,
        subject: 'Your order has shipped',
        body: 'Order number A-1. Total $5.00',
        hasTotal: true,
      }),
    ).toMatchObject({ isOrder: false, isShipping: true });
    expect(
      classifyEmail({
        ...base,
        subject: 'Reset your password',
        body: 'Click to reset your password',
        hasTotal: false,
      }).isOrder,
    ).toBe(false);
    expect(
      classifyEmail({
        ...base,
        hasOrderNumber: false,
        subject: 'Black Friday: 40% off',
        body: 'Shop now, save up to 50%. Unsubscribe',
        hasTotal: true,
      }).isOrder,
    ).toBe(false);
  });
});
