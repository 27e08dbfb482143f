/**
 * `npm run train [-- --check] [--only <field>]`: builds the field rankers and the order classifier from
 * ../shared/corpus/train, the development corpus and the written non-orders (training/negatives), with the
 * committed groups (model/groups.json) and fixed seeds, and writes their weights as JSON
 * under packages/extract/model/ with the model card. Prints the grouped cross-validation figures (each
 * document scored by a model trained without its group), the reliability of the confidences and the
 * lockbox's per-field aggregate. `--check` writes nothing: it fails when the weights it builds differ from
 * the committed ones by a byte, or when a grouped figure falls below bench/extract-grouped-floor.json.
 * `--only is_order` trains and writes that one model (no model card): for trying a change quickly.
 * `--ablation` also cross-validates each field without each feature family it uses and writes
 * model/ablation.json, which the model card quotes (slow: run by hand after a change of features).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  ece,
  type GroupedRow,
  highConfidence,
  type LockboxAggregate,
  printGrouped,
  printLockbox,
  printReliability,
} from '../../../bench/src/grouped';
import { serveLineModel } from '../src/fields/line-kinds';
import { serveRankerWeights } from '../src/fields/ranked';
import type { RankerWeights } from '../src/model/ranker';
import { loadLabelled } from './corpus';
import { crossValidate, type FieldExample, type FieldReport } from './crossval';
import { type Evaluation, goldHeldOut, reportOf, TRAINED_FIELDS, type TrainedField } from './evaluation';
import { FILE_ORDER, fieldExamples, OUR_OCR, orderExamples, RANKED_FIELDS, readExamples } from './examples';
import { DEFAULT_FIT, type FitOptions } from './fit';
import { type LineKindReport, trainLineKinds } from './line-kinds';
import { ABLATION_FILE, FAMILIES, writeModelCard } from './model-card';
import { refreshOcrCache } from './ocr-cache';

const ROOT = path.resolve(import.meta.dirname, '../../..');
export const MODEL_DIR = path.join(ROOT, 'packages/extract/model');
const FLOOR_FILE = path.join(ROOT, 'bench/extract-grouped-floor.json');

/** The committed form of a model: stable key order, one weight per line would be long; one line per array. */
export const modelJson = (model: RankerWeights) => `${JSON.stringify(model)}\n`;

/**
 * The order classifier reads a whole document's words, not a few context words: more hash buckets, so
 * that words seldom share one.
 */
export const ORDER_FIT: FitOptions = { ...DEFAULT_FIT, buckets: 1024 };

/** A field's examples with one feature family's features taken out (the ablation). */
function without<V>(examples: FieldExample<V>[], family: string | undefined): FieldExample<V>[] {
  if (family === undefined) return examples;
  const prefix = `${family}:`;
  return examples.map((e) => ({
    ...e,
    candidates: e.candidates.map((c) => ({
      ...c,
      features: Object.fromEntries(Object.entries(c.features).filter(([name]) => !name.startsWith(prefix))),
    })),
  }));
}

/**
 * Grouped cross-validation of every ranked field and of the order classifier over the labelled corpora.
 * With `ablate`, every feature of that family is taken out and nothing is served or trained beyond the
 * fields (the order classifier then reads the shipped rankers' choices).
 */
