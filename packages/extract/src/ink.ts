/**
 * Where the print is in a photo of a receipt: the angle its lines run at and the box that holds it. The
 * angle comes from a projection-profile search: the ink of level text lines, summed row by row, makes a
 * profile of sharp peaks and empty gaps, sharpest at the angle the lines run at. On a 2000-pixel photo it
 * costs ~30-90 ms, where tesseract's own detection (a second layout pass) took 0.5-1 s.
 */

/** Longest side, in samples, that is looked at: finer adds time, not accuracy. */
const SAMPLED_SIDE = 1000;
/** Radius, in samples, of the neighbourhood a pixel is compared with to tell ink from paper. */
const NEIGHBOURHOOD = 12;
/** Below this share of its neighbourhood's brightness a pixel is ink. */
const INK_RATIO = 0.6;
/** A neighbourhood darker than this (of 255, after contrast stretching) is not paper: no ink is read there. */
const PAPER = 96;
/** Fewer ink samples than this tell nothing: no text, no angle, no box. */
const MIN_INK = 200;

/** The ink of a greyscale image, on a grid of samples `step` pixels apart. */
export interface Ink {
  xs: number[];
  ys: number[];
  /** The image's size in pixels. */
  width: number;
  height: number;
  step: number;
}

/**
 * Finds the ink of a greyscale image (one byte per pixel, row by row): a pixel clearly darker than its
 * bright neighbourhood, so the print on a receipt counts and the table under it (noise and all) does not.
 * @example findInk(new Uint8Array(100 * 100).fill(255), 100, 100).xs //=> []
 */
export function findInk(grey: Uint8Array, width: number, height: number): Ink {
  const step = Math.max(1, Math.ceil(Math.max(width, height) / SAMPLED_SIDE));
  const w = Math.floor(width / step);
  const h = Math.floor(height / step);
  // Integral image of the samples: any box's sum in four look-ups.
  const sums = new Float64Array((w + 1) * (h + 1));
  for (let y = 0; y < h; y += 1) {
    let row = 0;
    for (let x = 0; x < w; x += 1) {
      row += grey[y * step * width + x * step] as number;
      sums[(y + 1) * (w + 1) + x + 1] = (sums[y * (w + 1) + x + 1] as number) + row;
    }
  }
  const xs: number[] = [];
  const ys: number[] = [];
  for (let y = 0; y < h; y += 1) {
    const y0 = Math.max(0, y - NEIGHBOURHOOD);
    const y1 = Math.min(h, y + NEIGHBOURHOOD + 1);
    for (let x = 0; x < w; x += 1) {
      const x0 = Math.max(0, x - NEIGHBOURHOOD);
      const x1 = Math.min(w, x + NEIGHBOURHOOD + 1);
      const box =
        (sums[y1 * (w + 1) + x1] as number) -
        (sums[y0 * (w + 1) + x1] as number) -
        (sums[y1 * (w + 1) + x0] as number) +
        (sums[y0 * (w + 1) + x0] as number);
      const mean = box / ((x1 - x0) * (y1 - y0));
      if (mean >= PAPER && (grey[y * step * width + x * step] as number) < mean * INK_RATIO) {
        xs.push(x);
        ys.push(y);
      }
    }
  }
  return { xs, ys, width, height, step };
}

/** How sharp the row profile of the ink is when read along lines `degrees` clockwise: its sum of squares. */
function sharpness(ink: Ink, degrees: number): number {
  const tan = Math.tan((degrees * Math.PI) / 180);
  const columns = Math.floor(ink.width / ink.step);
  const offset = Math.ceil(columns * Math.abs(tan)) + 1;
  const rows = new Float64Array(Math.floor(ink.height / ink.step) + 2 * offset + 1);
  for (let i = 0; i < ink.xs.length; i += 1) {
    const row = Math.round((ink.ys[i] as number) - (ink.xs[i] as number) * tan) + offset;
    rows[row] = (rows[row] as number) + 1;
  }
  let sum = 0;
  for (const count of rows) sum += count * count;
  return sum;
}

/**
 * The angle, in degrees clockwise, at which the printed lines run, searched within ±`maxDegrees` to 0.1°;
 * 0 when there is too little ink to tell. Rotating the image by minus this levels the lines.
 * @example skewAngle(findInk(photoOfAReceiptTurned3DegreesClockwise, 2000, 1500)) //=> 3
 */
export function skewAngle(ink: Ink, maxDegrees = 8): number {
  if (ink.xs.length < MIN_INK) return 0;
  const search = (from: number, to: number, by: number, start: { angle: number; score: number }) => {
    let best = start;
    for (let tenths = Math.round(from * 10); tenths <= Math.round(to * 10); tenths += Math.round(by * 10)) {
      const score = sharpness(ink, tenths / 10);
      if (score > best.score) best = { angle: tenths / 10, score };
    }
    return best;
  };
  const coarse = search(-maxDegrees, maxDegrees, 0.5, { angle: 0, score: sharpness(ink, 0) });
  return search(coarse.angle - 0.4, coarse.angle + 0.4, 0.1, coarse).angle;
}

/**
 * The box, in pixels, that holds the ink, with a margin of `margin` times the image's long side around it:
 * the part of a photo worth reading (the receipt, not the table it lies on). The outermost 0.5% of ink on
 * each side is taken for specks; null when there is too little ink to tell.
 * @example inkBox(findInk(photoOfAReceiptOnATable, 2000, 1500)) //=> { left: 310, top: 240, width: 1380, height: 1020 }
 */
export function inkBox(ink: Ink, margin = 0.04) {
  if (ink.xs.length < MIN_INK) return null;
  const spread = (values: number[]) => {
    const sorted = Int32Array.from(values).sort();
    const cut = Math.floor(sorted.length * 0.005);
    return [sorted[cut] as number, sorted[sorted.length - 1 - cut] as number] as const;
  };
  const [x0, x1] = spread(ink.xs);
  const [y0, y1] = spread(ink.ys);
  const pad = Math.round(Math.max(ink.width, ink.height) * margin);
  const left = Math.max(0, x0 * ink.step - pad);
  const top = Math.max(0, y0 * ink.step - pad);
  return {
    left,
    top,
    width: Math.min(ink.width, (x1 + 1) * ink.step + pad) - left,
    height: Math.min(ink.height, (y1 + 1) * ink.step + pad) - top,
  };
}
