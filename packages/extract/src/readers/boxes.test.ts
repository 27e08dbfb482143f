import { describe, expect, it } from 'vitest';
import { type BoxWord, boxesToDoc } from './boxes';
import { lineTexts } from './doc';

/** A receipt's boxes: each row's words at their x, the row's top at `top` plus `slant` pixels per pixel. */
function rows(spec: [string, number][][], slant = 0): BoxWord[] {
  return spec.flatMap((row, r) =>
    row.map(([text, x]) => {
      const top = 40 + r * 30 + Math.round(x * slant);
      return { text, box: [x, top, x + text.length * 10, top + 20] as BoxWord['box'] };
    }),
  );
}

const RECEIPT: [string, number][][] = [
  [
    ['CORNER', 120],
    ['CAFE', 200],
  ],
  [
    ['Latte', 20],
    ['3.50', 340],
  ],
  [
    ['Scone', 20],
    ['2.10', 340],
  ],
  [
    ['TOTAL', 20],
    ['5.60', 340],
  ],
];

/** Deterministic shuffle, so the test never depends on the boxes' file order. */
function shuffled<T>(list: T[]): T[] {
  const out = [...list];
  let seed = 7;
  for (let i = out.length - 1; i > 0; i -= 1) {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    const j = seed % (i + 1);
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

describe('boxesToDoc', () => {
  it('puts shuffled boxes back in reading order', () => {
    const doc = boxesToDoc(shuffled(rows(RECEIPT)), [400, 200]);
    expect(lineTexts(doc)).toEqual(['CORNER CAFE', 'Latte  3.50', 'Scone  2.10', 'TOTAL  5.60']);
    expect(doc.tokens[doc.lines[1]?.tokens[1] as number]).toMatchObject({ text: '3.50', x0: 0.85, page: 0 });
  });

  it('keeps lines whole when the photo is slightly skewed', () => {
    // 2 degrees: the price sits 11 pixels lower than its name, more than a third of the line pitch.
    for (const slant of [0.035, -0.035]) {
      const doc = boxesToDoc(shuffled(rows(RECEIPT, slant)), [400, 220]);
      expect(lineTexts(doc)).toEqual(['CORNER CAFE', 'Latte  3.50', 'Scone  2.10', 'TOTAL  5.60']);
    }
  });

  it('starts a block after a gap of more than one and a half lines', () => {
    const words = rows([[['SHOP', 20]], [['Street', 20]], [], [], [['TOTAL', 20]]]);
    expect(boxesToDoc(words, [400, 200]).lines.map((l) => l.block)).toEqual([0, 0, 1]);
  });

  it('keeps confidences and page units', () => {
    const doc = boxesToDoc([{ text: 'TOTAL', box: [0, 50, 100, 70], conf: 0.8 }], [200, 100]);
    expect(doc.tokens[0]).toMatchObject({ conf: 0.8, x0: 0, x1: 0.5, y0: 0.5, y1: 0.7, line: 0, block: 0 });
  });
});

describe('boxesToDoc on odd boxes', () => {
  it('keeps a flat or inverted box as a word of its line', () => {
    const doc = boxesToDoc(
      [
        { text: 'TOTAL', box: [10, 50, 80, 70] },
        { text: '-', box: [90, 60, 100, 60] },
        { text: '5.30', box: [160, 70, 120, 50] },
      ],
      [200, 100],
    );
    expect(lineTexts(doc)).toEqual(['TOTAL - 5.30']);
  });
});
