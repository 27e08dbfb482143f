import { deflateSync } from 'node:zlib';
import { PDFDocument, PDFName, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { extractEmail, extractHtml, mimeShape } from './email';
import { LIMITS, LimitError } from './limits';
import { ocrScale } from './ocr';
import { extractPdf, itemsToLines } from './pdf';
import { extractText } from './text';
import { DocumentError } from './types';

const ORDER = ['BRIGHT LAMPS LTD', 'Order #A-1001', 'Desk lamp 24.50', 'TOTAL 24.50'];

function message(contentType: string, body: string): string {
  return [
    'From: Bright Lamps <orders@bright-lamps.example>',
    'To: sam@example.com',
    'Subject: Your order A-1001',
    'Date: Tue, 04 Mar 2025 10:00:00 +0000',
    'MIME-Version: 1.0',
    `Content-Type: ${contentType}`,
    '',
    body,
  ].join('\r\n');
}

/** A multipart/mixed message of `count` text parts. */
function manyParts(count: number): string {
  const parts = Array.from({ length: count }, (_, i) =>
    ['--b', 'Content-Type: text/plain', '', i === 0 ? ORDER.join('\r\n') : `part ${i}`].join('\r\n'),
  );
  return message('multipart/mixed; boundary="b"', `${parts.join('\r\n')}\r\n--b--\r\n`);
}

/** Multiparts nested `depth` deep, the order text in the innermost. */
function nested(depth: number): string {
  let body = ['Content-Type: text/plain', '', ORDER.join('\r\n')].join('\r\n');
  for (let level = depth; level >= 2; level -= 1) {
    body = [
      `Content-Type: multipart/mixed; boundary="n${level}"`,
      '',
      `--n${level}`,
      body,
      `--n${level}--`,
    ].join('\r\n');
  }
  return message('multipart/mixed; boundary="n1"', ['--n1', body, '--n1--', ''].join('\r\n'));
}

async function refusal(work: Promise<unknown>): Promise<LimitError> {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(LimitError);
  return error as LimitError;
}

describe('a line longer than the line cap', () => {
  // 400 KB of spaces ending in a letter: a trailing-whitespace pattern took minutes over it.
  const hostile = `${' '.repeat(400_000)}x`;

  it('is cut in a text receipt, and the rest of the receipt is still read', () => {
    const result = extractText([...ORDER, hostile].join('\n'));
    expect(result.total).toBe('24.50');
    expect(result.signals).toContain('text:cut');
    expect(Math.max(...(result.text ?? '').split('\n').map((l) => l.length))).toBeLessThanOrEqual(
      LIMITS.lineChars,
    );
  });

  it('is cut in an e-mail body, and the order is still read', async () => {
    const result = await extractEmail(message('text/plain', [...ORDER, hostile].join('\r\n')));
    expect(result.order_id).toBe('A-1001');
    expect(result.total).toBe('24.50');
    expect(result.signals).toContain('text:cut');
  });

  it('of other characters that patterns scan is read too (digits, dashes, commas, tabs)', () => {
    for (const filler of ['0', '-', ',0,', '\t', 'SUB\t', '(', '.S']) {
      const line = `${filler.repeat(Math.ceil(LIMITS.lineChars / filler.length))}x`;
      const result = extractText([...ORDER, line, line].join('\n'));
      expect(result.total).toBe('24.50');
    }
  });
});

describe('a document over the line-count and text caps', () => {
  it('is cut to LIMITS.lines lines', () => {
    const lines = [...ORDER, ...Array.from({ length: LIMITS.lines + 5_000 }, (_, i) => `note ${i}`)];
    const result = extractText(lines.join('\n'));
    expect(result.text?.split('\n')).toHaveLength(LIMITS.lines);
    expect(result.signals).toContain('text:cut');
    expect(result.total).toBe('24.50');
  });

  it('is cut to LIMITS.textChars characters', () => {
    const filler = Array.from({ length: 300 }, () => 'y'.repeat(3_000));
    const result = extractText([...ORDER, ...filler].join('\n'));
    expect(result.text?.length).toBeLessThanOrEqual(LIMITS.textChars);
    expect(result.signals).toContain('text:cut');
    expect(result.total).toBe('24.50');
  });

  it('is left whole below the caps', () => {
    const result = extractText(ORDER.join('\n'));
    expect(result.signals).not.toContain('text:cut');
    expect(result.text).toBe(ORDER.join('\n'));
  });
});

describe('MIME structure caps', () => {
  it('reads a message at the part cap', async () => {
    const raw = manyParts(LIMITS.mimeParts);
    expect(mimeShape(raw)).toEqual({ parts: LIMITS.mimeParts, depth: 1 });
    expect((await extractEmail(raw)).total).toBe('24.50');
  });

  it('refuses a message of 5,000 parts before parsing it, saying why', async () => {
    const error = await refusal(extractEmail(manyParts(5_000)));
    expect(error.limit).toBe('mimeParts');
    expect(error.code).toBe('too_large');
    expect(error.message).toBe(`The message has more than ${LIMITS.mimeParts} parts; it was not read`);
  });

  it('reads a message nested to the depth cap', async () => {
    const raw = nested(LIMITS.mimeDepth);
    expect(mimeShape(raw).depth).toBe(LIMITS.mimeDepth);
    expect((await extractEmail(raw)).total).toBe('24.50');
  });

  it('refuses a multipart nested 500 deep, saying why', async () => {
    const error = await refusal(extractEmail(nested(500)));
    expect(error.limit).toBe('mimeDepth');
    expect(error.message).toBe(
      `The message nests parts more than ${LIMITS.mimeDepth} levels deep; it was not read`,
    );
  });

  it('refuses a message larger than LIMITS.emailBytes', async () => {
    const raw = message('text/plain', 'a'.repeat(LIMITS.emailBytes));
    expect((await refusal(extractEmail(raw))).limit).toBe('emailBytes');
  });
});

describe('HTML caps', () => {
  const order = '<p>Order #A-1001</p><table><tr><td>Total</td><td>$24.50</td></tr></table>';

  it('refuse an HTML body of 100,000 table cells, saying why', async () => {
    const cells = '<tr><td>1</td><td>2</td></tr>'.repeat(50_000);
    const error = await refusal(extractEmail(message('text/html', `${order}<table>${cells}</table>`)));
    expect(error.limit).toBe('htmlElements');
    expect(error.message).toBe('The HTML has more than 50,000 elements; it was not read');
  });

  it('refuse a megabyte of nested elements', async () => {
    const html = `${'<div>'.repeat(200_000)}${order}${'</div>'.repeat(200_000)}`;
    expect((await refusal(Promise.resolve().then(() => extractHtml(html)))).limit).toBe('htmlElements');
  });

  it('read HTML nested to the depth cap', () => {
    const depth = LIMITS.htmlDepth - 5;
    const html = `${'<div>'.repeat(depth)}${order}${'</div>'.repeat(depth)}`;
    const result = extractHtml(html);
    expect(result.order_id).toBe('A-1001');
    expect(result.total).toBe('24.50');
  });

  it('refuse HTML nested deeper, under the element cap, saying why', async () => {
    const depth = LIMITS.htmlElements - 10;
    const html = `${'<div>'.repeat(depth)}${order}${'</div>'.repeat(depth)}`;
    const error = await refusal(Promise.resolve().then(() => extractHtml(html)));
    expect(error.limit).toBe('htmlDepth');
    expect(error.message).toBe(
      `The HTML nests elements more than ${LIMITS.htmlDepth} levels deep; it was not read`,
    );
  });

  it('refuse HTML longer than LIMITS.htmlChars', async () => {
    const html = `${order}<p>${'x'.repeat(LIMITS.htmlChars)}</p>`;
    expect((await refusal(Promise.resolve().then(() => extractHtml(html)))).limit).toBe('htmlChars');
  });
});

async function pdfOf(pages: number, size: [number, number] = [595, 842], text = true): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (let n = 0; n < pages; n += 1) {
    const page = pdf.addPage(size);
    if (text)
      for (const [i, line] of ORDER.entries())
        page.drawText(line, { x: 50, y: 700 - i * 20, size: 12, font });
  }
  return pdf.save();
}

