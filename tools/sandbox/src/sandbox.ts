import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import formbody from '@fastify/formbody';
import Fastify from 'fastify';
import { exportJWK, generateKeyPair } from 'jose';
import { SANDBOX_CLIENT, sandboxAddresses } from './addresses';
import { calendarOf, mailboxOf, type SandboxContext } from './context';
import { demoMailbox } from './demo-mailbox';
import { registerGmail } from './gmail';
import { registerGoogleCalendar } from './google-calendar';
import { GOOGLE } from './google-identity';
import { liveGoogleGrants, registerGoogleRevoke } from './google-revoke';
import { registerGraphUser } from './graph-user';
import { createMailbox, storeMessage } from './mailbox';
import { MICROSOFT } from './microsoft-identity';
import { registerIdentityProvider } from './oauth';
import { registerOutlookCalendar } from './outlook-calendar';
import { registerOutlookMail } from './outlook-mail';
import type { DemoAccount, FaultRule, IdTokenTamper, RecordedRequest } from './state';

export type { DemoAccount, FaultRule, IdTokenTamper, RecordedRequest } from './state';

export interface SandboxOptions {
  port?: number;
  host?: string;
  /** A folder of .eml files (searched recursively): both demo mailboxes then hold exactly these. */
  mailboxDir?: string;
  clientId?: string;
  clientSecret?: string;
  now?: () => Date;
  tokenLifetimeSeconds?: number;
}

export interface Sandbox {
  url: string;
  google: {
    issuer: string;
    discoveryUrl: string;
    authorizeUrl: string;
    tokenUrl: string;
    jwksUri: string;
    userinfoUrl: string;
    revokeUrl: string;
    apiBase: string;
    clientId: string;
    clientSecret: string;
  };
  microsoft: {
    issuer: string;
    discoveryUrl: string;
    authorizeUrl: string;
    tokenUrl: string;
    jwksUri: string;
    graphBase: string;
    clientId: string;
    clientSecret: string;
  };
  accounts: { google: DemoAccount[]; microsoft: DemoAccount[] };
  requests(): RecordedRequest[];
  clearRequests(): void;
  fail(rule: FaultRule): void;
  clearFaults(): void;
  /** The next ID token is issued with this change (another `alg`, claims replaced), then they are normal. */
  tamperIdToken(change: IdTokenTamper): void;
  addMessage(
    email: string,
    raw: string | Uint8Array,
    opts?: { labelIds?: string[]; internalDate?: Date },
  ): { id: string };
  seedMessages(email: string, raws: (string | Uint8Array)[]): void;
  revokeGrant(email: string): void;
  /** Live Google refresh tokens of an account: 0 once the app revoked its grant. */
  liveGoogleGrants(email: string): number;
  setTokenLifetime(seconds: number): void;
  expireHistory(email: string): void;
  calendar(email: string): unknown[];
  close(): Promise<void>;
}

export { SANDBOX_CLIENT };

const TENANT_ID = '9188040d-6c67-4c5b-b112-36a304b66dad';

const ACCOUNTS: DemoAccount[] = [
  {
    provider: 'google',
    email: 'avery.quinn@example.com',
    name: 'Avery Quinn',
    givenName: 'Avery',
    familyName: 'Quinn',
    id: '109876543210987654321',
    picture: '',
  },
  {
    provider: 'microsoft',
    email: 'jordan.lee@example.com',
    name: 'Jordan Lee',
    givenName: 'Jordan',
    familyName: 'Lee',
    id: '00000000-0000-0000-66f3-3332eca7ea81',
    picture: '',
  },
];

function emlFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.toLowerCase().endsWith('.eml'))
    .map((e) => path.join(e.parentPath, e.name))
    .sort();
}

function providerOf(url: string): RecordedRequest['provider'] {
  if (url.startsWith('/google')) return 'google';
  if (url.startsWith('/microsoft')) return 'microsoft';
  if (url.startsWith('/graph')) return 'graph';
  if (url.startsWith('/__sandbox')) return 'control';
  return 'other';
}

/**
 * A local stand-in for the parts of Google (OAuth, Gmail, Calendar) and Microsoft (identity platform,
 * Graph mail and calendar) the app uses, speaking their wire formats on its own port.
 */
