import { describe, expect, it } from 'vitest';
import { claimedPhotoType, photoTypeOf } from './image-type';

const ftyp = (major: string, ...compatible: string[]) => {
  const brands = Buffer.from([major, '\0\0\0\0', ...compatible].join(''), 'latin1');
  const size = Buffer.alloc(4);
  size.writeUInt32BE(8 + brands.length);
  return Buffer.concat([size, Buffer.from('ftyp', 'latin1'), brands]);
};

describe('photoTypeOf', () => {
  it.each([
    ['jpeg', Buffer.from('ffd8ffe000104a464946', 'hex')],
    ['png', Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex')],
    ['webp', Buffer.from('RIFF\x10\x00\x00\x00WEBPVP8 ', 'latin1')],
    ['heic', ftyp('heic', 'mif1', 'heic')],
    ['heic', ftyp('mif1', 'MiHE', 'heic')],
  ])('knows a %s photo by its first bytes', (type, head) => {
    expect(photoTypeOf(head)).toBe(type);
  });

  it.each([
    ['a PDF', Buffer.from('%PDF-1.7', 'latin1')],
    ['a GIF', Buffer.from('GIF89a', 'latin1')],
    ['an AVIF (HEIF, but AV1)', ftyp('avif', 'mif1', 'miaf')],
    ['a WAV (RIFF, but sound)', Buffer.from('RIFF\x10\x00\x00\x00WAVEfmt ', 'latin1')],
    ['nothing', Buffer.alloc(0)],
  ])('answers null for %s', (_name, head) => {
    expect(photoTypeOf(head)).toBeNull();
  });
});

describe('claimedPhotoType', () => {
  it('reads the declared type first, then the name when the type says nothing', () => {
    expect(claimedPhotoType('image/png', 'receipt.jpg')).toBe('png');
    expect(claimedPhotoType('image/heif', 'IMG_0001.HEIC')).toBe('heic');
    expect(claimedPhotoType('', 'IMG_0001.HEIC')).toBe('heic');
    expect(claimedPhotoType('application/octet-stream', 'scan.jpeg')).toBe('jpeg');
  });
  it('calls a type that is not a photo "other", and a file claiming nothing null', () => {
    expect(claimedPhotoType('application/pdf', 'receipt.pdf')).toBe('other');
    expect(claimedPhotoType('application/octet-stream', 'receipt')).toBeNull();
    expect(claimedPhotoType('', 'notes.txt')).toBeNull();
  });
});
