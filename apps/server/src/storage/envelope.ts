import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { AppError } from '../errors';

/** The data-encryption keys this process holds, one per master key id. */
export interface EncryptionKeys {
  /** The master key new envelopes are sealed under. */
  currentId: string;
  /** Every master key still readable: the current one and any being rotated away from. */
  byId: ReadonlyMap<string, Buffer>;
}

const LEGACY = Buffer.from('WLY1');
const MAGIC = Buffer.from('WLY2');
const CHUNKED = Buffer.from('WLY3');
/** A key id is 8 bytes, written as 16 hex characters. */
const KEY_ID = 8;
const IV = 12;
const TAG = 16;
const WRAPPED = IV + 32 + TAG;
/** The plaintext of one chunk of the chunked layout, as written. */
export const CHUNK_SIZE = 64 * 1024;
/** The largest chunk size a reader accepts from a header, which bounds what it holds. */
const MAX_CHUNK_SIZE = 1024 * 1024;
const NONCE_PREFIX = 8;
/** "WLY3", key id, chunk size, nonce prefix: what the wrap authenticates. */
const CHUNKED_HEADER = CHUNKED.length + KEY_ID + 4 + NONCE_PREFIX;
/** A chunk's last-chunk flag and plaintext length. */
const RECORD_HEAD = 1 + 4;

/**
 * Envelope encryption with AES-256-GCM: a fresh data key per object, wrapped by the master key named in the
 * header (which is authenticated with the wrap, so a header naming another key fails to open).
 * `context` (the storage key, the row) is authenticated too, so an object moved elsewhere fails to open.
 *
 * Whole layout (rows, texts; one tag, so nothing can be released before the end):
 *   "WLY2" | master key id (8) | wrap iv (12), wrapped data key (32), wrap tag (16) | iv (12) | tag (16) |
 *   ciphertext.
 * The older "WLY1" layout has no key id; it opens with whichever held key wrapped it.
 *
 * Chunked layout (files, streamed; see `ChunkSealer` and `ChunkOpener`):
 *   "WLY3" | master key id (8) | chunk size (u32 BE) | nonce prefix (8 random bytes) |
 *   wrap iv (12), wrapped data key (32), wrap tag (16)   -- the wrap authenticates the 24 bytes before it
 *   then chunks, each: last (u8, 1 on the final chunk only) | plaintext length (u32 BE) | ciphertext | tag (16)
 * Chunk i is AES-256-GCM under the data key with iv = nonce prefix | i (u32 BE), unique per chunk since the
 * data key is fresh per file, and AAD = i (u32 BE) | last (u8) | context. Every chunk but the last holds
 * exactly chunk size bytes; the last holds 0 to chunk size (0 only for an empty file), so there is always
 * one. Dropping final chunks, cutting one, reordering or repeating chunks, taking one from another file
 * (another data key) or opening under another context all fail a tag or the missing last flag.
 */
export function seal(plain: Uint8Array, keys: EncryptionKeys, context: string): Buffer {
  const header = Buffer.concat([MAGIC, Buffer.from(keys.currentId, 'hex')]);
  const { dataKey, wrap } = wrapNewKey(keys, header);
  const iv = randomBytes(IV);
  const cipher = createCipheriv('aes-256-gcm', dataKey, iv);
  cipher.setAAD(Buffer.from(context));
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([header, wrap, iv, cipher.getAuthTag(), body]);
}

/** Opens what `seal` wrote; a changed byte anywhere fails with a clear error instead of wrong bytes. */
export function open(sealed: Uint8Array, keys: EncryptionKeys, context: string): Buffer {
  if (isChunked(sealed)) {
    const opener = new ChunkOpener(keys, context);
    const plain = Buffer.concat([...opener.push(asBuffer(sealed))]);
    opener.end();
    return plain;
  }
  const parts = parse(sealed);
  const candidates = parts.keyId === null ? [...keys.byId.values()] : [keyOf(keys, parts.keyId)];
  for (const masterKey of candidates) {
    const dataKey = unwrap(parts, masterKey);
    if (!dataKey) continue;
    try {
      const decipher = createDecipheriv('aes-256-gcm', dataKey, parts.iv);
      decipher.setAAD(Buffer.from(context));
      decipher.setAuthTag(parts.tag);
      return Buffer.concat([decipher.update(parts.body), decipher.final()]);
    } catch (cause) {
      throw damaged(cause);
    }
  }
  throw damaged();
}

/**
 * The master key id `sealed` is under ('legacy' for the WLY1 layout), or null when it is not an envelope.
 * Key rotation skips what is already under the current id.
 */
