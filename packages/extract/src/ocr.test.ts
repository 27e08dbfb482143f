import { createCanvas } from '@napi-rs/canvas';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
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
