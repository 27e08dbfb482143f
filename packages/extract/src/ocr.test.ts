import { createCanvas } from '@napi-rs/canvas';
import { grayscale, PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { MAX_OCR_PIXELS, ocrScale } from './ocr';
import { extractPdf } from './pdf';

/** A scanned receipt: the text exists only as pixels, with no text layer at all. */
async function scannedReceipt(lines: string[]): Promise<Uint8Array> {
  const canvas = createCanvas(1200, 200 + lines.length * 70);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.fillStyle = '#000000';
  ctx.font = '48px sans-serif';
  for (const [i, line] of lines.entries()) ctx.fillText(line, 60, 100 + i * 70);
  const pdf = await PDFDocument.create();
  const image = await pdf.embedPng(await canvas.encode('png'));
  const page = pdf.addPage([image.width / 2, image.height / 2]);
  page.drawImage(image, { x: 0, y: 0, width: image.width / 2, height: image.height / 2 });
  return pdf.save();
}

describe('scanned PDFs', () => {
  it('are read by OCR and yield their total', async () => {
    const pdf = await scannedReceipt(['GREEN GROCER LTD', 'Apples 3.20', 'Bread 2.10', 'TOTAL 5.30']);
    const result = await extractPdf(pdf, { maxPages: 5 });
    expect(result.ocr).toBe(true);
    expect(result.text_layer).toBe(false);
    expect(result.total).toBe('5.30');
  }, 60_000);
});

describe('the OCR canvas', () => {
  it('draws an ordinary page at scale 2 and a huge one at no more than MAX_OCR_PIXELS', () => {
    expect(ocrScale(612, 792)).toBe(2);
    const side = 14_400;
    const scale = ocrScale(side, side);
    expect(Math.floor(side * scale) ** 2).toBeLessThanOrEqual(MAX_OCR_PIXELS);
    expect(Math.floor(side * scale) ** 2).toBeGreaterThan(MAX_OCR_PIXELS * 0.99);
  });

  it('reads a text-less 14,400 pt page (200 in square) within the cap instead of a 800-million-pixel canvas', async () => {
    const pdf = await PDFDocument.create();
    const page = pdf.addPage([14_400, 14_400]);
    page.drawRectangle({ x: 720, y: 720, width: 12_960, height: 12_960, color: grayscale(0.9) });
    const started = Date.now();
    const result = await extractPdf(await pdf.save(), { maxPages: 5 });
    expect(result.ocr).toBe(true);
    expect(result.is_order).toBe(false);
    expect(Date.now() - started).toBeLessThan(30_000);
  }, 60_000);
});