export function sealedKeyId(sealed: Uint8Array): string | null {
  const buf = asBuffer(sealed);
  const magic = buf.subarray(0, 4);
  if (magic.equals(LEGACY)) return 'legacy';
  if ((magic.equals(MAGIC) || magic.equals(CHUNKED)) && buf.length >= MAGIC.length + KEY_ID) {
    return buf.subarray(4, 4 + KEY_ID).toString('hex');
  }
  return null;
}

/** Whether one of `keys` unwraps the data key of `sealed` (the start-up key check, no context needed). */
export function opensWith(sealed: Uint8Array, keys: EncryptionKeys): boolean {
  let parts: Wrap;
  try {
    parts = isChunked(sealed) ? parseChunkedHeader(asBuffer(sealed)).wrap : parse(sealed);
  } catch {
    return false;
  }
  if (parts.keyId !== null) {
    const masterKey = keys.byId.get(parts.keyId);
    return masterKey !== undefined && unwrap(parts, masterKey) !== null;
  }
  return [...keys.byId.values()].some((masterKey) => unwrap(parts, masterKey) !== null);
}

/** Seals a short secret (a provider token, a document's text) into one base64url string for a text column. */
export function sealText(plain: string, keys: EncryptionKeys, context: string): string {
  return seal(Buffer.from(plain, 'utf8'), keys, context).toString('base64url');
}

export function openText(sealed: string, keys: EncryptionKeys, context: string): string {
  return open(Buffer.from(sealed, 'base64url'), keys, context).toString('utf8');
}

/** The key id of a value `sealText` wrote (see `sealedKeyId`). */
export function sealedTextKeyId(sealed: string): string | null {
  return sealedKeyId(Buffer.from(sealed.slice(0, 24), 'base64url'));
}

/** The value sealed again under the current key, or null when it already is (key rotation). */
export function resealed(sealed: Uint8Array, keys: EncryptionKeys, context: string): Buffer | null {
  if (sealedKeyId(sealed) === keys.currentId) return null;
  const plain = open(sealed, keys, context);
  return isChunked(sealed) ? sealChunked(plain, keys, context) : seal(plain, keys, context);
}

/** The chunked layout of `plain` in one buffer (what `sealStream` writes, for a file already in memory). */
export function sealChunked(plain: Uint8Array, keys: EncryptionKeys, context: string): Buffer {
  const sealer = new ChunkSealer(keys, context);
  return Buffer.concat([sealer.header, ...sealer.push(asBuffer(plain)), sealer.end()]);
}

/** Whether `sealed` starts with the chunked layout's magic. */
export function isChunked(sealed: Uint8Array): boolean {
  return asBuffer(sealed).subarray(0, 4).equals(CHUNKED);
}

/** `resealed` for a value `sealText` wrote: the same value when it is already under the current key. */
export function resealedText(sealed: string, keys: EncryptionKeys, context: string): string {
  return sealedTextKeyId(sealed) === keys.currentId
    ? sealed
    : sealText(openText(sealed, keys, context), keys, context);
}

/** A wrapped data key and the header it is bound to. */
interface Wrap {
  /** Null for the legacy layout, whose wrap is bound to nothing. */
  keyId: string | null;
  header: Buffer;
  wrapIv: Buffer;
  wrapped: Buffer;
  wrapTag: Buffer;
}

interface Parts extends Wrap {
  iv: Buffer;
  tag: Buffer;
  body: Buffer;
}

function parse(sealed: Uint8Array): Parts {
  const buf = asBuffer(sealed);
  const keyId = sealedKeyId(buf);
  const headerLength = keyId === 'legacy' ? LEGACY.length : MAGIC.length + KEY_ID;
  if (keyId === null || buf.length < headerLength + WRAPPED + IV + TAG) throw damaged();
  const take = sliceFrom(buf, headerLength);
  return {
    keyId: keyId === 'legacy' ? null : keyId,
    header: buf.subarray(0, headerLength),
    wrapIv: take(IV),
    wrapped: take(32),
    wrapTag: take(TAG),
    iv: take(IV),
    tag: take(TAG),
    body: take(buf.length),
  };
}

/** The data key, or null when `masterKey` did not wrap it. */
function unwrap(parts: Wrap, masterKey: Buffer): Buffer | null {
  try {
    const unwrapper = createDecipheriv('aes-256-gcm', masterKey, parts.wrapIv);
    if (parts.keyId !== null) unwrapper.setAAD(parts.header);
    unwrapper.setAuthTag(parts.wrapTag);
    return Buffer.concat([unwrapper.update(parts.wrapped), unwrapper.final()]);
  } catch {
    return null;
  }
}

