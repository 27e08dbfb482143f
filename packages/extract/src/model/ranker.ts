/**
 * Inference of the learned candidate rankers, in plain TypeScript over JSON weights (trained by
 * `npm run train`, see packages/extract/training). A ranker scores each candidate of one field with a
 * logistic model over its features; the best candidate wins, and its score becomes a calibrated
 * probability of being right.
 */

/**
 * A candidate's features by name. Names starting with `w:` are words and character n-grams of its context;
 * they are hashed into `buckets` columns, so an unseen word still lands somewhere. Every other name is a
 * column of its own, learned at training time; a name the model never saw is ignored.
 */
export type Features = Record<string, number>;

/**
 * A candidate's feature object, kept as a hash table from the start. A candidate gets hundreds of `w:`
 * names; an object literal growing by that many keys makes V8 build a hidden class per key before it
 * gives up on them, which took twice as long as the same stores into a hash table. Same keys, same order.
 */
export function featureTable(init: Features = {}): Features {
  return Object.assign(Object.setPrototypeOf(Object.create(null), Object.prototype), init);
}

/** How a raw score becomes a probability of being right, fitted on held-out scores. */
export type Calibration =
  | { kind: 'platt'; a: number; b: number }
  /** Pool-adjacent-violators steps: probability y[i] for raw scores from x[i] up to x[i+1]. */
  | { kind: 'isotonic'; x: number[]; y: number[] };

export interface RankerWeights {
  field: string;
  /** Named feature columns, in weight order. */
  names: string[];
  /** Hash buckets for `w:` features, after the named columns. */
  buckets: number;
  weights: number[];
  bias: number;
  /** Feature means and scales used to standardise named columns at training time. */
  mean: number[];
  scale: number[];
  calibration: Calibration;
  /**
   * The calibration of documents read by OCR, fitted on them alone: at one score a misread photo's
   * answer is right less often than a printed document's. Absent when training saw too few.
   */
  ocrCalibration?: Calibration;
}

/** 32-bit FNV-1a: a stable, fast hash for feature names (the same in training and inference). */
export function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** The ranker's columns: name -> index, built once per model. */
const columnCache = new WeakMap<RankerWeights, Map<string, number>>();
function columnsOf(model: RankerWeights): Map<string, number> {
  let columns = columnCache.get(model);
  if (!columns) {
    columns = new Map(model.names.map((name, i) => [name, i]));
    columnCache.set(model, columns);
  }
  return columns;
}

/**
 * The dense row a model reads for one candidate: named features standardised, `w:` features counted
 * into their hash bucket. Training builds its matrix with this same function, so the two cannot drift.
 */
export function featureRow(
  model: Pick<RankerWeights, 'names' | 'buckets' | 'mean' | 'scale'>,
  features: Features,
  columns: Map<string, number> = new Map(model.names.map((name, i) => [name, i])),
): Float64Array {
  const row = new Float64Array(model.names.length + model.buckets);
  for (let i = 0; i < model.names.length; i += 1) row[i] = -(model.mean[i] ?? 0) / (model.scale[i] || 1);
  // Keys, then a lookup each: on a hash-table object (featureTable) that is several times faster than
  // Object.entries, in the same order.
  for (const name of Object.keys(features)) {
    const value = features[name] as number;
    if (name.startsWith('w:')) {
      if (model.buckets > 0) {
        const at = model.names.length + (fnv1a(name) % model.buckets);
        row[at] = (row[at] as number) + value;
      }
      continue;
    }
    const column = columns.get(name);
    if (column !== undefined) row[column] = (value - (model.mean[column] ?? 0)) / (model.scale[column] || 1);
  }
  return row;
}

/** The model's log-odds that this candidate is the field's right value. */
export function logit(model: RankerWeights, features: Features): number {
  const row = featureRow(model, features, columnsOf(model));
  let sum = model.bias;
  for (let i = 0; i < row.length; i += 1) sum += (row[i] as number) * (model.weights[i] ?? 0);
  return sum;
}

const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));

/** A raw log-odds as a calibrated probability of being right. */
/** The calibration that applies to a document: the OCR one for a document read by OCR, when trained. */
export const calibrationFor = (
  model: Pick<RankerWeights, 'calibration' | 'ocrCalibration'>,
  readByOcr: boolean,
): Calibration => (readByOcr ? model.ocrCalibration : undefined) ?? model.calibration;

export function calibrated(calibration: Calibration, raw: number): number {
  if (calibration.kind === 'platt') return sigmoid(calibration.a * raw + calibration.b);
  const { x, y } = calibration;
  if (x.length === 0) return sigmoid(raw);
  // The last step whose start is at or below the raw score.
  let lo = 0;
  let hi = x.length - 1;
  if (raw < (x[0] as number)) return y[0] as number;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((x[mid] as number) <= raw) lo = mid;
    else hi = mid - 1;
  }
  return y[lo] as number;
}

/** One proposed value of a field, `value: null` standing for "the document does not print it". */
export interface Candidate<V> {
  value: V | null;
  features: Features;
  /** Where it was found, for signals and for the review screen: the line index, -1 for none. */
  line: number;
  /** A short human-readable reason ("label TOTAL, right-aligned"). */
  why: string;
}

export interface Choice<C> {
  candidate: C;
  /** The log-odds of the chosen candidate's share of the softmax over all candidates: what calibration reads. */
  score: number;
  /** Calibrated probability that the chosen value is right. */
  confidence: number;
}

/**
 * The ranker's choice among a field's candidates. Candidates of one value pool their softmax shares (a
 * total printed twice is twice as likely); the value with the largest share wins (the first on a tie, so
 * the result is stable), represented by its best-scored candidate, and its share as log-odds becomes a
 * calibrated probability. Null when there is no candidate.
 */
export function choose<C extends Candidate<unknown>>(
  model: RankerWeights,
  candidates: C[],
  readByOcr = false,
): Choice<C> | null {
  if (candidates.length === 0) return null;
  const scores = candidates.map((candidate) => logit(model, candidate.features));
  const top = Math.max(...scores);
  const byValue = new Map<unknown, { share: number; best: number }>();
  let sum = 0;
  candidates.forEach((candidate, i) => {
    const share = Math.exp((scores[i] as number) - top);
    sum += share;
    const key = candidate.value;
    const entry = byValue.get(key);
    if (!entry) byValue.set(key, { share, best: i });
    else {
      entry.share += share;
      if ((scores[i] as number) > (scores[entry.best] as number)) entry.best = i;
    }
  });
  let winner: { share: number; best: number } | undefined;
  for (const entry of byValue.values()) if (!winner || entry.share > winner.share) winner = entry;
  const chosen = winner as { share: number; best: number };
  const p = chosen.share / sum;
  // Log-odds of the share, bounded: a lone candidate is certain only as far as calibration says.
  const score = Math.max(-20, Math.min(20, Math.log(p / Math.max(1 - p, 1e-9))));
  return {
    candidate: candidates[chosen.best] as C,
    score,
    confidence: calibrated(calibrationFor(model, readByOcr), score),
  };
}
