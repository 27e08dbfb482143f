import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startSandbox } from '@warrantly/sandbox/sandbox';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sandboxEndpoints } from '../src/providers/start-providers';
import { createTestApp, DIALECTS, type TestApp } from './harness';
import { orderMail } from './mail-fixtures';
import { signInThroughSandbox } from './sandbox-sign-in';

const EMAIL = 'avery.quinn@example.com';

/** A printer bought in the spring; its toner, in an order of its own, in the autumn. */
const PRINTER = orderMail({
  orderId: 'NW-3001',
  date: 'Mon, 04 May 2026 10:00:00 +0000',
  items: [{ name: 'Inkwell 500 laser printer', price: '219.00' }],
  total: '219.00',
});
const TONER = orderMail({
  orderId: 'NW-3002',
  date: 'Mon, 02 Nov 2026 10:00:00 +0000',
  items: [{ name: 'Inkwell 500 toner cartridge', price: '49.00' }],
  total: '49.00',
});

interface Purchase {
  id: number;
  order_id: string;
  parent_id: number | null;
  replace_every_days: number | null;
  warranty_expire_date: string | null;
}

describe.each(DIALECTS)('parts from mail on %s', (dialect) => {
  let sandbox: Awaited<ReturnType<typeof startSandbox>>;
  let t: TestApp;
  let headers: { authorization: string };

  beforeEach(async () => {
    sandbox = await startSandbox({ mailboxDir: mkdtempSync(path.join(os.tmpdir(), 'warrantly-parts-')) });
    t = await createTestApp(dialect, { endpoints: sandboxEndpoints(sandbox) });
    headers = { authorization: `Bearer ${(await signInThroughSandbox(t, 'google', EMAIL)).access_token}` };
  });
  afterEach(async () => {
    await t.close();
    await sandbox.close();
  });

  const sync = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/google-auth/google/sync/', headers });
    expect(res.json()).toMatchObject({ errors: 0 });
  };
  const purchases = async () => {
    const all: Purchase[] = (
      await t.app.inject({ method: 'GET', url: '/api/v1/user-orders/', headers })
    ).json();
    const byOrder = (id: string) => all.find((p) => p.order_id === id) as Purchase;
    return { printer: byOrder('NW-3001'), toner: byOrder('NW-3002') };
  };
  const expectLinked = async () => {
    const { printer, toner } = await purchases();
    expect(printer.warranty_expire_date).not.toBeNull();
    expect(toner).toMatchObject({ parent_id: printer.id, warranty_expire_date: null });
    expect(toner.replace_every_days).toBeGreaterThan(0);
    const main = await t.app.inject({ method: 'GET', url: '/google-auth/google/main-product/', headers });
    expect(main.json().orders).toEqual([
      expect.objectContaining({
        main_product: 'Inkwell 500 laser printer',
        products: [expect.objectContaining({ product_name: 'Inkwell 500 toner cartridge' })],
      }),
    ]);
  };

  it('links a part bought later to the product a previous sync brought in', async () => {
    sandbox.seedMessages(EMAIL, [PRINTER]);
    await sync();
    sandbox.addMessage(EMAIL, TONER);
    await sync();
    await expectLinked();
  });

  it('links a part that came in before its product once the product comes in', async () => {
    sandbox.seedMessages(EMAIL, [TONER]);
    await sync();
    const { toner } = await purchases();
    // Alone, the toner is a purchase of its own, with the warranty its kind of product usually has.
    expect(toner.parent_id).toBeNull();
    sandbox.addMessage(EMAIL, PRINTER);
    await sync();
    await expectLinked();
  });

  it('links a part to its product when one sync reads both, in either order', async () => {
    sandbox.seedMessages(EMAIL, [TONER, PRINTER]);
    await sync();
    await expectLinked();
  });
});
