/**
 * `npm run bench:ocr`: how well the production photo OCR (image.ts) reads the SROIE training scans, and
 * copies of them degraded by code (a seeded photo of the paper: turned, in perspective, on a dark table,
 * blurred, shadowed, recompressed). Prints the character error rate per SROIE text box (OCR words
 * matched to the boxes by overlap, whatever order either came in), the share of receipts whose true total
 * and date are in the OCR text, the share whose total and date the extractor reads right from the photo,
 * and the median seconds per photo.
 *
 *   npm run bench:ocr [-- --limit 40] [--clean-only | --degraded-only] [--steps paper,binarise,glyph,digits]
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import sharp from 'sharp';
import { type Compared, isRight } from '../../../bench/src/compare';
import { extractionFromDoc } from '../src/document';
import { PHOTO_STEPS, type PhotoSteps, photoPoint, readPhoto } from '../src/image';
import { defaultTrainDir } from './corpus';
import { mulberry32 } from './grouping';
import { amountPrinted, datePrinted } from './printed';

type Box = [number, number, number, number];

/** A SROIE training receipt that has its scan. */
export interface ScannedReceipt {
  id: string;
  image: string;
  imageSha1: string;
  size: [number, number];
  words: { text: string; box: Box }[];
  total: string | null;
  date: string | null;
}

/** The SROIE receipts of the training folder that have a scan, in file order. */
export function scannedReceipts(trainDir = defaultTrainDir()): ScannedReceipt[] {
  const dir = path.join(trainDir, 'sroie');
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .flatMap((name) => {
      const d = JSON.parse(readFileSync(path.join(dir, name), 'utf8'));
      if (!d.image) return [];
      return [
        {
          id: `sroie/${name.replace(/\.json$/, '')}`,
          image: path.join(dir, d.image),
          imageSha1: d.image_sha1,
          size: d.image_size,
          words: d.words,
          total: d.truth.total ?? null,
          date: d.truth.purchase_date ?? null,
        },
      ];
    });
}

/** The 3×3 homography (row-major, h33 = 1) taking the four `from` points onto the four `to` points. */
function homography(from: [number, number][], to: [number, number][]): number[] {
  const a: number[][] = [];
  for (let i = 0; i < 4; i += 1) {
    const [x, y] = from[i] as [number, number];
    const [u, v] = to[i] as [number, number];
    a.push([x, y, 1, 0, 0, 0, -u * x, -u * y, u]);
    a.push([0, 0, 0, x, y, 1, -v * x, -v * y, v]);
  }
  // Gauss-Jordan with partial pivoting on the 8×9 augmented matrix.
  for (let c = 0; c < 8; c += 1) {
    let pivot = c;
    for (let r = c + 1; r < 8; r += 1)
      if (Math.abs((a[r] as number[])[c] as number) > Math.abs((a[pivot] as number[])[c] as number))
        pivot = r;
    [a[c], a[pivot]] = [a[pivot] as number[], a[c] as number[]];
    const row = a[c] as number[];
    const p = row[c] as number;
    for (let k = c; k < 9; k += 1) row[k] = (row[k] as number) / p;
    for (let r = 0; r < 8; r += 1) {
      if (r === c) continue;
      const other = a[r] as number[];
      const f = other[c] as number;
      for (let k = c; k < 9; k += 1) other[k] = (other[k] as number) - f * (row[k] as number);
    }
  }
  return [...a.map((row) => row[8] as number), 1];
}

const apply = (h: number[], x: number, y: number): [number, number] => {
  const w = (h[6] as number) * x + (h[7] as number) * y + (h[8] as number);
  return [
    ((h[0] as number) * x + (h[1] as number) * y + (h[2] as number)) / w,
    ((h[3] as number) * x + (h[4] as number) * y + (h[5] as number)) / w,
  ];
};

/** Long side, in pixels, of a degraded copy's paper at most. */
const MAX_PHOTO_SIDE = 4000;

/** A degraded copy: JPEG bytes, and where a point of the original scan landed on it. */
export interface Degraded {
  jpeg: Buffer;
  width: number;
  height: number;
  map: (x: number, y: number) => [number, number];
}

/**
 * A photo-like copy of a flat scan, the same for the same seed: the paper turned 3-6° either way and put
 * in perspective (corners moved up to 3 % of its size), on a dark textured table around it, a shadow
 * gradient across, a blur, and JPEG recompression at quality 45-70.
 */
