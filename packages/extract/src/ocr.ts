import { createRequire } from 'node:module';
import path from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import type { PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { createWorker, type Worker, type WorkerParams } from 'tesseract.js';
import { LIMITS, LimitError } from './limits';

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

/**
 * Runs `use` with a tesseract.js worker reading English from the shipped data, with `params` set; the
 * worker is ended after, whatever `use` did.
 */
async function withOcrWorker<T>(
  params: Partial<WorkerParams>,
  use: (read: (image: Buffer) => Promise<string[]>) => Promise<T>,
): Promise<T> {
  const worker: Worker = await createWorker('eng', 1, {
    langPath: LANG_PATH,
    gzip: true,
    cacheMethod: 'none',
  });
  try {
    if (Object.keys(params).length > 0) await worker.setParameters(params);
    return await use(async (image) => {
      const { data } = await worker.recognize(image);
      return data.text
        .split('\n')
        .map((l) => l.trim())
        .filter(Boolean);
    });
  } finally {
    await worker.terminate();
  }
}

/**
 * Reads the text lines of one image (PNG or JPEG bytes) with tesseract.js, with `params` over its defaults
 * (a photo of a receipt reads as one column: see image.ts).
 * @example await ocrImage(pngOfTheWords('TOTAL 5.30')) //=> ['TOTAL 5.30']
 */
export function ocrImage(image: Buffer, params: Partial<WorkerParams> = {}): Promise<string[]> {
  return withOcrWorker(params, (read) => read(image));
}

/** Renders the first pages of a PDF without a text layer and reads them with tesseract.js. */
export function ocrPdf(doc: PDFDocumentProxy, pages: number): Promise<string[]> {
  return withOcrWorker({}, async (read) => {
    const lines: string[] = [];
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
      lines.push(...(await read(await canvas.encode('png'))));
    }
    return lines;
  });
}
