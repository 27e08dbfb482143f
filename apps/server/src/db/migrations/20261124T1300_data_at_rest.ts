import type { Kysely } from 'kysely';
import { extractionContext } from '../../modules/receipts/receipt-files.service';
import { feedSecretContext, hashFeedSecret } from '../../modules/reminders/feed.service';
import { type EncryptionKeys, sealText } from '../../storage/envelope';

const BATCH = 500;

// Frozen in time. Document text and the calendar feed's secret stop being stored in the clear: extracted
// JSON is sealed like the files; the feed secret is kept as its hash (look-ups) and sealed (to show the
// address again). Existing rows are converted here, which needs the master key.
export async function up(db: Kysely<any>, _dialect: unknown, keys?: EncryptionKeys): Promise<void> {
  const hasRows = async (table: string, column: string) =>
    (await db.selectFrom(table).select(column).where(column, 'is not', null).limit(1).execute()).length > 0;
  if (!keys && ((await hasRows('documents', 'extracted_json')) || (await hasRows('users', 'feed_secret')))) {
    throw new Error('Sealing existing document text and feed secrets needs the master key');
  }
  // PostgreSQL runs each migration in a transaction; SQLite's migrations do not, so this one makes its own.
  if (db.isTransaction) await convert(db, keys);
  else await db.transaction().execute((trx) => convert(trx, keys));
}

async function convert(db: Kysely<any>, keys: EncryptionKeys | undefined): Promise<void> {
  await db.schema.alterTable('users').addColumn('feed_secret_enc', 'text').execute();
  if (!keys) return;
  for (let after = 0; ; ) {
    const docs = await db
      .selectFrom('documents')
      .select(['id', 'storage_key', 'extracted_json'])
      .where('id', '>', after)
      .where('extracted_json', 'is not', null)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    for (const doc of docs) {
      const sealed = sealText(doc.extracted_json, keys, extractionContext(doc.storage_key));
      await db.updateTable('documents').set({ extracted_json: sealed }).where('id', '=', doc.id).execute();
    }
    const last = docs.at(-1);
    if (!last) break;
    after = last.id;
  }

  const users = await db
    .selectFrom('users')
    .select(['id', 'feed_secret'])
    .where('feed_secret', 'is not', null)
    .execute();
  for (const user of users) {
    await db
      .updateTable('users')
      .set({
        feed_secret: hashFeedSecret(user.feed_secret),
        feed_secret_enc: sealText(user.feed_secret, keys, feedSecretContext(user.id)),
      })
      .where('id', '=', user.id)
      .execute();
  }
}
