import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { TokenPair } from '@warrantly/contract/auth';
import type { Kysely } from 'kysely';
import { timestamp } from '../../dates';
import type { Database, Db } from '../../db/schema';
import { AppError } from '../../errors';
import { signAccessToken } from './access-token';
import * as repo from './auth.repository';

/** Refresh tokens live 30 days and rotate on every use. */
export const REFRESH_TOKEN_DAYS = 30;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A new access token and a refresh token in `familyId` (a new family at sign-in). */
export async function issueTokens(
  db: Db,
  signingKey: Buffer,
  userId: string,
  now: Date,
  familyId: string = randomUUID(),
): Promise<TokenPair> {
  const refresh = randomBytes(32).toString('base64url');
  await repo.insertRefreshToken(db, {
    user_id: userId,
    family_id: familyId,
    token_hash: hashToken(refresh),
    expires_at: timestamp(new Date(now.getTime() + REFRESH_TOKEN_DAYS * 86_400_000)),
    created_at: timestamp(now),
  });
  return {
    access_token: signAccessToken(signingKey, userId, Math.floor(now.getTime() / 1000)),
    refresh_token: refresh,
  };
}

const invalid = () =>
  new AppError('unauthorized', 'The refresh token is invalid, used or expired: sign in again');

/**
 * Spends a refresh token for a new pair. A token used twice means it leaked: the whole family is revoked,
 * so the thief's copy and the user's newer tokens all stop working and the user signs in again. A family
 * rotates for at most `sessionMaxDays` after its sign-in, so a stolen session cannot be kept alive forever.
 */
export async function rotateRefreshToken(
  db: Kysely<Database>,
  signingKey: Buffer,
  token: string,
  now: Date,
  sessionMaxDays: number,
): Promise<TokenPair> {
  const row = await repo.findRefreshToken(db, hashToken(token));
  if (!row) throw invalid();
  const at = timestamp(now);
  if (row.revoked_at !== null || row.expires_at <= at) throw invalid();
  if (row.used_at !== null) {
    await repo.revokeFamily(db, row.family_id, at);
    throw invalid();
  }
  const startedAt = new Date(row.session_started_at ?? row.created_at).getTime();
  if (now.getTime() >= startedAt + sessionMaxDays * 86_400_000) {
    await repo.revokeFamily(db, row.family_id, at);
    throw new AppError(
      'unauthorized',
      `This session started more than ${sessionMaxDays} days ago and has ended: sign in again`,
    );
  }
  // Spent and replaced in one transaction: a failure in between (the database gone a moment) leaves the
  // token unspent, so the client's retry is not taken for a reuse that would end the session.
  const pair = await db
    .transaction()
    .execute(async (trx) =>
      (await repo.useRefreshToken(trx, row.id, at))
        ? issueTokens(trx, signingKey, row.user_id, now, row.family_id)
        : null,
    );
  if (pair) return pair;
  // Another request spent it first: a reuse after all (outside the rolled-back work, so it sticks).
  await repo.revokeFamily(db, row.family_id, at);
  throw invalid();
}

/** Revokes the family of `token`; unknown tokens are fine (logging out twice is not an error). */
export async function revokeRefreshToken(db: Db, token: string, now: Date): Promise<void> {
  const row = await repo.findRefreshToken(db, hashToken(token));
  if (row) await repo.revokeFamily(db, row.family_id, timestamp(now));
}
