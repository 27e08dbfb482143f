import type { ReceiptDetail, ReceiptList, ReceiptPage, ReceiptSummary } from '@warrantly/contract/receipts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DIALECTS, multipart, postPurchase, type TestApp, tinyPdf } from './harness';

/** A till receipt whose total (after a discount) is neither its first line nor its lines' sum. */
const MARKET = [
  'GREENLEAF MARKET',
  'Receipt No: GL-4471',
  'Date: 14/11/2026',
  'Olive oil 1L              EUR 8.49',
  'Lemons                    EUR 0.89',
  'Coffee beans 500g         EUR 6.95',
  'Discount                  EUR -3.28',
  'TOTAL                     EUR 13.05',
];

/** An invoice that prints no currency: its amounts are in the user's default one (USD here). */
const HARDWARE = [
  'HARBOUR LIGHT STORES',
  'Invoice No: HL-3302',
  'Date: 05/11/2026',
  'Garden hose 25m            34.90',
  'Hose reel                  29.00',
  'Spray nozzle                9.95',
  'Delivery                    6.00',
  'TOTAL                      79.85',
];

describe.each(DIALECTS)('receipts at their order’s total on %s', (dialect) => {
  let t: TestApp;
  let user: string;
  const get = async <T>(url: string): Promise<T> => {
    const res = await t.app.inject({ method: 'GET', url, headers: t.auth(user) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as T;
  };
  const upload = async (lines: string[]) => {
    const form = multipart({}, [{ field: 'file', filename: 'receipt.pdf', bytes: tinyPdf(lines) }]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/ai-order-extract/',
      headers: { ...t.auth(user), ...form.headers },
      payload: form.payload,
    });
    expect(res.statusCode, res.body).toBe(200);
  };

  beforeAll(async () => {
    t = await createTestApp(dialect, { now: () => new Date(2026, 10, 22, 12) });
    user = await t.createUser();
    await upload(MARKET);
    await upload(HARDWARE);
    const manual = await postPurchase(
      t,
      t.auth(user),
      { product_name: 'Desk lamp', shop_name: 'Lumen & Co', purchase_date: '2026-11-20', price: '49,90' },
      [{ field: 'invoice', filename: 'lamp.pdf', bytes: tinyPdf('Desk lamp') }],
    );
    expect(manual.statusCode).toBe(201);
  });
  afterAll(() => t.close());

  const byOrder = (cards: ReceiptSummary[], orderId: string) => cards.find((c) => c.order_id === orderId);

  it('lists each order once, with its shop, its line count and the total it printed', async () => {
    const list = await get<ReceiptList>('/api/v1/invoice/');
    expect(list.orders.map((o) => o.order_id)).toHaveLength(3);
    expect(byOrder(list.orders, 'GL-4471')).toMatchObject({
      product_name: 'Olive oil 1L',
      price: 'EUR 8.49',
      shop_name: 'GREENLEAF MARKET',
      line_count: 3,
      order_price: '13.05',
      order_amount: 13.05,
      order_currency: 'EUR',
      order_has_currency: true,
    });
    expect(byOrder(list.orders, 'HL-3302')).toMatchObject({
      shop_name: 'HARBOUR LIGHT STORES',
      line_count: 3,
      order_price: '79.85',
      order_amount: 79.85,
      order_currency: 'USD',
      order_has_currency: false,
    });
    // A hand-made purchase with a file: one line, its price as typed.
    expect(list.orders.find((o) => o.product_name === 'Desk lamp')).toMatchObject({
      shop_name: 'Lumen & Co',
      line_count: 1,
      order_price: '49,90',
      order_amount: 49.9,
      order_currency: 'USD',
      order_has_currency: false,
    });
    expect(list).toMatchObject({ total_invoice: 3, total_orders_this_month: 3 });
  });

  it('answers the same cards page by page, and for a search that finds a later line', async () => {
    const list = await get<ReceiptList>('/api/v1/invoice/');
    const first = await get<ReceiptPage>('/api/v1/invoice/?limit=2');
    expect(first.next_cursor).not.toBeNull();
    const second = await get<ReceiptPage>(
      `/api/v1/invoice/?limit=2&cursor=${encodeURIComponent(first.next_cursor as string)}`,
    );
    expect([...first.items, ...second.items]).toEqual(list.orders);
    const lemons = await get<ReceiptPage>('/api/v1/invoice/?q=lemons');
    expect(lemons.items).toEqual([byOrder(list.orders, 'GL-4471')]);
  });

  it('shows a receipt with its shop, date, total and every line at its price', async () => {
    const detail = await get<ReceiptDetail>('/api/v1/invoice/GL-4471/');
    expect(detail).toMatchObject({
      merchant: 'GREENLEAF MARKET',
      purchase_date: '2026-11-14',
      order_total: '13.05',
      order_amount: 13.05,
      order_currency: 'EUR',
      order_has_currency: true,
      status: 'success',
      file: { name: 'receipt.pdf', mime: 'application/pdf' },
    });
    expect(detail.lines.map((l) => [l.product_name, l.amount, l.currency])).toEqual([
      ['Olive oil 1L', 8.49, 'EUR'],
      ['Lemons', 0.89, 'EUR'],
      ['Coffee beans 500g', 6.95, 'EUR'],
    ]);
    expect(detail.extracted).toMatchObject({ confidence: { total: expect.any(Number) } });
  });
});
