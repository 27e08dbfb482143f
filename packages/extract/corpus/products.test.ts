import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { type LineScore, lineShares, type ProductLine, scoreLines } from '../../../bench/src/product-lines';
import { extractBytes, kindOf } from '../src/extract-file';

/** The corpus is read in place (its sources have their own licences); CI runs this when it exists. */
const CORPUS = path.resolve(
  process.env.CORPUS_DIR ?? path.join(import.meta.dirname, '../../../../shared/corpus'),
);
const FLOOR_FILE = path.join(import.meta.dirname, '../../../bench/extract-floor.json');

interface Truth {
  kind: 'pdf' | 'email' | 'text';
  is_order: boolean;
  products?: ProductLine[];
}
const truth = JSON.parse(readFileSync(path.join(CORPUS, 'truth.json'), 'utf8')) as Record<string, Truth>;
const floor = JSON.parse(readFileSync(FLOOR_FILE, 'utf8')) as Record<string, Record<string, number>>;
const orders = Object.entries(truth).filter(([, t]) => t.is_order);
const groupOf = (t: Truth) => (t.kind === 'email' ? 'email order' : t.kind);

describe('product lines of the corpus order documents', () => {
  it('every order document has its product lines in the truth', () => {
    expect(orders.filter(([, t]) => !t.products).map(([file]) => file)).toEqual([]);
  });

  // Held to the floors bench:extract records (bench/extract-floor.json; raise them as extraction
  // improves), per kind: a document's misses are printed, the kind's share is what fails.
  describe.each(['email order', 'pdf', 'text'])('%s', (group) => {
    it('finds the truth lines at the recorded recall and precision', async () => {
      const scores: LineScore[] = [];
      const misses: string[] = [];
      for (const [file, expected] of orders.filter(([, t]) => groupOf(t) === group)) {
        const full = path.join(CORPUS, expected.kind, file);
        const kind = kindOf(file);
        expect(kind && existsSync(full), `${file} is in the corpus folder`).toBeTruthy();
        const got = await extractBytes(kind as NonNullable<typeof kind>, readFileSync(full));
        const score = scoreLines(expected.products ?? [], got.products);
        scores.push(score);
        if (score.missed.length > 0) misses.push(`${file}: missed ${score.missed.join(' | ')}`);
      }
      const shares = lineShares(scores);
      if (misses.length > 0) console.log(`${group} product-line misses:\n  ${misses.join('\n  ')}`);
      const min = floor[group] ?? {};
      expect(min.products_recall, `a products_recall floor for ${group}`).toBeTypeOf('number');
      expect(shares.recall).toBeGreaterThanOrEqual(min.products_recall as number);
      expect(shares.precision).toBeGreaterThanOrEqual(min.products_precision as number);
    });
  });
});
