/**
 * The honest figures of grouped cross-validation: accuracy with its 95 % Wilson interval beside the
 * in-sample figure, the lockbox as per-field aggregates only, and the reliability of the confidences.
 * Pure helpers: each `*Rows` function returns the table, each `print*` prints it.
 */
import { printTable } from './extract-tables';

/** Wilson score interval of a share `right / n` (z = 1.96: 95 %). An empty sample says nothing: [0, 1]. */
export function wilson(right: number, n: number, z = 1.96): [number, number] {
  if (n <= 0) return [0, 1];
  const p = right / n;
  const z2 = z * z;
  const denominator = 1 + z2 / n;
  const centre = (p + z2 / (2 * n)) / denominator;
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / denominator;
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

/** "93.0% [88.1–96.0]": a share with its Wilson interval; "-" for an empty sample. */
export function shareWithInterval(right: number, n: number): string {
  if (n === 0) return '-';
  const [lo, hi] = wilson(right, n);
  return `${pct(right / n)} [${(lo * 100).toFixed(1)}–${(hi * 100).toFixed(1)}]`;
}

/** One kind and field of grouped cross-validation: each document scored by a model trained without its group. */
export interface GroupedRow {
  kind: string;
  field: string;
  n: number;
  /** Right when scored by the model trained without the document's group. */
  groupedRight: number;
  /** Right when scored by the model trained on every non-lockbox group (the document's own included). */
  inSampleRight: number;
}

export function groupedRows(rows: GroupedRow[]): string[][] {
  return [
    ['kind', 'field', 'n', 'grouped [95% CI]', 'in-sample', 'gap'],
    ...rows.map((r) => [
      r.kind,
      r.field,
      String(r.n),
      shareWithInterval(r.groupedRight, r.n),
      r.n === 0 ? '-' : pct(r.inSampleRight / r.n),
      r.n === 0 ? '-' : `${(((r.inSampleRight - r.groupedRight) / r.n) * 100).toFixed(1)} pts`,
    ]),
  ];
}

export function printGrouped(rows: GroupedRow[]): void {
  printTable(groupedRows(rows));
}

/** Per field, how many lockbox documents were scored and how many came out right: never one document. */
export type LockboxAggregate = Record<string, { right: number; n: number }>;

export function lockboxRows(aggregate: LockboxAggregate): string[][] {
  return [
    ['field', 'n', 'lockbox [95% CI]'],
    ...Object.entries(aggregate).map(([field, { right, n }]) => [
      field,
      String(n),
      shareWithInterval(right, n),
    ]),
  ];
}

export function printLockbox(aggregate: LockboxAggregate): void {
  printTable(lockboxRows(aggregate));
}

/** A field's confidence and whether the value it was given for came out right. */
export interface Confident {
  confidence: number;
  right: boolean;
}

export interface Bin {
  lo: number;
  hi: number;
  n: number;
  /** Mean confidence of the bin (NaN when empty). */
  confidence: number;
  /** Share right in the bin (NaN when empty). */
  accuracy: number;
}

const BINS = 10;

/** Ten equal-width confidence bins; 1.0 falls in the last. */
export function reliabilityBins(pairs: Confident[]): Bin[] {
  const bins = Array.from({ length: BINS }, (_, i) => ({
    lo: i / BINS,
    hi: (i + 1) / BINS,
    n: 0,
    sum: 0,
    right: 0,
  }));
  for (const { confidence, right } of pairs) {
    const c = Math.min(1, Math.max(0, confidence));
    const bin = bins[Math.min(BINS - 1, Math.floor(c * BINS))] as (typeof bins)[number];
    bin.n += 1;
    bin.sum += c;
    if (right) bin.right += 1;
  }
  return bins.map(({ lo, hi, n, sum, right }) => ({
    lo,
    hi,
    n,
    confidence: n === 0 ? Number.NaN : sum / n,
    accuracy: n === 0 ? Number.NaN : right / n,
  }));
}

/** Expected calibration error over the ten bins: the gap between confidence and accuracy, weighted by bin size. */
export function ece(pairs: Confident[]): number {
  if (pairs.length === 0) return 0;
  return reliabilityBins(pairs).reduce(
    (sum, b) => (b.n === 0 ? sum : sum + (b.n / pairs.length) * Math.abs(b.accuracy - b.confidence)),
    0,
  );
}

/** Among values given >= 0.9, the share right; and the share of right values that were given >= 0.9. */
export function highConfidence(pairs: Confident[]): { precision: number; coverage: number; n: number } {
  const high = pairs.filter((p) => p.confidence >= 0.9);
  const right = pairs.filter((p) => p.right);
  return {
    n: high.length,
    precision: high.length === 0 ? Number.NaN : high.filter((p) => p.right).length / high.length,
    coverage:
      right.length === 0 ? Number.NaN : right.filter((p) => p.confidence >= 0.9).length / right.length,
  };
}

export function reliabilityRows(pairs: Confident[]): string[][] {
  return [
    ['confidence', 'n', 'mean confidence', 'share right'],
    ...reliabilityBins(pairs).map((b) => [
      `${b.lo.toFixed(1)}–${b.hi.toFixed(1)}`,
      String(b.n),
      b.n === 0 ? '-' : b.confidence.toFixed(3),
      b.n === 0 ? '-' : pct(b.accuracy),
    ]),
  ];
}

/** The reliability table, its ECE, and the two shares the ≥ 0.9 band is held to. */
export function printReliability(pairs: Confident[]): void {
  printTable(reliabilityRows(pairs));
  const high = highConfidence(pairs);
  const show = (x: number) => (Number.isNaN(x) ? '-' : pct(x));
  console.log(`ECE ${ece(pairs).toFixed(3)} over ${pairs.length} values`);
  console.log(`right among values given >= 0.9: ${show(high.precision)} (${high.n} values)`);
  console.log(`right values given >= 0.9: ${show(high.coverage)}`);
}