export async function evaluate(
  fields: readonly TrainedField[] = TRAINED_FIELDS,
  ablate?: string,
): Promise<Evaluation> {
  const labelled = await loadLabelled();
  const ranked = RANKED_FIELDS.filter((f) => fields.includes(f));
  const read = ranked.length > 0 ? await readExamples(labelled, { photos: true }) : [];
  const kinds = new Map(
    [...labelled, ...read.map((r) => r.labelled)].map((l) => [
      l.id,
      {
        kind: l.id.endsWith(FILE_ORDER)
          ? 'text in box order'
          : l.id.endsWith(OUR_OCR)
            ? 'photo, our OCR'
            : l.kind,
        corpus: l.corpus,
        silver: l.silver,
        order: l.truth.is_order,
      },
    ]),
  );
  const reports: Evaluation['reports'] = {};
  // The rankers fit at once (fit-pool.ts spreads their fits over the cores).
  const rankerReports = await Promise.all(
    ranked.map(async (field) => {
      const started = performance.now();
      const report = await crossValidate(field, without(fieldExamples(field, read), ablate));
      console.log(
        `${field}: trained and cross-validated in ${((performance.now() - started) / 1000).toFixed(1)} s`,
      );
      return report;
    }),
  );
  for (const [k, field] of ranked.entries()) {
    const report = rankerReports[k] as FieldReport<unknown>;
    reports[field] = report as FieldReport<string>;
    if (ablate === undefined) serveRankerWeights(field, report.model);
  }
  // Each model is served as soon as it is fitted: the line classifier reads the total's line and the
  // order classifier every field, so each learns from the weights it will meet in production.
  // The product-line classifier trains with the rankers (it reads the same documents).
  let lineKinds: LineKindReport | null = null;
  if (ranked.length === RANKED_FIELDS.length && ablate === undefined) {
    const lineStarted = performance.now();
    lineKinds = await trainLineKinds(read);
    serveLineModel(lineKinds.model);
    console.log(
      `line_kinds: trained and cross-validated in ${((performance.now() - lineStarted) / 1000).toFixed(1)} s`,
    );
  }
  if (fields.includes('is_order')) {
    const started = performance.now();
    reports.is_order = (await crossValidate(
      'is_order',
      without(await orderExamples(labelled), ablate),
      ORDER_FIT,
    )) as FieldReport<string>;
    console.log(
      `is_order: trained and cross-validated in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  }
  return { fields: [...fields], reports, kinds, documents: labelled.length, lineKinds };
}

/** Rows of the grouped table: per kind (silver apart, never against a target) and field. */
export function groupedTable(evaluation: Evaluation): GroupedRow[] {
  const rows: GroupedRow[] = [];
  for (const field of evaluation.fields) {
    const report = reportOf(evaluation, field);
    const inSample = new Map(report.inSample.map((s) => [s.id, s.right]));
    const byKind = new Map<string, { n: number; grouped: number; inSample: number }>();
    for (const s of report.grouped) {
      const info = evaluation.kinds.get(s.id);
      const kind = info?.silver
        ? `silver ${info.corpus} (noisy)`
        : `${info?.corpus === 'dev' ? 'dev ' : info?.corpus === 'negatives' ? 'written ' : ''}${info?.kind}${info?.order === false ? ' non-order' : ''}`;
      const cell = byKind.get(kind) ?? { n: 0, grouped: 0, inSample: 0 };
      cell.n += 1;
      if (s.right) cell.grouped += 1;
      if (inSample.get(s.id)) cell.inSample += 1;
      byKind.set(kind, cell);
    }
    for (const [kind, cell] of [...byKind].sort())
      rows.push({ kind, field, n: cell.n, groupedRight: cell.grouped, inSampleRight: cell.inSample });
  }
  return rows;
}

/** Prints the grouped tables and reliability; the lockbox only when asked (`--lockbox`), to be quoted once. */
export function printEvaluation(evaluation: Evaluation, options: { lockbox: boolean }): void {
  console.log(
    `\ngrouped cross-validation over ${evaluation.documents} documents (fields scored where printed; a non-order's total is right when none)`,
  );
  printGrouped(groupedTable(evaluation));
  for (const field of evaluation.fields) {
    const gold = goldHeldOut(evaluation, field);
    console.log(`\nreliability of ${field} (held-out, gold labels)`);
    printReliability(gold);
  }
  if (evaluation.lineKinds) console.log(`\n${evaluation.lineKinds.lines.join('\n')}`);
  if (!options.lockbox) return;
  const lockbox: LockboxAggregate = {};
  for (const field of evaluation.fields) {
    const scored = reportOf(evaluation, field).lockbox.filter((s) => !evaluation.kinds.get(s.id)?.silver);
    lockbox[field] = { right: scored.filter((s) => s.right).length, n: scored.length };
  }
  console.log('\nlockbox (gold labels, aggregate only; quoted once)');
  printLockbox(lockbox);
}

/** Grouped share of right answers on gold labels, as the model card prints it. */
function goldShare(evaluation: Evaluation, field: TrainedField): number {
  const gold = goldHeldOut(evaluation, field);
  return Math.round((gold.filter((s) => s.right).length / Math.max(gold.length, 1)) * 10000) / 10000;
}

/**
 * `--ablation`: the grouped score of each field without each feature family it uses, written to
 * model/ablation.json for the model card. Slow (a cross-validation per family), so run by hand.
 */
async function writeAblation(evaluation: Evaluation): Promise<void> {
  const ablation: Record<string, Partial<Record<TrainedField, number>>> = { all: {} };
  for (const field of evaluation.fields)
    (ablation.all as Record<string, number>)[field] = goldShare(evaluation, field);
  for (const family of Object.keys(FAMILIES)) {
    const uses = evaluation.fields.filter((field) => {
      const model = reportOf(evaluation, field).model;
      return family === 'w' ? model.buckets > 0 : model.names.some((n) => n.startsWith(`${family}:`));
    });
    if (uses.length === 0) continue;
    const started = performance.now();
    const ablated = await evaluate(uses, family);
    ablation[family] = Object.fromEntries(uses.map((field) => [field, goldShare(ablated, field)]));
    console.log(
      `without ${family}: ${uses.map((f) => `${f} ${(((ablation[family] as Record<string, number>)[f] ?? 0) * 100).toFixed(1)}%`).join(', ')} (${((performance.now() - started) / 1000).toFixed(0)} s)`,
    );
  }
  writeFileSync(ABLATION_FILE, `${JSON.stringify(ablation, null, 2)}\n`);
}

async function main(): Promise<number> {
  const check = process.argv.includes('--check');
  // `--ocr` refreshes the committed OCR cache of the training scans first (the only step that runs OCR).
  if (process.argv.includes('--ocr')) await refreshOcrCache({ log: true });
  const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : undefined;
  const fields = only ? TRAINED_FIELDS.filter((f) => f === only) : TRAINED_FIELDS;
  const started = performance.now();
  const evaluation = await evaluate(fields);
  printEvaluation(evaluation, { lockbox: process.argv.includes('--lockbox') });
  const problems: string[] = [];
  for (const field of evaluation.fields) {
    const file = path.join(MODEL_DIR, `${field}.json`);
    const json = modelJson(reportOf(evaluation, field).model);
    if (!check) writeFileSync(file, json);
    else if (!existsSync(file) || readFileSync(file, 'utf8') !== json)
      problems.push(`${path.relative(ROOT, file)} differs from the weights training builds now`);
  }
  if (evaluation.lineKinds) {
    const lineFile = path.join(MODEL_DIR, 'line_kinds.json');
    const lineJson = `${JSON.stringify(evaluation.lineKinds.model)}\n`;
    if (!check) writeFileSync(lineFile, lineJson);
    else if (!existsSync(lineFile) || readFileSync(lineFile, 'utf8') !== lineJson)
      problems.push(`${path.relative(ROOT, lineFile)} differs from the weights training builds now`);
  }
  if (process.argv.includes('--ablation')) await writeAblation(evaluation);
  const card = only ? { changed: false } : writeModelCard(evaluation, { write: !check });
  if (check && card.changed)
    problems.push('packages/extract/model/MODEL_CARD.md differs from what training writes now');
  if (check && existsSync(FLOOR_FILE)) {
    const floor = JSON.parse(readFileSync(FLOOR_FILE, 'utf8')) as Record<string, Record<string, number>>;
    for (const row of groupedTable(evaluation)) {
      const min = floor[row.kind]?.[row.field];
      if (min !== undefined && row.groupedRight / row.n + 1e-9 < min)
        problems.push(
          `${row.kind} ${row.field}: grouped ${(row.groupedRight / row.n).toFixed(3)} < floor ${min}`,
        );
    }
  }
  if (process.argv.includes('--record')) {
    const floor: Record<string, Record<string, number>> = {};
    for (const row of groupedTable(evaluation)) {
      if (row.kind.startsWith('silver')) continue;
      // Rounded down: a floor rounded up would sit above the figure it records.
      const share = Math.floor((row.groupedRight / row.n) * 1000 + 1e-9) / 1000;
      floor[row.kind] = { ...floor[row.kind], [row.field]: share };
    }
    writeFileSync(FLOOR_FILE, `${JSON.stringify(floor, null, 2)}\n`);
  }
  for (const field of evaluation.fields) {
    const gold = goldHeldOut(evaluation, field);
    const high = highConfidence(gold);
    console.log(
      `${field}: ECE ${ece(gold).toFixed(3)}, right among >= 0.9: ${(high.precision * 100).toFixed(1)}%, right answers given >= 0.9: ${(high.coverage * 100).toFixed(1)}%`,
    );
  }
  console.log(`\ntraining took ${((performance.now() - started) / 1000).toFixed(0)} s`);
  if (problems.length > 0) {
    console.error(`\n${problems.join('\n')}`);
    return 1;
  }
  return 0;
}

if (import.meta.url === `file://${process.argv[1]}`) process.exitCode = await main();
