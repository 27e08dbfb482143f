import { readFileSync } from 'node:fs';
import path from 'node:path';
import { startSandbox } from '@warrantly/sandbox/sandbox';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxEndpoints } from '../src/providers/start-providers';
import { createTestApp, type TestApp } from '../test/harness';
import { signInThroughSandbox } from '../test/sandbox-sign-in';

/** The corpus is read in place (its sources have their own licences); CI runs this when it exists. */
const CORPUS = path.resolve(
  process.env.CORPUS_DIR ?? path.join(import.meta.dirname, '../../../../shared/corpus'),
);
const MAILBOX = path.join(CORPUS, 'email');

interface Truth {
  kind: string;
  is_order: boolean;
  order_id?: string;
  order_id_aliases?: string[];
  total?: string;
}
const truth = JSON.parse(readFileSync(path.join(CORPUS, 'truth.json'), 'utf8')) as Record<string, Truth>;
/** Whole messages only: the .html files are bodies without headers, not mail a mailbox can hold. */
const messages = Object.entries(truth).filter(([file, t]) => t.kind === 'email' && file.endsWith('.eml'));

describe.each([
  ['google', 'avery.quinn@example.com', '/google-auth/google/sync/'],
  ['microsoft', 'jordan.lee@example.com', '/microsoft-auth/warranty-sync/'],
] as const)('syncing the corpus mailbox through %s', (provider, email, syncPath) => {
  let sandbox: Awaited<ReturnType<typeof startSandbox>>;
  let t: TestApp;
  let purchases: { order_id: string; order_total: string | null; source: string }[] = [];
  let createdSubjects = new Set<string>();

  beforeAll(async () => {
    sandbox = await startSandbox({ mailboxDir: MAILBOX });
    // The corpus spans years: look back far enough to hold all of it.
    t = await createTestApp('sqlite', {
      endpoints: sandboxEndpoints(sandbox),
      env: { SYNC_LOOKBACK_MONTHS: '600' },
    });
    const { access_token } = await signInThroughSandbox(t, provider, email);
    const headers = { authorization: `Bearer ${access_token}` };
    const sync = await t.app.inject({ method: 'GET', url: syncPath, headers });
    expect(sync.statusCode).toBe(200);
    createdSubjects = new Set(sync.json().items.map((i: { subject: string | null }) => i.subject ?? ''));
    purchases = (await t.app.inject({ method: 'GET', url: '/api/v1/user-orders/', headers })).json();
  }, 300_000);
  afterAll(async () => {
    await t?.close();
    await sandbox?.close();
  });

  const orders = messages.filter(([, t]) => t.is_order && t.order_id);
  // The sync stores what the extractor reads, so it is held to the accuracy floor recorded for whole
  // e-mails (bench/extract-floor.json; raise it as extraction improves), not to perfection; misses print.
  it('stores the order id and total of the order e-mails at the recorded accuracy', () => {
    const floor = JSON.parse(
      readFileSync(path.join(import.meta.dirname, '../../../bench/extract-floor.json'), 'utf8'),
    );
    const misses: string[] = [];
    for (const [file, expected] of orders) {
      const ids = [expected.order_id, ...(expected.order_id_aliases ?? [])].map((id) =>
        id?.replace(/^#/, '').trim(),
      );
      const line = purchases.find((p) => ids.includes(p.order_id.replace(/^#/, '')));
      if (!line) misses.push(`${file}: no purchase with order id ${expected.order_id}`);
      else if (expected.total && Math.abs(Number(line.order_total) - Number(expected.total)) > 0.005) {
        misses.push(`${file}: order total ${line.order_total}, expected ${expected.total}`);
      }
    }
    if (misses.length > 0) console.log(`corpus sync misses (${provider}):\n  ${misses.join('\n  ')}`);
    const share = (orders.length - misses.length) / orders.length;
    expect(share).toBeGreaterThanOrEqual(floor['synced whole e-mails'].order_id_and_total);
  });

  const others = messages.filter(([, t]) => !t.is_order);
  it.each(others)('%s gives no purchase', async (file) => {
    const parsed = await simpleParser(readFileSync(path.join(MAILBOX, file)));
    if (parsed.subject) expect(createdSubjects.has(parsed.subject)).toBe(false);
  });
});
