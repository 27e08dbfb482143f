import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../errors';
import { type AccessClaims, verifyAccessToken } from './access-token';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user; set by `requireUser` on every protected route. */
    userId: string;
  }
  interface FastifyContextConfig {
    /** Routes reachable without a bearer token (sign-in, refresh, the calendar feed, docs, health). */
    public?: boolean;
  }
}

/** Verified tokens kept; at 15-minute lifetimes this covers far more signed-in sessions than one server sees. */
const VERIFIED_TOKENS = 10_000;
/**
 * How long a user found in the database is trusted to still exist. A deletion in this process takes
 * effect at once (`userDeleted`); one made by another replica is seen here within this bound.
 */
export const USER_EXISTS_TTL_MS = 30_000;
/** Users remembered as existing, and deleted users remembered as gone (oldest out first, like tokens). */
const USERS_KEPT = 10_000;

export interface Guard {
  /**
   * An onRequest hook: a token and user already checked pass at once (`done` called, nothing returned);
   * otherwise it returns a promise of the check, and Fastify goes on when it settles.
   */
  (req: FastifyRequest, reply: FastifyReply, done: () => void): undefined | Promise<void>;
  /** Refuses the user's tokens from now on, in this process (their account was deleted). */
  userDeleted(userId: string): void;
  /**
   * The user of an Authorization header this guard would pass at once (its token remembered and unexpired,
   * its user known to exist); undefined for anything else, which only the hook itself answers.
   */
  knownUser(authorization: string | undefined, nowMs: number): string | undefined;
}

/** The token of a `Bearer` Authorization header; undefined for any other header or none. */
const bearerToken = (header: string | undefined) =>
  header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;

/** Drops the oldest entry of a full map or set (both keep insertion order) before one more is added. */
function makeRoom(store: Map<string, unknown> | Set<string>): void {
  if (store.size >= USERS_KEPT) store.delete(store.keys().next().value as string);
}

/**
 * onRequest hook added to every route whose config does not mark it public (see app.ts). A token's
 * signature is checked once and the token remembered with its claims, since the web app sends the same
 * one for 15 minutes; the expiry is still checked on every request. The token's user must still exist:
 * one primary-key read per user per `USER_EXISTS_TTL_MS`, so a deleted account's tokens stop working.
 */
export function createGuard(
  signingKey: Buffer,
  now: () => Date = () => new Date(),
  userExists: (userId: string) => Promise<boolean> = async () => true,
): Guard {
  const verified = new Map<string, AccessClaims>();
  const existsUntil = new Map<string, number>();
  const deleted = new Set<string>();

  /** The user of a verified, unexpired token (remembered or checked now); throws for anything else. */
  function claimedUser(req: FastifyRequest, nowMs: number): string {
    const token = bearerToken(req.headers.authorization);
    if (token === undefined) {
      throw new AppError('unauthorized', 'Sign in first: this request needs a bearer access token');
    }
    const nowSeconds = Math.floor(nowMs / 1000);
    let claims = verified.get(token) ?? null;
    if (!claims || claims.exp <= nowSeconds) {
      verified.delete(token);
      claims = verifyAccessToken(signingKey, token, nowSeconds);
      if (!claims) throw new AppError('unauthorized', 'The access token is invalid or has expired');
      // Oldest first out: Map keeps insertion order.
      if (verified.size >= VERIFIED_TOKENS) verified.delete(verified.keys().next().value as string);
      verified.set(token, claims);
    }
    if (deleted.has(claims.sub)) throw gone();
    return claims.sub;
  }

  /** Reads whether the user still exists, remembering the answer for `USER_EXISTS_TTL_MS`. */
  async function checkExists(req: FastifyRequest, userId: string, nowMs: number): Promise<void> {
    if (!(await userExists(userId))) {
      guard.userDeleted(userId);
      throw gone();
    }
    existsUntil.delete(userId);
    makeRoom(existsUntil);
    existsUntil.set(userId, nowMs + USER_EXISTS_TTL_MS);
    req.userId = userId;
  }

  function requireUser(
    req: FastifyRequest,
    _reply: FastifyReply,
    done: () => void,
  ): undefined | Promise<void> {
    const nowMs = now().getTime();
    const userId = claimedUser(req, nowMs);
    if ((existsUntil.get(userId) ?? 0) <= nowMs) return checkExists(req, userId, nowMs);
    req.userId = userId;
    done();
    return undefined;
  }

  const guard: Guard = Object.assign(requireUser, {
    knownUser(authorization: string | undefined, nowMs: number) {
      const token = bearerToken(authorization);
      const claims = token === undefined ? undefined : verified.get(token);
      if (!claims || claims.exp <= Math.floor(nowMs / 1000) || deleted.has(claims.sub)) return undefined;
      return (existsUntil.get(claims.sub) ?? 0) > nowMs ? claims.sub : undefined;
    },
    userDeleted(userId: string) {
      existsUntil.delete(userId);
      if (deleted.has(userId)) return;
      makeRoom(deleted);
      deleted.add(userId);
    },
  });
  return guard;
}

const gone = () => new AppError('unauthorized', 'The account of this access token no longer exists');
