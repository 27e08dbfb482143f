/**
 * What each line of a document is to the product list, as a learned classifier says: `item` (a product's
 * line: its name, usually with its amount), `continuation` (the rest of an item printed on further lines:
 * a wrapped name, its quantity or amount alone), `summary` (subtotal, tax, shipping, total...), `payment`
 * (tender, card, change), `header` (everything above the first item: the shop, the order's references,
 * the column titles) and `noise` (the rest). The item and continuation lines then go through the existing
 * name/quantity/price split (product-rows.ts). Weights: model/line_kinds.json, written by `npm run train`.
 */
import lineKindWeights from '../../model/line_kinds.json' with { type: 'json' };
import { lineFeatures } from '../candidates/line-features';
import { type ClassifierWeights, classProbabilities } from '../model/classifier';
import { readRow } from '../product-rows';
import { productReader } from '../products';
import { type Doc, lineTexts } from '../readers/doc';
import type { Product } from '../types';

export const LINE_KINDS = ['item', 'continuation', 'summary', 'payment', 'header', 'noise'] as const;
export type LineKind = (typeof LINE_KINDS)[number];

let LINE_MODEL = lineKindWeights as ClassifierWeights;

/** Serves weights training has just fitted (see serveRankerWeights): the order classifier reads the lines. */
export function serveLineModel(weights: ClassifierWeights): void {
  LINE_MODEL = weights;
}

/** One line's kind and the classifier's probability of it. */
export interface LineReading {
  kind: LineKind;
  probability: number;
}

/**
 * The kind of each line of a document. `totalLine` is the total ranker's line (null when none).
 * @example classifyLines(readText('2 x Kettle  49.90\nTOTAL  49.90').doc, 1).map((l) => l.kind) //=> ['item', 'summary']
 */
export function classifyLines(
  doc: Doc,
  totalLine: number | null,
  model: ClassifierWeights = LINE_MODEL,
): LineReading[] {
  return lineFeatures(doc, totalLine).map((features) => {
    const p = classProbabilities(model, features);
    let best = 0;
    for (let k = 1; k < p.length; k += 1) if ((p[k] as number) > (p[best] as number)) best = k;
    return { kind: model.classes[best] as LineKind, probability: p[best] as number };
  });
}

const MAX_PRODUCTS = 100;

/**
 * Product lines from the classified lines: each item line starts a product, read by the existing row
 * split (name, quantity, line amount); its continuation lines add the rest of its name, or its quantity or
 * amount where the item line lacked them.
 * @example productsOfKinds(['2 x Kettle  49.90', 'TOTAL  49.90'], ['item', 'summary']) //=> [{ name: 'Kettle', quantity: 2, price: '49.90', url: null }]
 */
export function productsOfKinds(lines: readonly string[], kinds: readonly LineKind[]): Product[] {
  const out: Product[] = [];
  let current: Product | null = null;
  lines.forEach((line, i) => {
    const kind = kinds[i];
    if (kind !== 'item' && kind !== 'continuation') {
      current = null;
      return;
    }
    const row = readRow(line);
    if (kind === 'item' || !current) {
      current = {
        name: (row.name || row.text).slice(0, 300),
        quantity: row.quantity && row.quantity > 0 ? row.quantity : 1,
        price: row.price ? Number(row.price.decimal).toFixed(2) : null,
        url: null,
      };
      out.push(current);
      return;
    }
    const item: Product = current;
    if (row.price && item.price === null) item.price = Number(row.price.decimal).toFixed(2);
    if (row.quantity && row.quantity > 0 && item.quantity === 1) item.quantity = row.quantity;
    if (row.kind === 'name' || row.kind === 'item') item.name = `${item.name} ${row.name}`.slice(0, 300);
  });
  return out
    .filter((p) => p.name.length >= 2 && (p.price === null || Number(p.price) >= 0))
    .slice(0, MAX_PRODUCTS);
}

/**
 * A document's product lines as production reads them: the rules reader (products.ts) over its lines;
 * where it reads no product and a total was found, the classifier's item and continuation lines through
 * the row split. Grouped figures (training/line-kinds.ts, model card) chose this: alone, the classifier
 * falls below the rules reader on the development corpus (item lines printed over several lines are too
 * few to learn from), and dropping the rules' products on lines it calls summary or payment lost an
 * e-mail's line; where the rules read nothing (CORD-like layouts) it finds most lines.
 * The classifier runs only then, so documents the rules read pay nothing for it.
 * @example productLines(readText('Kettle  29.99\nTotal  29.99').doc, 1) //=> [{ name: 'Kettle', quantity: 1, price: '29.99', url: null }]
 */
export function productLines(
  doc: Doc,
  totalLine: number | null,
  model: ClassifierWeights = LINE_MODEL,
): Product[] {
  const lines = lineTexts(doc);
  const products = productReader(lines)(totalLine);
  if (products.length > 0 || totalLine === null) return products;
  return productsOfKinds(
    lines,
    classifyLines(doc, totalLine, model).map((r) => r.kind),
  );
}
