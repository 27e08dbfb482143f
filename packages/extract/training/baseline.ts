/**
 * `npx tsx packages/extract/training/baseline.ts`: the "before" of issue #31. Runs today's extractor
 * over every labelled document outside the lockbox and prints, per corpus and field, the accuracy with
 * its 95 % Wilson interval, scored with the bench's frozen comparison rules (bench/src/compare.ts).
 * A field is scored only where its truth is printed in the document; the others are counted apart.
 * Silver corpora are printed apart: their labels are noisy, they are not a target. Of the lockbox only
 * the number of groups and documents is printed.
 *
 * Inputs go in as today's CLI would read them: SROIE text boxes as their lines in file order joined
 * with newlines (as NNNN.txt), silver transcripts as text, development documents through extractBytes.
 */
import { readFileSync } from 'node:fs';
import { type Field, isRight } from '../../../bench/src/compare';
import { printTable } from '../../../bench/src/extract-tables';
import { shareWithInterval } from '../../../bench/src/grouped';
import { extractBytes } from '../src/extract-file';
import { extractText } from '../src/text';
import type { Extraction } from '../src/types';
import { type LabelledDoc, loadLabelled } from './corpus';

const FIELDS = ['merchant', 'purchase_date', 'total', 'currency'] as const satisfies readonly Field[];
type Scored = (typeof FIELDS)[number];

/** Today's reading of a labelled document. */
export async function extractToday(doc: LabelledDoc): Promise<Extraction> {
  switch (doc.input.type) {
    case 'text':
      return extractText(doc.input.text);
    case 'boxes':
      return extractText(doc.input.words.map((w) => w.text).join('\n'));
    case 'file':
      return extractBytes(doc.input.fileKind, readFileSync(doc.input.path));
  }
}

/** Whether a field is scored as printed: currency has no check of its own, so it is scored wherever labelled. */
const isPrinted = (doc: LabelledDoc, field: Scored) => (field === 'currency' ? true : doc.printed[field]);

interface Cell {
  n: number;
  right: number;
  apartN: number;
  apartRight: number;
}

/** The row a document is counted in: the corpus, and the kind within the development corpus. */
const rowOf = (doc: LabelledDoc) => (doc.corpus === 'dev' ? `dev ${doc.kind}` : doc.corpus);

async function main(): Promise<number> {
  const docs = await loadLabelled();
  if (docs.length === 0) {
    console.log('No labelled documents (set TRAIN_DIR and CORPUS_DIR).');
    return 1;
  }
  const cells = new Map<string, Cell>();
  const failures: string[] = [];
  const lockbox = docs.filter((d) => d.lockbox);
  for (const doc of docs) {
    if (doc.lockbox || !doc.truth.is_order) continue;
    let got: Extraction;
    try {
      got = await extractToday(doc);
    } catch (error) {
      failures.push(`${doc.id}: ${(error as Error).message}`);
      continue;
    }
    for (const field of FIELDS) {
      if (doc.truth[field] === null) continue; // nothing to find: counted by neither column
      const key = `${rowOf(doc)}\t${field}`;
      const cell = cells.get(key) ?? { n: 0, right: 0, apartN: 0, apartRight: 0 };
      const right = isRight(field, doc.truth, got);
      if (isPrinted(doc, field)) {
        cell.n += 1;
        if (right) cell.right += 1;
      } else {
        cell.apartN += 1;
        if (right) cell.apartRight += 1;
      }
      cells.set(key, cell);
    }
  }
  const table = (rows: string[]) => {
    const out = [['corpus', 'field', 'n printed', 'accuracy [95% CI]', 'not printed (right/n)']];
    for (const row of rows)
      for (const field of FIELDS) {
        const c = cells.get(`${row}\t${field}`);
        if (!c) continue;
        out.push([row, field, String(c.n), shareWithInterval(c.right, c.n), `${c.apartRight}/${c.apartN}`]);
      }
    printTable(out);
  };
  const rows = [...new Set(docs.filter((d) => !d.lockbox).map(rowOf))];
  const gold = rows.filter((r) => r === 'sroie' || r.startsWith('dev')).sort();
  const silver = rows.filter((r) => !gold.includes(r)).sort();
  const outside = docs.filter((d) => !d.lockbox);
  console.log(
    `Today's extractor over ${outside.length} labelled documents outside the lockbox ` +
      `(order documents scored; each field only where its truth is printed)\n`,
  );
  table(gold);
  console.log('\nsilver (noisy), not a target:');
  table(silver);
  console.log(
    `\nlockbox: ${new Set(lockbox.map((d) => d.group)).size} groups, ${lockbox.length} documents (not scored here)`,
  );
  if (failures.length > 0) console.log(`\nfailed to read (${failures.length}):\n  ${failures.join('\n  ')}`);
  return 0;
}

if (process.argv[1]?.endsWith('baseline.ts')) process.exitCode = await main();
