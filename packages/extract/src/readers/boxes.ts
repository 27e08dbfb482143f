import { type Doc, type DocKind, docFromTokens, type Separator, type Token } from './doc';

/** A word or phrase read off an image, its box in pixels: [left, top, right, bottom]. */
export interface BoxWord {
  text: string;
  box: [number, number, number, number];
  /** OCR confidence 0..1, where known. */
  conf?: number;
  /** 0-based page, for several images read as one document. */
  page?: number;
}

/** Two boxes are on one line when they share at least this share of the shorter one's height. */
const LINE_OVERLAP = 0.5;
/** A vertical gap between lines wider than this many line pitches starts a new block. */
const BLOCK_GAP = 1.5;

interface Placed {
  word: BoxWord;
  cx: number;
  cy: number;
  height: number;
}

const median = (values: number[]): number => {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] as number;
};

/** Share of the shorter box's height that two boxes have in common vertically. */
function overlap(a: BoxWord['box'], b: BoxWord['box']): number {
  const shared = Math.min(a[3], b[3]) - Math.max(a[1], b[1]);
  return shared / Math.max(1, Math.min(a[3] - a[1], b[3] - b[1]));
}

/**
 * Groups boxes into printed lines whatever order they came in. Swept left to right, each box joins the
 * line whose rightmost box it overlaps most vertically once `skew` (rise per pixel) is taken out:
 * neighbours on a slanted line still overlap where the line's two ends would not.
 */
export function boxLines(words: BoxWord[], skew = 0): BoxWord[][] {
  const level = (word: BoxWord): BoxWord['box'] => {
    const shift = skew * ((word.box[0] + word.box[2]) / 2);
    return [word.box[0], word.box[1] - shift, word.box[2], word.box[3] - shift];
  };
  const order = words
    .filter((w) => w.text.trim())
    .map(upright)
    .map((word) => ({ word, box: level(word) }))
    .sort((a, b) => (a.word.page ?? 0) - (b.word.page ?? 0) || a.box[0] - b.box[0] || a.box[1] - b.box[1]);
  const lines: (typeof order)[] = [];
  for (const item of order) {
    let best: typeof order | null = null;
    let bestOverlap = LINE_OVERLAP;
    for (const line of lines) {
      const last = line.at(-1) as (typeof order)[number];
      if ((last.word.page ?? 0) !== (item.word.page ?? 0)) continue;
      // A box far inside the last one is a second reading of the same spot, or of a line above or below.
      const width = Math.min(last.box[2] - last.box[0], item.box[2] - item.box[0]);
      if (item.box[0] < last.box[2] - Math.max(2, width * 0.5)) continue;
      const shared = overlap(last.box, item.box);
      if (shared >= bestOverlap) {
        best = line;
        bestOverlap = shared;
      }
    }
    if (best) best.push(item);
    else lines.push([item]);
  }
  return lines.map((line) => line.map((item) => item.word));
}

/** A box with its corners in order and at least a pixel each way (some boxes come flat or inverted). */
function upright(word: BoxWord): BoxWord {
  const [a, b, c, d] = word.box;
  const x0 = Math.min(a, c);
  const y0 = Math.min(b, d);
  return { ...word, box: [x0, y0, Math.max(a, c, x0 + 1), Math.max(b, d, y0 + 1)] };
}

/** Centres and heights of each line's boxes. */
const placed = (lines: BoxWord[][]): Placed[][] =>
  lines.map((line) =>
    line.map((word) => ({
      word,
      cx: (word.box[0] + word.box[2]) / 2,
      cy: (word.box[1] + word.box[3]) / 2,
      height: word.box[3] - word.box[1],
    })),
  );

/** The slant of the text: the median rise per pixel between neighbouring boxes of a line. */
function skewOf(lines: Placed[][]): number {
  const slopes: number[] = [];
  for (const line of lines) {
    for (let i = 1; i < line.length; i += 1) {
      const a = line[i - 1] as Placed;
      const b = line[i] as Placed;
      if (b.cx - a.cx > a.height) slopes.push((b.cy - a.cy) / (b.cx - a.cx));
    }
  }
  return median(slopes);
}

/**
 * The document model of words or phrases with pixel boxes (OCR output, a labelled receipt's text boxes)
 * on an image of `size` [width, height] pixels, in any order: lines rebuilt from the boxes' vertical
 * overlap (robust to a slight skew), read top to bottom, tokens left to right, and a new block where the
 * gap to the line above passes 1.5 line pitches. Boxes stay whole (one token each, phrases too).
 * @example lineTexts(boxesToDoc([{ text: '5.30', box: [300, 50, 340, 70] }, { text: 'TOTAL', box: [10, 52, 80, 72] }], [400, 600])) //=> ['TOTAL  5.30']
 */
export function boxesToDoc(words: BoxWord[], size: [number, number], kind: DocKind = 'photo'): Doc {
  const [width, height] = [Math.max(1, size[0]), Math.max(1, size[1])];
  // Neighbouring boxes give the slant; the lines are then rebuilt with it taken out, so a price far
  // right of its name on a slanted photo still joins it.
  const rough = skewOf(placed(boxLines(words)));
  const lines = placed(rough === 0 ? boxLines(words) : boxLines(words, rough));
  const skew = skewOf(lines);
  // Each line's level with the slant taken out, so lines sort and space as on a level page.
  const levelled = lines
    .map((line) => ({
      line,
      page: line[0]?.word.page ?? 0,
      y: line.reduce((sum, p) => sum + p.cy - skew * p.cx, 0) / line.length,
      height: median(line.map((p) => p.height)),
    }))
    .sort((a, b) => a.page - b.page || a.y - b.y);
  const pitches = levelled.slice(1).flatMap((l, i) => {
    const above = levelled[i] as (typeof levelled)[number];
    return above.page === l.page ? [l.y - above.y] : [];
  });
  const pitch = Math.max(median(pitches), median(levelled.map((l) => l.height)));
  const tokens: Token[] = [];
  let block = -1;
  levelled.forEach(({ line, page, y }, index) => {
    const above = levelled[index - 1];
    if (!above || above.page !== page || y - above.y > pitch * BLOCK_GAP) block += 1;
    for (const { word } of line) {
      const clamp = (v: number, of: number) => Math.min(1, Math.max(0, v / of));
      tokens.push({
        text: word.text.trim(),
        x0: clamp(word.box[0], width),
        y0: clamp(word.box[1], height),
        x1: clamp(word.box[2], width),
        y1: clamp(word.box[3], height),
        line: index,
        block,
        page,
        ...(word.conf === undefined ? {} : { conf: word.conf }),
      });
    }
  });
  const pages = tokens.reduce((most, t) => Math.max(most, t.page + 1), 1);
  return docFromTokens(kind, tokens, pages, { separator: glyphGap(width) });
}

/** Two spaces where the gap between two boxes passes two of their characters' average width. */
function glyphGap(width: number): Separator {
  return (left, right) => {
    const chars = left.text.length + right.text.length;
    const glyph = ((left.x1 - left.x0 + right.x1 - right.x0) * width) / Math.max(1, chars);
    return (right.x0 - left.x1) * width > glyph * 2 ? '  ' : ' ';
  };
}
