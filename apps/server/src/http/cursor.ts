import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { LAST_PAGE_CURSOR } from '@warrantly/contract/purchases';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError } from '../errors';
import { parseInput } from './parse-input';

/**
 * A place in a keyset-ordered list: the rows `after` or `before` the row whose sort key is `key` and id is
 * `id` (`inclusive`: that row too, for a page whose neighbours were deleted meanwhile).
 */
export interface KeyPosition {
  direction: 'after' | 'before';
  key: string | number;
  id: number;
  inclusive?: boolean;
}

export interface CursorCodec {
  /** An opaque cursor for `position`, valid only for the same `scope` (user, list, sort and filters). */
  encode(scope: readonly unknown[], position: KeyPosition): string;
  /** The position a cursor of `scope` holds; anything else (forged, cut, another scope's) answers 400. */
  decode(scope: readonly unknown[], cursor: string): KeyPosition;
}

const MAC_BYTES = 16;

/**
 * Cursors are signed, not encrypted: they hold only a sort key and an id of the user's own rows, but a
 * signature bound to the user and the filters means a cursor cannot be forged, reused by another account
 * or carried over to other filters, where its key would place the page somewhere meaningless.
 */
export function createCursorCodec(signingKey: Buffer): CursorCodec {
  const secret = Buffer.from(hkdfSync('sha256', signingKey, 'warrantly', 'page-cursor-v1', 32));
  const mac = (scope: readonly unknown[], payload: string) =>
    createHmac('sha256', secret)
      .update(JSON.stringify(scope))
      .update('\0')
      .update(payload)
      .digest()
      .subarray(0, MAC_BYTES);
  const invalid = () =>
    new AppError(
      'invalid_input',
      'cursor: is not a cursor this list gave for these filters and this account; start again without it',
    );

  return {
    encode(scope, { direction, key, id, inclusive }) {
      const payload = Buffer.from(
        JSON.stringify([direction === 'after' ? 'a' : 'b', key, id, inclusive ? 1 : 0]),
      ).toString('base64url');
      return `${payload}.${mac(scope, payload).toString('base64url')}`;
    },
    decode(scope, cursor) {
      const [payload, signature, ...rest] = cursor.split('.');
      if (!payload || !signature || rest.length > 0) throw invalid();
      const given = Buffer.from(signature, 'base64url');
      if (given.length !== MAC_BYTES || !timingSafeEqual(given, mac(scope, payload))) throw invalid();
      let parsed: unknown;
      try {
        parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
      } catch {
        throw invalid();
      }
      // Signed by us, so well formed; checked anyway so a leaked signing key cannot smuggle in other types.
      if (!Array.isArray(parsed) || parsed.length !== 4) throw invalid();
      const [direction, key, id, inclusive] = parsed as unknown[];
      if (
        (direction !== 'a' && direction !== 'b') ||
        (typeof key !== 'string' && typeof key !== 'number') ||
        !Number.isSafeInteger(id)
      ) {
        throw invalid();
      }
      return {
        direction: direction === 'a' ? 'after' : 'before',
        key,
        id: id as number,
        ...(inclusive === 1 ? { inclusive: true } : {}),
      };
    },
  };
}

/** True when the query names any of `params`: a list then answers a page instead of the whole array. */
export function asksForPage(query: unknown, params: readonly string[]): boolean {
  return typeof query === 'object' && query !== null && params.some((name) => Object.hasOwn(query, name));
}

/** Page queries already read, by schema and query string: a list's pages are asked for again and again. */
const readQueries = new WeakMap<z.ZodType, Map<string, unknown>>();
/** Query strings remembered per schema at most; past it the memory starts over rather than grows. */
const QUERIES_KEPT = 256;

/**
 * A page request's parameters checked against `schema` (a 400 naming what is wrong), empty ones left out:
 * `?q=&limit=6` searches for nothing. The same query string answers the same frozen value without a parse.
 */
export function parsePageQuery<S extends z.ZodType>(schema: S, req: FastifyRequest): Readonly<z.output<S>> {
  const at = req.url.indexOf('?');
  const queryString = at === -1 ? '' : req.url.slice(at + 1);
  let known = readQueries.get(schema);
  if (!known) {
    known = new Map();
    readQueries.set(schema, known);
  }
  const remembered = known.get(queryString);
  if (remembered !== undefined) return remembered as z.output<S>;
  const entries = Object.entries((req.query ?? {}) as Record<string, unknown>);
  const parsed = Object.freeze(
    parseInput(schema, Object.fromEntries(entries.filter(([, value]) => value !== ''))),
  ) as z.output<S>;
  if (known.size >= QUERIES_KEPT) known.clear();
  known.set(queryString, parsed);
  return parsed;
}

/** Where a page starts: the first page (no cursor), the last (`last`), or a signed cursor's place. */
export function pageStart(
  codec: CursorCodec,
  scope: readonly unknown[],
  cursor: string | undefined,
): KeyPosition | 'last' | null {
  if (cursor === undefined) return null;
  return cursor === LAST_PAGE_CURSOR ? 'last' : codec.decode(scope, cursor);
}