export async function degrade(scan: Buffer, seed: number): Promise<Degraded> {
  // The groups' seeded generator: a degraded copy is the same on every run.
  const random = mulberry32(seed);
  const between = (lo: number, hi: number) => lo + (hi - lo) * random();
  const { data: src, info } = await sharp(scan).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const w = info.width;
  const h = info.height;
  const channels = info.channels;
  // A phone photo is a few megapixels: a huge scan is shrunk as it is placed (and stays under the photo cap).
  const shrink = Math.min(1, MAX_PHOTO_SIDE / Math.max(w, h));
  const margin = Math.round(Math.max(w, h) * shrink * between(0.1, 0.18));
  const width = Math.round(w * shrink) + 2 * margin;
  const height = Math.round(h * shrink) + 2 * margin;
  const degrees = (random() < 0.5 ? -1 : 1) * between(3, 6);
  const radians = (degrees * Math.PI) / 180;
  const jitter = () => between(-0.03, 0.03) * Math.max(w, h);
  const corners: [number, number][] = [
    [0, 0],
    [w, 0],
    [w, h],
    [0, h],
  ];
  const placed = corners.map(([x, y]): [number, number] => {
    const dx = x - w / 2;
    const dy = y - h / 2;
    return [
      width / 2 + shrink * (dx * Math.cos(radians) - dy * Math.sin(radians)) + jitter() * shrink,
      height / 2 + shrink * (dx * Math.sin(radians) + dy * Math.cos(radians)) + jitter() * shrink,
    ];
  });
  const forward = homography(corners, placed);
  const backward = homography(placed, corners);
  // The table: a dark base with wood-like bands and grain.
  const base = between(35, 90);
  const bands = between(0.01, 0.04);
  const phase = between(0, 6.28);
  const [sx, sy] = [between(-1, 1), between(-1, 1)];
  const shadow = between(0.3, 0.55);
  const out = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const [u, v] = apply(backward, x, y);
      // The shadow darkens one side of the photo, fading across it.
      const t = ((x / width - 0.5) * sx + (y / height - 0.5) * sy + 1) / 2;
      const light = 1 - shadow * Math.max(0, Math.min(1, t));
      const o = (y * width + x) * 3;
      if (u >= 0 && v >= 0 && u < w - 1 && v < h - 1) {
        const x0 = Math.floor(u);
        const y0 = Math.floor(v);
        const fx = u - x0;
        const fy = v - y0;
        for (let c = 0; c < 3; c += 1) {
          const k = Math.min(c, channels - 1);
          const at = (xx: number, yy: number) => src[(yy * w + xx) * channels + k] as number;
          const value =
            at(x0, y0) * (1 - fx) * (1 - fy) +
            at(x0 + 1, y0) * fx * (1 - fy) +
            at(x0, y0 + 1) * (1 - fx) * fy +
            at(x0 + 1, y0 + 1) * fx * fy;
          out[o + c] = Math.round(value * light);
        }
      } else {
        const grain =
          base + 18 * Math.sin(y * bands + Math.sin(x * 0.01) * 3 + phase) + 10 * (random() - 0.5);
        out[o] = Math.max(0, Math.min(255, Math.round(grain * light * 1.1)));
        out[o + 1] = Math.max(0, Math.min(255, Math.round(grain * light * 0.85)));
        out[o + 2] = Math.max(0, Math.min(255, Math.round(grain * light * 0.6)));
      }
    }
  }
  const jpeg = await sharp(out, { raw: { width, height, channels: 3 } })
    .blur(between(0.6, 1.4))
    .jpeg({ quality: Math.round(between(45, 70)) })
    .toBuffer();
  return { jpeg, width, height, map: (x, y) => apply(forward, x, y) };
}

/** Levenshtein distance. */
export function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i += 1) {
    const row = [i];
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      row.push(
        Math.min((previous[j] as number) + 1, (row[j - 1] as number) + 1, (previous[j - 1] as number) + cost),
      );
    }
    previous = row;
  }
  return previous[b.length] as number;
}

// SROIE transcribes in capitals whatever the print: case is not counted.
const squeeze = (text: string) => text.replace(/\s+/g, ' ').trim().toUpperCase();

/** An OCR word placed on the scan the truth boxes are drawn on. */
export interface PlacedWord {
  text: string;
  box: Box;
}

/**
 * Each truth box's OCR text: every OCR word goes to the box that holds most of it (at least half), and a
 * box's words are read top line first, left to right. Returns [truth, read] pairs in the boxes' order.
 */
