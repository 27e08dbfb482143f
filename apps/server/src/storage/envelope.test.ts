import { createCipheriv, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  type EncryptionKeys,
  open,
  openText,
  resealed,
  resealedText,
  seal,
  sealedKeyId,
  sealedTextKeyId,
  sealText,
} from './envelope';

const ring = (entries: [string, Buffer][], currentId = entries[0]?.[0] ?? '') =>
  ({ currentId, byId: new Map(entries) }) satisfies EncryptionKeys;

const OLD_ID = '0123456789abcdef';
const NEW_ID = 'fedcba9876543210';
const oldKey = randomBytes(32);
const newKey = randomBytes(32);

/** The "WLY1" layout as the previous release wrote it: no key id, the wrap not bound to a header. */
function legacySeal(plain: Buffer, masterKey: Buffer, context: string): Buffer {
  const dataKey = randomBytes(32);
  const wrapIv = randomBytes(12);
  const wrapper = createCipheriv('aes-256-gcm', masterKey, wrapIv);
  const wrapped = Buffer.concat([wrapper.update(dataKey), wrapper.final()]);
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', dataKey, iv);
  cipher.setAAD(Buffer.from(context));
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([
    Buffer.from('WLY1'),
    wrapIv,
    wrapped,
    wrapper.getAuthTag(),
    iv,
    cipher.getAuthTag(),
    body,
  ]);
}

describe('envelopes', () => {
  it('name the master key that wrapped them and open with it', () => {
    const keys = ring([[NEW_ID, newKey]]);
    const sealed = seal(Buffer.from('receipt bytes'), keys, 'receipts/u/1');
    expect(sealed.subarray(0, 4).toString()).toBe('WLY2');
    expect(sealedKeyId(sealed)).toBe(NEW_ID);
    expect(open(sealed, keys, 'receipts/u/1').toString()).toBe('receipt bytes');
    expect(sealedTextKeyId(sealText('token', keys, 'ctx'))).toBe(NEW_ID);
  });

  it('are sealed again under the current key only when an older key wrapped them', () => {
    const old = ring([[OLD_ID, oldKey]]);
    const both = ring(
      [
        [NEW_ID, newKey],
        [OLD_ID, oldKey],
      ],
      NEW_ID,
    );
    const file = seal(Buffer.from('receipt bytes'), old, 'receipts/u/3');
    const again = resealed(file, both, 'receipts/u/3');
    expect(again && sealedKeyId(again)).toBe(NEW_ID);
    expect(again && open(again, ring([[NEW_ID, newKey]]), 'receipts/u/3').toString()).toBe('receipt bytes');
    expect(again && resealed(again, both, 'receipts/u/3')).toBeNull();

    const token = sealText('token', old, 'ctx');
    const newToken = resealedText(token, both, 'ctx');
    expect(sealedTextKeyId(newToken)).toBe(NEW_ID);
    expect(openText(newToken, ring([[NEW_ID, newKey]]), 'ctx')).toBe('token');
    expect(resealedText(newToken, both, 'ctx')).toBe(newToken);
  });

  it('still open the WLY1 layout with whichever held key wrapped it', () => {
    const sealed = legacySeal(Buffer.from('old receipt'), oldKey, 'receipts/u/2');
    expect(sealedKeyId(sealed)).toBe('legacy');
    const keys = ring(
      [
        [NEW_ID, newKey],
        [OLD_ID, oldKey],
      ],
      NEW_ID,
    );
    expect(open(sealed, keys, 'receipts/u/2').toString()).toBe('old receipt');
    expect(() => open(sealed, ring([[NEW_ID, newKey]]), 'receipts/u/2')).toThrow(/integrity check/);
  });

  it('open under an older key while it is held, and say which key is missing once it is not', () => {
    const sealed = sealText('refresh-token', ring([[OLD_ID, oldKey]]), 'provider-token:google:s:refresh');
    const both = ring(
      [
        [NEW_ID, newKey],
        [OLD_ID, oldKey],
      ],
      NEW_ID,
    );
    expect(openText(sealed, both, 'provider-token:google:s:refresh')).toBe('refresh-token');
    expect(() => openText(sealed, ring([[NEW_ID, newKey]]), 'provider-token:google:s:refresh')).toThrow(
      `sealed under master key ${OLD_ID}, which this server was not given`,
    );
  });

  it('refuse a header whose key id was changed, and an object moved to another context', () => {
    const keys = ring(
      [
        [NEW_ID, newKey],
        [OLD_ID, newKey],
      ],
      NEW_ID,
    );
    const sealed = seal(Buffer.from('bytes'), keys, 'receipts/u/3');
    const relabelled = Buffer.from(sealed);
    Buffer.from(OLD_ID, 'hex').copy(relabelled, 4);
    expect(() => open(relabelled, keys, 'receipts/u/3')).toThrow(/integrity check/);
    expect(() => open(sealed, keys, 'receipts/u/4')).toThrow(/integrity check/);
  });
});
