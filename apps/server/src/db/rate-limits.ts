import { sql } from 'kysely';
import type { Db } from './schema';

/** The database's clock in milliseconds: every replica's window ends at the same instant. */
const NOW_MS = sql<number>`(extract(epoch from clock_timestamp()) * 1000)::bigint`;

/**
 * Counts one hit on `key` in a window of `windowMs` (PostgreSQL): a window that has ended starts afresh.
 * Answers the hits in the window so far and the milliseconds left in it. One statement, so replicas
 * counting the same key at once each see their own hit.
 */
export async function countHit(
  db: Db,
  key: string,
  windowMs: number,
): Promise<{ hits: number; ttlMs: number }> {
  const row = await sql<{ hits: number; ttl_ms: number }>`
    insert into rate_limits (key, hits, expires_at) values (${key}, 1, ${NOW_MS} + ${windowMs})
    on conflict (key) do update set
      hits = case when rate_limits.expires_at <= ${NOW_MS} then 1 else rate_limits.hits + 1 end,
      expires_at = case when rate_limits.expires_at <= ${NOW_MS} then excluded.expires_at
                        else rate_limits.expires_at end
    returning hits, greatest(expires_at - ${NOW_MS}, 0) as ttl_ms`.execute(db);
  const counted = row.rows[0];
  if (!counted) throw new Error(`rate limit counter ${key} was not written`);
  return { hits: Number(counted.hits), ttlMs: Number(counted.ttl_ms) };
}

/** Removes counters whose window ended (they would restart anyway; this keeps the table small). */
export async function deleteEndedWindows(db: Db): Promise<void> {
  await sql`delete from rate_limits where expires_at <= ${NOW_MS}`.execute(db);
}