/** Draws a fresh data key and wraps it under the current master key, bound to `header`. */
function wrapNewKey(keys: EncryptionKeys, header: Buffer): { dataKey: Buffer; wrap: Buffer } {
  const dataKey = randomBytes(32);
  const wrapIv = randomBytes(IV);
  const wrapper = createCipheriv('aes-256-gcm', keyOf(keys, keys.currentId), wrapIv);
  wrapper.setAAD(header);
  const wrapped = Buffer.concat([wrapper.update(dataKey), wrapper.final()]);
  return { dataKey, wrap: Buffer.concat([wrapIv, wrapped, wrapper.getAuthTag()]) };
}

function keyOf(keys: EncryptionKeys, id: string): Buffer {
  const key = keys.byId.get(id);
  if (!key) {
    throw new AppError(
      'internal',
      `This stored object is sealed under master key ${id}, which this server was not given`,
    );
  }
  return key;
}

/** Reads consecutive slices of `buf`, starting at `start`. */
function sliceFrom(buf: Buffer, start: number) {
  let at = start;
  return (length: number) => {
    const part = buf.subarray(at, at + length);
    at += length;
    return part;
  };
}

/**
 * Seals a file chunk by chunk: `header` first, then what `push` and `end` return, in order (each `push` is a
 * generator, run to its end before the next).
 */
export class ChunkSealer {
  readonly header: Buffer;
  private readonly dataKey: Buffer;
  private readonly noncePrefix = randomBytes(NONCE_PREFIX);
  private readonly pending = new ByteQueue();
  private index = 0;

  constructor(
    keys: EncryptionKeys,
    private readonly context: string,
  ) {
    const size = Buffer.alloc(4);
    size.writeUInt32BE(CHUNK_SIZE);
    const bound = Buffer.concat([CHUNKED, Buffer.from(keys.currentId, 'hex'), size, this.noncePrefix]);
    const { dataKey, wrap } = wrapNewKey(keys, bound);
    this.dataKey = dataKey;
    this.header = Buffer.concat([bound, wrap]);
  }

  /** The chunks `plain` completes. A full chunk waits for the next byte: only then is it known not last. */
  *push(plain: Buffer): Generator<Buffer> {
    this.pending.push(plain);
    while (this.pending.length > CHUNK_SIZE) {
      yield this.chunk(this.pending.take(CHUNK_SIZE) as Buffer, false);
    }
  }

  /** The last chunk (empty for an empty file). */
  end(): Buffer {
    return this.chunk(this.pending.take(this.pending.length) as Buffer, true);
  }

  private chunk(plain: Buffer, last: boolean): Buffer {
    const index = this.index++;
    const cipher = createCipheriv('aes-256-gcm', this.dataKey, chunkIv(this.noncePrefix, index));
    cipher.setAAD(chunkAad(index, last, this.context));
    const head = Buffer.alloc(RECORD_HEAD);
    head[0] = last ? 1 : 0;
    head.writeUInt32BE(plain.length, 1);
    return Buffer.concat([head, cipher.update(plain), cipher.final(), cipher.getAuthTag()]);
  }
}

/**
 * Opens the chunked layout as its bytes arrive: holds at most one chunk (and the read buffer it came in),
 * and gives out a chunk's plaintext only once its tag verified. `end` throws when the last chunk never came.
 * Each `push` is a generator, run to its end before the next.
 */
export class ChunkOpener {
  private readonly pending = new ByteQueue();
  private file: { dataKey: Buffer; noncePrefix: Buffer; chunkSize: number } | null = null;
  private index = 0;
  private finished = false;

  constructor(
    private readonly keys: EncryptionKeys,
    private readonly context: string,
  ) {}

  *push(sealed: Buffer): Generator<Buffer> {
    this.pending.push(sealed);
    if (this.finished && this.pending.length > 0) throw damaged(new Error('bytes after the last chunk'));
    if (!this.file) {
      const header = this.pending.take(CHUNKED_HEADER + WRAPPED);
      if (!header) return;
      this.file = this.openHeader(header);
    }
    for (;;) {
      const head = this.pending.peek(RECORD_HEAD);
      if (!head) return;
      const flag = head[0] as number;
      const length = head.readUInt32BE(1);
      const last = flag === 1;
      if (flag > 1 || length > this.file.chunkSize || (!last && length !== this.file.chunkSize)) {
        throw damaged(new Error(`chunk ${this.index} has a malformed head`));
      }
      const record = this.pending.take(RECORD_HEAD + length + TAG);
      if (!record) return;
      if (last && this.pending.length > 0) throw damaged(new Error('bytes after the last chunk'));
      const plain = this.openChunk(record.subarray(RECORD_HEAD), last);
      this.finished = last;
      yield plain;
      if (last) return;
    }
  }

