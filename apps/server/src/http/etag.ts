import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** A strong ETag for `content`: a digest of it. */
export function contentEtag(content: string): string {
  return `"${createHash('sha256').update(content).digest('base64url').slice(0, 27)}"`;
}

/**
 * A strong ETag for a user's data as of `version` on `today` (derived warranty statuses change at midnight).
 * The user id is hashed in so two users' equal versions never share a tag.
 */
export function dataEtag(userId: string, version: number, today: string): string {
  return contentEtag(`${userId}\0${version}\0${today}`);
}

/** True when the request's If-None-Match holds `etag` (a list of tags or `*` are both honoured). */
export function isFresh(req: Pick<IncomingMessage, 'headers'>, etag: string): boolean {
  const header = req.headers['if-none-match'];
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim() === etag);
}

/**
 * Per-user data: cacheable by the browser only, always revalidated, different per token and, as JSON
 * answers may be compressed, per Accept-Encoding (a 304 names the same Vary as its 200).
 */
export const PER_USER_CACHE_HEADERS = {
  'cache-control': 'private, no-cache',
  vary: 'Authorization, Accept-Encoding',
} as const;