describe('PDF caps', () => {
  it('read a PDF at the page cap', async () => {
    const result = await extractPdf(await pdfOf(LIMITS.pdfPages), { ocr: false });
    expect(result.pages).toBe(LIMITS.pdfPages);
    expect(result.total).toBe('24.50');
  });

  it('refuse a PDF over the page cap, whatever a caller asks for', async () => {
    const error = await extractPdf(await pdfOf(LIMITS.pdfPages + 1), { maxPages: 1_000 }).catch((e) => e);
    expect(error).toBeInstanceOf(DocumentError);
    expect(error.code).toBe('too_many_pages');
    expect(error.message).toBe(
      `The PDF has ${LIMITS.pdfPages + 1} pages; at most ${LIMITS.pdfPages} are read`,
    );
  });

  it('refuse a PDF whose content inflates past the cap before pdf.js reads it, saying why', async () => {
    const pdf = await PDFDocument.create();
    const page = pdf.addPage([595, 842]);
    // Deflated zeros: about 100 KB in the file, LIMITS.pdfInflatedBytes and a megabyte more once read.
    const zeros = deflateSync(Buffer.alloc(LIMITS.pdfInflatedBytes + 1024 * 1024));
    const content = pdf.context.stream(zeros, { Filter: 'FlateDecode' });
    page.node.set(PDFName.of('Contents'), pdf.context.register(content));
    const error = await refusal(extractPdf(await pdf.save(), { ocr: false }));
    expect(error.limit).toBe('pdfInflatedBytes');
    expect(error.message).toBe("The PDF's content inflates to more than 100 MB; it was not read");
  });

  it('refuse to OCR a text-less 14,400 × 14,400 pt page, saying why', async () => {
    const error = await refusal(extractPdf(await pdfOf(1, [14_400, 14_400], false)));
    expect(error.limit).toBe('ocrPixels');
    expect(error.message).toBe(
      `A page of the PDF is too large to read by OCR (207 megapixels; at most ${LIMITS.ocrPixels / 1e6})`,
    );
  });

  it('draw a large page for OCR smaller, within the pixel cap', () => {
    expect(ocrScale({ width: 595, height: 842 })).toBe(2);
    const big = { width: 2_000, height: 3_000 };
    const scale = ocrScale(big);
    expect(scale).toBeLessThan(2);
    expect(big.width * scale * (big.height * scale)).toBeLessThanOrEqual(LIMITS.ocrPixels + 1);
  });
});

describe('PDF rows', () => {
  const item = (str: string, x: number, y: number) => ({
    str,
    transform: [10, 0, 0, 10, x, y],
    width: str.length * 5,
    height: 10,
  });

  it('group items on one baseline into one line, left to right, top to bottom', () => {
    const items = [item('24.50', 400, 600), item('Total', 50, 601), item('BRIGHT LAMPS LTD', 50, 700)];
    expect(itemsToLines(items)).toEqual(['BRIGHT LAMPS LTD', 'Total  24.50']);
  });

  it('keep 20,000 rows apart and in order', () => {
    const items = Array.from({ length: 20_000 }, (_, i) => item(`row ${i}`, 50, 200_000 - i * 10));
    const lines = itemsToLines(items.reverse());
    expect(lines).toHaveLength(20_000);
    expect(lines[0]).toBe('row 0');
    expect(lines[19_999]).toBe('row 19999');
  });
});
