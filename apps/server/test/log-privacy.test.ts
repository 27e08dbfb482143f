import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { startSandbox } from '@warrantly/sandbox/sandbox';
import { afterEach, describe, expect, it } from 'vitest';
import { sandboxEndpoints } from '../src/providers/start-providers';
import { createTestApp, DIALECTS, multipart, type TestApp, tinyPdf } from './harness';
import { orderMail, otherMail } from './mail-fixtures';
import { signInThroughSandbox } from './sandbox-sign-in';

const EMAIL = 'avery.quinn@example.com';
const ORDER_SUBJECT = 'Your Quillfeather Emporium order QF-58213 is confirmed';
const ORDER_NOTE = 'Engraved for Marguerite with love';
const PDF_LINES = ['Zephyrine Lamps Ltd', 'Invoice ZL-90417', 'Moonlit reading lamp 39.00', 'Total 39.00'];

/**
 * The provider's token endpoint behind a recording relay: every token the provider issues to the server
 * (and the code, verifier and client secret the server sends for them) is known to the test.
 */
async function recordingTokenRelay(target: string) {
  const seen: string[] = [];
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString();
    const form = new URLSearchParams(body);
    for (const key of ['code', 'code_verifier', 'refresh_token', 'client_secret'])
      if (form.get(key)) seen.push(form.get(key) as string);
    const answer = await fetch(target, {
      method: 'POST',
      headers: { 'content-type': req.headers['content-type'] ?? '', accept: 'application/json' },
      body,
    });
    const text = await answer.text();
    const json = JSON.parse(text) as Record<string, unknown>;
    for (const key of ['access_token', 'refresh_token', 'id_token'])
      if (typeof json[key] === 'string') seen.push(json[key]);
    res.writeHead(answer.status, { 'content-type': 'application/json' }).end(text);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/token`,
    seen,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

describe.each(DIALECTS)('logs of a whole session on %s', (dialect) => {
  let cleanup: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const step of cleanup.reverse()) await step();
    cleanup = [];
  });

  it('hold no token, secret, feed secret, e-mail subject or body', async () => {
    const sandbox = await startSandbox({
      mailboxDir: mkdtempSync(path.join(os.tmpdir(), 'warrantly-empty-mailbox-')),
    });
    cleanup.push(() => sandbox.close());
    const other = otherMail('personal', 'about the Periwinkle shed');
    sandbox.seedMessages(EMAIL, [
      orderMail({
        orderId: 'QF-58213',
        subject: ORDER_SUBJECT,
        from: 'Quillfeather Emporium <orders@quillfeather.example.com>',
        items: [{ name: 'Fountain pen Nocturne', price: '129.00' }],
        total: '129.00',
        html: `<p>Thank you for your order!</p><p>Order number: QF-58213</p><p>${ORDER_NOTE}</p><table><tr><td>Fountain pen Nocturne</td><td>1</td><td>USD 129.00</td></tr><tr><td>Total</td><td></td><td>USD 129.00</td></tr></table>`,
      }),
      other,
    ]);
    const relay = await recordingTokenRelay(sandbox.google.tokenUrl);
    cleanup.push(relay.close);
    const endpoints = sandboxEndpoints(sandbox);
    if (!endpoints.google) throw new Error('the sandbox has no Google');
    endpoints.google = { ...endpoints.google, tokenUrl: relay.url };
    const lines: string[] = [];
    const t: TestApp = await createTestApp(dialect, {
      endpoints,
      logTo: { level: 'trace', write: (line) => lines.push(line) },
    });
    cleanup.push(() => t.close());

    // Sign in with provider tokens that expire at once, so the sync refreshes them too.
    sandbox.setTokenLifetime(1);
    const session = await signInThroughSandbox(t, 'google', EMAIL);
    sandbox.setTokenLifetime(3599);
    await new Promise((r) => setTimeout(r, 1100));
    const headers = { authorization: `Bearer ${session.access_token}` };

    // A mailbox sync in which the provider garbles one answer, then one that completes.
    sandbox.fail({ match: '/messages/', garbage: true, times: 1 });
    await t.app.inject({ method: 'GET', url: '/google-auth/google/sync/', headers });
    const sync = await t.app.inject({ method: 'GET', url: '/google-auth/google/sync/', headers });
    expect(sync.statusCode).toBe(200);
    const purchases = await t.app.inject({ method: 'GET', url: '/api/v1/user-orders/', headers });
    expect(purchases.json().map((p: { order_id: string }) => p.order_id)).toContain('QF-58213');

    const form = multipart({}, [
      { field: 'file', filename: 'zephyrine-invoice.pdf', bytes: tinyPdf(PDF_LINES) },
    ]);
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/v1/ai-order-extract/',
      headers: { ...headers, ...form.headers },
      payload: form.payload,
    });
    expect(upload.statusCode).toBe(200);

    const feedUrl = new URL(
      (await t.app.inject({ method: 'GET', url: '/api/v1/calendar/feed/', headers })).json().url,
    );
    const feedSecret = /feed\/([^/.]+)\.ics$/.exec(feedUrl.pathname)?.[1] as string;
    expect((await t.app.inject({ method: 'GET', url: feedUrl.pathname })).statusCode).toBe(200);

    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/refresh/',
      payload: { refresh_token: session.refresh_token },
    });
    expect(refresh.statusCode).toBe(200);
    const renewed = refresh.json() as { access_token: string; refresh_token: string };
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout/',
      headers: { authorization: `Bearer ${renewed.access_token}` },
      payload: { refresh_token: renewed.refresh_token },
    });
    expect(logout.statusCode).toBe(204);

    const logs = lines.join('');
    // The capture works: every step above is in it, including the failed fetch and the feed.
    expect(logs).toContain('/google-auth/google/sync/');
    expect(logs).toContain('/api/v1/auth/logout/');
    expect(logs).toContain('/api/v1/calendar/feed/');
    expect(logs).toContain('gmail answered with something unreadable');
    expect(relay.seen.length).toBeGreaterThanOrEqual(6);

    const keys = [t.deps.keys.encryption, t.deps.keys.signing].flatMap((key) => [
      key.toString('hex'),
      key.toString('base64'),
      key.toString('base64url'),
    ]);
    const secrets: [string, string][] = [
      ['app access token', session.access_token],
      ['app refresh token', session.refresh_token],
      ['renewed access token', renewed.access_token],
      ['renewed refresh token', renewed.refresh_token],
      ...relay.seen.map((token, i): [string, string] => [`provider token exchange value ${i}`, token]),
      ...keys.map((key, i): [string, string] => [`key material ${i}`, key]),
      ['feed secret', feedSecret],
      ['order subject', ORDER_SUBJECT],
      ['order body', ORDER_NOTE],
      ['merchant', 'Quillfeather'],
      ['other subject', /^Subject: (.*)$/m.exec(other)?.[1]?.trim() as string],
      ['other body', 'I can bring dessert'],
      ['PDF text', 'Moonlit reading lamp'],
      ['PDF file name', 'zephyrine-invoice'],
    ];
    const leaked = secrets.filter(([, value]) => logs.includes(value)).map(([name]) => name);
    expect(leaked).toEqual([]);
  });
});
