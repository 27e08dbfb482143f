import { createHash, randomBytes } from 'node:crypto';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Sandbox, startSandbox } from './sandbox';

// Provider JSON is read loosely here; the assertions pin the shapes down.
type Json = Record<string, any>;

const verifier = randomBytes(32).toString('base64url');
const challenge = createHash('sha256').update(verifier).digest('base64url');

/** The whole authorization-code dance as a server does it; answers the token endpoint's JSON. */
async function signIn(
  sb: Sandbox,
  provider: 'google' | 'microsoft',
  email: string,
  opts: { verifier?: string; other?: { name: string; verified: boolean } } = {},
) {
  const ends = sb[provider];
  const url = new URL(ends.authorizeUrl);
  const scope =
    provider === 'google'
      ? 'openid email profile https://www.googleapis.com/auth/gmail.readonly'
      : 'openid profile email offline_access Mail.Read';
  for (const [k, v] of Object.entries({
    client_id: ends.clientId,
    redirect_uri: 'http://127.0.0.1:1/cb',
    response_type: 'code',
    scope,
    state: 's1',
    nonce: 'n1',
    code_challenge: challenge,
    code_challenge_method: 'S256',
  })) {
    url.searchParams.set(k, v);
  }
  const page = await (await fetch(url)).text();
  if (!opts.other) expect(page).toContain(`aria-label="${email}"`);
  const action = /<form method="post" action="([^"]+)"/.exec(page)?.[1] as string;
  const fields = new URLSearchParams(
    [...page.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m): [string, string] => [
      m[1] as string,
      (m[2] as string).replace(/&#(\d+);/g, (_x, c) => String.fromCharCode(Number(c))),
    ]),
  );
  if (opts.other) {
    fields.set('other', '1');
    fields.set('other_email', email);
    fields.set('other_name', opts.other.name);
    if (opts.other.verified) fields.set('other_email_verified', 'true');
  } else {
    fields.set('login_hint', email);
  }
  const chosen = await fetch(
    action.replace(/&#(\d+);/g, (_x, c) => String.fromCharCode(Number(c))),
    { method: 'POST', body: fields, redirect: 'manual' },
  );
  const back = new URL(chosen.headers.get('location') as string);
  expect(back.searchParams.get('state')).toBe('s1');
  const code = back.searchParams.get('code') as string;
  const exchange = () =>
    fetch(ends.tokenUrl, {
      method: 'POST',
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: 'http://127.0.0.1:1/cb',
        client_id: ends.clientId,
        client_secret: ends.clientSecret,
        code_verifier: opts.verifier ?? verifier,
      }),
    });
  return { exchange, code };
}

/** Checks signature, audience and issuer (Microsoft's names the token's own tenant); answers the claims. */
async function verifyIdToken(sb: Sandbox, provider: 'google' | 'microsoft', idToken: string) {
  const { payload } = await jwtVerify(idToken, createRemoteJWKSet(new URL(sb[provider].jwksUri)), {
    audience: sb[provider].clientId,
    algorithms: ['RS256'],
  });
  expect(payload.iss).toBe(sb[provider].issuer.replace('{tenantid}', String(payload.tid)));
  return payload;
}

