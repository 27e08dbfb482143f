import { describe, expect, it } from 'vitest';
import { lineTexts } from './doc';
import { ocrWordsToDoc } from './ocr';
import { correctAmountDigits } from './ocr-digits';

/** A receipt of rows [label, amount]: labels at the left, amounts flush right, 40 px a row. */
function receipt(rows: [string, string][]) {
  return ocrWordsToDoc(
    rows.flatMap(([label, amount], i) => [
      {
        text: label,
        bbox: { x0: 20, y0: 40 * i + 10, x1: 20 + 14 * label.length, y1: 40 * i + 34 },
        confidence: 90,
      },
      {
        text: amount,
        bbox: { x0: 560 - 14 * amount.length, y0: 40 * i + 10, x1: 560, y1: 40 * i + 34 },
        confidence: 60,
      },
    ]),
    [600, 40 * rows.length + 20],
  );
}

describe('numeric correction in amount columns', () => {
  it('reads letters as digits in an amount that stands in a column of amounts', () => {
    const doc = correctAmountDigits(
      receipt([
        ['SUBTOTAL', '9.55'],
        ['TAX', 'O.95'],
        ['TOTAL', '1O.5O'],
        ['CASH', '2O.OO'],
      ]),
    );
    expect(lineTexts(doc)).toEqual(['SUBTOTAL  9.55', 'TAX  0.95', 'TOTAL  10.50', 'CASH  20.00']);
  });

  it('leaves words alone, and an amount-like token outside any column', () => {
    const doc = receipt([
      ['GOODS SOLD', 'BOSS'],
      ['TOTAL', '10.50'],
    ]);
    expect(lineTexts(correctAmountDigits(doc))).toEqual(lineTexts(doc));
    const alone = ocrWordsToDoc(
      [{ text: '1O.5O', bbox: { x0: 10, y0: 10, x1: 80, y1: 30 }, confidence: 50 }],
      [600, 100],
    );
    expect(lineTexts(correctAmountDigits(alone))).toEqual(['1O.5O']);
  });
});
