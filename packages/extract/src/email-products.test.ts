import { describe, expect, it } from 'vitest';
import { extractEmail, extractHtml } from './email';
import { completeCutNames, productInSubject } from './email-products';

const item = (name: string, price: string | null = null) => ({ name, quantity: 1, price, url: null });

describe('product names an HTML part cut short', () => {
  it('are completed from the line of the text part that goes on from their last words', () => {
    const plain = [
      'Your order',
      '* Cordless Kettle Stainless Steel 1.7 l, Blue',
      '  Quantity: 1',
      '  24.29 USD',
    ];
    expect(completeCutNames([item('Cordless Kettle Stainless St...', '24.29')], plain)).toEqual([
      item('Cordless Kettle Stainless Steel 1.7 l, Blue', '24.29'),
    ]);
  });
  it('lose words of a line above them that were joined in ("View order Kettle...")', () => {
    const plain = ['- Garden Hose Reel with 30 m Hose and Spray Gun'];
    expect(completeCutNames([item('View order Garden Hose Reel with…')], plain)[0]?.name).toBe(
      'Garden Hose Reel with 30 m Hose and Spray Gun',
    );
  });
  it('stay as they are when the text part has no such line, or when too few words are left to tell', () => {
    expect(completeCutNames([item('Garden Hose Reel...')], ['Garden gloves, size L'])[0]?.name).toBe(
      'Garden Hose Reel...',
    );
    expect(completeCutNames([item('Mini fan...')], ['Mini fan with USB cable'])[0]?.name).toBe('Mini fan...');
    const whole = [item('Kettle'), item('Toaster')];
    expect(completeCutNames(whole, ['Kettle 1.7 l'])).toBe(whole);
  });
  it('are completed in a real multipart message, with cents set as superscripts read as decimals', async () => {
    const html =
      '<p>Order # 111-2223334-5556667</p><p>Cordless Kettle Stainless St...</p><p>Quantity: 1</p><p><sup>$</sup>24<sup>29</sup></p><p>Total $24.29</p>';
    const plain =
      'Order # 111-2223334-5556667\n\n* Cordless Kettle Stainless Steel 1.7 l, Blue\n  Quantity: 1\n  24.29 USD\n\nTotal\n24.29 USD\n';
    const raw = [
      'From: "Shop" <orders@shop.example>',
      'Subject: Ordered: "Cordless Kettle..."',
      'Date: Tue, 10 Jun 2025 10:00:00 +0000',
      'MIME-Version: 1.0',
      'Content-Type: multipart/alternative; boundary="b"',
      '',
      '--b',
      'Content-Type: text/plain; charset=utf-8',
      '',
      plain,
      '--b',
      'Content-Type: text/html; charset=utf-8',
      '',
      html,
      '--b--',
      '',
    ].join('\r\n');
    const result = await extractEmail(raw);
    expect(result.products).toEqual([item('Cordless Kettle Stainless Steel 1.7 l, Blue', '24.29')]);
  });
});

describe('the product an order subject names in quotes', () => {
  it('is read in straight, curly, low-high and angle quotes', () => {
    expect(productInSubject('Your Shop.co.uk order of "Pro Elec 2 Gang Extension..."')).toEqual(
      item('Pro Elec 2 Gang Extension...'),
    );
    expect(productInSubject('Ordered: “Cordless Kettle” and 1 more item')?.name).toBe('Cordless Kettle');
    expect(productInSubject('Ihre Bestellung von „Wasserkocher 1,7 l“')?.name).toBe('Wasserkocher 1,7 l');
    expect(productInSubject('Votre commande « Bouilloire électrique » est expédiée')?.name).toBe(
      'Bouilloire électrique',
    );
  });
  it('is not an order number, a quote without letters or a subject without quotes', () => {
    expect(productInSubject('Your order "#A-12345" has shipped')).toBeNull();
    expect(productInSubject('Order "12 345"')).toBeNull();
    expect(productInSubject('Your order has shipped')).toBeNull();
    expect(productInSubject('Unclosed "quote here')).toBeNull();
  });
  it('names the purchase of an order page that lists no items, and only of an order', () => {
    const page = (title: string) =>
      `<html><head><title>${title}</title></head><body><p>Order #202-4472916-7978729</p><p>Your package has been dispatched.</p><p>Order Total: £5.49</p></body></html>`;
    expect(extractHtml(page('Your order of &quot;Pro Elec 2 Gang...&quot;')).products).toEqual([
      item('Pro Elec 2 Gang...'),
    ]);
    const newsletter = extractHtml(
      '<html><head><title>Read "Spring ideas" now</title></head><body><p>Hello</p></body></html>',
    );
    expect(newsletter.is_order).toBe(false);
    expect(newsletter.products).toEqual([]);
  });
});
