/**
 * The receipt PDF `bench:load` uploads: a till receipt in real text the PDF reader makes a purchase of,
 * with a scanned letterhead (an 8-bit grey image of light noise) that brings it to about `bytes`, the size of a
 * receipt a shop e-mails. Each call makes a distinct file (its receipt number and its noise), so no upload
 * is taken for one already seen.
 */
import { randomBytes } from 'node:crypto';
import { pdfFromObjects } from '../../../apps/server/test/harness';

/** Grey levels 128-255 only: no byte of it is ASCII, so it never spells a PDF keyword (`/JS`) by chance. */
function lightNoise(size: number): Buffer {
  const bytes = randomBytes(size);
  for (let i = 0; i < size; i += 1) bytes[i] = (bytes[i] as number) | 0x80;
  return bytes;
}

export function receiptPdf(receiptNo: string, day: Date, bytes = 200 * 1024): Buffer {
  const date = `${String(day.getUTCDate()).padStart(2, '0')}/${String(day.getUTCMonth() + 1).padStart(2, '0')}/${day.getUTCFullYear()}`;
  const lines = [
    'CORNER HARDWARE LTD',
    `Receipt No: ${receiptNo}`,
    `Date: ${date}`,
    'Cordless drill 18V        GBP 89.99',
    'Drill bit set              GBP 14.50',
    'TOTAL                      GBP 104.49',
  ];
  const text = lines.map((l, i) => `BT /F1 12 Tf 72 ${720 - i * 16} Td (${l}) Tj ET`).join('\n');
  // The letterhead, drawn small in the top corner: what the file's size is made of.
  const side = Math.max(16, Math.floor(Math.sqrt(bytes - 2048)));
  const content = `${text}\nq 96 0 0 96 460 680 cm /Im1 Do Q`;
  const image = Buffer.concat([
    Buffer.from(
      `<< /Type /XObject /Subtype /Image /Width ${side} /Height ${side} /ColorSpace /DeviceGray /BitsPerComponent 8 /Length ${side * side} >>\nstream\n`,
      'latin1',
    ),
    lightNoise(side * side),
    Buffer.from('\nendstream', 'latin1'),
  ]);
  return pdfFromObjects([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> /XObject << /Im1 6 0 R >> >> >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    image,
  ]);
}
