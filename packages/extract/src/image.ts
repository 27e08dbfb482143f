/// <reference path="./heic-decode.d.ts" />
import sharp, { type Sharp } from 'sharp';
import { PSM } from 'tesseract.js';
import { extractionFromDoc } from './document';
import { PHOTO_LABEL, type PhotoType, photoTypeOf } from './image-type';
import { findInk, inkBox, skewAngle } from './ink';
import type { MemoryInput } from './memory';
import { ocrImageWords } from './ocr';
import { glyphHeight, paperRegion, type Rect, sauvola } from './page-image';
import type { Doc } from './readers/doc';
import { type OcrWord, ocrWordsToDoc } from './readers/ocr';
import { correctAmountDigits } from './readers/ocr-digits';
import type { Extraction } from './types';

/**
 * Pixels of one photo; a larger one is refused before it is decoded. Takes the JPEGs of 50-megapixel
 * phone cameras, which decode at a fraction of their size (JPEG shrink-on-load), in little memory.
 */
export const PHOTO_PIXELS = 50_000_000;
/**
 * Pixels of one HEIC photo: it decodes whole, in WebAssembly, whose memory is never given back; a reader
 * measured 450 MB at its peak for a 12 MP photo, 470 MB for 16 MP and 590 MB for 24 MP, against the 512 MB
 * a reader may use. The 12 MP most phones take by default pass; a larger one is refused by name.
 */
export const HEIC_PIXELS = 16_000_000;
/** Long side, in pixels, a photo is read at: receipt print is then ~25-40 px high, which tesseract likes. */
export const OCR_LONG_SIDE = 2000;
/** Skew below this many degrees is left alone: tesseract reads it as well, and a rotation costs ~40 ms. */
const MIN_DESKEW = 0.5;

/**
 * Tesseract's settings for a photographed receipt, cropped to its print: one block of lines (automatic
 * layout split a receipt's flush-right prices from their names, and "single column" dropped them when the
 * gap was wide), dark print on light paper (no second pass for inverted text, which took a third of the
 * time), and about the resolution a receipt has at OCR_LONG_SIDE.
 */
const PHOTO_OCR = {
  tessedit_pageseg_mode: PSM.SINGLE_BLOCK,
  tessedit_do_invert: '0',
  user_defined_dpi: '300',
};

/** A photo that cannot be read at all; `code` says why (`too_large` as for the limits of limits.ts). */
export class PhotoError extends Error {
  override name = 'PhotoError';
  constructor(
    readonly code: 'not_image' | 'corrupt' | 'too_large',
    message: string,
  ) {
    super(message);
  }
}

/** A photo made ready for OCR: greyscale PNG, upright, levelled; `angle` is the skew it was turned by. */
export interface PreparedPhoto {
  type: PhotoType;
  png: Buffer;
  width: number;
  height: number;
  angle: number;
  /**
   * Where the prepared image came from in the upright photo: the factor the photo was scaled by, the box
   * (scaled pixels) cut from it, and `zoom`, the factor the turned box was scaled by after. Lets a caller map
   * the OCR's boxes back onto the photo (ocr-bench matches them with hand-drawn boxes).
   */
  frame: { scale: number; crop: Rect; zoom: number };
}

/**
 * A point of the prepared image (pixels) in the upright photo's pixels: the turn undone about the
 * centre (sharp turns about it and grows the canvas to hold the corners), the crop added, the scale undone.
 */
export function photoPoint(photo: PreparedPhoto, x: number, y: number): [number, number] {
  const { scale, crop, zoom } = photo.frame;
  const radians = (photo.angle * Math.PI) / 180;
  const dx = (x - photo.width / 2) / zoom;
  const dy = (y - photo.height / 2) / zoom;
  const cx = dx * Math.cos(radians) - dy * Math.sin(radians) + crop.width / 2;
  const cy = dx * Math.sin(radians) + dy * Math.cos(radians) + crop.height / 2;
  return [(cx + crop.left) / scale, (cy + crop.top) / scale];
}

