import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { readEmail } from './email';

async function pdfOf(lines: string[]): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([595, 842]);
  for (const [i, line] of lines.entries()) page.drawText(line, { x: 50, y: 780 - i * 20, size: 12, font });
  return pdf.save();
}

/** An HTML mail from a shop with the given PDFs attached (base64). */
function mail(subject: string, html: string, pdfs: { name: string; content: Uint8Array }[]) {
  return [
    'From: Tallow Lamps <billing@tallow.example>',
    'To: sam@example.com',
    `Subject: ${subject}`,
    'Date: Tue, 04 Mar 2025 09:00:00 +0000',
    'MIME-Version: 1.0',
    'Content-Type: multipart/mixed; boundary="b"',
    '',
    '--b',
    'Content-Type: text/html; charset=utf-8',
    '',
    html,
    ...pdfs.map((pdf) =>
      [
        '--b',
        `Content-Type: application/pdf; name="${pdf.name}"`,
        `Content-Disposition: attachment; filename="${pdf.name}"`,
        'Content-Transfer-Encoding: base64',
        '',
        Buffer.from(pdf.content).toString('base64').replace(/.{76}/g, '$&\r\n'),
      ].join('\r\n'),
    ),
    '--b--',
    '',
  ].join('\r\n');
}

const INVOICE = [
  'Tallow Lamps',
  'Invoice TL-2025-0077',
  'Date: 2025-03-04',
  'Desk lamp   89.00',
  'Total EUR 89.00',
];

describe('readEmail with a PDF attached', () => {
  it('keeps the invoice an order mail attaches, as it came, and reads its number from it', async () => {
    const pdf = await pdfOf(INVOICE);
    const { extraction, receipt } = await readEmail(
      mail('Your purchase', '<p>Thank you! Your invoice is attached.</p><p>Desk lamp: €89.00</p>', [
        { name: 'invoice.pdf', content: pdf },
      ]),
    );
    expect(extraction).toMatchObject({ is_order: true, order_id: 'TL-2025-0077', total: '89.00' });
    expect(extraction.signals).toContain('attachment:receipt');
    expect(receipt?.filename).toBe('invoice.pdf');
    expect(Buffer.from(receipt?.bytes ?? []).equals(Buffer.from(pdf))).toBe(true);
    expect(receipt?.extraction).toMatchObject({ kind: 'pdf', order_id: 'TL-2025-0077', total: '89.00' });
  });

  it('keeps the invoice of an order whose mail says everything itself, and not a leaflet beside it', async () => {
    const leaflet = await pdfOf([
      'Right of withdrawal',
      'You may withdraw from this contract within 14 days.',
    ]);
    const invoice = await pdfOf(INVOICE);
    const { extraction, receipt } = await readEmail(
      mail(
        'Order TL-2025-0077 confirmed',
        '<p>Order number: TL-2025-0077</p><table><tr><td>Desk lamp</td><td>€89.00</td></tr><tr><td>Total</td><td>€89.00</td></tr></table>',
        [
          { name: 'withdrawal.pdf', content: leaflet },
          { name: 'TL-2025-0077.pdf', content: invoice },
        ],
      ),
    );
    expect(extraction.is_order).toBe(true);
    expect(receipt?.filename).toBe('TL-2025-0077.pdf');
  });

  it('keeps nothing of a mail that is no order, whatever it attaches', async () => {
    const { extraction, receipt } = await readEmail(
      mail('Our spring catalogue', '<p>Browse our new lamps in the attached catalogue.</p>', [
        { name: 'catalogue.pdf', content: await pdfOf(['Spring catalogue', 'Desk lamp   89.00']) },
      ]),
    );
    expect(extraction.is_order).toBe(false);
    expect(receipt).toBeNull();
  });
});
