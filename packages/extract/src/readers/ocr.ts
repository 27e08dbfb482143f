import { boxesToDoc } from './boxes';
import type { Doc } from './doc';

/** One word as tesseract reads it: its text, its box in pixels and its confidence 0-100. */
export interface OcrWord {
  text: string;
  bbox: { x0: number; y0: number; x1: number; y1: number };
  confidence: number;
  /** 0-based page, when several pages are read as one document. */
  page?: number;
}

/**
 * The document model of OCR words on an image of `size` [width, height] pixels: lines rebuilt from the
 * word boxes as `boxesToDoc` does (whatever order the engine gave them in), each token's `conf` the
 * engine's confidence over 100.
 * @example lineTexts(ocrWordsToDoc([{ text: 'TOTAL', bbox: { x0: 10, y0: 50, x1: 80, y1: 70 }, confidence: 91 }], [400, 600])) //=> ['TOTAL']
 */
export function ocrWordsToDoc(words: OcrWord[], size: [number, number]): Doc {
  return boxesToDoc(
    words.map((word) => ({
      text: word.text,
      box: [word.bbox.x0, word.bbox.y0, word.bbox.x1, word.bbox.y1],
      conf: Math.min(1, Math.max(0, word.confidence / 100)),
      ...(word.page === undefined ? {} : { page: word.page }),
    })),
    size,
    'photo',
  );
}
