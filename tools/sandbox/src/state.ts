import { createHash, randomBytes } from 'node:crypto';

/** The two identity providers the sandbox stands in for. */
export type Provider = 'google' | 'microsoft';

/** A demo account of one provider. */
export interface DemoAccount {
  provider: 'google' | 'microsoft';
  email: string;
  name: string;
  givenName: string;
  familyName: string;
  /** Google `sub`, or Microsoft `oid`. */
  id: string;
  picture: string;
}

/**
 * An account typed into a picker's "Use another account" form: any address and name, as anyone who runs
 * a tenant (or makes a Google account with someone else's address) can have. Its ids, tenant, mailbox
 * and grants are its own, never the demo account's with the same address.
 */
export interface OtherAccount extends DemoAccount {
  /** Where its mailbox, calendar and grants are kept (its `sub`/`oid`): never an address. */
  key: string;
  /** Microsoft: the tenant the account lives in. */
  tenantId: string;
  /** Google `email_verified`, Microsoft `xms_edov`. */
  emailVerified: boolean;
}

/** A change the next ID token is issued with, so tests can see a server refuse a bad one. */
export interface IdTokenTamper {
  alg?: 'HS256' | 'none';
  claims?: Record<string, unknown>;
}

export interface StoredMessage {
  id: string;
  threadId: string;
  raw: Buffer;
  internalDate: number;
  labelIds: string[];
  historyId: number;
  subject: string;
  from: string;
  /** Lower-cased text the `q` search and `$search` look in (headers and body). */
  haystack: string;
  /** Graph's change counter for delta queries. */
  changeSeq: number;
}

export interface Mailbox {
  messages: StoredMessage[];
  byId: Map<string, StoredMessage>;
  historyId: number;
  /** historyIds older than this answer 404 (Gmail keeps about a week of history). */
  oldestHistoryId: number;
  changeSeq: number;
}

export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  provider: 'google' | 'microsoft' | 'graph' | 'control' | 'other';
  at: Date;
}

export interface FaultRule {
  /** Substring of the path, or a pattern over it. */
  match: RegExp | string;
  /** Only requests of this method, e.g. 'POST' to fail a create and not the list beside it. */
  method?: string;
  /** 400: a request the provider refuses outright (e.g. a message it cannot serve); not retried. */
  status?: 400 | 429 | 500 | 502 | 503;
  retryAfter?: number;
  delayMs?: number;
  /** Destroys the connection without an answer. */
  drop?: boolean;
  /**
   * Lets the request do its work (an event is created), then destroys the connection before the answer
   * is delivered: the caller cannot tell whether it happened.
   */
  dropAfter?: boolean;
  /** Answers 200 with a body that is not JSON. */
  garbage?: boolean;
  /** How many matching requests it applies to (default 1). */
  times?: number;
}

export interface AccessGrant {
  provider: 'google' | 'microsoft';
  /** Whose: a demo account's address, or an other account's key. */
  email: string;
  scope: string;
  expiresAt: number;
}

export interface AuthCode {
  provider: 'google' | 'microsoft';
  /** Whose: a demo account's address, or an other account's key. */
  email: string;
  clientId: string;
  redirectUri: string;
  challenge: string;
  scope: string;
  nonce: string | null;
  tenant: string;
  expiresAt: number;
}

/** 16 lowercase hex digits, like Gmail's message ids. */
export const gmailId = () => randomBytes(8).toString('hex');
/** Long opaque ids, like Graph's. */
export const graphId = () => `AAMk${randomBytes(24).toString('base64url')}`;
export const opaqueToken = (prefix: string) => `${prefix}${randomBytes(32).toString('base64url')}`;
export const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');
