import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BlobStore } from '../src/storage/blob-store';
import type { EncryptionKeys } from '../src/storage/envelope';
import { openStream, sealStream } from '../src/storage/envelope-stream';
import { createS3BlobStore } from '../src/storage/s3-blob-store';
import { type S3Server, startS3Server } from './s3-server';

const KEY_ID = '0123456789abcdef';
const keys: EncryptionKeys = { currentId: KEY_ID, byId: new Map([[KEY_ID, randomBytes(32)]]) };

async function* inPieces(bytes: Buffer, size: number): AsyncIterable<Buffer> {
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

async function collect(source: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const parts: Uint8Array[] = [];
  for await (const part of source) parts.push(part);
  return Buffer.concat(parts);
}

async function keysOf(blobs: BlobStore, under?: string): Promise<string[]> {
  const found: string[] = [];
  for await (const blob of blobs.list(under)) found.push(blob.key);
  return found.sort();
}

/** Every file s3rver wrote for the bucket: its objects and any parts of unfinished uploads. */
function filesOnDisk(dir: string): Buffer[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => readFileSync(path.join(entry.parentPath, entry.name)));
}

describe('the S3 blob store against a real S3 server', () => {
  let s3: S3Server;
  let blobs: BlobStore;
  beforeAll(async () => {
    s3 = await startS3Server();
    // Parts of 5 MiB (S3's least), so the 9 MB file goes up as a multipart upload.
    blobs = createS3BlobStore(s3.settings, { partSize: 5 * 1024 * 1024, listPageSize: 2 });
  });
  afterAll(() => s3.stop());

  it('puts, gets, lists with the time written, and deletes', async () => {
    const before = Date.now() - 2000;
    await blobs.put('receipts/u1/a', Buffer.from('first'));
    await blobs.put('receipts/u1/b', Buffer.from('second'));
    await blobs.put('receipts/u2/c', Buffer.from(''));
    await blobs.putStream('receipts/u2/d', inPieces(Buffer.from('streamed in pieces'), 3));

    expect((await blobs.get('receipts/u1/a'))?.toString()).toBe('first');
    expect((await blobs.get('receipts/u2/c'))?.length).toBe(0);
    const stream = await blobs.getStream('receipts/u2/d');
    expect(stream && (await collect(stream)).toString()).toBe('streamed in pieces');
    expect(await blobs.get('receipts/u1/none')).toBeNull();
    expect(await blobs.getStream('receipts/u1/none')).toBeNull();

    // Two keys a page: the listing follows the continuation tokens to the end.
    const listed: { key: string; modifiedAt: Date }[] = [];
    for await (const blob of blobs.list()) listed.push(blob);
    expect(listed.map((b) => b.key).sort()).toEqual([
      'receipts/u1/a',
      'receipts/u1/b',
      'receipts/u2/c',
      'receipts/u2/d',
    ]);
    for (const blob of listed) expect(blob.modifiedAt.getTime()).toBeGreaterThan(before);
    // One user's folder alone (what deleting an account lists), keys still whole.
    expect(await keysOf(blobs, 'receipts/u2/')).toEqual(['receipts/u2/c', 'receipts/u2/d']);

    await blobs.put('receipts/u1/a', Buffer.from('replaced'));
    expect((await blobs.get('receipts/u1/a'))?.toString()).toBe('replaced');
    await blobs.remove('receipts/u1/a');
    await blobs.remove('receipts/u1/a');
    await blobs.remove('receipts/u1/b');
    await blobs.remove('receipts/u2/c');
    await blobs.remove('receipts/u2/d');
    expect(await blobs.get('receipts/u1/a')).toBeNull();
    expect(await keysOf(blobs)).toEqual([]);
  });

  it('leaves nothing under the key, and keeps what was there, when the source fails midway', async () => {
    // Once before the first part is full (a single PutObject never sent) and once after parts went up.
    for (const size of [100_000, 12 * 1024 * 1024]) {
      async function* failing() {
        yield* inPieces(randomBytes(size), 64 * 1024);
        throw new Error('the upload was cut');
      }
      await expect(blobs.putStream('receipts/u3/new', failing())).rejects.toThrow('the upload was cut');
      expect(await blobs.get('receipts/u3/new')).toBeNull();

      await blobs.put('receipts/u3/old', Buffer.from('the first version'));
      await expect(blobs.putStream('receipts/u3/old', failing())).rejects.toThrow('the upload was cut');
      expect((await blobs.get('receipts/u3/old'))?.toString()).toBe('the first version');
      expect(await keysOf(blobs)).toEqual(['receipts/u3/old']);
      await blobs.remove('receipts/u3/old');
    }
  });

  it('streams a 9 MB file up and down byte-identical, and the bucket holds only its ciphertext', async () => {
    const plain = randomBytes(9 * 1024 * 1024);
    const key = 'receipts/u4/big.pdf';
    await blobs.putStream(key, sealStream(inPieces(plain, 256 * 1024), keys, key));

    const sealed = await blobs.getStream(key);
    if (!sealed) throw new Error('the object is missing');
    let largest = 0;
    const parts: Buffer[] = [];
    for await (const part of openStream(sealed, keys, key)) {
      largest = Math.max(largest, part.length);
      parts.push(part);
    }
    expect(Buffer.concat(parts).equals(plain)).toBe(true);
    expect(largest).toBeLessThanOrEqual(64 * 1024);

    const stored = await blobs.get(key);
    expect(stored?.subarray(0, 4).toString()).toBe('WLY3');
    // Whatever s3rver wrote to its disk: no 64-byte run of the file anywhere.
    const files = filesOnDisk(s3.directory);
    expect(files.some((file) => file.includes(stored?.subarray(200, 264) as Buffer))).toBe(true);
    for (const at of [0, 64 * 1024, 4 * 1024 * 1024, plain.length - 64]) {
      const run = plain.subarray(at, at + 64);
      expect(files.some((file) => file.includes(run))).toBe(false);
    }
    await blobs.remove(key);
  });
});
