/**
 * `npm run train [-- --check]`: builds the field rankers from ../shared/corpus/train and the development
 * corpus, with the committed groups (model/groups.json) and fixed seeds, and writes their weights as JSON
 * under packages/extract/model/ with the model card. Prints the grouped cross-validation figures (each
 * document scored by a model trained without its group), the reliability of the confidences and the
 * lockbox's per-field aggregate. `--check` writes nothing: it fails when the weights it builds differ from
 * the committed ones by a byte, or when a grouped figure falls below bench/extract-grouped-floor.json.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type GroupedRow, type LockboxAggregate, printGrouped, printLockbox, printReliability, ece, highConfidence } from '../../../bench/src/grouped';
import type { RankerWeights } from '../src/model/ranker';
import { loadLabelled } from './corpus';
import { crossValidate, type FieldReport } from './crossval';
import { fieldExamples, RANKED_FIELDS, type RankedField, readExamples } from './examples';
import { type LineKindReport, trainLineKinds } from './line-kinds';
import { writeModelCard } from './model-card';

const ROOT = path.resolve(import.meta.dirname, '../../..');
export const MODEL_DIR = path.join(ROOT, 'packages/extract/model');
const FLOOR_FILE = path.join(ROOT, 'bench/extract-grouped-floor.json');

/** The committed form of a model: stable key order, one weight per line would be long; one line per array. */
export const modelJson = (model: RankerWeights) => `${JSON.stringify(model)}\n`;

export interface Evaluation {
  reports: Record<RankedField, FieldReport<string>>;
  /** Document id -> its kind (e-mail, PDF, text, photo) and corpus, for the tables. */
  kinds: Map<string, { kind: string; corpus: string; silver: boolean; order: boolean }>;
  documents: number;
  /** The product-line classifier (item, continuation, summary, payment, header, noise). */
  lineKinds: LineKindReport;
}

/** Grouped cross-validation of every ranked field over the labelled corpora. */
export async function evaluate(): Promise<Evaluation> {
  const labelled = await loadLabelled();
  const read = await readExamples(labelled);
  const kinds = new Map(
    labelled.map((l) => [l.id, { kind: l.kind, corpus: l.corpus, silver: l.silver, order: l.truth.is_order }]),
  );
  const reports = {} as Record<RankedField, FieldReport<string>>;
  for (const field of RANKED_FIELDS) {
    const started = performance.now();
    reports[field] = await crossValidate(field, fieldExamples(field, read));
    console.log(`${field}: trained and cross-validated in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  const lineStarted = performance.now();
  const lineKinds = await trainLineKinds(read);
  console.log(`line_kinds: trained and cross-validated in ${((performance.now() - lineStarted) / 1000).toFixed(1)} s`);
  return { reports, kinds, documents: read.length, lineKinds };
}

/** Rows of the grouped table: per kind (silver apart, never against a target) and field. */
export function groupedTable(evaluation: Evaluation): GroupedRow[] {
  const rows: GroupedRow[] = [];
  for (const field of RANKED_FIELDS) {
    const report = evaluation.reports[field];
    const inSample = new Map(report.inSample.map((s) => [s.id, s.right]));
    const byKind = new Map<string, { n: number; grouped: number; inSample: number }>();
    for (const s of report.grouped) {
      const info = evaluation.kinds.get(s.id);
      const kind = info?.silver
        ? `silver ${info.corpus} (noisy)`
        : `${info?.corpus === 'dev' ? 'dev ' : ''}${info?.kind}${info?.order === false ? ' non-order' : ''}`;
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
  console.log(`\ngrouped cross-validation over ${evaluation.documents} documents (fields scored where printed; a non-order's total is right when none)`);
  printGrouped(groupedTable(evaluation));
  for (const field of RANKED_FIELDS) {
    const gold = evaluation.reports[field].grouped.filter((s) => !evaluation.kinds.get(s.id)?.silver);
    console.log(`\nreliability of ${field} (held-out, gold labels)`);
    printReliability(gold);
  }
  console.log(`\n${evaluation.lineKinds.lines.join('\n')}`);
  if (!options.lockbox) return;
  const lockbox: LockboxAggregate = {};
  for (const field of RANKED_FIELDS) {
    const scored = evaluation.reports[field].lockbox.filter((s) => !evaluation.kinds.get(s.id)?.silver);
    lockbox[field] = { right: scored.filter((s) => s.right).length, n: scored.length };
  }
  console.log('\nlockbox (gold labels, aggregate only; quoted once)');
  printLockbox(lockbox);
}

async function main(): Promise<number> {
  const check = process.argv.includes('--check');
  const started = performance.now();
  const evaluation = await evaluate();
  printEvaluation(evaluation, { lockbox: process.argv.includes('--lockbox') });
  const problems: string[] = [];
  for (const field of RANKED_FIELDS) {
    const file = path.join(MODEL_DIR, `${field}.json`);
    const json = modelJson(evaluation.reports[field].model);
    if (!check) writeFileSync(file, json);
    else if (!existsSync(file) || readFileSync(file, 'utf8') !== json)
      problems.push(`${path.relative(ROOT, file)} differs from the weights training builds now`);
  }
  const lineFile = path.join(MODEL_DIR, 'line_kinds.json');
  const lineJson = `${JSON.stringify(evaluation.lineKinds.model)}\n`;
  if (!check) writeFileSync(lineFile, lineJson);
  else if (!existsSync(lineFile) || readFileSync(lineFile, 'utf8') !== lineJson)
    problems.push(`${path.relative(ROOT, lineFile)} differs from the weights training builds now`);
  const card = writeModelCard(evaluation, { write: !check });
  if (check && card.changed) problems.push('packages/extract/model/MODEL_CARD.md differs from what training writes now');
  if (check && existsSync(FLOOR_FILE)) {
    const floor = JSON.parse(readFileSync(FLOOR_FILE, 'utf8')) as Record<string, Record<string, number>>;
    for (const row of groupedTable(evaluation)) {
      const min = floor[row.kind]?.[row.field];
      if (min !== undefined && row.groupedRight / row.n + 1e-9 < min)
        problems.push(`${row.kind} ${row.field}: grouped ${(row.groupedRight / row.n).toFixed(3)} < floor ${min}`);
    }
  }
  if (process.argv.includes('--record')) {
    const floor: Record<string, Record<string, number>> = {};
    for (const row of groupedTable(evaluation))
      if (!row.kind.startsWith('silver')) (floor[row.kind] ??= {})[row.field] = Number((row.groupedRight / row.n).toFixed(3));
    writeFileSync(FLOOR_FILE, `${JSON.stringify(floor, null, 2)}\n`);
  }
  for (const field of RANKED_FIELDS) {
    const gold = evaluation.reports[field].grouped.filter((s) => !evaluation.kinds.get(s.id)?.silver);
    const high = highConfidence(gold);
    console.log(`${field}: ECE ${ece(gold).toFixed(3)}, right among >= 0.9: ${(high.precision * 100).toFixed(1)}%, right answers given >= 0.9: ${(high.coverage * 100).toFixed(1)}%`);
  }
  console.log(`\ntraining took ${((performance.now() - started) / 1000).toFixed(0)} s`);
  if (problems.length > 0) {
    console.error(`\n${problems.join('\n')}`);
    return 1;
  }
  return 0;
}

if (import.meta.url === `file://${process.argv[1]}`) process.exitCode = await main();
