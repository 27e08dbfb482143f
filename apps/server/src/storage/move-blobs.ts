import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Db } from '../db/schema';
import type { BlobStore } from './blob-store';
import { type EncryptionKeys, isChunked } from './envelope';
import { openStream, sealStream } from './envelope-stream';
import * as repo from './reseal.repository';

const BATCH = 200;

export interface MoveDeps {
  db: Db;
  from: BlobStore;
  to: BlobStore;
  keys: EncryptionKeys;
}

export interface MoveOptions {
  /** A pause after each file copied, to spare a live store. */
  pauseMs?: number;
  /** After each file: how far the move is, and what happened to the file. */
  onProgress?: (progress: { done: number; total: number; key: string; outcome: FileOutcome }) => void;
}

type FileOutcome = 'copied' | 'already there' | 'missing' | 'failed';

export interface MoveResult {
  copied: number;
  /** Found at the target already, opening to the same bytes as the source: a run before copied them. */
  alreadyThere: number;
  /** Keys a row names that neither store holds. */
  missing: string[];
  failed: { key: string; reason: string }[];
}

/**
 * Copies every receipt file a row points to from one store to the other, in the chunked layout under the
 * current key (older layouts are rewritten on the way). A file already at the target that opens to the same
 * bytes as the source is skipped, so a run that was stopped continues where it stopped; each copy is read
 * back and checked. Nothing is ever removed from the source.
 */
export async function moveBlobs(deps: MoveDeps, options: MoveOptions = {}): Promise<MoveResult> {
  const { db, from, to, keys } = deps;
  const result: MoveResult = { copied: 0, alreadyThere: 0, missing: [], failed: [] };
  const total = await repo.documentCount(db);
  let done = 0;
  for (let after = 0; ; ) {
    const docs = await repo.documentsAfter(db, after, BATCH);
    for (const { storage_key: key } of docs) {
      let outcome: FileOutcome;
      try {
        outcome = await moveOne(from, to, keys, key);
      } catch (error) {
        outcome = 'failed';
        result.failed.push({ key, reason: (error as Error).message });
      }
      if (outcome === 'copied') result.copied += 1;
      else if (outcome === 'already there') result.alreadyThere += 1;
      else if (outcome === 'missing') result.missing.push(key);
      done += 1;
      options.onProgress?.({ done, total: Math.max(total, done), key, outcome });
      if (outcome === 'copied' && options.pauseMs) await sleep(options.pauseMs);
    }
    const last = docs.at(-1);
    if (!last) break;
    after = last.id;
  }
  return result;
}

async function moveOne(from: BlobStore, to: BlobStore, keys: EncryptionKeys, key: string) {
  const there = await inspect(to, keys, key);
  const source = await inspect(from, keys, key);
  if (!source) return there ? 'already there' : 'missing';
  if (source.damaged) throw new Error(`the source file does not open: ${source.damaged}`);
  if (there && !there.damaged && there.chunked && there.sha256 === source.sha256) return 'already there';

  const sealed = await from.getStream(key);
  if (!sealed) return 'missing';
  await to.putStream(key, sealStream(openStream(sealed, keys, key), keys, key));
  const copy = await inspect(to, keys, key);
  if (!copy || copy.damaged || copy.sha256 !== source.sha256) {
    throw new Error(`the copy does not read back as the source${copy?.damaged ? `: ${copy.damaged}` : ''}`);
  }
  return 'copied';
}

/** What a store holds under `key`: whether it opens, to which bytes (their SHA-256), in which layout. */
async function inspect(blobs: BlobStore, keys: EncryptionKeys, key: string) {
  const sealed = await blobs.getStream(key);
  if (!sealed) return null;
  const hash = createHash('sha256');
  let head = Buffer.alloc(0);
  async function* noting(): AsyncIterable<Buffer> {
    for await (const piece of sealed as AsyncIterable<Buffer>) {
      if (head.length < 4) head = Buffer.concat([head, piece.subarray(0, 4)]);
      yield piece;
    }
  }
  try {
    for await (const plain of openStream(noting(), keys, key)) hash.update(plain);
  } catch (error) {
    return { damaged: (error as Error).message, chunked: false, sha256: null };
  }
  return { damaged: null, chunked: isChunked(head), sha256: hash.digest('hex') };
}
