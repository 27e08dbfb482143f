import { setTimeout as sleep } from 'node:timers/promises';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { context as tokenContext } from '../modules/auth/provider-accounts';
import { extractionContext } from '../modules/receipts/receipts.service';
import { feedSecretContext } from '../modules/reminders/feed.service';
import type { BlobStore } from './blob-store';
import {
  type EncryptionKeys,
  open,
  openText,
  seal,
  sealedKeyId,
  sealedTextKeyId,
  sealText,
} from './envelope';

// Everything sealed at rest lives in one of four places: receipt files (context: the storage key),
// provider tokens, documents' extracted text and users' feed secrets. This file is the one list of them.

const BATCH = 200;

export interface ResealDeps {
  db: Kysely<Database>;
  blobs: BlobStore;
  keys: EncryptionKeys;
}

export interface ResealOptions {
  /** A pause after each object rewritten, to spare a live server's disk and database. */
  pauseMs?: number;
  /** Called after each object rewritten, with its kind and how many of that kind so far. */
  onProgress?: (kind: ResealKind, done: number) => void;
}

export type ResealKind = 'receipt files' | 'provider tokens' | 'document texts' | 'feed secrets';

export interface ResealResult {
  rewritten: Record<ResealKind, number>;
  /** Rows changed by someone else between read and write: left as they are for the next run. */
  changedMeanwhile: number;
}

/**
 * Rewrites every sealed object that is not under the current master key (the legacy layout, an older
 * key) under the current one; objects already under it are skipped, so a run that was stopped continues
 * where it stopped. Each object is replaced whole: a file by write-and-rename, a row by one UPDATE that
 * applies only if the row still holds what was read.
 */
export async function resealAll(deps: ResealDeps, options: ResealOptions = {}): Promise<ResealResult> {
  const { db, blobs, keys } = deps;
  const rewritten: Record<ResealKind, number> = {
    'receipt files': 0,
    'provider tokens': 0,
    'document texts': 0,
    'feed secrets': 0,
  };
  let changedMeanwhile = 0;
  const done = async (kind: ResealKind, count = 1) => {
    rewritten[kind] += count;
    options.onProgress?.(kind, rewritten[kind]);
    if (options.pauseMs) await sleep(options.pauseMs);
  };
  const resealText = (value: string | null, context: string) =>
    value === null || sealedTextKeyId(value) === keys.currentId
      ? value
      : sealText(openText(value, keys, context), keys, context);

  for (let after = 0; ; ) {
    const docs = await db
      .selectFrom('documents')
      .select(['id', 'storage_key', 'extracted_json'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    for (const doc of docs) {
      // A file deleted meanwhile is skipped; one deleted between read and write comes back as an orphan
      // file, which the start-up sweep removes.
      const sealed = await blobs.get(doc.storage_key);
      if (sealed && sealedKeyId(sealed) !== keys.currentId) {
        const plain = open(sealed, keys, doc.storage_key);
        await blobs.put(doc.storage_key, seal(plain, keys, doc.storage_key));
        await done('receipt files');
      }
      const text = resealText(doc.extracted_json, extractionContext(doc.storage_key));
      if (text !== doc.extracted_json) {
        const { numUpdatedRows } = await db
          .updateTable('documents')
          .set({ extracted_json: text })
          .where('id', '=', doc.id)
          .where('extracted_json', '=', doc.extracted_json)
          .executeTakeFirst();
        if (numUpdatedRows > 0n) await done('document texts');
        else changedMeanwhile += 1;
      }
    }
    const last = docs.at(-1);
    if (!last) break;
    after = last.id;
  }

  for (let after = 0; ; ) {
    const accounts = await db
      .selectFrom('provider_accounts')
      .select(['id', 'provider', 'subject', 'access_token_enc', 'refresh_token_enc'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    for (const account of accounts) {
      const { provider, subject } = account;
      const access = resealText(account.access_token_enc, tokenContext(provider, subject, 'access'));
      const refresh = resealText(account.refresh_token_enc, tokenContext(provider, subject, 'refresh'));
      if (access === account.access_token_enc && refresh === account.refresh_token_enc) continue;
      const { numUpdatedRows } = await db
        .updateTable('provider_accounts')
        .set({ access_token_enc: access, refresh_token_enc: refresh })
        .where('id', '=', account.id)
        .where((eb) =>
          eb.and([
            account.access_token_enc === null
              ? eb('access_token_enc', 'is', null)
              : eb('access_token_enc', '=', account.access_token_enc),
            account.refresh_token_enc === null
              ? eb('refresh_token_enc', 'is', null)
              : eb('refresh_token_enc', '=', account.refresh_token_enc),
          ]),
        )
        .executeTakeFirst();
      if (numUpdatedRows > 0n) await done('provider tokens');
      else changedMeanwhile += 1;
    }
    const last = accounts.at(-1);
    if (!last) break;
    after = last.id;
  }

  for (let after = ''; ; ) {
    const users = await db
      .selectFrom('users')
      .select(['id', 'feed_secret_enc'])
      .where('id', '>', after)
      .where('feed_secret_enc', 'is not', null)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    for (const user of users) {
      const secret = resealText(user.feed_secret_enc, feedSecretContext(user.id));
      if (secret === user.feed_secret_enc) continue;
      const { numUpdatedRows } = await db
        .updateTable('users')
        .set({ feed_secret_enc: secret })
        .where('id', '=', user.id)
        .where('feed_secret_enc', '=', user.feed_secret_enc)
        .executeTakeFirst();
      if (numUpdatedRows > 0n) await done('feed secrets');
      else changedMeanwhile += 1;
    }
    const last = users.at(-1);
    if (!last) break;
    after = last.id;
  }
  return { rewritten, changedMeanwhile };
}

/**
 * One sealed object already stored (a receipt file or a provider token), or null when there is none: the
 * start-up key check tries it once on a data folder made before key checks existed.
 */
export async function sealedSample(db: Kysely<Database>, blobs: BlobStore): Promise<Uint8Array | null> {
  const tables = new Set((await db.introspection.getTables()).map((t) => t.name));
  if (tables.has('documents')) {
    const doc = await db.selectFrom('documents').select('storage_key').limit(1).executeTakeFirst();
    const file = doc ? await blobs.get(doc.storage_key) : null;
    if (file) return file;
  }
  if (tables.has('provider_accounts')) {
    const account = await db
      .selectFrom('provider_accounts')
      .select('refresh_token_enc')
      .where('refresh_token_enc', 'is not', null)
      .limit(1)
      .executeTakeFirst();
    if (account?.refresh_token_enc) return Buffer.from(account.refresh_token_enc, 'base64url');
  }
  return null;
}
