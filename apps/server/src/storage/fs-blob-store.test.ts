import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { EncryptionKeys } from './envelope';
import { openStream, sealStream } from './envelope-stream';
import { createFsBlobStore } from './fs-blob-store';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const store = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'warrantly-blobs-'));
  dirs.push(dir);
  return { dir, blobs: createFsBlobStore(dir) };
};
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

describe('the filesystem blob store, streamed', () => {
  it('keeps a 9 MB file sealed on disk and gives back the same bytes', async () => {
    const { blobs } = store();
    const plain = randomBytes(9 * 1024 * 1024);
    const key = 'receipts/u1/big.pdf';
    await blobs.putStream(key, sealStream(inPieces(plain, 256 * 1024), keys, key));

    const onDisk = await blobs.get(key);
    expect(onDisk?.subarray(0, 4).toString()).toBe('WLY3');
    expect(onDisk?.includes(plain.subarray(0, 64))).toBe(false);

    const sealed = await blobs.getStream(key);
    if (!sealed) throw new Error('the blob is missing');
    let largest = 0;
    const parts: Buffer[] = [];
    for await (const part of openStream(sealed, keys, key)) {
      largest = Math.max(largest, part.length);
      parts.push(part);
    }
    expect(Buffer.concat(parts).equals(plain)).toBe(true);
    expect(largest).toBeLessThanOrEqual(64 * 1024);
  });

  it('leaves nothing under the key, and keeps what was there, when the source fails midway', async () => {
    const { dir, blobs } = store();
    async function* failing() {
      yield randomBytes(100_000);
      throw new Error('the upload was cut');
    }
    await expect(blobs.putStream('receipts/u1/new.pdf', failing())).rejects.toThrow('the upload was cut');
    expect(await blobs.get('receipts/u1/new.pdf')).toBeNull();
    expect(await blobs.getStream('receipts/u1/new.pdf')).toBeNull();

    await blobs.put('receipts/u1/old.pdf', Buffer.from('the first version'));
    await expect(blobs.putStream('receipts/u1/old.pdf', failing())).rejects.toThrow('the upload was cut');
    expect((await blobs.get('receipts/u1/old.pdf'))?.toString()).toBe('the first version');

    expect(readdirSync(path.join(dir, 'receipts/u1'))).toEqual(['old.pdf']);
  });

  it('reads the file present when the read began, even if it is replaced meanwhile', async () => {
    const { blobs } = store();
    const first = randomBytes(300_000);
    await blobs.put('receipts/u1/a.pdf', first);
    const reading = await blobs.getStream('receipts/u1/a.pdf');
    await blobs.putStream('receipts/u1/a.pdf', inPieces(randomBytes(300_000), 10_000));
    expect(reading && (await collect(reading)).equals(first)).toBe(true);
  });

  it('lists one folder alone, keys whole, and nothing for a folder never written', async () => {
    const { blobs } = store();
    await blobs.put('receipts/u1/a', Buffer.from('a'));
    await blobs.put('receipts/u1/b', Buffer.from('b'));
    await blobs.put('receipts/u10/c', Buffer.from('c'));
    const keysUnder = async (under: string) => {
      const found: string[] = [];
      for await (const blob of blobs.list(under)) found.push(blob.key);
      return found.sort();
    };
    expect(await keysUnder('receipts/u1/')).toEqual(['receipts/u1/a', 'receipts/u1/b']);
    expect(await keysUnder('receipts/u1')).toEqual(['receipts/u1/a', 'receipts/u1/b', 'receipts/u10/c']);
    expect(await keysUnder('receipts/u2/')).toEqual([]);
  });
});
