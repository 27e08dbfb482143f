import { describe, expect, it } from 'vitest';
import { extractHtml } from './email';

describe('HTML', () => {
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
  it("takes a JSON-LD order's date as the sender wrote its day, a moment with its offset included", () => {
    const order = (orderDate: string) =>
      `<script type="application/ld+json">${JSON.stringify({ '@type': 'Order', orderNumber: 'A-2', price: '5.00', priceCurrency: 'USD', orderDate })}</script>`;
    expect(extractHtml(order('2026-11-02T23:30:00-05:00'))).toMatchObject({ purchase_date: '2026-11-02' });
    expect(extractHtml(order('2026-11-02T10:15:00.000Z')).confidence.purchase_date).toBeGreaterThan(0.9);
    expect(extractHtml(order('2026-11-02'))).toMatchObject({ purchase_date: '2026-11-02' });
  });
  it('reads a product row of an order table in any language, a model number ending its name', () => {
    const row = (a: string, b: string) => `<tr><td>${a}</td><td style="text-align:right">${b}</td></tr>`;
    const html = `<p>Commande n° FR-4410</p><table>${row('Aspirateur balai Zéphyr Z9', '249,00 €')}${row('Livraison', 'Gratuite')}${row('Montant total TTC', '249,00 €')}</table>`;
    expect(extractHtml(html)).toMatchObject({
      order_id: 'FR-4410',
      total: '249.00',
      currency: 'EUR',
      products: [{ name: 'Aspirateur balai Zéphyr Z9', price: '249.00' }],
    });
  });
  it('reads microdata orders', () => {
    const html =
      '<div itemscope itemtype="http://schema.org/Order"><span itemprop="orderNumber">M-77</span><meta itemprop="price" content="45.00"><meta itemprop="priceCurrency" content="EUR"></div>';
    expect(extractHtml(html)).toMatchObject({ order_id: 'M-77', total: '45.00', currency: 'EUR' });
  });
});
