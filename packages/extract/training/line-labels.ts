/**
 * Per-line labels for the line classifier, derived from a document's truth products (no hand labelling):
 *
 * - `item`: the line that holds a truth product's name (the frozen bench rule: 80 % of its words in
 *   order) and its price. Silver documents: ONLY where name and price stand on one line (issue #31: their
 *   transcripts reorder and join lines); a silver document with a product found no such way is not
 *   labelled at all, so its product lines are never taught as noise. Development corpus: a name may run
 *   over up to three lines, and its amount or quantity may follow on lines of their own.
 * - `continuation`: the further lines of such a product (the rest of its name, its quantity or amount).
 * - `summary`: a line the summary lexicon names (subtotal, tax, shipping, fees, discount, rounding, total,
 *   counts), or one that prints the truth total.
 * - `payment`: a line the lexicon names as payment or change (tender, card, cash, change).
 * - `header`: any other line above the first item (shop, references, column titles).
 * - `noise`: everything else (below the items: notes, footers, offers).
 *
 * The lexicon here only names training labels; in production it is one feature among the others.
 */
import { nameMatches } from '../../../bench/src/product-lines';
import type { LineKind } from '../src/fields/line-kinds';
import { amountsIn } from '../src/line-amounts';
import { readRow } from '../src/product-rows';
import type { Doc } from '../src/readers/doc';
import { summaryRole } from '../src/summary-lines';
import type { LabelledProduct } from './corpus';

const holdsAmount = (text: string, price: string | null) =>
  price !== null && amountsIn(text, true).some((a) => Math.abs(Number(a.decimal) - Number(price)) < 0.005);

const SUMMARY_ROLES = new Set([
  'subtotal',
  'total',
  'tax',
  'shipping',
  'fee',
  'discount',
  'deposit-return',
  'rounding',
  'tip',
  'count',
]);

function roleOf(text: string): string | null {
  const first = amountsIn(text)[0];
  return summaryRole(first ? text.slice(0, first.index) : text);
}

/**
 * The label of each line, or null when the document cannot be labelled (a product not found the way
 * its corpus allows).
 */
export function lineLabels(
  doc: Doc,
  products: LabelledProduct[],
  total: string | null,
  silver: boolean,
): LineKind[] | null {
  const texts = doc.lines.map((l) => l.text.trim());
  const labels: (LineKind | null)[] = texts.map(() => null);
  const free = (i: number) => i < texts.length && labels[i] === null;
  for (const product of products) {
    let placed = false;
    // One line holding the name and the price (or the name alone when the truth has no price).
    for (let i = 0; i < texts.length && !placed; i += 1) {
      if (!free(i)) continue;
      const text = texts[i] as string;
      if (!nameMatches(product.name, text)) continue;
      if (product.price !== null && !holdsAmount(text, product.price)) continue;
      labels[i] = 'item';
      placed = true;
    }
    if (placed) continue;
    if (silver) return null;
    // Development corpus: a name over up to three lines, then its quantity and amount below it.
    for (let i = 0; i < texts.length && !placed; i += 1) {
      if (!free(i) || roleOf(texts[i] as string)) continue;
      for (let span = 1; span <= 3 && !placed; span += 1) {
        if (!free(i + span - 1)) break;
        if (!nameMatches(product.name, texts.slice(i, i + span).join(' '))) continue;
        let end = i + span - 1;
        if (product.price !== null && !texts.slice(i, i + span).some((t) => holdsAmount(t, product.price))) {
          // The amount within four lines below, before any other name.
          let found = -1;
          for (let j = end + 1; j <= end + 4 && free(j); j += 1) {
            if (holdsAmount(texts[j] as string, product.price)) {
              found = j;
              break;
            }
            if (readRow(texts[j] as string).kind === 'item') break;
          }
          if (found === -1) continue;
          end = found;
        }
        labels[i] = 'item';
        for (let j = i + 1; j <= end; j += 1) labels[j] = 'continuation';
        placed = true;
      }
    }
    if (!placed) return null;
  }
  const first = labels.indexOf('item');
  return labels.map((label, i) => {
    if (label) return label;
    const text = texts[i] as string;
    const role = roleOf(text);
    if (role === 'payment' || role === 'change') return 'payment';
    if ((role && SUMMARY_ROLES.has(role)) || (i > first && holdsAmount(text, total) && /\p{L}/u.test(text)))
      return 'summary';
    if (i < first) return 'header';
    return 'noise';
  });
}
