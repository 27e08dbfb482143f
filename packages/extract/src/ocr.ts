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

/** Renders the first pages of a PDF without a text layer and reads them with tesseract.js. */
export async function ocrPdf(doc: PDFDocumentProxy, pages: number): Promise<string[]> {
  const worker = await createWorker('eng', 1, { langPath: LANG_PATH, gzip: true, cacheMethod: 'none' });
  try {
    const lines: string[] = [];
    for (let n = 1; n <= pages; n += 1) {
      const page = await doc.getPage(n);
      const viewport = page.getViewport({ scale: 2 });
      const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
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
