import { createRequire } from 'node:module';
import path from 'node:path';
import { createInflate } from 'node:zlib';
import { extractionFromDoc } from './document';
import { type EInvoice, einvoiceIn } from './einvoice';
import { LIMITS, LimitError } from './limits';
import type { MemoryInput } from './memory';
import { capDoc } from './readers/cap';
import { type Doc, lineTexts } from './readers/doc';
import { type PdfPage, type PdfTextItem, readPdf } from './readers/pdf';
import { DocumentError, type Extraction } from './types';

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
 * @example itemsToLines([{ str: 'Total', transform: [10, 0, 0, 10, 50, 600], width: 25, height: 10 }]) //=> ['Total']
 */
export function itemsToLines(items: PdfTextItem[]): string[] {
  const top = items.reduce((most, item) => Math.max(most, (item.transform[5] as number) + 1), 1);
  const right = items.reduce((most, item) => Math.max(most, (item.transform[4] as number) + item.width), 1);
  return lineTexts(readPdf([{ items, view: [0, 0, right, top] }]));
}

/**
 * How many bytes the PDF's Flate streams other than images inflate to, counted by streaming each through
 * zlib and dropping the output, stopping as soon as `budget` is passed: a few megabytes of deflated zeros
 * that would make pdf.js allocate gigabytes are found in a fraction of a second, in constant memory.
 */
export async function inflatedSize(bytes: Uint8Array, budget: number): Promise<number> {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let total = 0;
  for (let at = buffer.indexOf('stream', 0, 'latin1'); at !== -1 && total <= budget; ) {
    const isEnd = at >= 3 && buffer.toString('latin1', at - 3, at) === 'end';
    let start = at + 6;
    if (buffer[start] === 13) start += 1;
    if (buffer[start] === 10) start += 1;
    const end = isEnd ? -1 : buffer.indexOf('endstream', start, 'latin1');
    // No "endstream" after this one: no stream further on can end either.
    if (!isEnd && end === -1) break;
    if (!isEnd) {
      // The stream's dictionary: what precedes "stream" back to its "obj" (looked for in 4 KB at most).
      const before = buffer.toString('latin1', Math.max(at - 4096, 0), at);
      const dictionary = before.slice(before.lastIndexOf(' obj') + 1);
      if (!/\/Subtype\s*\/Image\b/.test(dictionary) && buffer[start] === 0x78) {
        total += await inflatedLength(buffer.subarray(start, end), budget - total);
      }
    }
    at = buffer.indexOf('stream', (isEnd ? at : end) + 6, 'latin1');
  }
  return total;
}

/** Bytes one zlib stream inflates to, stopping just past `limit`; a broken stream counts what it gave. */
function inflatedLength(data: Uint8Array, limit: number): Promise<number> {
  return new Promise((resolve) => {
    const inflate = createInflate({ chunkSize: 64 * 1024 });
    let length = 0;
    const done = () => {
      inflate.removeAllListeners();
      inflate.destroy();
      resolve(length);
    };
    inflate.on('data', (chunk: Buffer) => {
      length += chunk.length;
      if (length > limit) done();
    });
    inflate.on('end', done);
    inflate.on('error', done);
    inflate.end(data);
  });
}

/**
 * The names of a page's fonts by pdf.js id, which say which text is bold. pdf.js resolves them only while
 * building the page's operator list, which costs about as much as reading its text: done when asked.
 */
export async function fontNames(
  page: Awaited<ReturnType<Awaited<ReturnType<PdfJs['getDocument']>['promise']>['getPage']>>,
  wanted = false,
): Promise<Record<string, string> | undefined> {
  if (!wanted) return undefined;
  await page.getOperatorList();
  const names: Record<string, string> = {};
  for (const [id, font] of page.commonObjs) {
    const name = (font as { name?: unknown } | null)?.name;
    if (typeof name === 'string') names[id as string] = name;
  }
  return names;
}