const megapixels = (pixels: number) => Math.round(pixels / 1e5) / 10;

function tooLarge(pixels: number, cap: number, type: PhotoType): PhotoError {
  return new PhotoError(
    'too_large',
    `The photo is too large to read (${megapixels(pixels)} megapixels; a ${PHOTO_LABEL[type]} photo may have at most ${cap / 1e6})`,
  );
}

function unreadable(type: PhotoType, error: unknown): PhotoError {
  if (error instanceof PhotoError) return error;
  const detail = error instanceof Error ? error.message.split('\n')[0] : String(error);
  return new PhotoError('corrupt', `The ${PHOTO_LABEL[type]} photo is damaged or incomplete (${detail})`);
}

/** HEIC through heic-decode (libheif in WebAssembly): sharp's own libheif has no HEVC decoder. */
async function decodeHeic(bytes: Uint8Array) {
  const { default: decode } = await import('heic-decode');
  const images = await decode.all({ buffer: bytes });
  try {
    const first = images[0];
    if (!first) throw new PhotoError('corrupt', 'The HEIC photo holds no image');
    if (first.width * first.height > HEIC_PIXELS)
      throw tooLarge(first.width * first.height, HEIC_PIXELS, 'heic');
    return await first.decode();
  } finally {
    images.dispose();
  }
}

/** The photo as sharp reads it: HEIC decoded first, the other types from their bytes, within their caps. */
async function source(bytes: Uint8Array, type: PhotoType): Promise<Sharp> {
  if (type === 'heic') {
    const { data, width, height } = await decodeHeic(bytes);
    return sharp(data, { raw: { width, height, channels: 4 }, limitInputPixels: HEIC_PIXELS });
  }
  // The header alone, to refuse a photo over the cap by name; the pixel limit stays as a second line.
  const { width = 0, height = 0 } = await sharp(bytes, { limitInputPixels: false }).metadata();
  if (width * height > PHOTO_PIXELS) throw tooLarge(width * height, PHOTO_PIXELS, type);
  // Sharp's advice for untrusted input: its strictest failOn (the default), and a pixel limit.
  return sharp(bytes, { limitInputPixels: PHOTO_PIXELS });
}

/** Steps of the photo preparation that can be switched, for measuring each (training/ocr-bench.ts). */
export interface PhotoSteps {
  /** Cut the paper out of what surrounds it (the largest bright region) before the print is looked for. */
  paper: boolean;
  /** Sauvola binarisation, so a shadow or a gradient across the paper does not reach the OCR. */
  binarise: boolean;
  /** Scale so the glyphs are about GLYPH_HEIGHT pixels high, measured, not guessed from the long side. */
  glyphScale: boolean;
  /** Letters read for digits corrected in amount columns (readers/ocr-digits.ts). */
  digits: boolean;
  /** The least confident lines read again one at a time (ocr.ts, LineRetry). */
  retry: boolean;
}

/** Which lines the second pass reads again: ~10 lines cost ~0.3-0.6 s on a shared core. */
const PHOTO_RETRY = { below: 70, max: 10 };

/**
 * The steps production runs: none yet. Measured with bench:ocr on 20 scans and their degraded copies
 * (no step: CER 11.5 % scans / 43.2 % degraded; total in text 75 / 65 %, date 95 / 75 %): the paper crop
 * alone 12.8 / 46.6 %, total 70 / 60 %, date 95 / 70 %; paper, Sauvola, glyph scale and amount digits
 * together 13.7 / 38.8 %, total 85 / 55 %, date 85 / 65 %, and slower; Sauvola and glyph scale
 * 12.3 / 36.9 %, total 90 / 60 %, date 85 / 60 %. A step is switched on when it wins on both sets
 * (training/OCR-BENCH.md).
 */
export const PHOTO_STEPS: PhotoSteps = {
  paper: false,
  binarise: false,
  glyphScale: false,
  digits: false,
  retry: false,
};

