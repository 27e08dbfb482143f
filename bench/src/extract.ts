/**
 * `npm run bench:extract [-- --check] [--no-grouped] [--lockbox] [--replay [--record]]`: accuracy and speed of the extractor over a corpus folder
 * (CORPUS_DIR, default ../shared/corpus) scored against its truth.json. Knows no file by name: every
 * document goes through the same code the CLI runs. Prints accuracy per kind (product lines as recall and
 * precision), calibration of the confidences, and accuracy per source repository. `--check` fails when a
 * field or a product share falls below the floor recorded in bench/extract-floor.json. `--replay` replays
 * the memory of corrections instead (replay.ts).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { extractBytes, kindOf } from '@warrantly/extract/extract-file';
import type { Extraction } from '@warrantly/extract/types';
import { type ComparedTruth, FIELDS, isRight } from './compare';
import { printBySource, printCalibration, printTable, type Scored } from './extract-tables';
import { type LineScore, lineShares, type ProductLine, scoreLines } from './product-lines';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CORPUS = path.resolve(ROOT, process.env.CORPUS_DIR ?? '../shared/corpus');
const FLOOR_FILE = path.join(ROOT, 'bench/extract-floor.json');

interface Truth extends ComparedTruth {
  kind: 'pdf' | 'email' | 'text';
  products?: ProductLine[];
  /** "owner/repo:path@sha" */
  source: string;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0
    ? Number.NaN
    : ((s[Math.floor((s.length - 1) / 2)] as number) + (s[Math.ceil((s.length - 1) / 2)] as number)) / 2;
};

/** The share written into the floor file and compared by `--check`: three decimals, rounded down (a floor
 * rounded up would sit above the figure it records). */
const share3 = (x: number) => Math.floor(x * 1000 + 1e-9) / 1000;

