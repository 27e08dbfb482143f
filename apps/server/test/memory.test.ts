import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LearnedList } from '@warrantly/contract/memory';
import { startSandbox } from '@warrantly/sandbox/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxEndpoints } from '../src/providers/start-providers';
import { createTestApp, DIALECTS, multipart, type TestApp, tinyPdf } from './harness';
import { orderMail } from './mail-fixtures';
import { signInThroughSandbox } from './sandbox-sign-in';

const AVERY = 'avery.quinn@example.com';
const JORDAN = 'jordan.lee@example.com';

/** An order mail with no structured data: its shop is read from the sender and the text. */
function shopMail(from: string, orderId: string, item: string, price: string): string {
  return orderMail({
    from,
    orderId,
    items: [{ name: item, price }],
    total: price,
    html: `<html><body><p>Thank you for your order!</p><p>Order number: ${orderId}</p><table><tr><td>${item}</td><td>1</td><td>USD ${price}</td></tr><tr><td>Total</td><td></td><td>USD ${price}</td></tr></table></body></html>`,
  });
}

const OAKRIDGE = 'Oakridge Outfitters Ltd <hello@oakridge-outfitters.example>';
const PLATFORM = 'Lemon Tree Cafe <mailer@shopify.com>';
const OTHER_SHOP_ON_PLATFORM = 'Blue Door Books <mailer@shopify.com>';

/** A till receipt printing the shop's VAT number: the identity key of a printed document. */
const vatReceipt = (receiptNo: string, item: string, price: string) =>
  tinyPdf([
    'CHR Retail Group',
    '12 Mill Lane, Leeds LS1 4AB',
    'VAT No: GB 123 4567 89',
    `Receipt No: ${receiptNo}`,
    'Date: 14/03/2026',
    `${item}        GBP ${price}`,
    `TOTAL         GBP ${price}`,
  ]);

