import { PassThrough, type Readable } from 'node:stream';
import type { Purchase } from '@warrantly/contract/purchases';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';

/** One file of the archive; receipts (PDFs, already compressed) are stored, text is deflated. */
export interface ZipEntry {
  name: string;
  bytes: Uint8Array;
  compress: boolean;
}

/**
 * Streams a ZIP of `entries` as they come: one file is in memory at a time (a receipt is 10 MB at most),
 * whatever the archive's size, and the writer waits while the client is slower than the disk. A failure
 * half-way destroys the stream, so the client sees a broken download, never a short archive that looks whole.
 */
export function zipStream(entries: AsyncIterable<ZipEntry>): Readable {
  const out = new PassThrough();
  const zip = new Zip((error, chunk, final) => {
    if (error) return void out.destroy(error);
    out.write(chunk);
    if (final) out.end();
  });
  void (async () => {
    for await (const entry of entries) {
      if (out.destroyed) return; // the client went away
      const file = entry.compress ? new ZipDeflate(entry.name, { level: 6 }) : new ZipPassThrough(entry.name);
      zip.add(file);
      file.push(entry.bytes, true);
      if (out.writableNeedDrain) await drainedOrClosed(out);
    }
    zip.end();
  })().catch((error: unknown) => out.destroy(error as Error));
  return out;
}

function drainedOrClosed(stream: PassThrough): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      stream.off('drain', done);
      stream.off('close', done);
      resolve();
    };
    stream.on('drain', done);
    stream.on('close', done);
  });
}

const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV cell (RFC 4180): quoted when it holds a comma, quote or line break, quotes doubled. A cell a
 * spreadsheet would run as a formula (`=`, `+`, `-`, `@`, tab, carriage return first) gets a leading `'`
 * (OWASP's advice against CSV injection), so a crafted product name in an e-mail cannot run on open.
 */
export function csvCell(value: string | number | boolean | null): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

const CSV_COLUMNS = [
  'id',
  'order_id',
  'product_name',
  'shop_name',
  'purchase_date',
  'price',
  'amount',
  'currency',
  'order_total',
  'warranty_expire_date',
  'warranty_status',
  'status',
  'category',
  'source',
  'parent_id',
  'replace_every_days',
  'store_link',
  'has_file',
] as const satisfies readonly (keyof Purchase)[];

/** Purchases as CSV: a header row, CRLF line ends (RFC 4180), a UTF-8 byte-order mark for spreadsheets. */
export function purchasesCsv(purchases: Purchase[]): string {
  const rows = [
    CSV_COLUMNS.join(','),
    ...purchases.map((p) => CSV_COLUMNS.map((column) => csvCell(p[column])).join(',')),
  ];
  return `\uFEFF${rows.join('\r\n')}\r\n`;
}

/**
 * A receipt's name inside `receipts/`, unique in the archive however names collide (case-insensitively,
 * since Windows and macOS unpack `A.pdf` and `a.pdf` onto one file): `receipt.pdf`, `receipt (2).pdf`, …
 * Characters Windows cannot store in a name, and leading dots, are replaced.
 */
export function uniqueName(name: string, taken: Set<string>): string {
  const safe = name.replace(/[<>:"/\\|?*]/g, '_').replace(/^\.+/, '') || 'receipt.pdf';
  const dot = safe.lastIndexOf('.');
  const [stem, ext] = dot > 0 ? [safe.slice(0, dot), safe.slice(dot)] : [safe, ''];
  let candidate = safe;
  for (let n = 2; taken.has(candidate.toLowerCase()); n++) candidate = `${stem} (${n})${ext}`;
  taken.add(candidate.toLowerCase());
  return candidate;
}
