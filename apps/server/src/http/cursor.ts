import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { LAST_PAGE_CURSOR } from '@warrantly/contract/purchases';
import { AppError } from '../errors';

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

/** The query's parameters without the empty ones: `?q=&limit=6` searches for nothing. */
export function withoutBlanks(query: unknown): Record<string, unknown> {
  const entries = Object.entries((query ?? {}) as Record<string, unknown>);
  return Object.fromEntries(entries.filter(([, value]) => value !== ''));
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
