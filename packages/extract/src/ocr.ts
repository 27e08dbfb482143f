import { createRequire } from 'node:module';
import path from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import type { PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { createWorker } from 'tesseract.js';

/** English language data shipped in an npm package: OCR never downloads anything. */
const LANG_PATH = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@tesseract.js-data/eng/package.json')),
  '4.0.0_best_int',
);

/** Most pixels an OCR page is rendered at: a US Letter page at scale 2 is 1.9 million, A3 3.9 million. */
export const MAX_OCR_PIXELS = 8_000_000;

/** Scale 2 reads receipts well; a page so large that the canvas would pass MAX_OCR_PIXELS is drawn smaller. */
export function ocrScale(width: number, height: number): number {
  const area = Math.max(1, width * height);
  return Math.min(2, Math.sqrt(MAX_OCR_PIXELS / area));
}

/** Renders the first pages of a PDF without a text layer and reads them with tesseract.js. */
export async function ocrPdf(doc: PDFDocumentProxy, pages: number): Promise<string[]> {
  const worker = await createWorker('eng', 1, { langPath: LANG_PATH, gzip: true, cacheMethod: 'none' });
  try {
    const lines: string[] = [];
    for (let n = 1; n <= pages; n += 1) {
      const page = await doc.getPage(n);
      const { width, height } = page.getViewport({ scale: 1 });
      const viewport = page.getViewport({ scale: ocrScale(width, height) });
      // Rounded down, so the canvas never passes MAX_OCR_PIXELS.
      const canvas = createCanvas(
        Math.max(1, Math.floor(viewport.width)),
        Math.max(1, Math.floor(viewport.height)),
      );
      const context = canvas.getContext('2d');
      context.fillStyle = '#ffffff';
      context.fillRect(0, 0, canvas.width, canvas.height);
      // @napi-rs/canvas stands in for the DOM canvas pdf.js draws on in browsers.
      await page.render({ canvasContext: context as never, viewport, canvas: canvas as never }).promise;
      const { data } = await worker.recognize(await canvas.encode('png'));
      lines.push(
        ...data.text
          .split('\n')
          .map((l) => l.trim())
          .filter(Boolean),
      );
    }
    return lines;
  } finally {
    await worker.terminate();
  }
}
