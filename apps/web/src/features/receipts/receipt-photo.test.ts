import { describe, expect, it } from 'vitest';
import { photoRefusal } from './receipt-photo';

const file = (type: string, size = 1000) => new File([new Uint8Array(size)], 'receipt', { type });

describe('photoRefusal', () => {
  it('lets through the photo types the server reads, and a photo whose type the browser does not know', () => {
    for (const type of ['image/jpeg', 'image/png', 'image/webp', 'image/heic', '']) {
      expect(photoRefusal(file(type))).toBeNull();
    }
  });
  it('refuses another type and a photo over 10 MB, saying which', () => {
    expect(photoRefusal(file('application/pdf'))).toBe(
      'Please select a photo of the receipt (JPEG, PNG, WebP or HEIC).',
    );
    expect(photoRefusal(file('image/gif'))).toContain('Please select a photo');
    expect(photoRefusal(file('image/jpeg', 10 * 1024 * 1024 + 1))).toBe(
      'The photo is larger than the 10 MB limit.',
    );
  });
});