describe.each(DIALECTS)('memory of corrections on %s', (dialect) => {
  let sandbox: Awaited<ReturnType<typeof startSandbox>>;
  let t: TestApp;
  let avery: { authorization: string };
  let jordan: { authorization: string };

  beforeAll(async () => {
    sandbox = await startSandbox({ mailboxDir: mkdtempSync(path.join(os.tmpdir(), 'warrantly-memory-')) });
    sandbox.seedMessages(AVERY, [
      shopMail(OAKRIDGE, 'OR-1001', 'Trail boots', '120.00'),
      shopMail(PLATFORM, 'LT-10021', 'Coffee beans 1 kg', '24.00'),
    ]);
    t = await createTestApp(dialect, { endpoints: sandboxEndpoints(sandbox) });
    avery = { authorization: `Bearer ${(await signInThroughSandbox(t, 'google', AVERY)).access_token}` };
    jordan = { authorization: `Bearer ${(await signInThroughSandbox(t, 'microsoft', JORDAN)).access_token}` };
  });
  afterAll(async () => {
    await t.close();
    await sandbox.close();
  });

  const sync = (auth: { authorization: string }, provider: 'google' | 'microsoft') =>
    t.app.inject({
      method: 'GET',
      url: provider === 'google' ? '/google-auth/google/sync/' : '/microsoft-auth/warranty-sync/',
      headers: auth,
    });
  const purchases = async (auth = avery) =>
    (await t.app.inject({ method: 'GET', url: '/api/v1/user-orders/', headers: auth })).json() as {
      id: number;
      order_id: string;
      shop_name: string | null;
    }[];
  const shopOf = async (orderId: string, auth = avery) =>
    (await purchases(auth)).find((p) => p.order_id === orderId)?.shop_name;
  const rename = async (orderId: string, shop: string) => {
    const line = (await purchases()).find((p) => p.order_id === orderId);
    const form = multipart({ shop_name: shop });
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/user-orders/update/${line?.id}/`,
      headers: { ...avery, ...form.headers },
      payload: form.payload,
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const learned = async (auth = avery) =>
    ((await t.app.inject({ method: 'GET', url: '/api/v1/memory/', headers: auth })).json() as LearnedList)
      .entries;
  const upload = async (bytes: Buffer) => {
    const form = multipart({}, [{ field: 'file', filename: 'receipt.pdf', bytes }]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/ai-order-extract/',
      headers: { ...avery, ...form.headers },
      payload: form.payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { order_id: string; shop_name: string | null }[];
  };

  it("a shop name corrected once names the next mail of the same sender, and only the user's", async () => {
    await sync(avery, 'google');
    await rename('OR-1001', 'Oakridge');
    expect(await learned()).toEqual([
      expect.objectContaining({
        kind: 'alias',
        field: 'merchant',
        value: 'Oakridge',
        keyed_by: 'Mail from hello@oakridge-outfitters.example',
        dropped: false,
      }),
    ]);
    sandbox.seedMessages(AVERY, [shopMail(OAKRIDGE, 'OR-1002', 'Rain jacket', '89.00')]);
    await sync(avery, 'google');
    expect(await shopOf('OR-1002')).toBe('Oakridge');

    // Another user's mail from the same sender is read as it is: memory never crosses users.
    sandbox.seedMessages(JORDAN, [shopMail(OAKRIDGE, 'OR-7001', 'Tent', '310.00')]);
    await sync(jordan, 'microsoft');
    expect(await shopOf('OR-7001', jordan)).not.toBe('Oakridge');
    expect(await learned(jordan)).toEqual([]);
  });

  it("a correction of a shop that mails through a platform teaches nothing about the platform's other shops", async () => {
    await rename('LT-10021', 'Lemon Tree');
    sandbox.seedMessages(AVERY, [shopMail(OTHER_SHOP_ON_PLATFORM, 'BD-20031', 'Atlas of birds', '35.00')]);
    await sync(avery, 'google');
    expect(await shopOf('BD-20031')).not.toBe('Lemon Tree');
    expect((await learned()).map((e) => e.keyed_by)).not.toContain('Mail from mailer@shopify.com');
  });

  it('a shop name corrected on a printed receipt names the next one with the same VAT number', async () => {
    const [first] = await upload(vatReceipt('R-1', 'Hammer', '12.00'));
    await rename(first?.order_id as string, 'Corner Hardware');
    const [next] = await upload(vatReceipt('R-2', 'Screwdriver set', '18.50'));
    expect(next?.shop_name).toBe('Corner Hardware');
    expect((await learned()).map((e) => e.keyed_by)).toContain('Tax or registration number …6789');
  });

  it('a learned entry deleted is used no more', async () => {
    const entry = (await learned()).find((e) => e.keyed_by.startsWith('Mail from hello@oakridge'));
    const res = await t.app.inject({ method: 'DELETE', url: `/api/v1/memory/${entry?.id}/`, headers: avery });
    expect(res.statusCode).toBe(204);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/v1/memory/${entry?.id}/`, headers: avery }))
        .statusCode,
    ).toBe(404);
    sandbox.seedMessages(AVERY, [shopMail(OAKRIDGE, 'OR-1003', 'Wool socks', '15.00')]);
    await sync(avery, 'google');
    expect(await shopOf('OR-1003')).not.toBe('Oakridge');
  });

  it('corrections that name two shops for one key drop the key', async () => {
    const [a] = await upload(vatReceipt('R-3', 'Pliers', '9.00'));
    // The same VAT number, corrected to another shop: the key no longer says which shop it is.
    await rename(a?.order_id as string, 'Leeds Garden Supplies');
    const vat = (await learned()).filter((e) => e.keyed_by === 'Tax or registration number …6789');
    expect(vat.every((e) => e.dropped)).toBe(true);
    const [b] = await upload(vatReceipt('R-4', 'Spade', '22.00'));
    expect(['Corner Hardware', 'Leeds Garden Supplies']).not.toContain(b?.shop_name);
  });
});
