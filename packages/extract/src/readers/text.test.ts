import { describe, expect, it } from 'vitest';
import { lineTexts } from './doc';
import { readText } from './text';

describe('readText', () => {
  it('keeps the column of an indented or centred shop name', () => {
    const { doc } = readText('        CORNER CAFE\n\nLatte              3.50\nTOTAL              3.50');
    const name = doc.tokens.find((t) => t.text === 'CORNER') as (typeof doc.tokens)[number];
    expect(name.x0).toBeCloseTo(8 / 23);
    expect(doc.tokens.find((t) => t.text === 'Latte')?.x0).toBe(0);
    expect(doc.tokens.find((t) => t.text === '3.50')?.x1).toBe(1);
    expect(lineTexts(doc)).toEqual(['CORNER CAFE', 'Latte  3.50', 'TOTAL  3.50']);
  });

  it('keeps a centred heading in the middle of the widest line', () => {
    const { doc } = readText('     MAPLE HARDWARE\nHammer 2 x 20.00    40.00\n     Thank you!');
    const maple = doc.tokens.find((t) => t.text === 'MAPLE');
    const hardware = doc.tokens.find((t) => t.text === 'HARDWARE');
    expect(maple?.x0).toBeCloseTo(5 / 25);
    expect(hardware?.x1).toBeCloseTo(19 / 25);
    expect(doc.lines[2]?.x0).toBeCloseTo(5 / 25);
  });

  it('places lines by their number over the line count, blank lines counted', () => {
    const { doc } = readText('A\n\nB\nC');
    expect(doc.lines.map((l) => [l.y0, l.y1])).toEqual([
      [0, 0.25],
      [0.5, 0.75],
      [0.75, 1],
    ]);
  });

  it('makes a block of each run of non-blank lines', () => {
    const { doc } = readText('Shop\nStreet 1\n\n  \nLatte 3.50\nTOTAL 3.50');
    expect(doc.lines.map((l) => l.block)).toEqual([0, 0, 1, 1]);
  });

  it('keeps words one space apart and columns two, tabs included', () => {
    const { doc } = readText('Desk lamp x 2   45.00\nTotal\t45.00');
    expect(lineTexts(doc)).toEqual(['Desk lamp x 2  45.00', 'Total  45.00']);
  });

  it('keeps the line caps and says when it cut', () => {
    const { doc, cut } = readText(`${'x'.repeat(5000)}\nTotal 1.00`);
    expect(cut).toBe(true);
    expect(doc.lines[0]?.text).toHaveLength(4000);
    expect(readText('a\nb').cut).toBe(false);
  });

  it('reads empty text as an empty document', () => {
    expect(readText('').doc.lines).toEqual([]);
  });
});
