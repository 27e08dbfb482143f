import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { AppError } from '../errors';

const MAGIC = Buffer.from('WLY1');
const IV = 12;
const TAG = 16;
const WRAPPED = IV + 32 + TAG;

/**
 * Envelope encryption with AES-256-GCM: a fresh data key per file, wrapped by the master key.
 * `context` (the storage key) is authenticated, so a file moved under another key fails to open.
 * Layout: "WLY1" | iv, wrapped data key, tag | iv | tag | ciphertext.
 */
export function seal(plain: Uint8Array, masterKey: Buffer, context: string): Buffer {
  const dataKey = randomBytes(32);
  const wrapIv = randomBytes(IV);
  const wrapper = createCipheriv('aes-256-gcm', masterKey, wrapIv);
  const wrapped = Buffer.concat([wrapper.update(dataKey), wrapper.final()]);
  const wrapTag = wrapper.getAuthTag();

  const iv = randomBytes(IV);
  const cipher = createCipheriv('aes-256-gcm', dataKey, iv);
  cipher.setAAD(Buffer.from(context));
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([MAGIC, wrapIv, wrapped, wrapTag, iv, cipher.getAuthTag(), body]);
}

/** Opens what `seal` wrote; a changed byte anywhere fails with a clear error instead of wrong bytes. */
export function open(sealed: Uint8Array, masterKey: Buffer, context: string): Buffer {
  const buf = Buffer.from(sealed.buffer, sealed.byteOffset, sealed.byteLength);
  if (buf.length < MAGIC.length + WRAPPED + IV + TAG || !buf.subarray(0, 4).equals(MAGIC)) {
    throw damaged();
  }
  try {
    const take = sliceFrom(buf, MAGIC.length);
    const wrapIv = take(IV);
    const wrapped = take(32);
    const wrapTag = take(TAG);
    const iv = take(IV);
    const tag = take(TAG);
    const body = take(buf.length);
    const unwrapper = createDecipheriv('aes-256-gcm', masterKey, wrapIv);
    unwrapper.setAuthTag(wrapTag);
    const dataKey = Buffer.concat([unwrapper.update(wrapped), unwrapper.final()]);
    const decipher = createDecipheriv('aes-256-gcm', dataKey, iv);
    decipher.setAAD(Buffer.from(context));
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(body), decipher.final()]);
  } catch (cause) {
    throw damaged(cause);
  }
}

/** Seals a short secret (a provider token) into one base64url string for a text column. */
export function sealText(plain: string, masterKey: Buffer, context: string): string {
  return seal(Buffer.from(plain, 'utf8'), masterKey, context).toString('base64url');
}

export function openText(sealed: string, masterKey: Buffer, context: string): string {
  return open(Buffer.from(sealed, 'base64url'), masterKey, context).toString('utf8');
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
