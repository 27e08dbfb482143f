import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signAccessToken } from '../src/modules/auth/access-token';
import { createTestApp, DIALECTS, insertPurchases, postPurchase, type TestApp } from './harness';

/** An answer as the client received it: status, headers and the bytes on the wire (not decoded). */
interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

const agent = new http.Agent({ keepAlive: true });

function get(base: string, url: string, headers: Record<string, string>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    http
      .get(`${base}${url}`, { agent, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      })
      .on('error', reject);
  });
}

/** The headers a client sees, but those that name the moment or the connection. */
const sameAnswerHeaders = ({ date: _date, connection: _c, 'keep-alive': _k, ...rest }: Answer['headers']) =>
  rest;

const READS = [
  '/api/v1/user-orders/',
  '/api/v1/user-orders/?limit=2',
  '/api/v1/user-orders/total-price/',
  '/api/v1/user-orders/active-warranty-count/',
  '/api/v1/invoice/',
];
const ENCODINGS: Record<string, string>[] = [
  {},
  { 'accept-encoding': 'gzip' },
  { 'accept-encoding': 'gzip, deflate, br' },
];

describe.each(DIALECTS)('reads answered from memory, before the framework, on %s', (dialect) => {
  // Real time, a little ahead: tokens are signed for now, and the clock is moved past their expiry below.
  let clock = new Date(Date.now() + 1000);
  let t: TestApp;
  let base: string;
  let user: string;
  let other: string;
  const lines: Record<string, unknown>[] = [];

  const bearer = (userId: string, issuedAt?: number) => ({
    authorization: `Bearer ${signAccessToken(t.deps.keys.signing, userId, issuedAt)}`,
  });

  beforeAll(async () => {
    t = await createTestApp(dialect, {
      now: () => clock,
      env: { TRUST_PROXY: '1' },
      logTo: { level: 'info', write: (line) => void lines.push(JSON.parse(line)) },
    });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    user = await t.createUser();
    other = await t.createUser();
    // Straight into the database: on PostgreSQL a user written through the app is read from the database
    // for a few seconds after (data-versions.service.ts), and these reads are to come from memory.
    await insertPurchases(t, user, 12, '2028-11-01');
    await insertPurchases(t, other, 1);
  });
  afterAll(async () => {
    agent.destroy();
    await t.close();
  });

  it('answers with the same status, headers and bytes as the route, in every encoding, and 304s alike', async () => {
    const auth = t.auth(user);
    for (const url of READS)
      for (const encoding of ENCODINGS) {
        const routed = await get(base, url, { ...auth, ...encoding });
        expect(routed.status, url).toBe(200);
        const before = t.app.readsFromMemory();
        const remembered = await get(base, url, { ...auth, ...encoding });
        expect(t.app.readsFromMemory(), `${url} ${JSON.stringify(encoding)}`).toBe(before + 1);
        expect(remembered.status).toBe(200);
        expect(sameAnswerHeaders(remembered.headers)).toEqual(sameAnswerHeaders(routed.headers));
        expect(remembered.body.equals(routed.body), url).toBe(true);

        const revalidated = await get(base, url, {
          ...auth,
          ...encoding,
          'if-none-match': String(routed.headers.etag),
        });
        expect(revalidated.status).toBe(304);
        expect(revalidated.headers.etag).toBe(routed.headers.etag);
        expect(revalidated.body.length).toBe(0);
      }
    // The compressed list really is compressed, and the early answer says so.
    const br = await get(base, READS[0] as string, { ...auth, 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['x-content-type-options']).toBe('nosniff');
  });

  it("never answers one user's read with another's, and a change shows at once", async () => {
    const mine = await get(base, '/api/v1/user-orders/total-price/', t.auth(user));
    const theirs = await get(base, '/api/v1/user-orders/total-price/', t.auth(other));
    expect(theirs.body.toString()).not.toBe(mine.body.toString());
    expect(theirs.headers.etag).not.toBe(mine.headers.etag);

    await postPurchase(t, t.auth(other), {
      product_name: 'Kettle',
      purchase_date: '2026-11-02',
      price: '30.00',
      currency: 'USD',
    });
    const after = await get(base, '/api/v1/user-orders/total-price/', {
      ...t.auth(other),
      'if-none-match': String(theirs.headers.etag),
    });
    expect(after.status).toBe(200);
    expect(after.body.toString()).not.toBe(theirs.body.toString());
  });

  it('writes the request line the route would, the forwarded client address included', async () => {
    const url = '/api/v1/user-orders/?limit=3';
    const headers = { ...t.auth(user), 'x-forwarded-for': '203.0.113.7' };
    lines.length = 0;
    await get(base, url, headers);
    const before = t.app.readsFromMemory();
    await get(base, url, headers);
    expect(t.app.readsFromMemory()).toBe(before + 1);
    const logged = lines.filter((line) => line.msg === 'request completed');
    expect(logged).toHaveLength(2);
    const [routed, early] = logged.map(({ time: _t, reqId, responseTime, ...rest }) => {
      expect(String(reqId)).toMatch(/^req-[0-9a-z]+$/);
      expect(responseTime).toBeTypeOf('number');
      return rest;
    });
    expect(early).toEqual(routed);
    expect(early).toMatchObject({
      level: 30,
      req: { method: 'GET', url: '/api/v1/user-orders/?limit=…', ip: '203.0.113.7' },
      res: { statusCode: 200 },
    });
    expect(JSON.stringify(lines)).not.toContain(headers.authorization.slice(7));
  });

  it('leaves an expired token, a forged one and a deleted account to the guard, which refuses them', async () => {
    const url = '/api/v1/user-orders/total-price/';
    const auth = t.auth(user);
    expect((await get(base, url, auth)).status).toBe(200);

    const forged = `${auth.authorization.slice(0, -4)}AAAA`;
    const refused = await get(base, url, { authorization: forged });
    expect(refused.status).toBe(401);

    // A token ten seconds from its expiry, remembered by the guard, then used twenty seconds later: its
    // user is still known to exist (that is checked every 30 s), the token alone has run out.
    const seconds = Math.floor(clock.getTime() / 1000);
    const closeToExpiry = bearer(user, seconds - 15 * 60 + 10);
    expect((await get(base, url, closeToExpiry)).status).toBe(200);
    const before = t.app.readsFromMemory();
    expect((await get(base, url, closeToExpiry)).status).toBe(200);
    expect(t.app.readsFromMemory()).toBe(before + 1);
    clock = new Date(clock.getTime() + 20_000);
    const expired = await get(base, url, closeToExpiry);
    expect(expired.status).toBe(401);
    expect(JSON.parse(expired.body.toString())).toMatchObject({
      message: 'The access token is invalid or has expired',
    });
    clock = new Date(Date.now() + 1000);

    const gone = await t.createUser();
    const goneAuth = bearer(gone);
    await insertPurchases(t, gone, 1);
    expect((await get(base, url, goneAuth)).status).toBe(200);
    const answered = t.app.readsFromMemory();
    expect((await get(base, url, goneAuth)).status).toBe(200);
    expect(t.app.readsFromMemory()).toBe(answered + 1);
    const deleted = await t.app.inject({ method: 'DELETE', url: '/api/v1/account/', headers: goneAuth });
    expect(deleted.statusCode).toBe(204);
    expect((await get(base, url, goneAuth)).status).toBe(401);
  });

  it('answers a new day with a new tag, not the stored answer of the day before', async () => {
    const url = '/api/v1/user-orders/active-warranty-count/';
    const today = await get(base, url, t.auth(user));
    clock = new Date(clock.getTime() + 24 * 60 * 60 * 1000);
    // Tokens are signed for the real time: one signed a day later is valid on the moved clock.
    const later = bearer(user, Math.floor(clock.getTime() / 1000));
    const tomorrow = await get(base, url, { ...later, 'if-none-match': String(today.headers.etag) });
    expect(tomorrow.status).toBe(200);
    expect(tomorrow.headers.etag).not.toBe(today.headers.etag);
    clock = new Date(Date.now() + 1000);
  });
});
