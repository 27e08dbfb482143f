/**
 * The line classifier's training and grouped evaluation: every labelled document with truth products
 * (line-labels.ts says how its lines are labelled), features from the production code
 * (candidates/line-features.ts, with the total ranker's line), five group folds (each document's lines
 * classified by the model trained without its group), the lockbox left out of training. Reports line
 * recall and precision per kind, and product-line recall and precision with the frozen bench rules
 * (bench/src/product-lines.ts), for the classifier's products and for the rules reader beside them.
 * Silver figures are printed apart and never against a target. `tsx training/line-kinds.ts` runs it alone.
 */
import { type LineScore, lineShares, scoreLines } from '../../../bench/src/product-lines';
import { lineFeatures } from '../src/candidates/line-features';
import {
  classifyLines,
  LINE_KINDS,
  type LineKind,
  productLines,
  productsOfKinds,
} from '../src/fields/line-kinds';
import { rankField } from '../src/fields/ranked';
import type { ClassifierWeights } from '../src/model/classifier';
import type { Features } from '../src/model/ranker';
import { productReader } from '../src/products';
import { lineTexts } from '../src/readers/doc';
import { loadLabelled } from './corpus';
import { type ReadExample, readExamples, SILVER_WEIGHT } from './examples';
import { type ClassExample, DEFAULT_CLASSIFIER_FIT } from './fit-classifier';
import { fitClassifierInPool } from './fit-pool';
import { lineLabels } from './line-labels';

/** One labelled document's lines. */
interface LineDoc {
  example: ReadExample;
  totalLine: number | null;
  features: Features[];
  labels: LineKind[];
}

export interface LineKindReport {
  model: ClassifierWeights;
  /** Documents with products, and those whose lines could be labelled (per corpus). */
  labelled: Record<string, { products: number; labelled: number }>;
  lines: string[];
}

function lineDocs(read: ReadExample[], counts: LineKindReport['labelled']): LineDoc[] {
  const out: LineDoc[] = [];
  for (const example of read) {
    const { labelled, doc, context } = example;
    const products = labelled.truth.products ?? [];
    if (!labelled.truth.is_order || products.length === 0) continue;
    const key = labelled.silver ? `silver ${labelled.corpus}` : `${labelled.corpus} ${labelled.kind}`;
    const cell = counts[key] ?? { products: 0, labelled: 0 };
    counts[key] = cell;
    cell.products += 1;
    const labels = lineLabels(doc, products, labelled.truth.total, labelled.silver);
    if (!labels) continue;
    cell.labelled += 1;
    const total = rankField('total', doc, context);
    const totalLine = total?.candidate.value ? total.candidate.line : null;
    out.push({ example, totalLine, features: lineFeatures(doc, totalLine), labels });
  }
  return out;
}

const examplesOf = (docs: LineDoc[]): ClassExample[] =>
  docs.flatMap((d) =>
    d.features.map((features, i) => ({
      features,
      label: LINE_KINDS.indexOf(d.labels[i] as LineKind),
      weight: d.example.labelled.silver ? SILVER_WEIGHT : 1,
    })),
  );

interface Held {
  doc: LineDoc;
  kinds: LineKind[];
  /** The fold's model, which classified it. */
  model: ClassifierWeights;
}

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

/** Line recall and precision per kind over held-out documents. */
function kindTable(held: Held[]): string[] {
  const out: string[] = [];
  for (const kind of LINE_KINDS) {
    let truth = 0;
    let got = 0;
    let both = 0;
    for (const h of held)
      h.doc.labels.forEach((label, i) => {
        const isTrue = label === kind;
        const isGot = h.kinds[i] === kind;
        if (isTrue) truth += 1;
        if (isGot) got += 1;
        if (isTrue && isGot) both += 1;
      });
    out.push(
      `  ${kind.padEnd(13)} n ${String(truth).padStart(6)}  recall ${pct(truth ? both / truth : 1).padStart(6)}  precision ${pct(got ? both / got : 1).padStart(6)}`,
    );
  }
  return out;
}

