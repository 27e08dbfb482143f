import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { photoOfReceipt } from '../test/receipt-photo';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const TSX = path.join(ROOT, 'node_modules/.bin/tsx');

describe('npm run extract', () => {
  it('prints one JSON object per file, in input order, with nulls and an error object for unreadable files', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'extract-cli-'));
    const receipt = path.join(dir, 'receipt.txt');
    writeFileSync(receipt, 'CORNER CAFE LTD\n2 x Latte  7.00\nTOTAL  7.00\n');
    const mail = path.join(dir, 'order.eml');
    writeFileSync(
      mail,
      'From: Northwind Shop <orders@northwind.example.com>\r\nSubject: Your order NW-55 is confirmed\r\nDate: Mon, 02 Nov 2026 10:00:00 +0000\r\nContent-Type: text/plain\r\n\r\nThank you for your order!\r\nOrder number: NW-55\r\nDesk lamp  $24.00\r\nOrder total: $24.00\r\n',
    );
    const page = path.join(dir, 'page.html');
    writeFileSync(page, '<p>Nothing to see</p>');
    const { stdout } = await run(
      TSX,
      [
        path.join(ROOT, 'packages/extract/src/cli.ts'),
        receipt,
        'missing.pdf',
        mail,
        page,
        path.join(dir, 'notes.docx'),
      ],
      { cwd: dir },
    );
    const lines = stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines.map((l) => l.file)).toEqual([
      receipt,
      'missing.pdf',
      mail,
      page,
      path.join(dir, 'notes.docx'),
    ]);
    expect(Object.keys(lines[0])).toEqual([
      'file',
      'kind',
      'is_order',
      'merchant',
      'order_id',
      'purchase_date',
      'total',
      'currency',
      'products',
      'confidence',
      'signals',
    ]);
    expect(lines[0]).toMatchObject({
      kind: 'text',
      total: '7.00',
      merchant: 'CORNER CAFE LTD',
      order_id: null,
      purchase_date: null,
    });
    expect(lines[1]).toEqual({ file: 'missing.pdf', error: 'file not found' });
    expect(lines[2]).toMatchObject({
      kind: 'email',
      is_order: true,
      merchant: 'Northwind',
      order_id: 'NW-55',
      purchase_date: '2026-11-02',
      total: '24.00',
      currency: 'USD',
    });
    expect(lines[2].products).toEqual([{ name: 'Desk lamp', quantity: 1, price: '24.00' }]);
    expect(lines[3]).toMatchObject({ kind: 'email', is_order: false, total: null });
    expect(lines[4].error).toContain('unsupported file type');
  }, 60_000);

  it('reads a photo of a receipt, and says so of a file named like one that is not', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'extract-cli-'));
    const photo = path.join(dir, 'till.jpg');
    writeFileSync(photo, await photoOfReceipt(['CORNER CAFE LTD', ['2 x Latte', '7.00'], ['TOTAL', '7.00']]));
    const fake = path.join(dir, 'fake.png');
    writeFileSync(fake, '%PDF-1.7 not a photo');
    const { stdout } = await run(TSX, [path.join(ROOT, 'packages/extract/src/cli.ts'), photo, fake], {
      cwd: dir,
    });
    const [read, refused] = stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(read).toMatchObject({ file: photo, is_order: true, total: '7.00', merchant: 'CORNER CAFE LTD' });
    expect(refused).toEqual({ file: fake, error: 'This file is not a JPEG, PNG, WebP or HEIC photo' });
  }, 60_000);
});
