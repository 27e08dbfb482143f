import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { fontNames } from '../pdf';
import { lineTexts, type Token } from './doc';
import { type PdfTextItem, readPdf } from './pdf';

const A4: [number, number, number, number] = [0, 0, 595, 842];
const item = (str: string, x: number, y: number, size = 10, fontName = 'g_d0_f1'): PdfTextItem => ({
  str,
  transform: [size, 0, 0, size, x, y],
  width: str.length * size * 0.5,
  height: size,
  fontName,
});
const token = (tokens: Token[], text: string) => tokens.find((t) => t.text === text) as Token;

describe('readPdf', () => {
  it('gives each word its font size against the body text, the largest as heading, bold by font name', () => {
    const doc = readPdf([
      {
        items: [
          item('BRIGHT LAMPS', 50, 780, 20, 'g_d0_f2'),
          item('Desk lamp', 50, 700),
          item('45.00', 400, 700),
          item('Total', 50, 680, 10, 'g_d0_f2'),
          item('45.00', 400, 680, 10, 'g_d0_f2'),
        ],
        view: A4,
        fonts: { g_d0_f1: 'ABCDEF+Helvetica', g_d0_f2: 'ABCDEF+Helvetica-Bold' },
      },
    ]);
    expect(lineTexts(doc)).toEqual(['BRIGHT LAMPS', 'Desk lamp  45.00', 'Total  45.00']);
    expect(token(doc.tokens, 'BRIGHT')).toMatchObject({ fontSize: 2, heading: true, bold: true, block: 0 });
    expect(token(doc.tokens, 'Desk')).toMatchObject({ fontSize: 1, page: 0, block: 1 });
    expect(token(doc.tokens, 'Desk').heading).toBeUndefined();
    expect(token(doc.tokens, 'Desk').bold).toBeUndefined();
    expect(token(doc.tokens, 'Total').bold).toBe(true);
  });

  it('places words in page units from the top left, words of one item apart', () => {
    const doc = readPdf([{ items: [item('Desk lamp', 59.5, 842 - 84.2)], view: A4 }]);
    const desk = token(doc.tokens, 'Desk');
    const lamp = token(doc.tokens, 'lamp');
    expect(desk.x0).toBeCloseTo(0.1);
    expect(desk.y1).toBeCloseTo(0.1);
    expect(desk.y0).toBeCloseTo(0.1 - 10 / 842);
    expect(lamp.x0).toBeGreaterThan(desk.x1);
  });

  it('glues pieces of one word and marks no heading when all text is one size', () => {
    const doc = readPdf([
      { items: [item('Tot', 50, 700), item('al', 65, 700), item('9.00', 80, 700)], view: A4 },
    ]);
    expect(lineTexts(doc)).toEqual(['Total 9.00']);
    expect(doc.tokens.map((t) => t.text)).toEqual(['Total', '9.00']);
    expect(doc.tokens.some((t) => t.heading)).toBe(false);
  });

  it('numbers pages and starts a block after a wide vertical gap', () => {
    const doc = readPdf([
      { items: [item('Invoice', 50, 800), item('Acme', 50, 788), item('Total', 50, 600)], view: A4 },
      { items: [item('Terms', 50, 800)], view: A4 },
    ]);
    expect(doc.pages).toBe(2);
    expect(doc.lines.map((l) => [l.page, l.block, l.text])).toEqual([
      [0, 0, 'Invoice'],
      [0, 0, 'Acme'],
      [0, 1, 'Total'],
      [1, 2, 'Terms'],
    ]);
  });
});

describe('fontNames', () => {
  it('names the fonts of a real PDF, so its bold text reads bold', async () => {
    const pdf = new PDFDocument({ size: 'A4' });
    const chunks: Buffer[] = [];
    pdf.on('data', (c: Buffer) => chunks.push(c));
    const ended = new Promise((resolve) => pdf.on('end', resolve));
    pdf.font('Helvetica-Bold').fontSize(20).text('BRIGHT LAMPS LTD', 50, 50);
    pdf.font('Helvetica').fontSize(10).text('Desk lamp', 50, 100).text('45.00', 400, 100);
    pdf.text('Total', 50, 120).text('45.00', 400, 120);
    pdf.end();
    await ended;
    const file = await getDocument({ data: new Uint8Array(Buffer.concat(chunks)), verbosity: 0 }).promise;
    const page = await file.getPage(1);
    const content = await page.getTextContent();
    const items = content.items.filter((i) => 'str' in i) as PdfTextItem[];
    const doc = readPdf([{ items, view: A4, fonts: await fontNames(page, true) }]);
    await file.destroy();
    expect(lineTexts(doc)).toEqual(['BRIGHT LAMPS LTD', 'Desk lamp  45.00', 'Total  45.00']);
    expect(token(doc.tokens, 'BRIGHT')).toMatchObject({ bold: true, heading: true, fontSize: 2 });
    expect(token(doc.tokens, 'Desk').bold).toBeUndefined();
  });
});
