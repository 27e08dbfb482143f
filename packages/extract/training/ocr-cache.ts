/**
 * The committed OCR cache: the production photo OCR's words on each SROIE training scan, so that training
 * learns from what our OCR reads on a photo without running OCR (`npm run train` stays fast and needs no
 * tesseract). One JSON file per scan, `model/ocr-cache/<image sha1>.json`, stamped with the engine
 * version (tesseract.js, its language data, our photo pipeline); a stale stamp reads as missing.
 *
 *   npm run train -- --ocr   (or: tsx packages/extract/training/ocr-cache.ts [--limit N])
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { PHOTO_PIPELINE, readPhoto } from '../src/image';
import type { OcrWord } from '../src/readers/ocr';
import { scannedReceipts } from './ocr-bench';

const ROOT = path.resolve(import.meta.dirname, '../../..');
export const OCR_CACHE_DIR = path.join(ROOT, 'packages/extract/model/ocr-cache');

const versionOf = (name: string): string =>
  JSON.parse(readFileSync(createRequire(import.meta.url).resolve(`${name}/package.json`), 'utf8')).version;

/** What the cached words were read with: a change to any part makes every entry stale. */
export function ocrEngineVersion(): string {
  return `tesseract.js@${versionOf('tesseract.js')}+eng@${versionOf('@tesseract.js-data/eng')}/4.0.0_best_int+${PHOTO_PIPELINE}`;
}

/** One cached reading: the prepared image's size and its words as [text, x0, y0, x1, y1, confidence]. */
export interface OcrCacheEntry {
  engine: string;
  imageSha1: string;
  size: [number, number];
  words: [string, number, number, number, number, number][];
}

const entryPath = (sha1: string) => path.join(OCR_CACHE_DIR, `${sha1}.json`);

/** The cached words of a scan read by the current engine, or null (none cached, or read by another). */
export function cachedOcr(imageSha1: string): { words: OcrWord[]; size: [number, number] } | null {
  const file = entryPath(imageSha1);
  if (!existsSync(file)) return null;
  const entry = JSON.parse(readFileSync(file, 'utf8')) as OcrCacheEntry;
  if (entry.engine !== ocrEngineVersion()) return null;
  return {
    size: entry.size,
    words: entry.words.map(([text, x0, y0, x1, y1, confidence]) => ({
      text,
      bbox: { x0, y0, x1, y1 },
      confidence,
    })),
  };
}

/** The cache entry of one reading, coordinates and confidences rounded to whole numbers. */
export function cacheEntry(imageSha1: string, words: OcrWord[], size: [number, number]): OcrCacheEntry {
  return {
    engine: ocrEngineVersion(),
    imageSha1,
    size,
    words: words.map((w) => [
      w.text,
      Math.round(w.bbox.x0),
      Math.round(w.bbox.y0),
      Math.round(w.bbox.x1),
      Math.round(w.bbox.y1),
      Math.round(w.confidence),
    ]),
  };
}

/** Writes one entry, one word a line (small diffs when a refresh changes a few words). */
export function writeCacheEntry(entry: OcrCacheEntry): void {
  mkdirSync(OCR_CACHE_DIR, { recursive: true });
  const words = entry.words.map((w) => JSON.stringify(w)).join(',\n');
  writeFileSync(
    entryPath(entry.imageSha1),
    `{"engine":${JSON.stringify(entry.engine)},"imageSha1":"${entry.imageSha1}","size":${JSON.stringify(entry.size)},"words":[\n${words}\n]}\n`,
  );
}

/**
 * Reads every training scan whose entry is missing or stale with the production photo OCR and writes its
 * entry (`force` reads them all again). Answers how many were read.
 */
export async function refreshOcrCache(
  options: { force?: boolean; limit?: number; log?: boolean } = {},
): Promise<number> {
  let read = 0;
  for (const receipt of scannedReceipts()) {
    if (read >= (options.limit ?? Number.POSITIVE_INFINITY)) break;
    const bytes = readFileSync(receipt.image);
    const sha1 = receipt.imageSha1 ?? createHash('sha1').update(bytes).digest('hex');
    if (!options.force && cachedOcr(sha1)) continue;
    const { words, size } = await readPhoto(bytes);
    writeCacheEntry(cacheEntry(sha1, words, size));
    read += 1;
    if (options.log) console.error(`ocr-cache: ${receipt.id} ${words.length} words`);
  }
  return read;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const at = process.argv.indexOf('--limit');
  refreshOcrCache({
    force: process.argv.includes('--force'),
    log: true,
    ...(at >= 0 ? { limit: Number(process.argv[at + 1]) } : {}),
  })
    .then((n) => console.log(`ocr-cache: ${n} scans read, ${ocrEngineVersion()}`))
    .catch((error) => {
      console.error(error);
      process.exit(1);
    });
}
