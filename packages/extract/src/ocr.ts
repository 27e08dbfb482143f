import { createRequire } from 'node:module';
import path from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import type { PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { type Block, createWorker, PSM, type Worker, type WorkerParams } from 'tesseract.js';
import { LIMITS, LimitError } from './limits';
import { type Doc, joinPages } from './readers/doc';
import { type OcrWord, ocrWordsToDoc } from './readers/ocr';

/** English language data shipped in an npm package: OCR never downloads anything. */
const LANG_PATH = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@tesseract.js-data/eng/package.json')),
  '4.0.0_best_int',
);

/**
 * The scale a page is drawn at for OCR: twice its size in points (about 144 dpi), smaller when that
 * would pass LIMITS.ocrPixels. A page too large even at 1 pixel per point is refused, not drawn.
 */
export function ocrScale(page: { width: number; height: number }): number {
  const area = Math.max(1, page.width * page.height);
  if (area > LIMITS.ocrPixels) {
    const megapixels = Math.round(area / 1e6);
    throw new LimitError(
      'ocrPixels',
      `A page of the PDF is too large to read by OCR (${megapixels} megapixels; at most ${LIMITS.ocrPixels / 1e6})`,
    );
  }
  return Math.min(2, Math.sqrt(LIMITS.ocrPixels / area));
}

/** Every word of tesseract's block tree (blocks, paragraphs, lines), with its box and confidence. */
function wordsOf(blocks: Block[] | null, page: number): OcrWord[] {
  return (blocks ?? []).flatMap((block) =>
    block.paragraphs.flatMap((paragraph) =>
      paragraph.lines.flatMap((line) =>
        line.words
          .filter((word) => word.text.trim())
          .map((word) => ({ text: word.text.trim(), bbox: word.bbox, confidence: word.confidence, page })),
      ),
    ),
  );
}

/** A PNG's width and height from its header, or null for another format. */
function pngSize(image: Buffer): [number, number] | null {
  if (image.length < 24 || image.readUInt32BE(0) !== 0x89504e47) return null;
  return [image.readUInt32BE(16), image.readUInt32BE(20)];
}

/** A tesseract.js worker reading English from the shipped data, with `params` set over its defaults. */
async function startWorker(params: Partial<WorkerParams>): Promise<Worker> {
  const worker = await createWorker('eng', 1, { langPath: LANG_PATH, gzip: true, cacheMethod: 'none' });
  try {
    if (Object.keys(params).length > 0) await worker.setParameters(params);
  } catch (error) {
    await worker.terminate();
    throw error;
  }
  return worker;
}

/**
 * Runs `use` with a tesseract.js worker reading English from the shipped data, with `params` set; the
 * worker is ended after, whatever `use` did. `read` answers the words of one image with their boxes.
 */
async function withOcrWorker<T>(
  params: Partial<WorkerParams>,
  use: (read: (image: Buffer, page: number) => Promise<OcrWord[]>) => Promise<T>,
): Promise<T> {
  const worker = await startWorker(params);
  try {
    return await use(async (image, page) => {
      // The block tree, not the text: the words' boxes and confidences are what the readers keep.
      const { data } = await worker.recognize(image, {}, { blocks: true, text: false });
      return wordsOf(data.blocks, page);
    });
  } finally {
    await worker.terminate();
  }
}

/** A second reading of the lines tesseract was least sure of, each on its own as one line of text. */
export interface LineRetry {
  /** Lines whose mean word confidence (0-100) is below this are read again. */
  below: number;
  /** At most this many lines, the least confident first: each costs a recognition. */
  max: number;
}

/** The words of `blocks` grouped by printed line, as tesseract laid them out. */
function linesOf(blocks: Block[] | null, page: number): OcrWord[][] {
  return (blocks ?? []).flatMap((block) =>
    block.paragraphs.flatMap((paragraph) =>
      paragraph.lines.map((line) =>
        line.words
          .filter((word) => word.text.trim())
          .map((word) => ({ text: word.text.trim(), bbox: word.bbox, confidence: word.confidence, page })),
      ),
    ),
  );
}

const meanConfidence = (words: OcrWord[]) =>
  words.length ? words.reduce((sum, w) => sum + w.confidence, 0) / words.length : 100;

