import { describe, expect, it } from 'vitest';
import { ece, groupedRows, highConfidence, lockboxRows, reliabilityBins, wilson } from './grouped';

describe('wilson', () => {
  it('matches the textbook interval for 8 of 10 (0.490–0.943)', () => {
    const [lo, hi] = wilson(8, 10);
    expect(lo).toBeCloseTo(0.4902, 3);
    expect(hi).toBeCloseTo(0.9433, 3);
  });

  it('stays inside [0, 1] at the edges and is not a point at 100 %', () => {
    const [lo, hi] = wilson(20, 20);
    expect(hi).toBe(1);
    expect(lo).toBeCloseTo(0.8389, 3);
    expect(wilson(0, 5)[0]).toBe(0);
  });

  it('says nothing for an empty sample', () => {
    expect(wilson(0, 0)).toEqual([0, 1]);
  });

  it('narrows with n at the same share', () => {
    const [a, b] = wilson(50, 100);
    const [c, d] = wilson(500, 1000);
    expect(d - c).toBeLessThan(b - a);
  });
});

describe('ece', () => {
  it('is 0 when every bin is right as often as it says', () => {
    const pairs = [
      ...Array.from({ length: 4 }, (_, i) => ({ confidence: 0.75, right: i < 3 })),
      ...Array.from({ length: 2 }, (_, i) => ({ confidence: 0.25, right: i < 1 })),
    ];
    // Bin 0.7–0.8: 0.75 said, 3/4 right; bin 0.2–0.3: 0.25 said, 1/2 right -> |0.5 - 0.25| weighted 2/6.
    expect(ece(pairs)).toBeCloseTo((2 / 6) * 0.25, 10);
  });

  it('weighs each bin by its size', () => {
    const pairs = [
      { confidence: 0.95, right: true },
      { confidence: 0.95, right: false },
      { confidence: 0.05, right: false },
      { confidence: 0.05, right: false },
    ];
    // 0.9–1.0: |0.5 - 0.95| = 0.45, weight 1/2; 0.0–0.1: |0 - 0.05| = 0.05, weight 1/2.
    expect(ece(pairs)).toBeCloseTo(0.25, 10);
  });

  it('puts confidence 1.0 in the last bin and counts 10 bins', () => {
    const bins = reliabilityBins([{ confidence: 1, right: true }]);
    expect(bins).toHaveLength(10);
    expect(bins[9]?.n).toBe(1);
  });

  it('is 0 for no values', () => {
    expect(ece([])).toBe(0);
  });
});

describe('the printed tables', () => {
  it('give the share right among >= 0.9 and the share of right answers that got it', () => {
    const high = highConfidence([
      { confidence: 0.95, right: true },
      { confidence: 0.9, right: false },
      { confidence: 0.5, right: true },
    ]);
    expect(high).toEqual({ n: 2, precision: 0.5, coverage: 0.5 });
  });

  it('print the gap between in-sample and grouped figures', () => {
    const rows = groupedRows([{ kind: 'photo', field: 'total', n: 10, groupedRight: 8, inSampleRight: 10 }]);
    expect(rows[1]).toEqual(['photo', 'total', '10', '80.0% [49.0–94.3]', '100.0%', '20.0 pts']);
  });

  it('print the lockbox per field only', () => {
    expect(lockboxRows({ total: { right: 1, n: 2 } })).toEqual([
      ['field', 'n', 'lockbox [95% CI]'],
      ['total', '2', '50.0% [9.5–90.5]'],
    ]);
  });
});