/** Glyph height, in pixels, tesseract's LSTM reads best at. */
export const GLYPH_HEIGHT = 30;
/** Pixels the glyph scaling may grow an image to: OCR time grows with them (3 s a photo). */
const OCR_PIXELS = 4_000_000;
/** Bounds of the glyph scaling: a misjudged height must not blow the image up or shrink it to nothing. */
const GLYPH_ZOOM = [0.5, 2] as const;

/** The pixels of a sharp pipeline as one grey byte each: sharp adds colour and alpha channels on a turn. */
async function greyPixels(image: Sharp): Promise<{ data: Uint8Array; width: number; height: number }> {
  const { data, info } = await image.raw().toBuffer({ resolveWithObject: true });
  if (info.channels === 1) return { data, width: info.width, height: info.height };
  const grey = new Uint8Array(info.width * info.height);
  for (let i = 0; i < grey.length; i += 1) grey[i] = data[i * info.channels] as number;
  return { data: grey, width: info.width, height: info.height };
}

/** A grey image's region as its own buffer. */
function cut(grey: Uint8Array, width: number, box: Rect): Uint8Array {
  const out = new Uint8Array(box.width * box.height);
  for (let y = 0; y < box.height; y += 1) {
    const from = (box.top + y) * width + box.left;
    out.set(grey.subarray(from, from + box.width), y * box.width);
  }
  return out;
}

/**
 * Makes a photo ready for OCR: turned upright by its EXIF orientation, greyscale, flattened on white,
 * scaled so its long side is OCR_LONG_SIDE, contrast stretched, cut to the paper (page-image.ts), cropped
 * to its print and levelled (ink.ts), then with `steps` scaled to its glyph height and binarised. Refuses
 * (PhotoError) what is not a JPEG, PNG, WebP or HEIC photo by its bytes, a damaged one, and one over its
 * pixel cap, which is checked before the pixels are decoded.
 */
export async function preparePhoto(
  bytes: Uint8Array,
  steps: PhotoSteps = PHOTO_STEPS,
): Promise<PreparedPhoto> {
  const type = photoTypeOf(bytes);
  if (!type) throw new PhotoError('not_image', 'This file is not a JPEG, PNG, WebP or HEIC photo');
  try {
    const image = await source(bytes, type);
    const { data, info } = await image
      .rotate()
      .flatten({ background: '#ffffff' })
      .greyscale()
      .resize({ width: OCR_LONG_SIDE, height: OCR_LONG_SIDE, fit: 'inside' })
      .normalise()
      .raw()
      .toBuffer({ resolveWithObject: true });
    // The paper first: the table around it, its grain and its edges, would otherwise count as ink.
    const region = steps.paper ? paperRegion(data, info.width, info.height) : null;
    const paper = region?.box ?? null;
    if (region) {
      // The table seen past the turned paper's edges, within its box, whitened: it reads as noise.
      for (let y = 0; y < info.height; y += 1)
        for (let x = 0; x < info.width; x += 1) if (!region.inside(x, y)) data[y * info.width + x] = 255;
    }
    const grey = paper ? cut(data, info.width, paper) : data;
    const width = paper ? paper.width : info.width;
    const height = paper ? paper.height : info.height;
    const ink = findInk(grey, width, height);
    // A sheet's straight sides say its angle better than sparse or blurred print does.
    const turn = region?.angle ?? skewAngle(ink);
    const angle = Math.abs(turn) >= MIN_DESKEW ? turn : 0;
    const inner = inkBox(ink) ?? { left: 0, top: 0, width, height };
    const box = { ...inner, left: inner.left + (paper?.left ?? 0), top: inner.top + (paper?.top ?? 0) };
    // Cropped to the print before it is turned: the box of turned lines holds them all, and tesseract no
    // longer reads the table around the receipt (noise it took for words).
    let page = sharp(data, { raw: { width: info.width, height: info.height, channels: 1 } }).extract(box);
    if (angle) page = page.rotate(-angle, { background: '#ffffff' });
    let turned = await greyPixels(page);
    let zoom = 1;
    if (steps.glyphScale) {
      const glyph = glyphHeight(
        sauvola(turned.data, turned.width, turned.height),
        turned.width,
        turned.height,
      );
      if (glyph) zoom = Math.min(GLYPH_ZOOM[1], Math.max(GLYPH_ZOOM[0], GLYPH_HEIGHT / glyph));
      // Tesseract's time grows with the pixels: no larger than OCR_PIXELS.
      zoom = Math.min(zoom, Math.sqrt(OCR_PIXELS / (turned.width * turned.height)));
      // Within a tenth of the aim already: a resize would only blur.
      if (Math.abs(zoom - 1) < 0.1) zoom = 1;
      if (zoom !== 1) {
        const raw = { width: turned.width, height: turned.height, channels: 1 as const };
        turned = await greyPixels(
          sharp(turned.data, { raw }).resize({
            width: Math.max(1, Math.round(turned.width * zoom)),
            kernel: 'lanczos3',
          }),
        );
      }
    }
    const at = { width: turned.width, height: turned.height };
    const pixels = steps.binarise
      ? sauvola(
          turned.data,
          at.width,
          at.height,
          2 * Math.round((steps.glyphScale ? GLYPH_HEIGHT : 24) * 0.8) + 1,
        )
      : turned.data;
    const png = await sharp(pixels, { raw: { width: at.width, height: at.height, channels: 1 } })
      .toColourspace('b-w')
      .png({ compressionLevel: 1 })
      .toBuffer();
    // The long side stays the long side when EXIF turns the photo by quarter turns.
    const { width: sourceWidth = info.width, height: sourceHeight = info.height } = await image.metadata();
    const scale = Math.max(info.width, info.height) / Math.max(sourceWidth, sourceHeight);
    return { type, png, width: at.width, height: at.height, angle, frame: { scale, crop: box, zoom } };
  } catch (error) {
    throw unreadable(type, error);
  }
}

