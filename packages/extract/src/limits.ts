/**
 * The caps on what extraction reads. Mail comes from anyone on the internet, so every size that drives
 * work has a ceiling: past it the input is cut (text nobody needs to find a purchase) or refused with a
 * LimitError saying which cap was hit (structure that cannot be read safely). Nothing is ever processed
 * slowly instead. README.md ("Extraction limits") lists the same figures.
 */
export const LIMITS = {
  /** Characters kept of one line; the rest of the line is cut (a receipt line is under 200). */
  lineChars: 4_000,
  /** Lines read of one document; later lines are cut (a long invoice has a few thousand). */
  lines: 20_000,
  /** Characters of text read of one document (e-mail body, HTML text, PDF text, OCR output); cut past it. */
  textChars: 500_000,
  /** Bytes of one raw e-mail; refused past it. */
  emailBytes: 40 * 1024 * 1024,
  /** MIME parts of one e-mail (multipart boundaries counted before parsing); refused past it. */
  mimeParts: 200,
  /** Nesting depth of multiparts and attached messages in one e-mail; refused past it. */
  mimeDepth: 20,
  /** Bytes of one attachment read (a PDF invoice, a forwarded message), as for an upload; larger is skipped. */
  attachmentBytes: 10 * 1024 * 1024,
  /** Characters of one HTML body or page; refused past it. */
  htmlChars: 5_000_000,
  /** Elements (tags) of one HTML body or page, table cells included; refused past it. */
  htmlElements: 50_000,
  /** Nesting depth of HTML elements; refused past it (the selector engine recurses once per level). */
  htmlDepth: 500,
  /** Pages of one PDF (uploads; an e-mail attachment reads at most 10); refused past it. */
  pdfPages: 50,
  /**
   * Bytes the Flate-compressed streams of one PDF other than images inflate to, in all (page contents,
   * fonts, object streams; images are bounded by pixels instead); refused past it, counted before pdf.js.
   */
  pdfInflatedBytes: 100 * 1024 * 1024,
  /** Pixels of one decoded image inside a PDF (pdf.js `maxImageSize`); a larger image is not drawn. */
  pdfImagePixels: 25_000_000,
  /**
   * Pixels of one page rendered for OCR; a larger page is drawn smaller to fit, never larger. With
   * tesseract, 8 million pixels (A3 at about 144 dpi) peaks near 470 MB, inside a reader's memory budget.
   */
  ocrPixels: 8_000_000,
  /** Pages of a text-less PDF read by OCR. */
  ocrPages: 5,
  /**
   * Bytes of one e-invoice XML (a PDF's Factur-X/ZUGFeRD attachment, an XRechnung or UBL file attached to a
   * mail). A real invoice of a few hundred lines is under 200 KB; a larger one is not read as structured
   * data (the document's text is still read).
   */
  einvoiceBytes: 2 * 1024 * 1024,
  /**
   * Tags of one e-invoice (every '<': opening, closing, comments), counted before parsing: 2 MB of tiny
   * elements would take the parser half a second. A real 2 MB invoice has well under 100,000.
   */
  einvoiceTags: 200_000,
  /** Element nesting of an e-invoice (CII and UBL nest about 10 deep); deeper XML is not read. */
  einvoiceDepth: 64,
  /** XML files of one PDF or e-mail tried as an e-invoice; the known names come first. */
  einvoiceFiles: 5,
} as const;

export type LimitName = keyof typeof LIMITS;

/** Input refused because it is over one of LIMITS; `message` says which, for the user. */
export class LimitError extends Error {
  override name = 'LimitError';
  readonly code = 'too_large';
  constructor(
    readonly limit: LimitName,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Splits text into lines at \n (a \r before it dropped) with the text, line-count and line-length caps
 * applied, in one linear pass. Returns the lines and whether anything was cut.
 */
export function capLines(text: string): { lines: string[]; cut: boolean } {
  let cut = text.length > LIMITS.textChars;
  const body = cut ? text.slice(0, LIMITS.textChars) : text;
  const lines: string[] = [];
  let start = 0;
  while (start <= body.length && lines.length < LIMITS.lines) {
    let end = body.indexOf('\n', start);
    if (end === -1) end = body.length;
    const stop = end > start && body.charCodeAt(end - 1) === 13 ? end - 1 : end;
    if (stop - start > LIMITS.lineChars) {
      cut = true;
      lines.push(body.slice(start, start + LIMITS.lineChars));
    } else lines.push(body.slice(start, stop));
    start = end + 1;
  }
  if (start <= body.length) cut = true;
  return { lines, cut };
}

/** Applies the line-length, line-count and text caps to lines already split (HTML text, PDF rows). */
export function capLineList(lines: string[]): { lines: string[]; cut: boolean } {
  let cut = lines.length > LIMITS.lines;
  let total = 0;
  const out: string[] = [];
  for (const line of cut ? lines.slice(0, LIMITS.lines) : lines) {
    const kept = line.length > LIMITS.lineChars ? line.slice(0, LIMITS.lineChars) : line;
    if (kept !== line) cut = true;
    if (total + kept.length > LIMITS.textChars) {
      cut = true;
      break;
    }
    total += kept.length + 1;
    out.push(kept);
  }
  return { lines: out, cut };
}

/**
 * `text` without the characters `drop` accepts at its end: a linear stand-in for `.replace(/[...]+$/, '')`,
 * which V8 runs in quadratic time on a long run of those characters followed by another one.
 */
export function trimEndWhile(text: string, drop: (char: string) => boolean): string {
  let end = text.length;
  while (end > 0 && drop(text.charAt(end - 1))) end -= 1;
  return text.slice(0, end);
}
