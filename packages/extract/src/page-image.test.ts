import { describe, expect, it } from 'vitest';
import { glyphHeight, paperBox, sauvola } from './page-image';

/** A grey image drawn by `paint(x, y)`. */
function image(width: number, height: number, paint: (x: number, y: number) => number): Uint8Array {
  const grey = new Uint8Array(width * height);
  for (let y = 0; y < height; y += 1) for (let x = 0; x < width; x += 1) grey[y * width + x] = paint(x, y);
  return grey;
}

/** Text-like marks: 10×16 blocks in rows 40 px apart, 14 px apart along the row, inside [x0, x1]. */
const isGlyph = (x: number, y: number, x0 = 40, x1 = 360) =>
  x >= x0 && x <= x1 && y % 40 >= 12 && y % 40 < 28 && x % 14 < 10 && y > 20 && y < 580;

describe('paper crop', () => {
  it('finds a bright rectangle on a dark textured background', () => {
    const grey = image(800, 1000, (x, y) => {
      if (x >= 200 && x < 600 && y >= 150 && y < 850) return isGlyph(x - 200, y - 150) ? 30 : 235;
      return 50 + ((x * 7 + y * 13) % 40);
    });
    const box = paperBox(grey, 800, 1000);
    expect(box).not.toBeNull();
    const b = box as NonNullable<typeof box>;
    expect(Math.abs(b.left - 200)).toBeLessThanOrEqual(12);
    expect(Math.abs(b.top - 150)).toBeLessThanOrEqual(12);
    expect(Math.abs(b.left + b.width - 600)).toBeLessThanOrEqual(12);
    expect(Math.abs(b.top + b.height - 850)).toBeLessThanOrEqual(12);
  });

  it('answers null for a scan that is paper to its edges', () => {
    expect(
      paperBox(
        image(400, 600, (x, y) => (isGlyph(x, y) ? 20 : 240)),
        400,
        600,
      ),
    ).toBeNull();
  });
});

describe('binarisation', () => {
  it('keeps text dark and the paper light under a shadow gradient', () => {
    // Paper from 245 at the left to 110 at the right; ink 60 % of the paper's brightness under it.
    const light = (x: number) => 245 - (135 * x) / 400;
    const grey = image(400, 600, (x, y) => Math.round(light(x) * (isGlyph(x, y) ? 0.4 : 1)));
    const ink = sauvola(grey, 400, 600);
    let textRight = 0;
    let textAll = 0;
    let paperRight = 0;
    let paperAll = 0;
    for (let y = 0; y < 600; y += 1)
      for (let x = 0; x < 400; x += 1) {
        const dark = ink[y * 400 + x] === 0;
        if (isGlyph(x, y)) {
          textAll += 1;
          if (dark) textRight += 1;
        } else {
          paperAll += 1;
          if (!dark) paperRight += 1;
        }
      }
    expect(textRight / textAll).toBeGreaterThan(0.95);
    expect(paperRight / paperAll).toBeGreaterThan(0.97);
  });

  it('measures the height of the glyphs', () => {
    const ink = image(400, 600, (x, y) => (isGlyph(x, y) ? 0 : 255));
    expect(glyphHeight(ink, 400, 600)).toBe(16);
  });
});
