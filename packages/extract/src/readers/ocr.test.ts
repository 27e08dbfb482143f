import { describe, expect, it } from 'vitest';
import { lineTexts } from './doc';
import { type OcrWord, ocrWordsToDoc } from './ocr';

const word = (text: string, x: number, y: number, confidence: number, page?: number): OcrWord => ({
  text,
  bbox: { x0: x, y0: y, x1: x + text.length * 12, y1: y + 24 },
  confidence,
  ...(page === undefined ? {} : { page }),
});

describe('ocrWordsToDoc', () => {
  it('reads shuffled words in reading order with their confidence', () => {
    const words = [
      word('5.30', 420, 141, 88),
      word('GREEN', 40, 20, 95),
      word('TOTAL', 40, 140, 60),
      word('3.20', 420, 80, 90),
      word('GROCER', 120, 21, 93),
      word('Apples', 40, 81, 97),
    ];
    const doc = ocrWordsToDoc(words, [500, 200]);
    expect(lineTexts(doc)).toEqual(['GREEN GROCER', 'Apples  3.20', 'TOTAL  5.30']);
    const total = doc.lines[2]?.tokens.map((i) => doc.tokens[i]);
    expect(total?.map((t) => [t?.text, t?.conf])).toEqual([
      ['TOTAL', 0.6],
      ['5.30', 0.88],
    ]);
  });

  it('keeps the pages of a multi-page scan apart and in order', () => {
    const doc = ocrWordsToDoc([word('TOTAL', 40, 20, 90, 1), word('INVOICE', 40, 20, 90, 0)], [500, 200]);
    expect(doc.pages).toBe(2);
    expect(doc.lines.map((l) => [l.page, l.text])).toEqual([
      [0, 'INVOICE'],
      [1, 'TOTAL'],
    ]);
  });
});
