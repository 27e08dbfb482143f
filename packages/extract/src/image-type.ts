/** The kinds of photo a receipt may be uploaded as. */
export type PhotoType = 'jpeg' | 'png' | 'webp' | 'heic';

/** Each photo type's MIME type, as a stored receipt file is served. */
export const PHOTO_MIME: Record<PhotoType, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  heic: 'image/heic',
};

/** Each photo type's name for people ("a JPEG photo"). */
export const PHOTO_LABEL: Record<PhotoType, string> = {
  jpeg: 'JPEG',
  png: 'PNG',
  webp: 'WebP',
  heic: 'HEIC',
};

const ascii = (bytes: Uint8Array, from: number, to: number) =>
  String.fromCharCode(...bytes.subarray(from, Math.min(to, bytes.length)));

/** HEIF brands of HEVC-coded images (AVIF's `avif`, also HEIF, is not one). */
const HEVC_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx']);

/**
 * The photo type a file is by its first bytes (magic numbers); null for anything else, whatever its name
 * says. HEIC is an ISO-BMFF file whose `ftyp` box names an HEVC brand, as major or compatible brand.
 * @example photoTypeOf(Uint8Array.of(0xff, 0xd8, 0xff, 0xe0)) //=> 'jpeg'
 */
export function photoTypeOf(head: Uint8Array): PhotoType | null {
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
  if (ascii(head, 0, 8) === '\x89PNG\r\n\x1a\n') return 'png';
  if (ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WEBP') return 'webp';
  if (ascii(head, 4, 8) === 'ftyp') {
    const size = new DataView(head.buffer, head.byteOffset, head.byteLength).getUint32(0);
    const end = Math.min(Math.max(size, 16), 256, head.length);
    // The major brand, then the compatible ones after the minor version.
    const brands = [ascii(head, 8, 12)];
    for (let at = 16; at + 4 <= end; at += 4) brands.push(ascii(head, at, at + 4));
    if (brands.some((brand) => HEVC_BRANDS.has(brand))) return 'heic';
  }
  return null;
}

const MIME_CLAIMS: Record<string, PhotoType> = {
  'image/jpeg': 'jpeg',
  'image/jpg': 'jpeg',
  'image/pjpeg': 'jpeg',
  'image/png': 'png',
  'image/x-png': 'png',
  'image/webp': 'webp',
  'image/heic': 'heic',
  'image/heif': 'heic',
  'image/heic-sequence': 'heic',
  'image/heif-sequence': 'heic',
};

const EXTENSION_CLAIMS: Record<string, PhotoType> = {
  jpg: 'jpeg',
  jpeg: 'jpeg',
  jfif: 'jpeg',
  png: 'png',
  webp: 'webp',
  heic: 'heic',
  heif: 'heic',
};

/**
 * What a file says it is: by its declared content type, or by its name's extension when the type says
 * nothing (empty or `application/octet-stream`, as browsers send a type they do not know). A photo type,
 * `other` for a type that is not one, or null when the file makes no claim.
 * @example claimedPhotoType('image/png', 'receipt.jpg') //=> 'png'
 * @example claimedPhotoType('application/pdf', 'receipt.pdf') //=> 'other'
 */
export function claimedPhotoType(mimeType: string, filename: string): PhotoType | 'other' | null {
  const mime = mimeType.split(';')[0]?.trim().toLowerCase() ?? '';
  if (mime && mime !== 'application/octet-stream') return MIME_CLAIMS[mime] ?? 'other';
  const dot = filename.lastIndexOf('.');
  if (dot === -1) return null;
  return EXTENSION_CLAIMS[filename.slice(dot + 1).toLowerCase()] ?? null;
}
