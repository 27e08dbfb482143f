/**
 * `npm run bench:sync`: a sandbox mailbox of 10,000 messages (a mix of order and other mail), then
 * the first full Gmail sync, an incremental sync with nothing new, and one with 10 new messages.
 * Prints time, messages per second, provider calls by kind and the peak calls per second.
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startSandbox } from '@warrantly/sandbox/sandbox';
import { sandboxEndpoints } from '../../apps/server/src/providers/start-providers';
import { createTestApp } from '../../apps/server/test/harness';
import { orderMail, otherMail } from '../../apps/server/test/mail-fixtures';
import { signInThroughSandbox } from '../../apps/server/test/sandbox-sign-in';

const TOTAL = Number(process.argv.find((a) => a.startsWith('--messages='))?.split('=')[1] ?? 10_000);
const ORDER_SHARE = 0.15;
const EMAIL = 'avery.quinn@example.com';

const PRODUCTS = [
  'Dishwasher',
  'Laptop stand',
  'Air purifier',
  'Coffee grinder',
  'Desk lamp',
  'Headphones',
  'Blender',
  'Router',
];

function mailbox(count: number, offset = 0): string[] {
  const out: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const n = offset + i;
    const day = new Date(Date.UTC(2026, 10, 20) - (n % 600) * 86_400_000)
      .toUTCString()
      .replace('GMT', '+0000');
    if (n % Math.round(1 / ORDER_SHARE) === 0) {
      const product = PRODUCTS[n % PRODUCTS.length] as string;
      out.push(
        orderMail({
          orderId: `BN-${100000 + n}`,
          date: day,
          items: [{ name: `${product} ${n}`, price: `${(n % 500) + 9}.99` }],
          total: `${(n % 500) + 9}.99`,
        }),
      );
    } else {
      out.push(otherMail((['newsletter', 'password', 'personal'] as const)[n % 3] ?? 'personal', `#${n}`));
    }
  }
  return out;
}

function callStats(requests: { path: string; at: number | string | Date }[]) {
  const byKind = new Map<string, number>();
  const perSecond = new Map<number, number>();
  for (const r of requests) {
    const kind = r.path
      .replace(/\/messages\/[^/]+$/, '/messages/{id}')
      .replace(/\/messages\/[^/]+\/\$value$/, '/messages/{id}/$value')
      .replace(/^\/google|^\/graph/, '');
    byKind.set(kind, (byKind.get(kind) ?? 0) + 1);
    const second = Math.floor(new Date(r.at).getTime() / 1000);
    perSecond.set(second, (perSecond.get(second) ?? 0) + 1);
  }
  return { total: requests.length, byKind, peak: Math.max(0, ...perSecond.values()) };
}

async function main() {
  const sandbox = await startSandbox({ mailboxDir: mkdtempSync(path.join(os.tmpdir(), 'bench-mailbox-')) });
  const seedStart = performance.now();
  sandbox.seedMessages(EMAIL, mailbox(TOTAL));
  const seedMs = performance.now() - seedStart;
  const t = await createTestApp('sqlite', { endpoints: sandboxEndpoints(sandbox) });
  const { access_token } = await signInThroughSandbox(t, 'google', EMAIL);
  const headers = { authorization: `Bearer ${access_token}` };

  const run = async (label: string) => {
    sandbox.clearRequests();
    const start = performance.now();
    const res = await t.app.inject({ method: 'GET', url: '/google-auth/google/sync/', headers });
    const ms = performance.now() - start;
    const summary = res.json();
    // Mail calls only: the calendar reminders that follow a sync are counted by their own tests.
    const calls = callStats(sandbox.requests().filter((r) => r.path.includes('/gmail/')));
    console.log(
      `\n${label}: ${(ms / 1000).toFixed(1)} s, scanned ${summary.scanned}, created ${summary.created}, skipped ${summary.skipped}, errors ${summary.errors}`,
    );
    console.log(
      `  ${(summary.scanned / (ms / 1000)).toFixed(0)} messages/s listed, provider calls ${calls.total}, peak ${calls.peak} calls/s`,
    );
    for (const [kind, n] of [...calls.byKind].sort((a, b) => b[1] - a[1]))
      console.log(`    ${String(n).padStart(6)}  ${kind}`);
    return { ms, calls };
  };

  console.log(
    `Seeded ${TOTAL} messages (${Math.round(ORDER_SHARE * 100)} % orders) in ${seedMs.toFixed(0)} ms`,
  );
  await run('First full sync');
  const idle = await run('Incremental sync, nothing new (target: 1 call)');
  for (const raw of mailbox(10, TOTAL)) sandbox.addMessage(EMAIL, raw);
  const ten = await run('Incremental sync, 10 new messages (target: a handful of calls)');
  console.log(`\nnothing new: ${idle.calls.total} call(s); 10 new: ${ten.calls.total} calls`);
  await t.close();
  await sandbox.close();
}

await main();