export function matchBoxes(truth: { text: string; box: Box }[], words: PlacedWord[]): [string, string][] {
  const area = (b: Box) => Math.max(1, (b[2] - b[0]) * (b[3] - b[1]));
  const shared = (a: Box, b: Box) =>
    Math.max(0, Math.min(a[2], b[2]) - Math.max(a[0], b[0])) *
    Math.max(0, Math.min(a[3], b[3]) - Math.max(a[1], b[1]));
  const members: PlacedWord[][] = truth.map(() => []);
  for (const word of words) {
    let best = -1;
    let bestShare = 0.5;
    truth.forEach((t, i) => {
      // Boxes drawn by hand are tight: a little slack keeps descenders and accents in.
      const pad = (t.box[3] - t.box[1]) * 0.25;
      const loose: Box = [t.box[0] - pad, t.box[1] - pad, t.box[2] + pad, t.box[3] + pad];
      const share = shared(loose, word.box) / area(word.box);
      if (share > bestShare) {
        best = i;
        bestShare = share;
      }
    });
    if (best >= 0) (members[best] as PlacedWord[]).push(word);
  }
  return truth.map((t, i) => {
    const list = (members[i] as PlacedWord[]).sort((a, b) => {
      const height = Math.min(a.box[3] - a.box[1], b.box[3] - b.box[1]);
      const rowA = (a.box[1] + a.box[3]) / 2;
      const rowB = (b.box[1] + b.box[3]) / 2;
      return Math.abs(rowA - rowB) > height / 2 ? rowA - rowB : a.box[0] - b.box[0];
    });
    return [squeeze(t.text), squeeze(list.map((w) => w.text).join(' '))];
  });
}

interface Figures {
  distance: number;
  length: number;
  docCer: number[];
  total: number;
  totalOf: number;
  date: number;
  dateOf: number;
  /** The fields the extractor read from the photo: right, and asked (a truth to compare with). */
  totalRight: number;
  totalAsked: number;
  dateRight: number;
  dateAsked: number;
  seconds: number[];
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? (sorted[Math.floor((sorted.length - 1) / 2)] as number) : 0;
};

/** One receipt through the production photo path; its words placed on the scan's pixels. */
async function readOne(
  receipt: ScannedReceipt,
  degraded: boolean,
  seed: number,
  steps: PhotoSteps,
): Promise<{
  words: PlacedWord[];
  text: string;
  seconds: number;
  truth: { text: string; box: Box }[];
  read: Pick<Compared, 'total' | 'purchase_date'>;
}> {
  const scan = readFileSync(receipt.image);
  let bytes: Buffer = scan;
  let truth = receipt.words;
  if (degraded) {
    const copy = await degrade(scan, seed);
    bytes = copy.jpeg;
    truth = receipt.words.map((word) => {
      const [x0, y0, x1, y1] = word.box;
      const points = [copy.map(x0, y0), copy.map(x1, y0), copy.map(x1, y1), copy.map(x0, y1)];
      const xs = points.map((p) => p[0]);
      const ys = points.map((p) => p[1]);
      // The turned box's bounding box would swallow the lines above and below: keep its centre and size.
      const cx = xs.reduce((a, b) => a + b, 0) / 4;
      const cy = ys.reduce((a, b) => a + b, 0) / 4;
      const [p0, p1, , p3] = points as [
        [number, number],
        [number, number],
        [number, number],
        [number, number],
      ];
      const hw = Math.hypot(p1[0] - p0[0], p1[1] - p0[1]) / 2;
      const hh = Math.hypot(p3[0] - p0[0], p3[1] - p0[1]) / 2;
      return { text: word.text, box: [cx - hw, cy - hh, cx + hw, cy + hh] as Box };
    });
  }
  const started = performance.now();
  const { photo, doc } = await readPhoto(bytes, steps);
  const seconds = (performance.now() - started) / 1000;
  // The document's tokens, as the field finders see them (page units of the prepared image).
  const placed = doc.tokens.map((word) => {
    const [x0, y0] = photoPoint(photo, word.x0 * photo.width, word.y0 * photo.height);
    const [x1, y1] = photoPoint(photo, word.x1 * photo.width, word.y1 * photo.height);
    return {
      text: word.text,
      box: [Math.min(x0, x1), Math.min(y0, y1), Math.max(x0, x1), Math.max(y0, y1)] as Box,
    };
  });
  const fields = extractionFromDoc(doc, false, undefined, null);
  return {
    words: placed,
    text: doc.lines.map((l) => l.text).join('\n'),
    seconds,
    truth,
    read: { total: fields.total, purchase_date: fields.purchase_date },
  };
}