/**
 * Reads one image (PNG or JPEG bytes) with tesseract.js into the document model: its words with their
 * boxes and confidences, lines rebuilt from the boxes. `params` go over tesseract's defaults (a photo of a
 * receipt reads as one column: see image.ts).
 * @example lineTexts(await ocrImage(pngOfTheWords('TOTAL 5.30'))) //=> ['TOTAL 5.30']
 */
export async function ocrImage(image: Buffer, params: Partial<WorkerParams> = {}): Promise<Doc> {
  const { words, size } = await ocrImageWords(image, params);
  return ocrWordsToDoc(words, size);
}

/**
 * The words tesseract reads on one image (PNG or JPEG bytes), boxes in its pixels, with the image's size:
 * what `ocrImage` builds its document from, and what the training OCR cache keeps.
 */
export async function ocrImageWords(
  image: Buffer,
  params: Partial<WorkerParams> = {},
  retry?: LineRetry,
): Promise<{ words: OcrWord[]; size: [number, number] }> {
  const worker = await startWorker(params);
  try {
    const { data } = await worker.recognize(image, {}, { blocks: true, text: false });
    const lines = linesOf(data.blocks, 0);
    const size = pngSize(image) ?? [
      Math.max(1, ...lines.flat().map((w) => w.bbox.x1)),
      Math.max(1, ...lines.flat().map((w) => w.bbox.y1)),
    ];
    if (retry) {
      const unsure = lines
        .map((words, i) => ({ i, confidence: meanConfidence(words) }))
        .filter((line) => line.confidence < retry.below && (lines[line.i] as OcrWord[]).length > 0)
        .sort((a, b) => a.confidence - b.confidence)
        .slice(0, retry.max);
      // One line at a time: the block's layout split it badly or merged it with a neighbour.
      if (unsure.length > 0) await worker.setParameters({ tessedit_pageseg_mode: PSM.SINGLE_LINE });
      for (const { i, confidence } of unsure) {
        const words = lines[i] as OcrWord[];
        const x0 = Math.min(...words.map((w) => w.bbox.x0));
        const y0 = Math.min(...words.map((w) => w.bbox.y0));
        const x1 = Math.max(...words.map((w) => w.bbox.x1));
        const y1 = Math.max(...words.map((w) => w.bbox.y1));
        const pad = Math.round((y1 - y0) * 0.3);
        const left = Math.max(0, x0 - pad);
        const top = Math.max(0, y0 - pad);
        const rectangle = {
          left,
          top,
          width: Math.min(size[0], x1 + pad) - left,
          height: Math.min(size[1], y1 + pad) - top,
        };
        const again = await worker.recognize(image, { rectangle }, { blocks: true, text: false });
        const reread = linesOf(again.data.blocks, 0).flat();
        if (reread.length > 0 && meanConfidence(reread) > confidence) lines[i] = reread;
      }
    }
    return { words: lines.flat(), size };
  } finally {
    await worker.terminate();
  }
}

/**
 * Renders the first pages of a PDF without a text layer and reads them with tesseract.js into one
 * document, each token on its page (boxes in units of its own page).
 */
export function ocrPdf(doc: PDFDocumentProxy, pages: number): Promise<Doc> {
  return withOcrWorker({}, async (read) => {
    const docs: Doc[] = [];
    for (let n = 1; n <= pages; n += 1) {
      const page = await doc.getPage(n);
      const viewport = page.getViewport({ scale: ocrScale(page.getViewport({ scale: 1 })) });
      // Rounded down, so the canvas never passes LIMITS.ocrPixels.
      const canvas = createCanvas(
        Math.max(1, Math.floor(viewport.width)),
        Math.max(1, Math.floor(viewport.height)),
      );
      const context = canvas.getContext('2d');
      context.fillStyle = '#ffffff';
      context.fillRect(0, 0, canvas.width, canvas.height);
      // @napi-rs/canvas stands in for the DOM canvas pdf.js draws on in browsers.
      await page.render({ canvasContext: context as never, viewport, canvas: canvas as never }).promise;
      const words = await read(await canvas.encode('png'), n - 1);
      docs.push(ocrWordsToDoc(words, [canvas.width, canvas.height]));
    }
    return joinPages(docs);
  });
}
