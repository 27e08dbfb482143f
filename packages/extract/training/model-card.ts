/**
 * The model card (packages/extract/model/MODEL_CARD.md): what the rankers were trained on, their
 * features by family, and their grouped figures. Written by `npm run train` from the evaluation it just
 * ran, with no timings, so the same data and code always write the same bytes. The ablation table (the
 * grouped score without each feature family) comes from `npm run train -- --ablation`, which is slow and
 * run by hand; its result is kept in model/ablation.json and quoted here.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ece, highConfidence, shareWithInterval } from '../../../bench/src/grouped';
import { type Evaluation, goldHeldOut } from './evaluation';

const MODEL_DIR = path.resolve(import.meta.dirname, '../model');
export const ABLATION_FILE = path.join(MODEL_DIR, 'ablation.json');

/** Feature families: a feature's family is the prefix of its name before the first colon. */
export const FAMILIES: Record<string, string> = {
  w: 'context words and their character 3-grams, hashed (left of and above the candidate, the candidate itself)',
  lay: 'layout: line position, alignment, columns, indentation, centring',
  val: 'value: form and rank of the amount or date, repetitions, words and capitals of a name',
  sum: 'arithmetic: the document adds up to the candidate (items, subtotal + tax + fees − discount ± rounding, tendered − change, payments, tax rows)',
  lex: 'lexicon: the summary-line role of the label, company forms, buyer blocks',
  agr: 'agreement: the name printed again elsewhere (web domain, e-mail address, another line)',
  font: 'font size, bold and headings (PDF, HTML)',
  ocr: 'OCR confidence (photos)',
  doc: 'document-level: currency marks, amount formats, the country’s day/month order; for is_order the total ranker’s choice and confidence, an order number after its label, product lines, a date',
  cue: 'is_order: lexicon cue families (order evidence, refund/return, shipping, card alert, marketing, account, bounce, request) in the subject and the body, the orderCues of lexicon/<language>.ts',
  st: 'is_order: what the document’s own data says (schema.org Order, e-invoice, ParcelDelivery, credit note)',
  from: 'is_order: the kind of sender address of an e-mail',
  via: 'how a name candidate was proposed (head, foot, company form, invitation, copyright)',
};

/** Writes (or, with `write: false`, only compares) the model card; says whether it changed. */
export function writeModelCard(evaluation: Evaluation, options: { write: boolean }): { changed: boolean } {
  const file = path.join(MODEL_DIR, 'MODEL_CARD.md');
  const counts = new Map<string, number>();
  for (const info of evaluation.kinds.values()) counts.set(info.corpus, (counts.get(info.corpus) ?? 0) + 1);
  const ablation = existsSync(ABLATION_FILE)
    ? (JSON.parse(readFileSync(ABLATION_FILE, 'utf8')) as Record<string, Record<string, number>>)
    : null;
  const lines = [
    '# Model card: the field rankers of packages/extract',
    '',
    'Written by `npm run train`; do not edit by hand.',
    '',
    '## Data',
    '',
    'Examples read per corpus (SROIE receipts three times: from their boxes, as their text in box order and, for the 120 scans, as our OCR read them; order documents are ranked; silver labels weigh 0.5, SROIE and the development corpus 1;',
    'the written non-orders of training/negatives train is_order only, and for is_order the training receipts',
    '(SROIE, silver) together weigh as much as all non-orders, e-mail orders by the square root of the non-order to order ratio of e-mails):',
    '',
    '| corpus | documents |',
    '|---|---|',
    ...[...counts].sort().map(([corpus, n]) => `| ${corpus} | ${n} |`),
    '',
    'Groups and the lockbox: `model/groups.json` (drawn by `npm run groups`, seed fixed). Each figure below',
    'scores a document with a model trained without its group; silver documents are scored apart and never',
    'against a target. The lockbox is not in these figures.',
    '',
    '## Model',
    '',
    'Per field a conditional-logit ranker (softmax over the document’s candidates, L2, Adam, zero',
    'initialisation, full batch; TensorFlow.js CPU) over the candidates the production code proposes,',
    '"none" among them. is_order is the same model over two candidates per document, "order" (carrying the',
    'features of the whole document) and "none", i.e. a logistic classifier. Confidence: the chosen',
    'candidate’s softmax share as log-odds, calibrated by Platt scaling under 500 held-out examples and',
    'isotonic regression above, fitted on held-out scores (gold labels only); documents read by OCR get',
    'their own calibration, fitted on their held-out scores alone where there are at least 50.',
    '',
    '## Feature families',
    '',
    '| family | what | ' + evaluation.fields.map((f) => `grouped ${f} without it`).join(' | ') + ' |',
    '|---|---|' + evaluation.fields.map(() => '---|').join(''),
    ...Object.entries(FAMILIES).map(
      ([family, what]) =>
        `| ${family} | ${what} | ${evaluation.fields.map((f) => (ablation?.[family]?.[f] !== undefined ? `${((ablation[family]?.[f] as number) * 100).toFixed(1)}%` : '-')).join(' | ')} |`,
    ),
    ...(ablation?.all
      ? [
          `| (all) | every family | ${evaluation.fields.map((f) => `${(((ablation.all as Record<string, number>)[f] ?? 0) * 100).toFixed(1)}%`).join(' | ')} |`,
        ]
      : []),
    '',
    '## Grouped figures (gold labels)',
    '',
    '| field | n | grouped [95% CI] | ECE | right among ≥ 0.9 | right answers given ≥ 0.9 |',
    '|---|---|---|---|---|---|',
    ...evaluation.fields.map((field) => {
      const gold = goldHeldOut(evaluation, field);
      const right = gold.filter((s) => s.right).length;
      const high = highConfidence(gold);
      return `| ${field} | ${gold.length} | ${shareWithInterval(right, gold.length)} | ${ece(gold).toFixed(3)} | ${(high.precision * 100).toFixed(1)}% | ${(high.coverage * 100).toFixed(1)}% |`;
    }),
    '',
    '## Product-line classifier (model/line_kinds.json)',
    '',
    'Multinomial logistic regression over each line (classes item, continuation, summary, payment, header,',
    'noise): its words and 3-grams, the summary lexicon’s role as a feature, amounts, quantity patterns,',
    'layout, the neighbours’ features and the side of the total ranker’s line. Labels come from the truth',
    'products (training/line-labels.ts; silver only where name and price stand on one line). Grouped',
    'figures, with the rules reader’s product lines beside the classifier’s:',
    '',
    '```',
    ...(evaluation.lineKinds?.lines ?? []),
    '```',
    '',
  ];
  const text = lines.join('\n');
  const changed = !existsSync(file) || readFileSync(file, 'utf8') !== text;
  if (options.write && changed) writeFileSync(file, text);
  return { changed };
}