/** Bench of one set (the scans, or their degraded copies). */
async function benchSet(
  receipts: ScannedReceipt[],
  degraded: boolean,
  steps: PhotoSteps,
  verbose: boolean,
): Promise<Figures> {
  const figures: Figures = {
    distance: 0,
    length: 0,
    docCer: [],
    total: 0,
    totalOf: 0,
    date: 0,
    dateOf: 0,
    totalRight: 0,
    totalAsked: 0,
    dateRight: 0,
    dateAsked: 0,
    seconds: [],
  };
  for (const [n, receipt] of receipts.entries()) {
    const seed = 1000 + Number(receipt.id.replace(/\D/g, ''));
    // A photo the path refuses reads as nothing: every box wholly wrong, no total, no date.
    const read = await readOne(receipt, degraded, seed, steps).catch((error: Error) => {
      console.error(`${receipt.id}: ${error.message}`);
      return {
        words: [],
        text: '',
        seconds: 0,
        truth: receipt.words,
        read: { total: null, purchase_date: null },
      };
    });
    let distance = 0;
    let length = 0;
    for (const [truth, got] of matchBoxes(read.truth, read.words)) {
      distance += Math.min(truth.length, editDistance(truth, got));
      length += truth.length;
    }
    figures.distance += distance;
    figures.length += length;
    figures.docCer.push(distance / Math.max(1, length));
    figures.seconds.push(read.seconds);
    const totalRead = receipt.total ? amountPrinted(receipt.total, read.text) : null;
    const dateRead = receipt.date ? datePrinted(receipt.date, read.text) : null;
    if (totalRead !== null) {
      figures.totalOf += 1;
      if (totalRead) figures.total += 1;
    }
    if (dateRead !== null) {
      figures.dateOf += 1;
      if (dateRead) figures.date += 1;
    }
    // Right by the bench's frozen rules, as the grouped figures are.
    const truth = { is_order: true, total: receipt.total, purchase_date: receipt.date };
    const got = read.read as Compared;
    if (receipt.total) {
      figures.totalAsked += 1;
      if (isRight('total', truth, got)) figures.totalRight += 1;
    }
    if (receipt.date) {
      figures.dateAsked += 1;
      if (isRight('purchase_date', truth, got)) figures.dateRight += 1;
    }
    if (verbose)
      console.error(
        `${degraded ? 'degraded' : 'clean'} ${n + 1}/${receipts.length} ${receipt.id} cer ${(distance / Math.max(1, length)).toFixed(3)} (${distance}/${length}) total ${totalRead} date ${dateRead} ${read.seconds.toFixed(2)} s`,
      );
  }
  return figures;
}

const pct = (a: number, b: number) => `${((100 * a) / Math.max(1, b)).toFixed(1)} %`;

function row(name: string, f: Figures): string {
  return `| ${name} | ${f.docCer.length} | ${pct(f.distance, f.length)} | ${pct(median(f.docCer), 1)} | ${pct(f.total, f.totalOf)} | ${pct(f.date, f.dateOf)} | ${pct(f.totalRight, f.totalAsked)} | ${pct(f.dateRight, f.dateAsked)} | ${median(f.seconds).toFixed(2)} |`;
}

async function main() {
  const args = process.argv.slice(2);
  const limitAt = args.indexOf('--limit');
  const limit = limitAt >= 0 ? Number(args[limitAt + 1]) : Number.POSITIVE_INFINITY;
  const all = scannedReceipts();
  // A spread sample when limited: every k-th receipt, not the first few.
  const step = Number.isFinite(limit) ? Math.max(1, Math.floor(all.length / limit)) : 1;
  const receipts = all.filter((_, i) => i % step === 0).slice(0, limit);
  const verbose = args.includes('--verbose');
  // `--steps paper,binarise` measures those steps on (the others off); production's steps by default.
  const stepsAt = args.indexOf('--steps');
  const named = stepsAt >= 0 ? (args[stepsAt + 1] ?? '').split(',') : null;
  const steps: PhotoSteps = named
    ? {
        paper: named.includes('paper'),
        binarise: named.includes('binarise'),
        glyphScale: named.includes('glyph'),
        digits: named.includes('digits'),
        retry: named.includes('retry'),
      }
    : PHOTO_STEPS;
  console.log(`steps: ${JSON.stringify(steps)}`);
  const lines = [
    '| set | photos | CER per box (micro) | median CER per receipt | total in OCR text | date in OCR text | total read | date read | s/photo (median) |',
    '|---|---|---|---|---|---|---|---|---|',
  ];
  if (!args.includes('--degraded-only'))
    lines.push(row('scans', await benchSet(receipts, false, steps, verbose)));
  if (!args.includes('--clean-only'))
    lines.push(row('degraded copies (seeded)', await benchSet(receipts, true, steps, verbose)));
  console.log(lines.join('\n'));
  console.log(
    '"total read" and "date read" are the extractor\'s fields from the photo, by the committed rankers: these\n' +
      'receipts trained them (their text, boxes and OCR of the scans), so the scans are in-sample and the\n' +
      "degraded copies are new pictures of known receipts. The held-out figures are bench:extract's grouped ones.",
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
