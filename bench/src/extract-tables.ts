/**
 * The tables `bench:extract` prints beyond accuracy per kind: how well confidence predicts a right field
 * (calibration) and accuracy per source repository (how far the rules generalise beyond one shop).
 */
import type { LineScore } from './product-lines';
import { lineShares } from './product-lines';

/** One scored document: which fields came out right, and how its product lines compare. */
export interface Scored {
  file: string;
  /** "owner/repo" the document was copied from. */
  repository: string;
  isOrder: boolean;
  /** Field -> right or not, for the fields its truth scores. */
  right: Record<string, boolean>;
  /** Field -> the confidence the extractor gave it (absent when it gave none). */
  confidence: Record<string, number>;
  lines: LineScore | null;
}

const pct = (right: number, total: number) =>
  total === 0 ? '-' : `${((right / total) * 100).toFixed(0)}% ${right}/${total}`;

/** Prints rows of cells, each column padded to its widest cell. */
export function printTable(rows: string[][]): void {
  const widths = (rows[0] ?? []).map((_, c) => Math.max(...rows.map((r) => (r[c] ?? '').length)) + 2);
  for (const row of rows) console.log(row.map((cell, c) => cell.padEnd(widths[c] as number)).join(''));
}

/**
 * Per field, the share right among values given confidence >= 0.9, in [0.7, 0.9), below 0.7, and among
 * values given none (usually "not found"). Order documents only.
 */
export function printCalibration(docs: Scored[], fields: readonly string[]): void {
  const bands = [
    { name: '>= 0.9', has: (c: number | undefined) => c !== undefined && c >= 0.9 },
    { name: '0.7 - 0.9', has: (c: number | undefined) => c !== undefined && c >= 0.7 && c < 0.9 },
    { name: '< 0.7', has: (c: number | undefined) => c !== undefined && c < 0.7 },
    { name: 'no confidence', has: (c: number | undefined) => c === undefined },
  ];
  const rows = [['field', ...bands.map((b) => b.name)]];
  for (const field of fields) {
    const scored = docs.filter((d) => d.isOrder && field in d.right);
    rows.push([
      field,
      ...bands.map((band) => {
        const inBand = scored.filter((d) => band.has(d.confidence[field]));
        return pct(inBand.filter((d) => d.right[field]).length, inBand.length);
      }),
    ]);
  }
  printTable(rows);
}

/** Accuracy per field and product-line recall for each source repository, largest first. */
export function printBySource(docs: Scored[], fields: readonly string[]): void {
  const repositories = [...new Set(docs.map((d) => d.repository))].sort(
    (a, b) => docs.filter((d) => d.repository === b).length - docs.filter((d) => d.repository === a).length,
  );
  const rows = [['source', 'docs', ...fields, 'product lines']];
  for (const repository of repositories) {
    const mine = docs.filter((d) => d.repository === repository);
    const cells = fields.map((field) => {
      const scored = mine.filter((d) => field in d.right);
      return pct(scored.filter((d) => d.right[field]).length, scored.length);
    });
    const lines = mine.flatMap((d) => (d.lines ? [d.lines] : []));
    const shares = lineShares(lines);
    rows.push([
      repository,
      String(mine.length),
      ...cells,
      lines.length === 0
        ? '-'
        : `R ${pct(shares.found, shares.truth)} P ${(shares.precision * 100).toFixed(0)}%`,
    ]);
  }
  printTable(rows);
}
