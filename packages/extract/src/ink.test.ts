import { describe, expect, it } from 'vitest';
import { turnedCanvas } from '../test/receipt-photo';
import { findInk, inkBox, skewAngle } from './ink';

/** Greyscale pixels of black text lines on white, turned `degrees` clockwise. */
function lines(degrees: number, width = 900, height = 700): Uint8Array {
  const ctx = turnedCanvas(width, height, '#ffffff', degrees);
  ctx.fillStyle = '#000000';
  ctx.font = '28px sans-serif';
  for (let i = 0; i < 10; i += 1) ctx.fillText(`Line ${i} of the receipt   4.${i}0`, -300, -220 + i * 44);
  const rgba = ctx.getImageData(0, 0, width, height).data;
  const grey = new Uint8Array(width * height);
  for (let i = 0; i < grey.length; i += 1) grey[i] = rgba[i * 4] as number;
  return grey;
}

describe('skewAngle', () => {
  it.each([0, 2.5, -3, 6])('finds text turned %s° to within 0.3°', (degrees) => {
    expect(Math.abs(skewAngle(findInk(lines(degrees), 900, 700)) - degrees)).toBeLessThanOrEqual(0.3);
  });
  it('answers 0 for an image without ink', () => {
    expect(skewAngle(findInk(new Uint8Array(400 * 300).fill(230), 400, 300))).toBe(0);
  });
});

describe('inkBox', () => {
  it('holds the sheet with the print on it and a margin, not the table around it', () => {
    // The text lines (x 150 to ~750, y 230 to ~630) on a white sheet from (100, 150) to (800, 560),
    // which cuts the last rows off, laid on a dark and noisy table.
    const width = 900;
    const height = 700;
    const text = lines(0);
    const grey = new Uint8Array(width * height);
    for (let y = 0; y < height; y += 1) {
      for (let x = 0; x < width; x += 1) {
        const onSheet = x >= 100 && x < 800 && y >= 150 && y < 560;
        grey[y * width + x] = onSheet ? (text[y * width + x] as number) : 30 + ((x * 7 + y * 13) % 40);
      }
    }
    const box = inkBox(findInk(grey, width, height), 0.02);
    expect(box).not.toBeNull();
    const { left, top, width: w, height: h } = box as NonNullable<typeof box>;
    // The sheet's edges count as print (dark beside bright): the box is the sheet, give or take the
    // 18-pixel margin, never the whole photo.
    expect(left).toBeGreaterThanOrEqual(70);
    expect(left).toBeLessThanOrEqual(150);
    expect(left + w).toBeGreaterThanOrEqual(740);
    expect(left + w).toBeLessThanOrEqual(830);
    expect(top).toBeGreaterThanOrEqual(120);
    expect(top).toBeLessThanOrEqual(230);
    expect(top + h).toBeLessThanOrEqual(590);
  });
  it('answers null for an image without ink', () => {
    expect(inkBox(findInk(new Uint8Array(400 * 300).fill(230), 400, 300))).toBeNull();
  });
});
