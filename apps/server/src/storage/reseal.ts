import { setTimeout as sleep } from 'node:timers/promises';
import type { Db } from '../db/schema';
import { tokenContext } from '../modules/auth/provider-tokens.service';
import { resealMemory } from '../modules/memory/memory.service';
import { extractionContext } from '../modules/receipts/receipt-files.service';
import { feedSecretContext } from '../modules/reminders/feed.service';
import type { BlobStore } from './blob-store';
import { type EncryptionKeys, isChunked, resealedText, sealedKeyId } from './envelope';
import { openStream, sealStream } from './envelope-stream';
import * as repo from './reseal.repository';

// Everything sealed at rest lives in one of five places: receipt files (context: the storage key),
// provider tokens, documents' extracted text, users' feed secrets and learned corrections. This file is the
// one list of them.

const BATCH = 200;

export interface ResealDeps {
  db: Db;
  blobs: BlobStore;
  keys: EncryptionKeys;
}

export interface ResealOptions {
  /** A pause after each object rewritten, to spare a live server's disk and database. */
  pauseMs?: number;
  /** Called after each object rewritten, with its kind and how many of that kind so far. */
  onProgress?: (kind: ResealKind, done: number) => void;
}

export type ResealKind =
  | 'receipt files'
  | 'provider tokens'
  | 'document texts'
  | 'feed secrets'
  | 'learned corrections';

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
    'learned corrections': 0,
  };
  let changedMeanwhile = 0;
  const done = async (kind: ResealKind, count = 1) => {
    rewritten[kind] += count;
    options.onProgress?.(kind, rewritten[kind]);
    if (options.pauseMs) await sleep(options.pauseMs);
  };
  const resealText = (value: string | null, context: string) =>
    value === null ? null : resealedText(value, keys, context);

  for (let after = 0; ; ) {
    const docs = await repo.documentsAfter(db, after, BATCH);
    for (const doc of docs) {
      // A file deleted meanwhile is skipped; one deleted between read and write comes back as an orphan
      // file, which the start-up sweep removes.
      if (await resealFile(blobs, keys, doc.storage_key)) await done('receipt files');
      const text = resealText(doc.extracted_json, extractionContext(doc.storage_key));
      if (text !== doc.extracted_json) {
        if (await repo.replaceExtractedText(db, doc.id, doc.extracted_json, text))
          await done('document texts');
        else changedMeanwhile += 1;
      }
    }
    const last = docs.at(-1);
    if (!last) break;
    after = last.id;
  }

  for (let after = 0; ; ) {
    const accounts = await repo.accountsAfter(db, after, BATCH);
    for (const account of accounts) {
      const { provider, subject } = account;
      const access = resealText(account.access_token_enc, tokenContext(provider, subject, 'access'));
      const refresh = resealText(account.refresh_token_enc, tokenContext(provider, subject, 'refresh'));
      if (access === account.access_token_enc && refresh === account.refresh_token_enc) continue;
      const tokens = { access_token_enc: access, refresh_token_enc: refresh };
      if (await repo.replaceTokens(db, account.id, account, tokens)) await done('provider tokens');
      else changedMeanwhile += 1;
    }
    const last = accounts.at(-1);
    if (!last) break;
    after = last.id;
  }

  for (let after = ''; ; ) {
    const users = await repo.feedSecretsAfter(db, after, BATCH);
    for (const user of users) {
      const secret = resealText(user.feed_secret_enc, feedSecretContext(user.id));
      if (secret === user.feed_secret_enc) continue;
      if (await repo.replaceFeedSecret(db, user.id, user.feed_secret_enc as string, secret))
        await done('feed secrets');
      else changedMeanwhile += 1;
    }
    const last = users.at(-1);
    if (!last) break;
    after = last.id;
  }
  // Learned corrections: re-sealed, and their key HMACs recomputed under the new master key's user keys.
  await resealMemory(db, keys, () => done('learned corrections'));
  return { rewritten, changedMeanwhile };
}

/** The magic and key id of an envelope: enough to tell its layout and key. */
const HEAD = 12;

/**
 * Rewrites a receipt file in the chunked layout under the current key, streamed (a file of any size is
 * held one chunk at a time); false when it already is, or is gone. The new file replaces the old whole.
 */
export async function resealFile(blobs: BlobStore, keys: EncryptionKeys, key: string): Promise<boolean> {
  const sealed = await blobs.getStream(key);
  if (!sealed) return false;
  const pieces = sealed[Symbol.asyncIterator]();
  const held: Buffer[] = [];
  let length = 0;
  try {
    while (length < HEAD) {
      const next = await pieces.next();
      if (next.done) break;
      held.push(next.value);
      length += next.value.length;
    }
  } catch (error) {
    await pieces.return?.();
    throw error;
  }
  const head = Buffer.concat(held);
  if (isChunked(head) && sealedKeyId(head) === keys.currentId) {
    await pieces.return?.();
    return false;
  }
  async function* whole(): AsyncIterable<Buffer> {
    try {
      yield head;
      for (let next = await pieces.next(); !next.done; next = await pieces.next()) yield next.value;
    } finally {
      await pieces.return?.();
    }
  }
  await blobs.putStream(key, sealStream(openStream(whole(), keys, key), keys, key));
  return true;
}

/**
 * One sealed object already stored (a receipt file or a provider token), or null when there is none: the
 * start-up key check tries it once on a data folder made before key checks existed.
 */
export async function sealedSample(db: Db, blobs: BlobStore): Promise<Uint8Array | null> {
  const storageKey = await repo.sampleStorageKey(db);
  const file = storageKey ? await blobs.get(storageKey) : null;
  if (file) return file;
  const refreshToken = await repo.sampleRefreshToken(db);
  return refreshToken ? Buffer.from(refreshToken, 'base64url') : null;
}
