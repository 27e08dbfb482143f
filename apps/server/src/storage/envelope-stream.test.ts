import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  CHUNK_SIZE,
  type EncryptionKeys,
  open,
  opensWith,
  resealed,
  seal,
  sealChunked,
  sealedKeyId,
} from './envelope';
import { openStream, sealStream } from './envelope-stream';

const KEY_ID = '0123456789abcdef';
const OTHER_ID = 'fedcba9876543210';
const masterKey = randomBytes(32);
const keys: EncryptionKeys = { currentId: KEY_ID, byId: new Map([[KEY_ID, masterKey]]) };
const CONTEXT = 'receipts/u/1/file';
/** "WLY3", key id, chunk size, nonce prefix, then the wrapped data key. */
const HEADER = 4 + 8 + 4 + 8 + 12 + 32 + 16;
/** A chunk's flag and length before its ciphertext, and its tag after. */
const OVERHEAD = 5 + 16;

async function* inPieces(bytes: Buffer, size: number): AsyncIterable<Buffer> {
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

async function collect(source: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const parts: Uint8Array[] = [];
  for await (const part of source) parts.push(part);
  return Buffer.concat(parts);
}

/** What `openStream` released before it failed, and the failure. */
async function openUntilFailure(sealed: Buffer, context = CONTEXT, readSize = 1000) {
  const released: Buffer[] = [];
  try {
    for await (const part of openStream(inPieces(sealed, readSize), keys, context)) released.push(part);
  } catch (error) {
    return { released: Buffer.concat(released), error: error as Error };
  }
  return { released: Buffer.concat(released), error: null };
}

/** The byte ranges of a chunked envelope's chunks. */
function chunksOf(sealed: Buffer): { start: number; end: number }[] {
  const chunks = [];
  for (let at = HEADER; at < sealed.length; ) {
    const end = at + OVERHEAD + sealed.readUInt32BE(at + 1);
    chunks.push({ start: at, end });
    at = end;
  }
  return chunks;
}

const sealedFile = async (plain: Buffer) => collect(sealStream(inPieces(plain, 10_000), keys, CONTEXT));

describe('streamed envelopes', () => {
  it.each([
    ['an empty file', 0],
    ['one byte', 1],
    ['exactly one chunk', CHUNK_SIZE],
    ['one chunk and a byte', CHUNK_SIZE + 1],
    ['three chunks and a half', 3.5 * CHUNK_SIZE],
  ])('open %s to the same bytes, however the sealed bytes arrive', async (_name, size) => {
    const plain = randomBytes(size);
    const sealed = await sealedFile(plain);
    expect(sealed.subarray(0, 4).toString()).toBe('WLY3');
    expect(chunksOf(sealed)).toHaveLength(Math.max(1, Math.ceil(size / CHUNK_SIZE)));
    for (const readSize of [1, 7, CHUNK_SIZE + 21, sealed.length]) {
      expect((await collect(openStream(inPieces(sealed, readSize), keys, CONTEXT))).equals(plain)).toBe(true);
    }
    expect(open(sealed, keys, CONTEXT).equals(plain)).toBe(true);
  });

  it('stream 9 MB both ways holding about one chunk and one read at a time', async () => {
    const plain = randomBytes(9 * 1024 * 1024);
    const READ = 1024 * 1024;
    // Plaintext read from the source but not yet sealed into a chunk given out, at its largest.
    let read = 0;
    let sealedPlain = 0;
    let mostHeld = 0;
    async function* source() {
      for (let at = 0; at < plain.length; at += READ) {
        read += Math.min(READ, plain.length - at);
        yield plain.subarray(at, at + READ);
      }
    }
    const sealedParts: Buffer[] = [];
    for await (const part of sealStream(source(), keys, CONTEXT)) {
      if (sealedParts.length > 0) sealedPlain += part.length - OVERHEAD;
      mostHeld = Math.max(mostHeld, read - sealedPlain);
      sealedParts.push(part);
    }
    expect(mostHeld).toBeLessThanOrEqual(READ + CHUNK_SIZE);
    const sealed = Buffer.concat(sealedParts);

    // Sealed bytes read but not yet given out as plaintext, at their largest; and the largest piece given.
    let sealedRead = 0;
    let released = 0;
    let releasedChunks = 0;
    let mostPending = 0;
    let largestPiece = 0;
    async function* sealedSource() {
      for (let at = 0; at < sealed.length; at += READ) {
        sealedRead += Math.min(READ, sealed.length - at);
        yield sealed.subarray(at, at + READ);
      }
    }
    const hash = createHash('sha256');
    for await (const part of openStream(sealedSource(), keys, CONTEXT)) {
      released += part.length;
      releasedChunks += 1;
      largestPiece = Math.max(largestPiece, part.length);
      mostPending = Math.max(mostPending, sealedRead - (HEADER + released + releasedChunks * OVERHEAD));
      hash.update(part);
    }
    expect(released).toBe(plain.length);
    expect(hash.digest('hex')).toBe(createHash('sha256').update(plain).digest('hex'));
    expect(largestPiece).toBe(CHUNK_SIZE);
    expect(mostPending).toBeLessThanOrEqual(READ + CHUNK_SIZE);
  });

  describe('refuse a damaged file with the integrity error, releasing nothing of the failing chunk', () => {
    // Four full chunks and a short last one.
    const plain = randomBytes(4 * CHUNK_SIZE + 100);
    const firstChunks = (count: number) => plain.subarray(0, count * CHUNK_SIZE);
    const splice = (sealed: Buffer, parts: { start: number; end: number }[]) =>
      Buffer.concat([sealed.subarray(0, HEADER), ...parts.map((c) => sealed.subarray(c.start, c.end))]);

    it.each([
      ['a changed byte in the third chunk', 2, (s: Buffer) => flip(s, startOf(s, 2) + 100)],
      ['a changed tag of the last chunk', 4, (s: Buffer) => flip(s, s.length - 1)],
      ['a changed length', 0, (s: Buffer) => flip(s, startOf(s, 0) + 4)],
      ['a last-chunk flag set early', 1, (s: Buffer) => flip(s, startOf(s, 1))],
      ['the last chunk removed', 4, (s: Buffer) => s.subarray(0, startOf(s, 4))],
      ['a cut in the middle of the third chunk', 2, (s: Buffer) => s.subarray(0, startOf(s, 2) + 500)],
      ['a cut inside the header', 0, (s: Buffer) => s.subarray(0, 30)],
      [
        'the second and third chunks swapped',
        1,
        (s: Buffer) => splice(s, permute(chunksOf(s), [0, 2, 1, 3, 4])),
      ],
      ['the second chunk repeated', 2, (s: Buffer) => splice(s, permute(chunksOf(s), [0, 1, 1, 2, 3, 4]))],
      ['bytes after the last chunk', 4, (s: Buffer) => Buffer.concat([s, Buffer.from([0])])],
      ['a changed chunk size in the header', 0, (s: Buffer) => flip(s, 14)],
    ])('%s', async (_name, intact, damage) => {
      const sealed = damage(await sealedFile(plain));
      for (const readSize of [1000, sealed.length]) {
        const { released, error } = await openUntilFailure(sealed, CONTEXT, readSize);
        expect(error?.message).toMatch(/failed its integrity check/);
        expect(released.equals(firstChunks(intact))).toBe(true);
      }
      expect(() => open(sealed, keys, CONTEXT)).toThrow(/failed its integrity check/);
    });

    it('a chunk taken from another file under the same key and context', async () => {
      const sealed = await sealedFile(plain);
      const other = await sealedFile(plain);
      const mixed = Buffer.concat([
        sealed.subarray(0, startOf(sealed, 1)),
        other.subarray(startOf(other, 1), startOf(other, 2)),
        sealed.subarray(startOf(sealed, 2)),
      ]);
      const { released, error } = await openUntilFailure(mixed);
      expect(error?.message).toMatch(/failed its integrity check/);
      expect(released.equals(firstChunks(1))).toBe(true);
    });

    it('a header naming another key id, even one that is held', async () => {
      const relabelled = await sealedFile(plain);
      Buffer.from(OTHER_ID, 'hex').copy(relabelled, 4);
      const holding = {
        currentId: KEY_ID,
        byId: new Map([...keys.byId, [OTHER_ID, masterKey]]),
      };
      const released: Buffer[] = [];
      const opening = (async () => {
        for await (const part of openStream(inPieces(relabelled, 1000), holding, CONTEXT))
          released.push(part);
      })();
      await expect(opening).rejects.toThrow(/failed its integrity check/);
      expect(released).toHaveLength(0);
    });

    it('a file opened under another storage key', async () => {
      const { released, error } = await openUntilFailure(await sealedFile(plain), 'receipts/u/2/file');
      expect(error?.message).toMatch(/failed its integrity check/);
      expect(released).toHaveLength(0);
    });
  });

  it('still open the whole layout, and say which master key a chunked file needs', async () => {
    const plain = randomBytes(3 * CHUNK_SIZE);
    const old = seal(plain, keys, CONTEXT);
    expect(old.subarray(0, 4).toString()).toBe('WLY2');
    expect((await collect(openStream(inPieces(old, 1000), keys, CONTEXT))).equals(plain)).toBe(true);
    expect(
      await collect(openStream(inPieces(seal(Buffer.alloc(0), keys, CONTEXT), 3), keys, CONTEXT)),
    ).toHaveLength(0);
    const { error } = await openUntilFailure(flip(old, old.length - 1));
    expect(error?.message).toMatch(/failed its integrity check/);

    const chunked = await sealedFile(plain);
    const stranger: EncryptionKeys = { currentId: OTHER_ID, byId: new Map([[OTHER_ID, randomBytes(32)]]) };
    await expect(collect(openStream(inPieces(chunked, 1000), stranger, CONTEXT))).rejects.toThrow(
      `sealed under master key ${KEY_ID}, which this server was not given`,
    );
  });

  it('are named by their key, pass the start-up key check and stay chunked when sealed again', async () => {
    const plain = randomBytes(CHUNK_SIZE + 5);
    const chunked = sealChunked(plain, keys, CONTEXT);
    expect(sealedKeyId(chunked)).toBe(KEY_ID);
    expect(opensWith(chunked.subarray(0, HEADER), keys)).toBe(true);
    const newKey = randomBytes(32);
    const both: EncryptionKeys = {
      currentId: OTHER_ID,
      byId: new Map([
        [OTHER_ID, newKey],
        [KEY_ID, masterKey],
      ]),
    };
    expect(opensWith(chunked, { currentId: OTHER_ID, byId: new Map([[OTHER_ID, newKey]]) })).toBe(false);
    const again = resealed(chunked, both, CONTEXT);
    expect(again?.subarray(0, 4).toString()).toBe('WLY3');
    expect(again && sealedKeyId(again)).toBe(OTHER_ID);
    expect(again && open(again, both, CONTEXT).equals(plain)).toBe(true);
    expect(again && resealed(again, both, CONTEXT)).toBeNull();
  });
});

function startOf(sealed: Buffer, index: number): number {
  const chunk = chunksOf(sealed)[index];
  if (!chunk) throw new Error(`no chunk ${index}`);
  return chunk.start;
}

function flip(sealed: Buffer, at: number): Buffer {
  const copy = Buffer.from(sealed);
  copy[at] = (copy[at] as number) ^ 0x01;
  return copy;
}

function permute<T>(items: T[], order: number[]): T[] {
  return order.map((i) => items[i] as T);
}