describe('the provider sandbox', () => {
  let sb: Sandbox;
  beforeAll(async () => {
    sb = await startSandbox();
  });
  afterAll(() => sb.close());

  it.each([
    ['google', 'avery.quinn@example.com'],
    ['microsoft', 'jordan.lee@example.com'],
  ] as const)(
    'runs the %s code flow with PKCE and signs ID tokens its JWKS verifies',
    async (provider, email) => {
      const { exchange } = await signIn(sb, provider, email);
      const res = await exchange();
      expect(res.status).toBe(200);
      const tokens = (await res.json()) as Json;
      expect(tokens).toMatchObject({
        token_type: 'Bearer',
        expires_in: expect.any(Number),
        refresh_token: expect.any(String),
        access_token: expect.any(String),
      });
      const payload = await verifyIdToken(sb, provider, tokens.id_token);
      expect(payload).toMatchObject({
        nonce: 'n1',
        ...(provider === 'google'
          ? { email, email_verified: true }
          : { preferred_username: email, ver: '2.0', xms_edov: true }),
      });
      const again = await exchange();
      expect(again.status).toBe(400);
      expect(await again.json()).toMatchObject({ error: 'invalid_grant' });
    },
  );

  it('signs in a look-alike Microsoft account from "Use another account": own tenant and ids, xms_edov as ticked', async () => {
    const form = { name: 'Avery Quinn', verified: false };
    const first = (await (
      await (await signIn(sb, 'microsoft', 'avery.quinn@example.com', { other: form })).exchange()
    ).json()) as Json;
    const claims = await verifyIdToken(sb, 'microsoft', first.id_token);
    expect(claims).toMatchObject({
      email: 'avery.quinn@example.com',
      preferred_username: 'avery.quinn@example.com',
      name: 'Avery Quinn',
      xms_edov: false,
      oid: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/),
    });
    const demo = sb.accounts.microsoft[0];
    expect(claims.tid).not.toBe('9188040d-6c67-4c5b-b112-36a304b66dad');
    expect(claims.oid).not.toBe(demo?.id);
    expect(claims.sub).not.toBe(claims.oid);

    // The same address again: the same account, now with the tenant vouching for the address.
    const again = (await (
      await (
        await signIn(sb, 'microsoft', 'avery.quinn@example.com', { other: { ...form, verified: true } })
      ).exchange()
    ).json()) as Json;
    const second = await verifyIdToken(sb, 'microsoft', again.id_token);
    expect(second).toMatchObject({ oid: claims.oid, tid: claims.tid, sub: claims.sub, xms_edov: true });

    // Its mailbox is its own (empty), not the demo mailbox of any account with that address.
    const headers = { authorization: `Bearer ${first.access_token}` };
    const me = (await (await fetch(`${sb.microsoft.graphBase}/v1.0/me`, { headers })).json()) as Json;
    expect(me).toMatchObject({ id: claims.oid, mail: 'avery.quinn@example.com', displayName: 'Avery Quinn' });
    const mail = (await (
      await fetch(`${sb.microsoft.graphBase}/v1.0/me/messages`, { headers })
    ).json()) as Json;
    expect(mail.value).toEqual([]);
  });

  it('signs in a Google account from "Use another account" with email_verified as ticked', async () => {
    const tokens = (await (
      await (
        await signIn(sb, 'google', 'jordan.lee@example.com', { other: { name: 'Jordan', verified: false } })
      ).exchange()
    ).json()) as Json;
    const claims = await verifyIdToken(sb, 'google', tokens.id_token);
    expect(claims).toMatchObject({ email: 'jordan.lee@example.com', email_verified: false, name: 'Jordan' });
    expect(claims.sub).toMatch(/^\d{21}$/);
    const profile = (await (
      await fetch(`${sb.google.apiBase}/gmail/v1/users/me/profile`, {
        headers: { authorization: `Bearer ${tokens.access_token}` },
      })
    ).json()) as Json;
    expect(profile).toMatchObject({ emailAddress: 'jordan.lee@example.com', messagesTotal: 0 });
  });

  it('answers the picker again with a message when the other account has no usable address', async () => {
    const url = new URL(sb.microsoft.authorizeUrl);
    const page = await (
      await fetch(url.toString().replace('/authorize', '/authorize/choose'), {
        method: 'POST',
        body: new URLSearchParams({
          redirect_uri: 'http://127.0.0.1:1/cb',
          other: '1',
          other_email: 'nobody',
        }),
      })
    ).text();
    expect(page).toContain('Enter an email address (name@example.com) and a name.');
    expect(page).toContain('<label for="other-email">Email</label>');
  });

  it('tells what is wrong with a sign-in request, in words a person can read', async () => {
    const url = new URL(sb.google.authorizeUrl);
    url.searchParams.set('client_id', 'someone-elses-client');
    url.searchParams.set('response_type', 'token');
    const res = await fetch(url);
    expect(res.status).toBe(400);
    const page = await res.text();
    expect(page).toContain(
      'The OAuth client was not found (invalid client_id).<br>response_type must be code.',
    );
    expect(page).not.toContain('%20');
  });

  it('refuses a wrong PKCE verifier', async () => {
    const { exchange } = await signIn(sb, 'google', 'avery.quinn@example.com', {
      verifier: 'wrong-verifier-wrong-verifier-wrong-verifier',
    });
    const res = await exchange();
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: 'invalid_grant', error_description: 'Invalid code verifier.' });
  });

  it('revokes a Google grant: its refresh and access tokens stop working', async () => {
    const email = 'avery.quinn@example.com';
    const tokens = (await (await (await signIn(sb, 'google', email)).exchange()).json()) as Json;
    const refresh = () =>
      fetch(sb.google.tokenUrl, {
        method: 'POST',
        body: new URLSearchParams({
          grant_type: 'refresh_token',
          refresh_token: tokens.refresh_token,
          client_id: sb.google.clientId,
          client_secret: sb.google.clientSecret,
        }),
      });
    const profile = () =>
      fetch(`${sb.google.apiBase}/gmail/v1/users/me/profile`, {
        headers: { authorization: `Bearer ${tokens.access_token}` },
      });
    expect((await refresh()).status).toBe(200);
    expect(sb.liveGoogleGrants(email)).toBeGreaterThan(0);
    const revoke = () =>
      fetch(sb.google.revokeUrl, {
        method: 'POST',
        body: new URLSearchParams({ token: tokens.refresh_token }),
      });
    expect((await revoke()).status).toBe(200);
    expect(sb.liveGoogleGrants(email)).toBe(0);
    expect(await (await refresh()).json()).toMatchObject({ error: 'invalid_grant' });
    expect((await profile()).status).toBe(401);
    const again = await revoke();
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual({
      error: 'invalid_token',
      error_description: 'Token expired or revoked',
    });
  });

  it('lists Gmail messages with the q operators, pages, raw bodies and history', async () => {
    const tokens = (await (
      await (await signIn(sb, 'google', 'avery.quinn@example.com')).exchange()
    ).json()) as Json;
    const get = async (path: string) => {
      const res = await fetch(`${sb.google.apiBase}/gmail/v1/users/me/${path}`, {
        headers: { authorization: `Bearer ${tokens.access_token}` },
      });
      return { status: res.status, body: (await res.json()) as Json };
    };
    const all = await get('messages?maxResults=500');
    expect(all.body.messages.length).toBeGreaterThanOrEqual(14);
    expect(all.body.messages[0]).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{16}$/),
      threadId: expect.any(String),
    });
    const orders = await get(
      `messages?q=${encodeURIComponent('(category:purchases OR subject:(order OR receipt OR invoice)) newer_than:24m -subject:shipped')}`,
    );
    expect(orders.body.resultSizeEstimate).toBeGreaterThan(5);
    expect(orders.body.resultSizeEstimate).toBeLessThan(all.body.messages.length);
    const paged = await get('messages?maxResults=5');
    expect(paged.body.messages).toHaveLength(5);
    const next = await get(`messages?maxResults=5&pageToken=${paged.body.nextPageToken}`);
    expect(next.body.messages[0].id).not.toBe(paged.body.messages[0].id);
    const raw = await get(`messages/${all.body.messages[0].id}?format=raw`);
    expect(Buffer.from(raw.body.raw, 'base64url').toString()).toMatch(/^From: /m);
    const full = await get(`messages/${all.body.messages[0].id}?format=full`);
    expect(full.body.payload.headers).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'Subject' })]),
    );

    const profile = await get('profile');
    sb.addMessage(
      'avery.quinn@example.com',
      'From: a@example.com\r\nSubject: New order 1\r\nDate: Mon, 16 Nov 2026 10:00:00 +0000\r\n\r\nhello',
    );
    const history = await get(`history?startHistoryId=${profile.body.historyId}&historyTypes=messageAdded`);
    expect(history.body.history).toHaveLength(1);
    expect(Number(history.body.historyId)).toBeGreaterThan(Number(profile.body.historyId));
    sb.expireHistory('avery.quinn@example.com');
    expect((await get(`history?startHistoryId=${profile.body.historyId}`)).status).toBe(404);
  });

  it('pages Graph mail through a delta query and then answers only changes', async () => {
    const tokens = (await (
      await (await signIn(sb, 'microsoft', 'jordan.lee@example.com')).exchange()
    ).json()) as Json;
    const get = async (url: string) =>
      (await (
        await fetch(url, {
          headers: { authorization: `Bearer ${tokens.access_token}`, prefer: 'odata.maxpagesize=5' },
        })
      ).json()) as Json;
    let page = await get(
      `${sb.microsoft.graphBase}/v1.0/me/mailFolders/inbox/messages/delta?$select=subject,receivedDateTime`,
    );
    let seen = page.value.length;
    while (page['@odata.nextLink']) {
      page = await get(page['@odata.nextLink']);
      seen += page.value.length;
    }
    expect(seen).toBeGreaterThanOrEqual(11);
    const deltaLink = page['@odata.deltaLink'];
    expect((await get(deltaLink)).value).toEqual([]);
    sb.addMessage(
      'jordan.lee@example.com',
      'From: b@example.com\r\nSubject: Order 2\r\nDate: Mon, 16 Nov 2026 10:00:00 +0000\r\n\r\nhi',
    );
    const changes = await get(deltaLink);
    expect(changes.value.map((m: { subject: string }) => m.subject)).toEqual(['Order 2']);
    const raw = await fetch(`${sb.microsoft.graphBase}/v1.0/me/messages/${changes.value[0].id}/$value`, {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(await raw.text()).toContain('Subject: Order 2');
  });

  it('answers 401 in each provider’s format without a valid token', async () => {
    const google = await fetch(`${sb.google.apiBase}/gmail/v1/users/me/profile`, {
      headers: { authorization: 'Bearer nope' },
    });
    expect(google.status).toBe(401);
    expect(((await google.json()) as Json).error.status).toBe('UNAUTHENTICATED');
    const graph = await fetch(`${sb.microsoft.graphBase}/v1.0/me`);
    expect(((await graph.json()) as Json).error.code).toBe('InvalidAuthenticationToken');
  });

  it('injects faults and records every request', async () => {
    sb.clearRequests();
    sb.fail({ match: '/gmail/', status: 429, retryAfter: 2, times: 1 });
    const first = await fetch(`${sb.google.apiBase}/gmail/v1/users/me/profile`);
    expect(first.status).toBe(429);
    expect(first.headers.get('retry-after')).toBe('2');
    expect((await fetch(`${sb.google.apiBase}/gmail/v1/users/me/profile`)).status).toBe(401);
    expect(sb.requests().map((r) => r.path)).toEqual([
      '/google/gmail/v1/users/me/profile',
      '/google/gmail/v1/users/me/profile',
    ]);
  });

  it('fails only the method a fault names', async () => {
    sb.fail({ match: '/calendar/v3/', method: 'POST', status: 503, times: 1 });
    const list = await fetch(`${sb.google.apiBase}/calendar/v3/calendars/primary/events`);
    expect(list.status).toBe(401);
    const create = await fetch(`${sb.google.apiBase}/calendar/v3/calendars/primary/events`, {
      method: 'POST',
    });
    expect(create.status).toBe(503);
    sb.clearFaults();
  });

  describe('calendar writes a retry cannot duplicate', () => {
    const google = 'avery.quinn@example.com';
    const microsoft = 'jordan.lee@example.com';
    let googleAuth: { authorization: string };
    let graphAuth: { authorization: string };
    const googleEvents = () => `${sb.google.apiBase}/calendar/v3/calendars/primary/events`;
    const graphEvents = () => `${sb.microsoft.graphBase}/v1.0/me/events`;
    const allDay = { start: { date: '2027-03-01' }, end: { date: '2027-03-02' }, summary: 'Filter' };
    const graphAllDay = {
      subject: 'Filter',
      isAllDay: true,
      start: { dateTime: '2027-03-01T00:00:00', timeZone: 'UTC' },
      end: { dateTime: '2027-03-02T00:00:00', timeZone: 'UTC' },
    };
    const post = (url: string, auth: object, body: object) =>
      fetch(url, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    beforeAll(async () => {
      const token = async (provider: 'google' | 'microsoft', email: string) =>
        ((await (await (await signIn(sb, provider, email)).exchange()).json()) as Json).access_token;
      googleAuth = { authorization: `Bearer ${await token('google', google)}` };
      graphAuth = { authorization: `Bearer ${await token('microsoft', microsoft)}` };
    });

    it('creates a Google event under the id the client chose, once: 409 for an id taken, deleted ones too', async () => {
      const id = 'a0b1c2d3e4f5g6h7i8j9kalbmc';
      const first = await post(googleEvents(), googleAuth, { ...allDay, id });
      expect(first.status).toBe(200);
      expect(((await first.json()) as Json).id).toBe(id);
      const again = await post(googleEvents(), googleAuth, { ...allDay, id });
      expect(again.status).toBe(409);
      expect(((await again.json()) as Json).error.errors[0].reason).toBe('duplicate');
      expect(sb.calendar(google).filter((e) => (e as Json).id === id)).toHaveLength(1);

      const one = `${googleEvents()}/${id}`;
      expect((await fetch(one, { method: 'DELETE', headers: googleAuth })).status).toBe(204);
      expect(sb.calendar(google).filter((e) => (e as Json).id === id)).toHaveLength(0);
      // Google keeps the deleted event: it reads as cancelled, deletes as gone, and its id stays taken.
      const read = await fetch(one, { headers: googleAuth });
      expect(read.status).toBe(200);
      expect(((await read.json()) as Json).status).toBe('cancelled');
      expect((await fetch(one, { method: 'DELETE', headers: googleAuth })).status).toBe(410);
      expect((await post(googleEvents(), googleAuth, { ...allDay, id })).status).toBe(409);
      const never = `${googleEvents()}/${'v'.repeat(26)}`;
      expect((await fetch(never, { method: 'DELETE', headers: googleAuth })).status).toBe(404);
    });

    it.each([
      ['too short', 'abcd'],
      ['too long', 'a'.repeat(1025)],
      ['upper case', 'ABCDEF12345'],
      ['beyond base32hex', 'abcdefw123'],
      ['not a string', 12345678],
    ])('refuses a Google event id that is %s with a 400', async (_why, id) => {
      const before = sb.calendar(google).length;
      const res = await post(googleEvents(), googleAuth, { ...allDay, id });
      expect(res.status).toBe(400);
      expect(((await res.json()) as Json).error.errors[0].reason).toBe('invalid');
      expect(sb.calendar(google)).toHaveLength(before);
    });

    it('accepts Google event ids of 5 and of 1024 base32hex characters', async () => {
      for (const id of ['0v9a5', 'v'.repeat(1024)])
        expect((await post(googleEvents(), googleAuth, { ...allDay, id })).status).toBe(200);
    });

    it('answers a Graph create retried with its transactionId with the event the first one made', async () => {
      const property = 'String {6d3f4c59-5b2a-4f41-9a8e-7c1f0b9e2a41} Name warrantlyId';
      const mark = 'String {6d3f4c59-5b2a-4f41-9a8e-7c1f0b9e2a41} Name warrantly';
      const transactionId = '3f2b7c1e-8d4a-4c6b-9e0f-1a2b3c4d5e6f';
      const body = {
        ...graphAllDay,
        transactionId,
        singleValueExtendedProperties: [
          { id: mark, value: '1' },
          { id: property, value: transactionId },
        ],
      };
      const first = (await (await post(graphEvents(), graphAuth, body)).json()) as Json;
      const second = await post(graphEvents(), graphAuth, body);
      expect(second.status).toBe(201);
      expect(((await second.json()) as Json).id).toBe(first.id);
      expect(sb.calendar(microsoft).filter((e) => (e as Json).transactionId === transactionId)).toHaveLength(
        1,
      );

      const find = async (filter: string) => {
        const url = new URL(graphEvents());
        url.searchParams.set('$filter', filter);
        return fetch(url, { headers: graphAuth });
      };
      const clause = (id: string, value: string) =>
        `singleValueExtendedProperties/Any(ep: ep/id eq '${id}' and ep/value eq '${value}')`;
      const ids = async (res: Response) => ((await res.json()) as Json).value.map((e: Json) => e.id);
      expect(await ids(await find(clause(property, transactionId)))).toEqual([first.id]);
      expect(await ids(await find(`${clause(mark, '1')} and ${clause(property, transactionId)}`))).toEqual([
        first.id,
      ]);
      expect(await ids(await find(clause(property, 'another')))).toEqual([]);
      // A PATCH naming some extended properties keeps the others, so the event is still found by its id.
      const patched = await fetch(`${graphEvents()}/${first.id}`, {
        method: 'PATCH',
        headers: { ...graphAuth, 'content-type': 'application/json' },
        body: JSON.stringify({
          subject: 'Filter, moved',
          singleValueExtendedProperties: [{ id: mark, value: '1' }],
        }),
      });
      expect(patched.status).toBe(200);
      expect(await ids(await find(clause(property, transactionId)))).toEqual([first.id]);
      // A filter it cannot read is refused, never ignored (which would answer every event).
      const unread = await find("subject eq 'Filter'");
      expect(unread.status).toBe(400);
    });

    it.each([
      ['Google', () => googleEvents(), () => googleAuth, google, { ...allDay, summary: 'Dropped' }],
      ['Graph', () => graphEvents(), () => graphAuth, microsoft, { ...graphAllDay, subject: 'Dropped' }],
    ])(
      'makes the %s event and then drops the connection before answering, as often as asked',
      async (_p, url, auth, email, body) => {
        const named = () => sb.calendar(email).filter((e) => JSON.stringify(e).includes('Dropped'));
        const before = named().length;
        // Through the control API, as a server process in another test would set it.
        const rule = await fetch(`${sb.url}/__sandbox/faults`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ match: '/events', method: 'POST', dropAfter: true, times: 2 }),
        });
        expect(rule.status).toBe(204);
        await expect(post(url(), auth(), body)).rejects.toThrow();
        await expect(post(url(), auth(), body)).rejects.toThrow();
        expect(named()).toHaveLength(before + 2);
        expect((await post(url(), auth(), body)).ok).toBe(true);
        expect(named()).toHaveLength(before + 3);
      },
    );
  });

  it('seeds 10,000 messages quickly', async () => {
    const raws = Array.from(
      { length: 10_000 },
      (_, i) =>
        `From: s${i}@example.com\r\nSubject: Message ${i}\r\nDate: Mon, 16 Nov 2026 10:00:00 +0000\r\n\r\nbody ${i}`,
    );
    const start = performance.now();
    sb.seedMessages('avery.quinn@example.com', raws);
    expect(performance.now() - start).toBeLessThan(5000);
  });
});
