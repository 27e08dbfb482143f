import type { CryptoKey, JWK } from 'jose';
import type {
  AccessGrant,
  AuthCode,
  DemoAccount,
  FaultRule,
  IdTokenTamper,
  Mailbox,
  OtherAccount,
  RecordedRequest,
} from './state';

/** Everything the sandbox holds; route modules read and change it. Lives as long as one sandbox. */
export interface SandboxContext {
  url: string;
  now: () => Date;
  tokenLifetimeSeconds: number;
  google: { clientId: string; clientSecret: string };
  microsoft: { clientId: string; clientSecret: string; tenantId: string };
  keys: { privateKey: CryptoKey; publicJwk: JWK; kid: string };
  accounts: DemoAccount[];
  /** Accounts made with the pickers' "Use another account" form, by key. */
  otherAccounts: Map<string, OtherAccount>;
  /** Applied to the next ID token issued, then cleared. */
  idTokenTamper: IdTokenTamper | null;
  mailboxes: Map<string, Mailbox>;
  /** Calendar events per account e-mail, stored in each provider's own resource shape. */
  calendars: Map<string, Record<string, unknown>[]>;
  /** Google keeps a deleted event (status `cancelled`) under its id, per account: the id stays taken. */
  cancelledEvents: Map<string, Map<string, Record<string, unknown>>>;
  codes: Map<string, AuthCode>;
  accessTokens: Map<string, AccessGrant>;
  refreshTokens: Map<
    string,
    { provider: 'google' | 'microsoft'; email: string; scope: string; revoked: boolean }
  >;
  revoked: Set<string>;
  requests: RecordedRequest[];
  faults: (FaultRule & { remaining: number })[];
}

/** A demo account by its address, or an account of the "Use another account" form by its key. */
export function accountOf(
  ctx: SandboxContext,
  provider: 'google' | 'microsoft',
  key: string,
): DemoAccount | OtherAccount | undefined {
  const other = ctx.otherAccounts.get(key);
  if (other) return other.provider === provider ? other : undefined;
  return ctx.accounts.find((a) => a.provider === provider && a.email === key);
}

export function mailboxOf(ctx: SandboxContext, email: string): Mailbox {
  const mailbox = ctx.mailboxes.get(email);
  if (!mailbox) throw new Error(`no mailbox for ${email}`);
  return mailbox;
}

export function calendarOf(ctx: SandboxContext, email: string): Record<string, unknown>[] {
  let events = ctx.calendars.get(email);
  if (!events) {
    events = [];
    ctx.calendars.set(email, events);
  }
  return events;
}

export function cancelledEventsOf(ctx: SandboxContext, email: string): Map<string, Record<string, unknown>> {
  let events = ctx.cancelledEvents.get(email);
  if (!events) {
    events = new Map();
    ctx.cancelledEvents.set(email, events);
  }
  return events;
}
