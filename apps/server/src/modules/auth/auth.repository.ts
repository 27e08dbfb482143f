import type { Insertable, Updateable } from 'kysely';
import { timestamp } from '../../dates';
import type { Db, ProviderAccountsTable, UsersTable } from '../../db/schema';

/** The first user whose address a provider vouched for: the only kind another provider may be linked to. */
export function findVerifiedUserByEmail(db: Db, email: string) {
  return db
    .selectFrom('users')
    .selectAll()
    .where('email', '=', email)
    .where('email_verified', '=', 1)
    .orderBy('created_at')
    .orderBy('id')
    .executeTakeFirst();
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

/** The token's row, with `session_started_at`: when its family's first token was issued (the sign-in). */
export function findRefreshToken(db: Db, tokenHash: string) {
  return db
    .selectFrom('refresh_tokens')
    .selectAll('refresh_tokens')
    .select((eb) =>
      eb
        .selectFrom('refresh_tokens as first')
        .select((inner) => inner.fn.min('first.created_at').as('started'))
        .whereRef('first.family_id', '=', 'refresh_tokens.family_id')
        .as('session_started_at'),
    )
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
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

export async function insertUser(db: Db, row: Insertable<UsersTable>): Promise<void> {
  await db.insertInto('users').values(row).execute();
}

export async function updateUser(db: Db, userId: string, changes: Updateable<UsersTable>): Promise<void> {
  await db.updateTable('users').set(changes).where('id', '=', userId).execute();
}

export function findAccountById(db: Db, accountId: number) {
  return db.selectFrom('provider_accounts').selectAll().where('id', '=', accountId).executeTakeFirstOrThrow();
}

export async function insertAccount(db: Db, row: Insertable<ProviderAccountsTable>): Promise<void> {
  await db.insertInto('provider_accounts').values(row).execute();
}

export async function updateAccount(
  db: Db,
  accountId: number,
  changes: Updateable<ProviderAccountsTable>,
): Promise<void> {
  await db.updateTable('provider_accounts').set(changes).where('id', '=', accountId).execute();
}

export async function updateAccountOfUser(
  db: Db,
  userId: string,
  provider: 'google' | 'microsoft',
  changes: Updateable<ProviderAccountsTable>,
): Promise<void> {
  await db
    .updateTable('provider_accounts')
    .set(changes)
    .where('user_id', '=', userId)
    .where('provider', '=', provider)
    .execute();
}

/** Stores refreshed tokens, unless the account was disconnected meanwhile: a disconnect wins. */
export async function saveRefreshedTokens(
  db: Db,
  accountId: number,
  changes: Updateable<ProviderAccountsTable>,
): Promise<void> {
  await db
    .updateTable('provider_accounts')
    .set(changes)
    .where('id', '=', accountId)
    .where('needs_reauth', '=', 0)
    .execute();
}
