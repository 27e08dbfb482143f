import { readFileSync } from 'node:fs';
import path from 'node:path';
import { demoMailbox } from '@warrantly/sandbox/demo-mailbox';
import { type DemoAccount, startSandbox } from '@warrantly/sandbox/sandbox';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxEndpoints } from '../src/providers/start-providers';
import { createTestApp, DIALECTS, type TestApp } from './harness';
import { signInThroughSandbox } from './sandbox-sign-in';

/**
 * tools/sandbox/mailbox.md documents, in a table per demo account, what a sync makes of each demo message.
 * The tables are read here, so the document and this test cannot drift apart.
 */
const DOC = readFileSync(path.join(import.meta.dirname, '../../../tools/sandbox/mailbox.md'), 'utf8');

interface Row {
  message: string;
  orderId: string;
  /** Product names, and for a part the order whose product it belongs to. */
  lines: { name: string; partOf: string | null }[];
  total: { currency: string; amount: string } | null;
}

/** The table under the heading `## <Provider>: <email>`, one Row per line of it. */
function documentedRows(email: string): Row[] {
  const section = DOC.split(/^## /m).find((s) => s.split('\n')[0]?.endsWith(`: ${email}`));
  if (!section) throw new Error(`mailbox.md has no section for ${email}`);
  const cells = section
    .split('\n')
    .filter((line) => line.startsWith('|'))
    .map((line) =>
      line
        .split('|')
        .slice(1, -1)
        .map((c) => c.trim()),
    );
  const [head, rule, ...body] = cells;
  expect(head).toEqual(['message', 'order id', 'lines', 'total']);
  expect(rule?.every((c) => /^-+$/.test(c))).toBe(true);
  return body.map(([message = '', orderId = '', lines = '', total = '']) => {
    const amount = /^([A-Z]{3}) (\d+\.\d{2})$/.exec(total);
    if (total && !amount) throw new Error(`mailbox.md: "${total}" is no "CUR 0.00" total`);
    return {
      message,
      orderId,
      total: amount ? { currency: amount[1] as string, amount: amount[2] as string } : null,
      // A row without a total is a notice or ordinary mail: its "lines" cell says what becomes of it.
      lines: amount
        ? lines.split('; ').map((line) => {
            const part = /^(.*) \(a part of ([A-Z0-9-]+)\)$/.exec(line);
            return part
              ? { name: part[1] as string, partOf: part[2] as string }
              : { name: line, partOf: null };
          })
        : [],
    };
  });
}

interface Purchase {
  id: number;
  order_id: string;
  product_name: string;
  order_total: string | null;
  currency: string | null;
  warranty_expire_date: string | null;
  replace_every_days: number | null;
  parent_id: number | null;
}

const ACCOUNTS = [
  {
    provider: 'google',
    email: 'avery.quinn@example.com',
    sync: '/google-auth/google/sync/',
    mainProducts: '/google-auth/google/main-product/',
  },
  {
    provider: 'microsoft',
    email: 'jordan.lee@example.com',
    sync: '/microsoft-auth/warranty-sync/',
    mainProducts: '/microsoft-auth/main-product/',
  },
] as const;

describe.each(DIALECTS)('the demo mailboxes on %s', (dialect) => {
  describe.each(ACCOUNTS)(
    '$email reads as mailbox.md documents',
    ({ provider, email, sync, mainProducts }) => {
      const rows = documentedRows(email);
      const orders = rows.filter((r) => r.total !== null);
      // One clock for the sandbox and this test, so the demo mail built here is byte for byte the mailbox's.
      const now = new Date();
      let sandbox: Awaited<ReturnType<typeof startSandbox>>;
      let t: TestApp;
      let headers: { authorization: string };
      let purchases: Purchase[];

      beforeAll(async () => {
        sandbox = await startSandbox({ now: () => now });
        t = await createTestApp(dialect, { endpoints: sandboxEndpoints(sandbox) });
        headers = {
          authorization: `Bearer ${(await signInThroughSandbox(t, provider, email)).access_token}`,
        };
        const synced = await t.app.inject({ method: 'GET', url: sync, headers });
        expect(synced.statusCode).toBe(200);
        // A message that could not be read is quarantined with a short reason: say which, when one fails.
        const quarantined = await t.handle.db.selectFrom('quarantined_messages').select('reason').execute();
        expect(synced.json().errors, JSON.stringify(quarantined)).toBe(0);
        purchases = (await t.app.inject({ method: 'GET', url: '/api/v1/user-orders/', headers })).json();
      }, 120_000);
      afterAll(async () => {
        await t?.close();
        await sandbox?.close();
      });

      const linesOf = (orderId: string) => purchases.filter((p) => p.order_id === orderId);

      it('documents orders, notices and ordinary mail', () => {
        expect(orders.length).toBeGreaterThan(4);
        expect(rows.some((r) => r.total === null && r.lines.length === 0)).toBe(true);
      });

      it.each(orders.map((r) => [r.orderId, r] as const))(
        'order %s comes in with its documented lines and total',
        (orderId, row) => {
          const lines = linesOf(orderId);
          expect(lines.map((p) => p.product_name).sort()).toEqual(row.lines.map((l) => l.name).sort());
          for (const line of lines) {
            expect({ order_total: line.order_total, currency: line.currency }).toEqual({
              order_total: row.total?.amount,
              currency: row.total?.currency,
            });
          }
        },
      );

      it('makes nothing of notices and ordinary mail: every purchase is a documented order line', () => {
        const documented = orders.flatMap((r) => r.lines.map((l) => `${r.orderId}|${l.name}`)).sort();
        expect(purchases.map((p) => `${p.order_id}|${p.product_name}`).sort()).toEqual(documented);
      });

      it('keeps the PDF attached to an order as its receipt file, as it came, and every order its message', async () => {
        const attached = new Map<string, Buffer>();
        for (const message of demoMailbox({ provider, email } as DemoAccount, now)) {
          const mail = await simpleParser(message.raw);
          const pdf = mail.attachments.find((a) => a.contentType === 'application/pdf');
          if (pdf) attached.set(mail.subject ?? '', pdf.content);
        }
        const withPdf = orders.filter((r) => /PDF attached/.test(r.message));
        expect(withPdf.length).toBe(attached.size);

        // Every synced order has a receipt: its invoice when one came attached, else its message (.eml).
        const receipts = (await t.app.inject({ method: 'GET', url: '/api/v1/invoice/', headers })).json();
        expect(receipts.orders.map((o: { order_id: string }) => o.order_id).sort()).toEqual(
          [...new Set(orders.map((r) => r.orderId))].sort(),
        );
        for (const row of orders.filter((r) => !/PDF attached/.test(r.message))) {
          const file = await t.app.inject({
            method: 'GET',
            url: `/api/v1/invoice/${encodeURIComponent(row.orderId)}/file/`,
            headers,
          });
          expect(file.headers['content-type'], row.orderId).toMatch(/^message\/rfc822/);
        }
        for (const row of withPdf) {
          const file = await t.app.inject({
            method: 'GET',
            url: `/api/v1/invoice/${encodeURIComponent(row.orderId)}/file/`,
            headers,
          });
          expect(file.statusCode).toBe(200);
          expect(file.headers['content-type']).toBe('application/pdf');
          const sent = [...attached.entries()].find(([subject]) => subject.includes(row.orderId))?.[1];
          expect(sent).toBeDefined();
          expect(file.rawPayload.equals(sent as Buffer)).toBe(true);
        }
      });

      it('links each part to its main product: a replacement interval, no warranty of its own', async () => {
        const parts = orders.flatMap((r) =>
          r.lines.flatMap((l) => (l.partOf ? [{ name: l.name, partOf: l.partOf }] : [])),
        );
        expect(parts.length).toBeGreaterThan(0);
        const groups = (await t.app.inject({ method: 'GET', url: mainProducts, headers })).json().orders as {
          main_product_id: number;
          products: { product_name: string; timeline: string | null }[];
        }[];
        for (const part of parts) {
          // The order's product that is no part itself (a part may come in the same order as its product).
          const main = linesOf(part.partOf).find((p) => p.product_name !== part.name && p.parent_id === null);
          const [line] = purchases.filter((p) => p.product_name === part.name);
          expect(main).toBeDefined();
          expect(line).toMatchObject({ parent_id: main?.id, warranty_expire_date: null });
          expect(line?.replace_every_days).toBeGreaterThan(0);
          const group = groups.find((g) => g.main_product_id === main?.id);
          expect(group?.products.map((p) => p.product_name)).toContain(part.name);
          expect(group?.products.find((p) => p.product_name === part.name)?.timeline).toMatch(/^every /);
        }
      });
    },
  );
});
