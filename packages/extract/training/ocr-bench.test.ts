import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { degrade, editDistance, matchBoxes } from './ocr-bench';

/** A small white "scan" with a dark bar where a line of print would be. */
async function scan(): Promise<Buffer> {
  const width = 120;
  const height = 200;
  const pixels = Buffer.alloc(width * height * 3, 245);
  for (let y = 40; y < 52; y += 1)
    for (let x = 20; x < 100; x += 1) pixels.fill(30, (y * width + x) * 3, (y * width + x) * 3 + 3);
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

describe('degraded copies', () => {
  it('are the same for the same seed and differ for another', async () => {
    const image = await scan();
    const a = await degrade(image, 7);
    const b = await degrade(image, 7);
    const c = await degrade(image, 8);
    expect(a.jpeg.equals(b.jpeg)).toBe(true);
    expect(a.jpeg.equals(c.jpeg)).toBe(false);
    expect(a.map(60, 46)).toEqual(b.map(60, 46));
  });

  it('put the paper inside a larger dark background, turned', async () => {
    const copy = await degrade(await scan(), 7);
    expect(copy.width).toBeGreaterThan(120);
    const { data, info } = await sharp(copy.jpeg).greyscale().raw().toBuffer({ resolveWithObject: true });
    expect(data[0]).toBeLessThan(140);
    const [x, y] = copy.map(60, 150).map(Math.round) as [number, number];
    expect(data[y * info.width + x]).toBeGreaterThan(140);
    const [x0, y0] = copy.map(0, 0);
    const [x1, y1] = copy.map(120, 0);
    const degrees = (Math.atan2(y1 - y0, x1 - x0) * 180) / Math.PI;
    expect(Math.abs(degrees)).toBeGreaterThan(1.5);
    expect(Math.abs(degrees)).toBeLessThan(9);
  });
});

describe('matching OCR words to boxes', () => {
  it('reads a box by overlap, top line first, whatever order the words came in', () => {
    const pairs = matchBoxes(
      [
        { text: 'TOTAL 10.50', box: [10, 100, 200, 120] },
        { text: 'THANK YOU', box: [10, 10, 200, 30] },
      ],
      [
        { text: '10.5O', box: [120, 101, 190, 119] },
        { text: 'you', box: [80, 12, 130, 29] },
        { text: 'TOTAL', box: [12, 102, 80, 118] },
        { text: 'THANK', box: [12, 11, 70, 29] },
      ],
    );
    expect(pairs).toEqual([
      ['TOTAL 10.50', 'TOTAL 10.5O'],
      ['THANK YOU', 'THANK YOU'],
    ]);
    expect(editDistance('TOTAL 10.50', 'TOTAL 10.5O')).toBe(1);
  });
});
