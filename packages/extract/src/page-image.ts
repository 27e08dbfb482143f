/**
 * Greyscale image operations that make a photo of paper easier for the OCR: where the paper is, a
 * binarisation that follows the light across the page, and the height of its glyphs. Each works on one
 * byte per pixel, row by row, in plain TypeScript.
 */

/** Longest side, in samples, the paper is looked for at: its edges need no finer grid. */
const PAPER_SIDE = 200;
/** Samples cut off the paper's edge all round: its blurred rim is half table. */
const PAPER_EROSION = 2;
/** The paper must fill at least this share of the photo: a smaller bright patch is a label, not the page. */
const MIN_PAPER = 0.08;
/** A bright region filling more than this share of the photo is the whole photo: nothing to crop. */
const MAX_PAPER = 0.9;

export interface Rect {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** Otsu's threshold of a histogram of 256 bins: the grey level that best splits it into two classes. */
function otsu(histogram: Float64Array): number {
  let total = 0;
  let sum = 0;
  for (let i = 0; i < 256; i += 1) {
    total += histogram[i] as number;
    sum += i * (histogram[i] as number);
  }
  let best = 128;
  let bestVariance = -1;
  let weight = 0;
  let partial = 0;
  for (let t = 0; t < 256; t += 1) {
    weight += histogram[t] as number;
    partial += t * (histogram[t] as number);
    if (weight === 0 || weight === total) continue;
    const meanLow = partial / weight;
    const meanHigh = (sum - partial) / (total - weight);
    const variance = weight * (total - weight) * (meanLow - meanHigh) ** 2;
    if (variance > bestVariance) {
      bestVariance = variance;
      best = t;
    }
  }
  return best;
}

/**
 * The box of the paper in a photo: the largest connected bright region (brighter than Otsu's split of
 * the photo, print closed over by a small dilation of the bright parts), in pixels, with a small margin.
 * Null when no region is large enough to be the paper, or when the bright region is the whole photo
 * (a scan, or a photo filled by the receipt): then there is nothing around it to cut.
 * @example paperBox(photoOfAWhiteSheetOnATable, 1000, 800) //=> { left: 200, top: 100, width: 600, height: 600 }
 */
export function paperBox(grey: Uint8Array, width: number, height: number): Rect | null {
  return paperRegion(grey, width, height)?.box ?? null;
}

/**
 * The paper as `paperBox` finds it, with `inside(x, y)`: whether a pixel of the photo lies on it (its
 * sample belongs to the paper's region), so what surrounds the paper within its box can be whitened.
 */
export function paperRegion(
  grey: Uint8Array,
  width: number,
  height: number,
): { box: Rect; inside: (x: number, y: number) => boolean; angle: number | null } | null {
  const step = Math.max(1, Math.ceil(Math.max(width, height) / PAPER_SIDE));
  const w = Math.floor(width / step);
  const h = Math.floor(height / step);
  if (w < 4 || h < 4) return null;
  // Each sample the brightest pixel of its cell: print on paper stays bright, the table stays dark.
  const samples = new Uint8Array(w * h);
  const histogram = new Float64Array(256);
  for (let y = 0; y < h; y += 1) {
    for (let x = 0; x < w; x += 1) {
      let brightest = 0;
      for (let dy = 0; dy < step; dy += 1) {
        const row = (y * step + dy) * width + x * step;
        for (let dx = 0; dx < step; dx += 1) brightest = Math.max(brightest, grey[row + dx] as number);
      }
      samples[y * w + x] = brightest;
      histogram[brightest] = (histogram[brightest] as number) + 1;
    }
  }
  const threshold = otsu(histogram);
  const label = new Int32Array(w * h).fill(-1);
  let best: { count: number; x0: number; y0: number; x1: number; y1: number; label: number } | null = null;
  const stack: number[] = [];
  for (let start = 0; start < w * h; start += 1) {
    if (label[start] !== -1 || (samples[start] as number) <= threshold) continue;
    const region = { count: 0, x0: w, y0: h, x1: 0, y1: 0 };
    label[start] = start;
    stack.push(start);
    while (stack.length > 0) {
      const at = stack.pop() as number;
      const x = at % w;
      const y = (at - x) / w;
      region.count += 1;
      region.x0 = Math.min(region.x0, x);
      region.y0 = Math.min(region.y0, y);
      region.x1 = Math.max(region.x1, x);
      region.y1 = Math.max(region.y1, y);
      const neighbours = [
        x > 0 ? at - 1 : -1,
        x < w - 1 ? at + 1 : -1,
        y > 0 ? at - w : -1,
        y < h - 1 ? at + w : -1,
      ];
      for (const next of neighbours) {
        if (next < 0 || label[next] !== -1 || (samples[next] as number) <= threshold) continue;
        label[next] = start;
        stack.push(next);
      }
    }
    if (!best || region.count > best.count) best = { ...region, label: start };
  }
  if (!best) return null;
  const area = (best.x1 - best.x0 + 1) * (best.y1 - best.y0 + 1);
  if (best.count < MIN_PAPER * w * h || area > MAX_PAPER * w * h) return null;
  const left = Math.max(0, (best.x0 - 1) * step);
  const top = Math.max(0, (best.y0 - 1) * step);
  const region = best.label;
  // A sample is paper when every sample within PAPER_EROSION of it is: the paper's blurred, ragged edge
  // (samples half table) stays out, or it reads as a dashed frame and pulls the skew to its own angle.
  const paper = new Uint8Array(w * h);
  for (let y = 0; y < h; y += 1)
    for (let x = 0; x < w; x += 1) {
      let all = true;
      for (let dy = -PAPER_EROSION; dy <= PAPER_EROSION && all; dy += 1)
        for (let dx = -PAPER_EROSION; dx <= PAPER_EROSION && all; dx += 1) {
          const xx = x + dx;
          const yy = y + dy;
          all = xx >= 0 && yy >= 0 && xx < w && yy < h && label[yy * w + xx] === region;
        }
      paper[y * w + x] = all ? 1 : 0;
    }
  const inside = (x: number, y: number) =>
    paper[Math.min(h - 1, Math.floor(y / step)) * w + Math.min(w - 1, Math.floor(x / step))] === 1;
  return {
    angle: edgeAngle(label, w, best),
    box: {
      left,
      top,
      width: Math.min(width, (best.x1 + 2) * step) - left,
      height: Math.min(height, (best.y1 + 2) * step) - top,
    },
    inside,
  };
}

/**
 * The angle, in degrees clockwise, the paper's long sides run at off the vertical: a least-squares line
 * through the leftmost and through the rightmost sample of each row of the region (its top and bottom
 * tenth left out, where the corners are), averaged. Null when the sides disagree by more than 2°: not a
 * sheet with straight sides.
 */
function edgeAngle(
  label: Int32Array,
  w: number,
  region: { label: number; y0: number; y1: number },
): number | null {
  const cut = Math.ceil((region.y1 - region.y0) * 0.1);
  const slopes: number[] = [];
  for (const side of ['left', 'right'] as const) {
    const points: [number, number][] = [];
    for (let y = region.y0 + cut; y <= region.y1 - cut; y += 1) {
      let found = -1;
      for (let i = 0; i < w; i += 1) {
        const x = side === 'left' ? i : w - 1 - i;
        if (label[y * w + x] === region.label) {
          found = x;
          break;
        }
      }
      if (found >= 0) points.push([y, found]);
    }
    if (points.length < 10) return null;
    const my = points.reduce((sum, p) => sum + p[0], 0) / points.length;
    const mx = points.reduce((sum, p) => sum + p[1], 0) / points.length;
    let num = 0;
    let den = 0;
    for (const [y, x] of points) {
      num += (y - my) * (x - mx);
      den += (y - my) ** 2;
    }
    slopes.push(num / Math.max(1e-9, den));
  }
  const [left = 0, right = 0] = slopes.map((slope) => (-Math.atan(slope) * 180) / Math.PI);
  return Math.abs(left - right) > 2 ? null : Math.round(((left + right) / 2) * 10) / 10;
}

/** Integral images of the values and their squares, (w+1)×(h+1). */
function integrals(grey: Uint8Array, width: number, height: number) {
  const sums = new Float64Array((width + 1) * (height + 1));
  const squares = new Float64Array((width + 1) * (height + 1));
  for (let y = 0; y < height; y += 1) {
    let row = 0;
    let rowSquares = 0;
    for (let x = 0; x < width; x += 1) {
      const v = grey[y * width + x] as number;
      row += v;
      rowSquares += v * v;
      const at = (y + 1) * (width + 1) + x + 1;
      sums[at] = (sums[at - width - 1] as number) + row;
      squares[at] = (squares[at - width - 1] as number) + rowSquares;
    }
  }
  return { sums, squares };
}

/**
 * Sauvola's binarisation: a pixel is ink when darker than mean × (1 + k (sd / 128 − 1)) of the
 * `window`-pixel square around it, so a shadow across the page shifts the threshold with it and the
 * paper under the shadow stays white. Answers 0 (ink) or 255 (paper) per pixel.
 * @example sauvola(greyOfAShadowedReceipt, 800, 1200)[0] //=> 255
 */
export function sauvola(grey: Uint8Array, width: number, height: number, window = 31, k = 0.2): Uint8Array {
  const { sums, squares } = integrals(grey, width, height);
  const radius = Math.max(1, Math.floor(window / 2));
  const out = new Uint8Array(width * height);
  for (let y = 0; y < height; y += 1) {
    const y0 = Math.max(0, y - radius);
    const y1 = Math.min(height, y + radius + 1);
    for (let x = 0; x < width; x += 1) {
      const x0 = Math.max(0, x - radius);
      const x1 = Math.min(width, x + radius + 1);
      const n = (x1 - x0) * (y1 - y0);
      const a = y1 * (width + 1) + x1;
      const b = y0 * (width + 1) + x1;
      const c = y1 * (width + 1) + x0;
      const d = y0 * (width + 1) + x0;
      const sum = (sums[a] as number) - (sums[b] as number) - (sums[c] as number) + (sums[d] as number);
      const sq =
        (squares[a] as number) - (squares[b] as number) - (squares[c] as number) + (squares[d] as number);
      const mean = sum / n;
      const sd = Math.sqrt(Math.max(0, sq / n - mean * mean));
      const threshold = mean * (1 + k * (sd / 128 - 1));
      out[y * width + x] = (grey[y * width + x] as number) < threshold ? 0 : 255;
    }
  }
  return out;
}

/**
 * The typical height, in pixels, of the glyphs of a binarised image (0 ink, 255 paper): the median
 * height of its ink's connected components that look like characters (neither specks nor rules nor
 * blots). Null when too few are found to tell.
 * @example glyphHeight(sauvola(greyOfAReceipt, 1000, 2000), 1000, 2000) //=> 24
 */
export function glyphHeight(ink: Uint8Array, width: number, height: number): number | null {
  const seen = new Uint8Array(width * height);
  const heights: number[] = [];
  const stack: number[] = [];
  for (let start = 0; start < width * height; start += 1) {
    if (seen[start] || ink[start] !== 0) continue;
    seen[start] = 1;
    stack.push(start);
    let count = 0;
    let x0 = width;
    let y0 = height;
    let x1 = 0;
    let y1 = 0;
    while (stack.length > 0) {
      const at = stack.pop() as number;
      const x = at % width;
      const y = (at - x) / width;
      count += 1;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
      const neighbours = [
        x > 0 ? at - 1 : -1,
        x < width - 1 ? at + 1 : -1,
        y > 0 ? at - width : -1,
        y < height - 1 ? at + width : -1,
      ];
      for (const next of neighbours) {
        if (next < 0 || seen[next] || ink[next] !== 0) continue;
        seen[next] = 1;
        stack.push(next);
      }
    }
    const h = y1 - y0 + 1;
    const w = x1 - x0 + 1;
    // A character is taller than a speck, and not a rule or a run of touching glyphs (much wider than tall).
    if (h >= 6 && h <= 200 && w <= 3 * h && count >= 12) heights.push(h);
  }
  if (heights.length < 20) return null;
  heights.sort((a, b) => a - b);
  return heights[Math.floor(heights.length / 2)] as number;
}
