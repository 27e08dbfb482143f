import type { Db } from '../db/schema';

// The rows that hold sealed values, read in batches by id and rewritten only if unchanged since read.

export function documentsAfter(db: Db, after: number, limit: number) {
  return db
    .selectFrom('documents')
    .select(['id', 'storage_key', 'extracted_json'])
    .where('id', '>', after)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** True when the row still held `was` and now holds `text`. */
export async function replaceExtractedText(db: Db, id: number, was: string | null, text: string | null) {
  const { numUpdatedRows } = await db
    .updateTable('documents')
    .set({ extracted_json: text })
    .where('id', '=', id)
    .where((eb) => (was === null ? eb('extracted_json', 'is', null) : eb('extracted_json', '=', was)))
    .executeTakeFirst();
  return numUpdatedRows > 0n;
}

export function accountsAfter(db: Db, after: number, limit: number) {
  return db
    .selectFrom('provider_accounts')
    .select(['id', 'provider', 'subject', 'access_token_enc', 'refresh_token_enc'])
    .where('id', '>', after)
    .orderBy('id')
    .limit(limit)
    .execute();
}

type Tokens = { access_token_enc: string | null; refresh_token_enc: string | null };

/** True when the row still held `was` and now holds `tokens`. */
export async function replaceTokens(db: Db, id: number, was: Tokens, tokens: Tokens) {
  const { numUpdatedRows } = await db
    .updateTable('provider_accounts')
    .set(tokens)
    .where('id', '=', id)
    .where((eb) =>
      eb.and([
        was.access_token_enc === null
          ? eb('access_token_enc', 'is', null)
          : eb('access_token_enc', '=', was.access_token_enc),
        was.refresh_token_enc === null
          ? eb('refresh_token_enc', 'is', null)
          : eb('refresh_token_enc', '=', was.refresh_token_enc),
      ]),
    )
    .executeTakeFirst();
  return numUpdatedRows > 0n;
}

export function feedSecretsAfter(db: Db, after: string, limit: number) {
  return db
    .selectFrom('users')
    .select(['id', 'feed_secret_enc'])
    .where('id', '>', after)
    .where('feed_secret_enc', 'is not', null)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** True when the row still held `was` and now holds `secret`. */
export async function replaceFeedSecret(db: Db, id: string, was: string, secret: string | null) {
  const { numUpdatedRows } = await db
    .updateTable('users')
    .set({ feed_secret_enc: secret })
    .where('id', '=', id)
    .where('feed_secret_enc', '=', was)
    .executeTakeFirst();
  return numUpdatedRows > 0n;
}

/** One stored file's key, or null when there is none (or no documents table yet). */
export async function sampleStorageKey(db: Db): Promise<string | null> {
  if (!(await hasTable(db, 'documents'))) return null;
  const doc = await db.selectFrom('documents').select('storage_key').limit(1).executeTakeFirst();
  return doc?.storage_key ?? null;
}

/** One sealed refresh token, or null when there is none (or no provider_accounts table yet). */
export async function sampleRefreshToken(db: Db): Promise<string | null> {
  if (!(await hasTable(db, 'provider_accounts'))) return null;
  const account = await db
    .selectFrom('provider_accounts')
    .select('refresh_token_enc')
    .where('refresh_token_enc', 'is not', null)
    .limit(1)
    .executeTakeFirst();
  return account?.refresh_token_enc ?? null;
}

async function hasTable(db: Db, name: string): Promise<boolean> {
  return (await db.introspection.getTables()).some((t) => t.name === name);
}

export async function documentCount(db: Db): Promise<number> {
  const row = await db
    .selectFrom('documents')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