/**
 * Product-line recall and precision (frozen bench rules) of the classifier's own products, of the rules
 * reader, and of production's combination (productLines: the rules reader, and the classifier's products
 * where the rules read none).
 */
function productTable(held: Held[]): string[] {
  const variants: Record<string, LineScore[]> = { classifier: [], rules: [], production: [] };
  for (const h of held) {
    const truth = h.doc.example.labelled.truth.products ?? [];
    const lines = lineTexts(h.doc.example.doc);
    variants.classifier?.push(scoreLines(truth, productsOfKinds(lines, h.kinds)));
    variants.rules?.push(scoreLines(truth, productReader(lines)(h.doc.totalLine)));
    variants.production?.push(scoreLines(truth, productLines(h.doc.example.doc, h.doc.totalLine, h.model)));
  }
  const parts = Object.entries(variants).map(([name, scores]) => {
    const s = lineShares(scores);
    return `${name} recall ${pct(s.recall)} precision ${pct(s.precision)} exact ${pct(s.exact)}`;
  });
  return [`  products (n ${lineShares(variants.rules ?? []).truth}): ${parts.join(' | ')}`];
}

function groupOf(d: LineDoc): string {
  const l = d.example.labelled;
  return l.silver ? `silver ${l.corpus} (noisy, not a target)` : `${l.corpus} ${l.kind}`;
}

/** Trains the line classifier with grouped cross-validation over the read documents. */
export async function trainLineKinds(read: ReadExample[]): Promise<LineKindReport> {
  const counts: LineKindReport['labelled'] = {};
  const docs = lineDocs(read, counts);
  const open = docs.filter((d) => !d.example.labelled.lockbox);
  // The fold models and the final one are fitted at once, on the pool's workers.
  const folds = [0, 1, 2, 3, 4].filter((fold) => open.some((d) => d.example.labelled.fold === fold));
  const fit = (docs: LineDoc[]) =>
    fitClassifierInPool('line_kinds', LINE_KINDS, examplesOf(docs), DEFAULT_CLASSIFIER_FIT);
  const fits = folds.map((fold) => fit(open.filter((d) => d.example.labelled.fold !== fold)));
  const final = fit(open);
  const held: Held[] = [];
  for (const [k, fold] of folds.entries()) {
    const model = await (fits[k] as Promise<ClassifierWeights>);
    for (const d of open.filter((o) => o.example.labelled.fold === fold))
      held.push({
        doc: d,
        kinds: classifyLines(d.example.doc, d.totalLine, model).map((r) => r.kind),
        model,
      });
  }
  const model = await final;
  const lines: string[] = [
    'line kinds: labelled documents (those with products whose lines could be labelled)',
  ];
  for (const [corpus, c] of Object.entries(counts).sort())
    lines.push(`  ${corpus}: ${c.labelled} of ${c.products}`);
  lines.push(`line kinds, grouped cross-validation (${open.length} documents, lockbox apart):`);
  const groups = [...new Set(held.map((h) => groupOf(h.doc)))].sort();
  const gold = held.filter((h) => !h.doc.example.labelled.silver);
  lines.push('all gold (development corpus):', ...kindTable(gold), ...productTable(gold));
  for (const g of groups) {
    const part = held.filter((h) => groupOf(h.doc) === g);
    lines.push(`${g} (${part.length} documents):`, ...kindTable(part), ...productTable(part));
  }
  return { model, labelled: counts, lines };
}

async function main(): Promise<void> {
  const started = performance.now();
  const read = await readExamples(await loadLabelled());
  const report = await trainLineKinds(read);
  console.log(report.lines.join('\n'));
  if (process.argv.includes('--write')) {
    // Not through train.ts: importing it from here would be an import cycle under top-level await.
    const { writeFileSync } = await import('node:fs');
    writeFileSync(new URL('../model/line_kinds.json', import.meta.url), `${JSON.stringify(report.model)}\n`);
  }
  console.log(`took ${((performance.now() - started) / 1000).toFixed(0)} s`);
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
