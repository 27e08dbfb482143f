import { createHmac, hkdfSync } from 'node:crypto';
import type { LearnedEntry } from '@warrantly/contract/memory';
import {
  applyMemory,
  type Corrected,
  learnFromCorrection,
  type MemoryEntry,
} from '@warrantly/extract/memory';
import type { Extraction, MemorySketch } from '@warrantly/extract/types';
import { timestamp } from '../../dates';
import type { Db, MemoryEntriesTable } from '../../db/schema';
import { AppError } from '../../errors';
import { type EncryptionKeys, openText, sealedTextKeyId, sealText } from '../../storage/envelope';
import * as repo from './memory.repository';

/**
 * The memory of a user's corrections, stored: what `packages/extract/src/memory.ts` learns and applies,
 * keyed by HMACs under a key derived for the user from the master key (a raw key, a sender's address or a
 * tax number, is never stored in the clear; it is sealed with the entry, so that a key rotation can
 * recompute its HMAC). Memory never crosses users: every read and write names its user.
 */

type Row = Pick<MemoryEntriesTable, 'user_id' | 'key_hmac' | 'kind' | 'field' | 'sealed' | 'dropped'> & {
  id?: number;
};

interface Payload {
  raw_key: string;
  value: string | null;
  anchors: Record<string, number> | null;
  count: number;
}

/** The user's memory key under one master key: entries made under another are found again by rotation. */
function memoryKey(master: Buffer, userId: string): Buffer {
  return Buffer.from(hkdfSync('sha256', master, 'warrantly-memory', `user:${userId}`, 32));
}

/** The HMAC of a raw key under the user's memory key, for each master key still readable (current first). */
function keyHashers(keys: EncryptionKeys, userId: string): ((raw: string) => string)[] {
  const ids = [keys.currentId, ...[...keys.byId.keys()].filter((id) => id !== keys.currentId)];
  return ids.map((id) => {
    const key = memoryKey(keys.byId.get(id) as Buffer, userId);
    return (raw: string) => createHmac('sha256', key).update(raw).digest('hex');
  });
}

const sealContext = (userId: string, kind: string, field: string) => `memory:${userId}:${kind}:${field}`;

function openRow(keys: EncryptionKeys, row: Row): Payload {
  return JSON.parse(openText(row.sealed, keys, sealContext(row.user_id, row.kind, row.field))) as Payload;
}

/**
 * The document's sketch with its keys hashed as stored (current master key), the entries stored for them
 * (under any readable master key, named by the current hash), and the raw key of each hash.
 */
async function recallFor(db: Db, keys: EncryptionKeys, userId: string, sketch: MemorySketch) {
  const [current, ...older] = keyHashers(keys, userId) as [
    (raw: string) => string,
    ...((raw: string) => string)[],
  ];
  const raws = [...sketch.identity, sketch.layout];
  const rawOf = new Map<string, string>();
  for (const raw of raws) rawOf.set(current(raw), raw);
  const hashed: MemorySketch = {
    ...sketch,
    identity: sketch.identity.map(current),
    layout: current(sketch.layout),
  };
  const byHash = new Map<string, string>(raws.map((raw) => [current(raw), current(raw)]));
  for (const hasher of older) for (const raw of raws) byHash.set(hasher(raw), current(raw));
  const rows = await repo.findByKeys(db, userId, [...byHash.keys()]);
  const entries: MemoryEntry[] = rows.map((row) => {
    const payload = openRow(keys, row);
    return {
      key: byHash.get(row.key_hmac) as string,
      kind: row.kind,
      field: row.field,
      value: payload.value,
      anchors: payload.anchors,
      count: payload.count,
      dropped: row.dropped === 1,
    };
  });
  return { hashed, entries, rawOf };
}

/**
 * An extraction with what the user's corrections taught applied (a field memory decides carries memory's
 * own calibrated confidence, so it still goes to review below its threshold). The sketch stays as read,
 * to be sealed with the document and learned from later.
 */
export async function recall(db: Db, keys: EncryptionKeys, userId: string, extraction: Extraction) {
  const sketch = extraction.memory;
  if (!sketch) return extraction;
  const { hashed, entries } = await recallFor(db, keys, userId, sketch);
  if (entries.length === 0) return extraction;
  const applied = applyMemory({ ...extraction, memory: hashed }, entries).extraction;
  return { ...applied, memory: sketch };
}