/**
 * Version of the photo path (preparation and OCR settings): the training OCR cache is keyed by it with
 * the engine's version, so a change here marks the cached words stale.
 */
export const PHOTO_PIPELINE = 'photo-1';

/**
 * The production photo OCR: `preparePhoto`, then tesseract's words (boxes in the prepared image's
 * pixels, `size` its width and height) and the document built from them.
 */
export async function readPhoto(
  bytes: Uint8Array,
  steps: PhotoSteps = PHOTO_STEPS,
): Promise<{ photo: PreparedPhoto; words: OcrWord[]; size: [number, number]; doc: Doc }> {
  const photo = await preparePhoto(bytes, steps);
  const { words, size } = await ocrImageWords(photo.png, PHOTO_OCR, steps.retry ? PHOTO_RETRY : undefined);
  return { photo, words, size, doc: photoDoc(words, size, steps) };
}

/**
 * The document model of a photo's OCR words (boxes in pixels of an image of `size`): what `readPhoto`
 * answers, and what training builds from the cached words, so both see the same document.
 */
export function photoDoc(words: OcrWord[], size: [number, number], steps: PhotoSteps = PHOTO_STEPS): Doc {
  const doc = ocrWordsToDoc(words, size);
  return steps.digits ? correctAmountDigits(doc) : doc;
}

/**
 * Reads a photo of a paper receipt: `preparePhoto`, then OCR (tesseract.js, offline), then the purchase
 * fields as for a receipt's text. A photo with no purchase in it is an extraction without one, not an error.
 * @example (await extractImage(jpegOfATillReceipt)).total //=> '21.68'
 */
export async function extractImage(
  bytes: Uint8Array,
  options: { memory?: MemoryInput } = {},
): Promise<Extraction> {
  const { photo, doc } = await readPhoto(bytes);
  const read = extractionFromDoc(doc, false, undefined, null, options.memory);
  return {
    ...read,
    text_layer: false,
    ocr: true,
    signals: [
      'ocr',
      `photo:${photo.type}`,
      ...(photo.angle ? [`deskew:${photo.angle}`] : []),
      ...read.signals,
    ],
  };
}