export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const now = options.now ?? (() => new Date());
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const ctx: SandboxContext = {
    url: '',
    now,
    tokenLifetimeSeconds: options.tokenLifetimeSeconds ?? 3599,
    google: {
      clientId: options.clientId ?? SANDBOX_CLIENT.clientId,
      clientSecret: options.clientSecret ?? SANDBOX_CLIENT.clientSecret,
    },
    microsoft: {
      clientId: options.clientId ?? SANDBOX_CLIENT.clientId,
      clientSecret: options.clientSecret ?? SANDBOX_CLIENT.clientSecret,
      tenantId: TENANT_ID,
    },
    keys: { privateKey, publicJwk: await exportJWK(publicKey), kid: randomUUID() },
    accounts: ACCOUNTS,
    otherAccounts: new Map(),
    idTokenTamper: null,
    mailboxes: new Map(),
    calendars: new Map(),
    cancelledEvents: new Map(),
    codes: new Map(),
    accessTokens: new Map(),
    refreshTokens: new Map(),
    revoked: new Set(),
    requests: [],
    faults: [],
  };

  for (const account of ACCOUNTS) {
    const mailbox = createMailbox();
    const idStyle = account.provider === 'microsoft' ? 'graph' : 'gmail';
    if (options.mailboxDir) {
      for (const file of emlFiles(options.mailboxDir))
        storeMessage(mailbox, readFileSync(file), { idStyle, now: now() });
    } else {
      for (const message of demoMailbox(account, now())) {
        storeMessage(mailbox, message.raw, { idStyle, labelIds: message.labelIds, now: now() });
      }
    }
    ctx.mailboxes.set(account.email, mailbox);
  }

  const app = Fastify({ logger: false, bodyLimit: 30 * 1024 * 1024 });
  await app.register(formbody);
  app.addContentTypeParser(
    ['message/rfc822', 'text/plain', 'application/octet-stream'],
    { parseAs: 'buffer' },
    (_req, body, done) => done(null, body),
  );

  // Requests a `dropAfter` fault let through: their answer is made, then the connection is cut instead.
  const answerLost = new WeakSet<object>();
  app.addHook('onSend', async (req, _reply, payload) => {
    if (answerLost.delete(req.raw)) req.raw.socket.destroy();
    return payload;
  });

  app.addHook('onRequest', async (req, reply) => {
    const url = new URL(req.url, 'http://sandbox');
    ctx.requests.push({
      method: req.method,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      provider: providerOf(url.pathname),
      at: new Date(),
    });
    if (url.pathname.startsWith('/__sandbox')) return;
    const fault = ctx.faults.find(
      (f) =>
        f.remaining > 0 &&
        (!f.method || f.method.toUpperCase() === req.method) &&
        (typeof f.match === 'string' ? url.pathname.includes(f.match) : f.match.test(url.pathname)),
    );
    if (!fault) return;
    fault.remaining -= 1;
    if (fault.delayMs) await new Promise((r) => setTimeout(r, fault.delayMs));
    if (fault.drop) {
      req.raw.socket.destroy();
      return reply;
    }
    if (fault.dropAfter) {
      answerLost.add(req.raw);
      return;
    }
    if (fault.garbage)
      return reply.code(200).type('application/json').send('<html>Service temporarily garbled</html>');
    if (fault.status) {
      if (fault.retryAfter !== undefined) reply.header('retry-after', String(fault.retryAfter));
      const [message, status] =
        fault.status === 429
          ? ['Rate Limit Exceeded', 'RESOURCE_EXHAUSTED']
          : fault.status === 400
            ? ['Invalid request', 'INVALID_ARGUMENT']
            : ['Backend Error', 'INTERNAL'];
      return reply.code(fault.status).send({ error: { code: fault.status, message, status } });
    }
  });

  registerIdentityProvider(app, ctx, GOOGLE);
  registerIdentityProvider(app, ctx, MICROSOFT);
  registerGoogleRevoke(app, ctx);
  registerGmail(app, ctx);
  registerGoogleCalendar(app, ctx);
  registerGraphUser(app, ctx);
  registerOutlookMail(app, ctx);
  registerOutlookCalendar(app, ctx);

  const sandbox = {} as Sandbox;
  // Control API for a second process (the server in browser tests, benchmarks) to drive the sandbox.
  app.get('/__sandbox/requests', async () => ({ requests: ctx.requests }));
  app.delete('/__sandbox/requests', async (_req, reply) => {
    sandbox.clearRequests();
    return reply.code(204).send();
  });
  app.post<{ Body: { match: string; regex?: boolean } & Omit<FaultRule, 'match'> }>(
    '/__sandbox/faults',
    async (req, reply) => {
      const { match, regex, ...rest } = req.body;
      sandbox.fail({ ...rest, match: regex ? new RegExp(match) : match });
      return reply.code(204).send();
    },
  );
  app.delete('/__sandbox/faults', async (_req, reply) => {
    sandbox.clearFaults();
    return reply.code(204).send();
  });
  app.post<{ Params: { email: string }; Body: Buffer }>('/__sandbox/messages/:email', async (req, reply) => {
    if (!ctx.mailboxes.has(req.params.email)) return reply.code(404).send({ error: 'no such mailbox' });
    return reply.code(201).send(sandbox.addMessage(req.params.email, req.body));
  });
  app.get<{ Params: { email: string } }>('/__sandbox/calendar/:email', async (req) => ({
    events: sandbox.calendar(req.params.email),
  }));
  app.get<{ Params: { email: string } }>('/__sandbox/grants/:email', async (req) => ({
    live_google_grants: sandbox.liveGoogleGrants(req.params.email),
  }));
  app.post<{ Params: { email: string } }>('/__sandbox/revoke/:email', async (req, reply) => {
    sandbox.revokeGrant(req.params.email);
    return reply.code(204).send();
  });

  await app.listen({ port: options.port ?? 0, host: options.host ?? '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const host = options.host && options.host !== '0.0.0.0' ? options.host : '127.0.0.1';
  ctx.url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  const addresses = sandboxAddresses(ctx.url, ctx.google);

  Object.assign(sandbox, {
    ...addresses,
    microsoft: {
      ...addresses.microsoft,
      clientId: ctx.microsoft.clientId,
      clientSecret: ctx.microsoft.clientSecret,
    },
    accounts: {
      google: ACCOUNTS.filter((a) => a.provider === 'google'),
      microsoft: ACCOUNTS.filter((a) => a.provider === 'microsoft'),
    },
    requests: () => [...ctx.requests],
    clearRequests: () => {
      ctx.requests.length = 0;
    },
    fail: (rule: FaultRule) => {
      ctx.faults.push({ ...rule, remaining: rule.times ?? 1 });
    },
    clearFaults: () => {
      ctx.faults.length = 0;
    },
    tamperIdToken: (change: IdTokenTamper) => {
      ctx.idTokenTamper = change;
    },
    addMessage: (
      email: string,
      raw: string | Uint8Array,
      opts: { labelIds?: string[]; internalDate?: Date } = {},
    ) => {
      const provider = ACCOUNTS.find((a) => a.email === email)?.provider;
      const stored = storeMessage(mailboxOf(ctx, email), raw, {
        ...opts,
        now: now(),
        idStyle: provider === 'microsoft' ? 'graph' : 'gmail',
      });
      return { id: stored.id };
    },
    seedMessages: (email: string, raws: (string | Uint8Array)[]) => {
      for (const raw of raws) sandbox.addMessage(email, raw);
    },
    revokeGrant: (email: string) => {
      ctx.revoked.add(email);
    },
    liveGoogleGrants: (email: string) => liveGoogleGrants(ctx, email),
    setTokenLifetime: (seconds: number) => {
      ctx.tokenLifetimeSeconds = seconds;
    },
    expireHistory: (email: string) => {
      const mailbox = mailboxOf(ctx, email);
      mailbox.oldestHistoryId = mailbox.historyId + 1;
    },
    calendar: (email: string) => [...calendarOf(ctx, email)],
    close: () => app.close(),
  } satisfies Sandbox);
  return sandbox;
}
