import { timestamp } from '../../dates';
import type { Db } from '../../db/schema';

export function findUserByEmail(db: Db, email: string) {
  return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

export function findUser(db: Db, userId: string) {
  return db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
}

export function findAccount(db: Db, provider: 'google' | 'microsoft', subject: string) {
  return db
    .selectFrom('provider_accounts')
    .selectAll()
    .where('provider', '=', provider)
    .where('subject', '=', subject)
    .executeTakeFirst();
}

export function findAccountOfUser(db: Db, userId: string, provider: 'google' | 'microsoft') {
  return db
    .selectFrom('provider_accounts')
    .selectAll()
    .where('user_id', '=', userId)
    .where('provider', '=', provider)
    .orderBy('updated_at', 'desc')
    .executeTakeFirst();
}

/** Records a sign-in state as spent; false when it already was (a replayed callback). */
export async function spendState(db: Db, stateHash: string, expiresAt: string): Promise<boolean> {
  const result = await db
    .insertInto('spent_sign_in_states')
    .values({ state_hash: stateHash, expires_at: expiresAt })
    .onConflict((oc) => oc.column('state_hash').doNothing())
    .executeTakeFirst();
  await db.deleteFrom('spent_sign_in_states').where('expires_at', '<', timestamp()).execute();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

export function findRefreshToken(db: Db, tokenHash: string) {
  return db.selectFrom('refresh_tokens').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

/** Marks a refresh token used; false when another request used it first. */
export async function useRefreshToken(db: Db, id: number, at: string): Promise<boolean> {
  const result = await db
    .updateTable('refresh_tokens')
    .set({ used_at: at })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function revokeFamily(db: Db, familyId: string, at: string): Promise<void> {
  await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: at })
    .where('family_id', '=', familyId)
    .where('revoked_at', 'is', null)
    .execute();
}

export async function insertRefreshToken(
  db: Db,
  row: { user_id: string; family_id: string; token_hash: string; expires_at: string; created_at: string },
): Promise<void> {
  await db.insertInto('refresh_tokens').values(row).execute();
}