  end(): void {
    if (!this.finished) throw damaged(new Error('the file ends before its last chunk'));
  }

  private openHeader(header: Buffer) {
    const { wrap, chunkSize, noncePrefix } = parseChunkedHeader(header);
    const dataKey = unwrap(wrap, keyOf(this.keys, wrap.keyId as string));
    if (!dataKey) throw damaged(new Error('the data key does not unwrap'));
    if (chunkSize === 0 || chunkSize > MAX_CHUNK_SIZE) throw damaged(new Error('bad chunk size'));
    return { dataKey, noncePrefix, chunkSize };
  }

  private openChunk(body: Buffer, last: boolean): Buffer {
    const { dataKey, noncePrefix } = this.file as NonNullable<ChunkOpener['file']>;
    const index = this.index++;
    try {
      const decipher = createDecipheriv('aes-256-gcm', dataKey, chunkIv(noncePrefix, index));
      decipher.setAAD(chunkAad(index, last, this.context));
      decipher.setAuthTag(body.subarray(body.length - TAG));
      // update() returns unverified bytes: they are only returned once final() checked the tag.
      const plain = decipher.update(body.subarray(0, body.length - TAG));
      decipher.final();
      return plain;
    } catch (cause) {
      throw damaged(cause);
    }
  }
}

function parseChunkedHeader(buf: Buffer) {
  if (buf.length < CHUNKED_HEADER + WRAPPED || !isChunked(buf)) throw damaged();
  const take = sliceFrom(buf, CHUNKED.length);
  const keyId = take(KEY_ID).toString('hex');
  const chunkSize = take(4).readUInt32BE(0);
  const noncePrefix = take(NONCE_PREFIX);
  const wrap: Wrap = {
    keyId,
    header: buf.subarray(0, CHUNKED_HEADER),
    wrapIv: take(IV),
    wrapped: take(32),
    wrapTag: take(TAG),
  };
  return { wrap, chunkSize, noncePrefix };
}

function chunkIv(noncePrefix: Buffer, index: number): Buffer {
  if (index > 0xffffffff) throw new AppError('too_large', 'This file has too many chunks to seal');
  const iv = Buffer.alloc(IV);
  noncePrefix.copy(iv);
  iv.writeUInt32BE(index, NONCE_PREFIX);
  return iv;
}

function chunkAad(index: number, last: boolean, context: string): Buffer {
  const head = Buffer.alloc(RECORD_HEAD);
  head.writeUInt32BE(index, 0);
  head[4] = last ? 1 : 0;
  return Buffer.concat([head, Buffer.from(context)]);
}

/** Bytes as they arrive, taken out in exact lengths without copying when one piece holds them. */
class ByteQueue {
  private parts: Buffer[] = [];
  length = 0;

  push(bytes: Buffer): void {
    if (bytes.length === 0) return;
    this.parts.push(bytes);
    this.length += bytes.length;
  }

  /** The first `n` bytes without taking them, or null when fewer have arrived. */
  peek(n: number): Buffer | null {
    if (this.length < n) return null;
    const head = this.parts[0] as Buffer;
    return head.length >= n ? head.subarray(0, n) : this.copy(n, false);
  }

  /** Takes the first `n` bytes, or null when fewer have arrived. */
  take(n: number): Buffer | null {
    if (this.length < n) return null;
    const head = this.parts[0];
    if (!head || head.length < n) return this.copy(n, true);
    this.length -= n;
    this.advance(head, n);
    return head.subarray(0, n);
  }

  /** The first `n` bytes copied out of the pieces they span, and taken when `take`. */
  private copy(n: number, take: boolean): Buffer {
    const out = Buffer.allocUnsafe(n);
    let at = 0;
    let usedUp = 0;
    for (const part of this.parts) {
      const count = Math.min(part.length, n - at);
      part.copy(out, at, 0, count);
      at += count;
      if (count < part.length) {
        if (take) this.parts[usedUp] = part.subarray(count);
        break;
      }
      usedUp += 1;
      if (at === n) break;
    }
    if (take) {
      this.length -= n;
      // One splice per take, so bytes that arrived one at a time do not shift the queue once per byte.
      this.parts.splice(0, usedUp);
    }
    return out;
  }

  private advance(head: Buffer, count: number): void {
    if (count === head.length) this.parts.shift();
    else this.parts[0] = head.subarray(count);
  }
}

function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

function damaged(cause?: unknown): AppError {
  return new AppError('internal', 'The stored file failed its integrity check and cannot be opened', {
    cause,
  });
}