const STANDARD_FONTS = `${path.join(path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;

type PdfOptions = { maxPages?: number; ocr?: boolean; fonts?: boolean; memory?: MemoryInput };

/** A PDF as read: its document model (capped), its embedded e-invoice, and how its text was had. */
export interface ReadPdf {
  doc: Doc;
  cut: boolean;
  pages: number;
  einvoice: EInvoice | null;
  textLayer: boolean;
  ocr: boolean;
}

/**
 * Reads a PDF receipt or invoice: its text layer through pdf.js (scripts never run, nothing fetched),
 * rebuilt into the document model, then the purchase fields. A PDF without text is read by OCR when `ocr`
 * is on. `fonts` also reads the fonts' names, so bold text is marked (it costs about as much again).
 * Unreadable input throws a DocumentError saying why (encrypted, corrupt, too many pages).
 */
export async function extractPdf(bytes: Uint8Array, options: PdfOptions = {}): Promise<Extraction> {
  const read = await readPdfDocument(bytes, options);
  const extraction = extractionFromDoc(read.doc, read.cut, read.pages, read.einvoice, options.memory);
  return {
    ...extraction,
    text_layer: read.textLayer,
    ocr: read.ocr,
    ...(read.ocr ? { signals: ['ocr', ...extraction.signals] } : {}),
  };
}

/** A PDF read into the document model (see extractPdf), before any field is read. */
export async function readPdfDocument(bytes: Uint8Array, options: PdfOptions = {}): Promise<ReadPdf> {
  const head = Buffer.from(bytes.subarray(0, 1024)).toString('latin1');
  if (!head.includes('%PDF-')) throw new DocumentError('not_pdf', 'This file is not a PDF');
  const inflated = await inflatedSize(bytes, LIMITS.pdfInflatedBytes);
  if (inflated > LIMITS.pdfInflatedBytes) {
    throw new LimitError(
      'pdfInflatedBytes',
      `The PDF's content inflates to more than ${LIMITS.pdfInflatedBytes / 1024 / 1024} MB; it was not read`,
    );
  }
  const lib = await pdfjs();
  let doc: Awaited<ReturnType<PdfJs['getDocument']>['promise']>;
  try {
    doc = await lib.getDocument({
      data: new Uint8Array(bytes),
      isEvalSupported: false,
      disableFontFace: true,
      useSystemFonts: false,
      enableXfa: false,
      // A bigger image is left undrawn rather than decoded into memory (it matters for OCR only).
      maxImageSize: LIMITS.pdfImagePixels,
      standardFontDataUrl: STANDARD_FONTS,
      verbosity: 0,
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
    const maxPages = Math.min(options.maxPages ?? LIMITS.pdfPages, LIMITS.pdfPages);
    if (doc.numPages > maxPages)
      throw new DocumentError(
        'too_many_pages',
        `The PDF has ${doc.numPages} pages; at most ${maxPages} are read`,
      );
    // A Factur-X / ZUGFeRD / XRechnung PDF carries its invoice as XML: exact values, read before the text.
    const attached = (await doc.getAttachments().catch(() => null)) as Record<
      string,
      { filename?: string; content?: Uint8Array }
    > | null;
    const einvoice = einvoiceIn(
      Object.values(attached ?? {}).flatMap((file) =>
        file.content instanceof Uint8Array ? [{ name: file.filename ?? null, content: file.content }] : [],
      ),
    );
    const pages: PdfPage[] = [];
    for (let n = 1; n <= doc.numPages; n += 1) {
      const page = await doc.getPage(n);
      const content = await page.getTextContent();
      const items = content.items.filter((i) => 'str' in i) as PdfTextItem[];
      pages.push({ items, view: page.view as PdfPage['view'], fonts: await fontNames(page, options.fonts) });
      page.cleanup();
    }
    const read = readPdf(pages);
    const hasText = lineTexts(read).join('').replace(/\s/g, '').length >= 20;
    // With an e-invoice every field is already exact: OCR would cost seconds to add nothing.
    if (!hasText && !einvoice && options.ocr !== false) {
      const { ocrPdf } = await import('./ocr');
      const scanned = await ocrPdf(doc, Math.min(doc.numPages, LIMITS.ocrPages));
      return { doc: scanned, cut: false, pages: doc.numPages, einvoice: null, textLayer: false, ocr: true };
    }
    const capped = capDoc(read);
    return { ...capped, pages: doc.numPages, einvoice, textLayer: hasText, ocr: false };
  } catch (error) {
    if (error instanceof DocumentError || error instanceof LimitError) throw error;
    throw new DocumentError('corrupt', `The PDF could not be read (${(error as Error).message})`);
  } finally {
    await doc.destroy();
  }
}
