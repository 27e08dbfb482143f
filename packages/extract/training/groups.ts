/**
 * `npm run groups`: fixes the groups of grouped cross-validation and the lockbox before any training,
 * writes them to packages/extract/model/groups.json (sorted keys: the same bytes on every run) and
 * prints them with their sizes. Also a module: the grouping functions and the table's reader.
 *
 * Options: `--check` compares with the committed file instead of writing it (exit 1 on a difference).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  asGrouped,
  defaultCorpusDir,
  defaultTrainDir,
  GROUPS_FILE,
  type LoadOptions,
  readLabelled,
} from './corpus';
import { CORPORA, FOLDS, type GroupTable, serialiseTable, splitGroups } from './grouping';

export { committedTable, GROUPS_FILE } from './corpus';
export * from './grouping';

/** Draws the table from the labelled documents in the given (or default) folders. */
export function buildTable(options: Omit<LoadOptions, 'table'> = {}): GroupTable {
  return splitGroups(readLabelled(options).map(asGrouped));
}

const pad = (s: string | number, n: number) => String(s).padEnd(n);

/** The lines `npm run groups` prints: the 30 largest groups, then counts per corpus, fold and lockbox. */
export function describeTable(table: GroupTable): string[] {
  const entries = Object.entries(table.groups);
  const out: string[] = [];
  const docs = entries.reduce((n, [, g]) => n + g.size, 0);
  const locked = entries.filter(([, g]) => g.lockbox);
  out.push(
    `${entries.length} groups over ${docs} documents (seed ${table.seed}); lockbox ${locked.length} groups ` +
      `(${((locked.length / entries.length) * 100).toFixed(1)} %), ${locked.reduce((n, [, g]) => n + g.size, 0)} documents`,
  );
  out.push('');
  out.push('largest groups:', `  ${pad('group', 44)}${pad('size', 6)}${pad('corpus', 34)}split`);
  const largest = [...entries].sort(([a, x], [b, y]) => y.size - x.size || (a < b ? -1 : 1)).slice(0, 30);
  for (const [name, g] of largest)
    out.push(
      `  ${pad(name.slice(0, 42), 44)}${pad(g.size, 6)}${pad(g.corpora ? g.corpora.join('+') : g.corpus, 34)}${g.lockbox ? 'lockbox' : `fold ${g.fold}`}`,
    );
  out.push('', `groups / documents per corpus and split (a group counts under its main corpus):`);
  const columns = [...Array.from({ length: FOLDS }, (_, f) => `fold ${f}`), 'lockbox', 'all'];
  out.push(`  ${pad('corpus', 16)}${columns.map((c) => pad(c, 12)).join('')}`);
  for (const corpus of CORPORA) {
    const mine = entries.filter(([, g]) => g.corpus === corpus);
    const cell = (keep: (fold: number, lockbox: boolean) => boolean) => {
      const hit = mine.filter(([, g]) => keep(g.fold, g.lockbox));
      return `${hit.length}/${hit.reduce((n, [, g]) => n + g.size, 0)}`;
    };
    const cells = [
      ...Array.from({ length: FOLDS }, (_, f) => cell((fold, lockbox) => !lockbox && fold === f)),
      cell((_, lockbox) => lockbox),
      cell(() => true),
    ];
    out.push(`  ${pad(corpus, 16)}${cells.map((c) => pad(c, 12)).join('')}`);
  }
  return out;
}

function main(): number {
  const table = buildTable();
  if (Object.keys(table.groups).length === 0) {
    console.log(
      `No labelled documents in ${defaultTrainDir()} or ${defaultCorpusDir()} (set TRAIN_DIR, CORPUS_DIR).`,
    );
    return 1;
  }
  const bytes = serialiseTable(table);
  for (const line of describeTable(table)) console.log(line);
  const where = path.relative(process.cwd(), GROUPS_FILE);
  if (process.argv.includes('--check')) {
    const same = readFileSync(GROUPS_FILE, 'utf8') === bytes;
    console.log(same ? `\n${where} is up to date` : `\n${where} differs from a fresh draw`);
    return same ? 0 : 1;
  }
  mkdirSync(path.dirname(GROUPS_FILE), { recursive: true });
  writeFileSync(GROUPS_FILE, bytes);
  console.log(`\nwrote ${where}`);
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) process.exitCode = main();