/**
 * Learns from the fields the user confirmed or corrected on a purchase read from a document (its stored
 * extraction, with the sketch taken when it was read). Nothing without a sketch (a document read before
 * memory existed).
 */
export async function learn(
  db: Db,
  keys: EncryptionKeys,
  userId: string,
  extraction: Pick<Extraction, 'memory'> | null,
  corrected: Corrected,
  now: Date,
): Promise<void> {
  const sketch = extraction?.memory;
  if (!sketch) return;
  const { hashed, entries, rawOf } = await recallFor(db, keys, userId, sketch);
  const learned = learnFromCorrection(hashed, corrected, entries);
  const at = timestamp(now);
  await repo.upsert(
    db,
    learned.flatMap((entry) => {
      const raw = rawOf.get(entry.key);
      if (!raw) return [];
      const payload: Payload = {
        raw_key: raw,
        value: entry.value,
        anchors: entry.anchors,
        count: entry.count,
      };
      const field = entry.field;
      return [
        {
          user_id: userId,
          key_hmac: entry.key,
          kind: entry.kind,
          field,
          sealed: sealText(JSON.stringify(payload), keys, sealContext(userId, entry.kind, field)),
          dropped: entry.dropped ? 1 : 0,
          created_at: at,
          updated_at: at,
        },
      ];
    }),
  );
}

/** What a raw key is, in words for the Account page (a number shown by its last digits only). */
export function keyedBy(raw: string): string {
  const [kind, ...rest] = raw.split(':');
  const value = rest.join(':');
  const tail = (s: string) => (s.length > 4 ? `…${s.slice(-4)}` : s);
  switch (kind) {
    case 'from':
      return `Mail from ${value}`;
    case 'tax':
      return `Tax or registration number ${tail(value)}`;
    case 'iban':
      return `Bank account (IBAN) ${tail(value)}`;
    case 'tel':
      return `Phone number ${tail(value)}`;
    case 'layout': {
      const domain = value.split('|')[0];
      return domain ? `The layout of documents from ${domain}` : 'A receipt layout';
    }
    default:
      return 'A document key';
  }
}

/** What the user's corrections taught, for the Account page and the export. */
export async function listLearned(db: Db, keys: EncryptionKeys, userId: string): Promise<LearnedEntry[]> {
  const rows = await repo.listEntries(db, userId);
  return rows.map((row) => {
    const payload = openRow(keys, row);
    return {
      id: row.id,
      kind: row.kind,
      field: row.field,
      value: payload.value,
      keyed_by: keyedBy(payload.raw_key),
      uses: payload.count,
      dropped: row.dropped === 1,
      updated_at: row.updated_at,
    };
  });
}

/** Forgets one learned entry: it is used no more. */
export async function forget(db: Db, userId: string, id: number): Promise<void> {
  if (!(await repo.deleteEntry(db, userId, id)))
    throw new AppError('not_found', 'Nothing learned has this id');
}

/**
 * Re-seals every entry not yet under the current master key and recomputes its HMAC under the user's key
 * derived from it (`rotate-key`); entries already under it are skipped, so a stopped run continues.
 */
export async function resealMemory(
  db: Db,
  keys: EncryptionKeys,
  onRewritten: () => Promise<void>,
): Promise<void> {
  for (let after = 0; ; ) {
    const rows = await repo.entriesAfter(db, after, 200);
    const last = rows.at(-1);
    if (!last) return;
    after = last.id;
    for (const row of rows) {
      if (sealedTextKeyId(row.sealed) === keys.currentId) continue;
      const payload = openRow(keys, row);
      const [current] = keyHashers(keys, row.user_id) as [(raw: string) => string];
      const hmac = current(payload.raw_key);
      // The same key learned again under the new master key meanwhile: that newer entry stands.
      if (await repo.existsOther(db, { ...row, key_hmac: hmac }))
        await repo.deleteEntry(db, row.user_id, row.id);
      else
        await repo.rewrite(
          db,
          row.id,
          hmac,
          sealText(JSON.stringify(payload), keys, sealContext(row.user_id, row.kind, row.field)),
        );
      await onRewritten();
    }
  }
}