async function main() {
  if (process.argv.includes('--replay')) {
    const { replay } = await import('./replay');
    await replay({ record: process.argv.includes('--record') });
    return 0;
  }
  const check = process.argv.includes('--check');
  if (!existsSync(path.join(CORPUS, 'truth.json'))) {
    console.log(`No corpus at ${CORPUS} (set CORPUS_DIR): nothing to measure.`);
    return 0;
  }
  const truth = JSON.parse(readFileSync(path.join(CORPUS, 'truth.json'), 'utf8')) as Record<string, Truth>;
  const score: Record<string, Record<string, { right: number; total: number }>> = {};
  const lineScores: Record<string, LineScore[]> = {};
  const docs: Scored[] = [];
  const misses: string[] = [];
  const productMisses: string[] = [];
  const timing = { pdfPage: [] as number[], text: [] as number[], email: [] as number[] };
  let falseOrders = 0;

  for (const [file, expected] of Object.entries(truth)) {
    const folder = expected.kind === 'email' ? 'email' : expected.kind;
    const full = path.join(CORPUS, folder, file);
    const kind = kindOf(file);
    if (!kind || !existsSync(full)) {
      misses.push(`${file}: missing from the corpus folder`);
      continue;
    }
    const bytes = readFileSync(full);
    let got: Extraction;
    try {
      await extractBytes(kind, bytes); // warm-up: the timed run is the second
      const start = performance.now();
      got = await extractBytes(kind, bytes);
      const ms = performance.now() - start;
      if (expected.kind === 'pdf') timing.pdfPage.push(ms / (got.pages ?? 1));
      else if (expected.kind === 'text') timing.text.push(ms);
      else timing.email.push(ms);
    } catch (error) {
      misses.push(`${file}: failed: ${(error as Error).message}`);
      continue;
    }
    if (expected.kind === 'email' && !expected.is_order && got.is_order) falseOrders += 1;
    const group = `${expected.kind}${expected.kind === 'email' ? (expected.is_order ? ' order' : ' non-order') : ''}`;
    const doc: Scored = {
      file,
      repository: expected.source.split(':')[0] as string,
      isOrder: expected.is_order,
      right: {},
      confidence: got.confidence,
      lines: null,
    };
    docs.push(doc);
    for (const field of FIELDS) {
      if (!(field in expected)) continue;
      if (!expected.is_order && field !== 'is_order') continue;
      score[group] ??= {};
      const fields = score[group] as Record<string, { right: number; total: number }>;
      fields[field] ??= { right: 0, total: 0 };
      const cell = fields[field];
      cell.total += 1;
      doc.right[field] = isRight(field, expected, got);
      if (doc.right[field]) cell.right += 1;
      else
        misses.push(
          `${file}  ${field}: expected ${JSON.stringify(expected[field])}, got ${JSON.stringify(got[field])}`,
        );
    }
    if (expected.is_order && expected.products) {
      doc.lines = scoreLines(expected.products, got.products);
      lineScores[group] = [...(lineScores[group] ?? []), doc.lines];
      const { missed, extra } = doc.lines;
      if (missed.length > 0 || extra.length > 0) {
        productMisses.push(
          `${file}  ${doc.lines.found}/${doc.lines.truth} found${missed.map((m) => `\n      missed: ${m}`).join('')}${extra.map((m) => `\n      extra:  ${m}`).join('')}`,
        );
      }
    }
  }

  console.log(`Extraction over ${Object.keys(truth).length} documents in ${CORPUS}\n`);
  const shares: Record<string, Record<string, number>> = {};
  const rows = [['kind', ...FIELDS, 'line recall', 'line precision', 'qty+price']];
  for (const [group, fields] of Object.entries(score).sort()) {
    const groupShares: Record<string, number> = {};
    shares[group] = groupShares;
    const row = [group];
    for (const field of FIELDS) {
      const cell = fields[field];
      if (!cell) {
        row.push('-');
        continue;
      }
      const share = cell.right / cell.total;
      groupShares[field] = share3(share);
      row.push(`${(share * 100).toFixed(0)}% ${cell.right}/${cell.total}`);
    }
    const lines = lineScores[group];
    if (lines) {
      const l = lineShares(lines);
      groupShares.products_recall = share3(l.recall);
      groupShares.products_precision = share3(l.precision);
      row.push(
        `${(l.recall * 100).toFixed(1)}% ${l.found}/${l.truth}`,
        `${(l.precision * 100).toFixed(1)}% ${l.found}/${l.extracted}`,
        `${(l.exact * 100).toFixed(0)}%`,
      );
    } else row.push('-', '-', '-');
    rows.push(row);
  }
  printTable(rows);
  console.log(`\nnon-order e-mails taken for an order: ${falseOrders}`);
  console.log(
    `median ms: per PDF page ${median(timing.pdfPage).toFixed(1)}, per text receipt ${median(timing.text).toFixed(2)}, per e-mail ${median(timing.email).toFixed(2)}`,
  );
  console.log('\ncalibration: share right by the confidence given (order documents)');
  printCalibration(docs, FIELDS.slice(1));
  console.log('\ngeneralisation: accuracy per source repository');
  printBySource(docs, FIELDS);
  if (!process.argv.includes('--no-grouped')) {
    // Grouped cross-validation: each document scored by a model trained without its group (training/train.ts).
    const { evaluate, printEvaluation } = await import('../../packages/extract/training/train');
    printEvaluation(await evaluate(), { lockbox: process.argv.includes('--lockbox') });
  }
  console.log(`\nmisses (${misses.length}):`);
  for (const miss of misses) console.log(`  ${miss}`);
  console.log(`\nproduct-line misses (${productMisses.length} documents):`);
  for (const miss of productMisses) console.log(`  ${miss}`);

  if (process.argv.includes('--record')) {
    const { writeFileSync } = await import('node:fs');
    writeFileSync(FLOOR_FILE, `${JSON.stringify(shares, null, 2)}\n`);
    console.log(`\nrecorded the floor in ${path.relative(ROOT, FLOOR_FILE)}`);
  }
  if (!check) return 0;
  const floor = JSON.parse(readFileSync(FLOOR_FILE, 'utf8')) as Record<string, Record<string, number>>;
  const below: string[] = [];
  for (const [group, fields] of Object.entries(floor)) {
    if (!(group in shares) && group.startsWith('synced')) continue; // checked by the corpus sync suite
    for (const [field, min] of Object.entries(fields)) {
      const now = shares[group]?.[field] ?? 0;
      if (now + 1e-9 < min) below.push(`${group} ${field}: ${now} < floor ${min}`);
    }
  }
  if (falseOrders > 0) below.push(`${falseOrders} non-order e-mail(s) taken for an order`);
  if (below.length > 0) {
    console.error(`\nbelow the recorded floor:\n  ${below.join('\n  ')}`);
    return 1;
  }
  console.log('\nevery field at or above the recorded floor');
  return 0;
}

process.exitCode = await main();
