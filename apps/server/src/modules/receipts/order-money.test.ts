import type { Purchase } from '@warrantly/contract/purchases';
import { describe, expect, it } from 'vitest';
import { orderMoney } from './order-money';
import type { OrderSums } from './receipts.repository';

const line = (fields: Partial<Purchase>): Purchase => ({
  id: 1,
  order_id: 'A-1',
  product_name: 'Lemons',
  shop_name: 'Greenleaf Market',
  purchase_date: '2026-11-14',
  price: 'EUR 0.89',
  warranty_expire_date: null,
  warranty_status: 'Active',
  status: 'success',
  category: null,
  amount: 0.89,
  currency: 'EUR',
  has_currency: true,
  order_total: null,
  source: 'pdf',
  warranty_estimated: false,
  parent_id: null,
  replace_every_days: null,
  store_link: null,
  has_file: true,
  review_state: null,
  ...fields,
});

const sums = (fields: Partial<OrderSums>): OrderSums => ({
  orderId: 'A-1',
  printed: { total: null, currency: null },
  lines: 3,
  priced: 3,
  minor: 1633,
  currencies: 1,
  currency: 'EUR',
  stated: true,
  ...fields,
});

describe('orderMoney', () => {
  it('is the total the document printed, in its currency, not the first line nor the lines’ sum', () => {
    expect(orderMoney(line({}), sums({ printed: { total: '13.05', currency: 'EUR' } }), 'USD')).toEqual({
      order_price: '13.05',
      order_amount: 13.05,
      order_currency: 'EUR',
      order_has_currency: true,
    });
  });

  it('reads a printed total without a currency in the default one, as a bare price', () => {
    expect(orderMoney(line({}), sums({ printed: { total: '1299.00', currency: null } }), 'GBP')).toEqual({
      order_price: '1299.00',
      order_amount: 1299,
      order_currency: 'GBP',
      order_has_currency: false,
    });
  });

  it('adds the lines up when no total was printed and they share one currency', () => {
    expect(orderMoney(line({}), sums({}), 'USD')).toEqual({
      order_price: '16.33',
      order_amount: 16.33,
      order_currency: 'EUR',
      order_has_currency: true,
    });
    expect(orderMoney(line({}), sums({ minor: 1299, currency: 'JPY', stated: false }), 'JPY')).toMatchObject({
      order_price: '1299',
      order_amount: 1299,
      order_has_currency: false,
    });
  });

  it('never adds up lines in different currencies, nor lines of which one has no amount', () => {
    const unknown = {
      order_price: null,
      order_amount: null,
      order_currency: null,
      order_has_currency: false,
    };
    expect(orderMoney(line({}), sums({ currencies: 2, currency: 'EUR' }), 'USD')).toEqual(unknown);
    expect(orderMoney(line({}), sums({ priced: 2 }), 'USD')).toEqual(unknown);
  });

  it('is a one-line order’s price as it stands, typed text included', () => {
    const typed = line({ price: '49,90', amount: 49.9, currency: 'USD', has_currency: false });
    expect(orderMoney(typed, sums({ lines: 1, priced: 1 }), 'USD')).toEqual({
      order_price: '49,90',
      order_amount: 49.9,
      order_currency: 'USD',
      order_has_currency: false,
    });
  });
});
