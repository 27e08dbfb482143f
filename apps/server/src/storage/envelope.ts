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
/** A key id is 8 bytes, written as 16 hex characters. */
const KEY_ID = 8;
const IV = 12;
const TAG = 16;
const WRAPPED = IV + 32 + TAG;

/**
 * Envelope encryption with AES-256-GCM: a fresh data key per object, wrapped by the master key named in the
 * header (which is authenticated with the wrap, so a header naming another key fails to open).
 * `context` (the storage key, the row) is authenticated too, so an object moved elsewhere fails to open.
 * Layout: "WLY2" | master key id | iv, wrapped data key, tag | iv | tag | ciphertext.
 * The older "WLY1" layout has no key id; it opens with whichever held key wrapped it.
 */
export function seal(plain: Uint8Array, keys: EncryptionKeys, context: string): Buffer {
  const header = Buffer.concat([MAGIC, Buffer.from(keys.currentId, 'hex')]);
  const dataKey = randomBytes(32);
  const wrapIv = randomBytes(IV);
  const wrapper = createCipheriv('aes-256-gcm', keyOf(keys, keys.currentId), wrapIv);
  wrapper.setAAD(header);
  const wrapped = Buffer.concat([wrapper.update(dataKey), wrapper.final()]);
  const wrapTag = wrapper.getAuthTag();

  const iv = randomBytes(IV);
  const cipher = createCipheriv('aes-256-gcm', dataKey, iv);
  cipher.setAAD(Buffer.from(context));
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([header, wrapIv, wrapped, wrapTag, iv, cipher.getAuthTag(), body]);
}

/** Opens what `seal` wrote; a changed byte anywhere fails with a clear error instead of wrong bytes. */
export function open(sealed: Uint8Array, keys: EncryptionKeys, context: string): Buffer {
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
  const buf = Buffer.from(sealed.buffer, sealed.byteOffset, sealed.byteLength);
  if (buf.subarray(0, 4).equals(LEGACY)) return 'legacy';
  if (buf.subarray(0, 4).equals(MAGIC) && buf.length >= MAGIC.length + KEY_ID) {
    return buf.subarray(4, 4 + KEY_ID).toString('hex');
  }
  return null;
}

/** Whether one of `keys` unwraps the data key of `sealed` (the start-up key check, no context needed). */
export function opensWith(sealed: Uint8Array, keys: EncryptionKeys): boolean {
  let parts: Parts;
  try {
    parts = parse(sealed);
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
  return sealedKeyId(sealed) === keys.currentId ? null : seal(open(sealed, keys, context), keys, context);
}

/** `resealed` for a value `sealText` wrote: the same value when it is already under the current key. */
export function resealedText(sealed: string, keys: EncryptionKeys, context: string): string {
  return sealedTextKeyId(sealed) === keys.currentId
    ? sealed
    : sealText(openText(sealed, keys, context), keys, context);
}

interface Parts {
  /** Null for the legacy layout. */
  keyId: string | null;
  header: Buffer;
  wrapIv: Buffer;
  wrapped: Buffer;
  wrapTag: Buffer;
  iv: Buffer;
  tag: Buffer;
  body: Buffer;
}

function parse(sealed: Uint8Array): Parts {
  const buf = Buffer.from(sealed.buffer, sealed.byteOffset, sealed.byteLength);
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
function unwrap(parts: Parts, masterKey: Buffer): Buffer | null {
  try {
    const unwrapper = createDecipheriv('aes-256-gcm', masterKey, parts.wrapIv);
    if (parts.keyId !== null) unwrapper.setAAD(parts.header);
    unwrapper.setAuthTag(parts.wrapTag);
    return Buffer.concat([unwrapper.update(parts.wrapped), unwrapper.final()]);
  } catch {
    return null;
  }
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

function damaged(cause?: unknown): AppError {
  return new AppError('internal', 'The stored file failed its integrity check and cannot be opened', {
    cause,
  });
}
