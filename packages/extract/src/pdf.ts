import { createRequire } from 'node:module';
import path from 'node:path';
import { readFields } from './document';
import { DocumentError, type Extraction } from './types';

interface TextItem {
  str: string;
  transform: number[];
  width: number;
  height: number;
}

type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
let pdfjsModule: Promise<PdfJs> | null = null;
/** pdf.js is loaded once, on first use (it is large, and many callers never read a PDF). */
function pdfjs(): Promise<PdfJs> {
  pdfjsModule ??= import('pdfjs-dist/legacy/build/pdf.mjs');
  return pdfjsModule;
}

/**
 * Rebuilds reading-order lines from positioned text: items on the same baseline form one line, left to
 * right, with a wide gap kept as two spaces so columns and right-aligned amounts stay on their row.
 */
export function itemsToLines(items: TextItem[]): string[] {
  const rows: { y: number; height: number; items: TextItem[] }[] = [];
  for (const item of items) {
    if (!item.str.trim()) continue;
    const y = item.transform[5] as number;
    const height = Math.abs(item.height || (item.transform[3] as number) || 10);
    const row = rows.find((r) => Math.abs(r.y - y) <= Math.max(2, Math.min(r.height, height) * 0.45));
    if (row) row.items.push(item);
    else rows.push({ y, height, items: [item] });
  }
  rows.sort((a, b) => b.y - a.y);
  return rows
    .map((row) => {
      row.items.sort((a, b) => (a.transform[4] as number) - (b.transform[4] as number));
      let line = '';
      let end = Number.NEGATIVE_INFINITY;
      for (const item of row.items) {
        const x = item.transform[4] as number;
        const charWidth = item.str.length > 0 ? item.width / item.str.length : 5;
        const gap = x - end;
        if (line) line += gap > Math.max(charWidth * 2.5, 8) ? '  ' : gap > charWidth * 0.25 ? ' ' : '';
        line += item.str;
        end = x + item.width;
      }
      return line.replace(/[ \t]+$/, '');
    })
    .filter((l) => l.trim());
}

/** Images past this many pixels are not decoded (a 600 dpi A4 scan is 35 million; this is 100 MB as RGBA). */
export const MAX_IMAGE_PIXELS = 25_000_000;

const STANDARD_FONTS = `${path.join(path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;

/**
 * Reads a PDF receipt or invoice: its text layer through pdf.js (scripts never run, nothing fetched),
 * rebuilt into lines, then the purchase fields. A PDF without text is read by OCR when `ocr` is on.
 * Unreadable input throws a DocumentError saying why (encrypted, corrupt, too many pages).
 */
export async function extractPdf(
  bytes: Uint8Array,
  options: { maxPages?: number; ocr?: boolean } = {},
): Promise<Extraction> {
  const head = Buffer.from(bytes.subarray(0, 1024)).toString('latin1');
  if (!head.includes('%PDF-')) throw new DocumentError('not_pdf', 'This file is not a PDF');
  const lib = await pdfjs();
  let doc: Awaited<ReturnType<PdfJs['getDocument']>['promise']>;
  try {
    doc = await lib.getDocument({
      data: new Uint8Array(bytes),
      isEvalSupported: false,
      disableFontFace: true,
      useSystemFonts: false,
      enableXfa: false,
      standardFontDataUrl: STANDARD_FONTS,
      verbosity: 0,
      maxImageSize: MAX_IMAGE_PIXELS,
    }).promise;
  } catch (error) {
    const name = (error as Error).name;
    if (name === 'PasswordException') throw new DocumentError('encrypted', 'The PDF is password-protected');
    throw new DocumentError('corrupt', `The PDF is damaged or incomplete (${(error as Error).message})`);
  }
  try {
    // A receipt has no business running scripts; refuse any PDF that carries some.
    const scripts = await doc.getJSActions().catch(() => null);
    if (
      (scripts && Object.keys(scripts).length > 0) ||
      /\/(JavaScript|JS)\b/.test(Buffer.from(bytes).toString('latin1'))
    ) {
      throw new DocumentError('scripted', 'The PDF contains JavaScript');
    }
    const maxPages = options.maxPages ?? 50;
    if (doc.numPages > maxPages)
      throw new DocumentError(
        'too_many_pages',
        `The PDF has ${doc.numPages} pages; at most ${maxPages} are read`,
      );
    const lines: string[] = [];
    for (let n = 1; n <= doc.numPages; n += 1) {
      const page = await doc.getPage(n);
      const content = await page.getTextContent();
      lines.push(...itemsToLines(content.items.filter((i) => 'str' in i) as TextItem[]));
      page.cleanup();
    }
    const hasText = lines.join('').replace(/\s/g, '').length >= 20;
    if (!hasText && options.ocr !== false) {
      const { ocrPdf } = await import('./ocr');
      const read = fromLines(await ocrPdf(doc, Math.min(doc.numPages, 5)), doc.numPages);
      return { ...read, text_layer: false, ocr: true, signals: ['ocr', ...read.signals] };
    }
    return { ...fromLines(lines, doc.numPages), text_layer: hasText, ocr: false };
  } catch (error) {
    if (error instanceof DocumentError) throw error;
    throw new DocumentError('corrupt', `The PDF could not be read (${(error as Error).message})`);
  } finally {
    await doc.destroy();
  }
}

function fromLines(lines: string[], pages: number): Extraction {
  const fields = readFields(lines);
  return {
    kind: 'pdf',
    is_order: fields.total !== null || fields.products.length > 0,
    merchant: fields.merchant,
    order_id: fields.order_id,
    purchase_date: fields.purchase_date,
    total: fields.total,
    currency: fields.currency,
    products: fields.products,
    confidence: fields.confidence,
    signals: fields.signals,
    pages,
    text: lines.join('\n'),
  };
}
