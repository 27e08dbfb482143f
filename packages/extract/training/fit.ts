/**
 * Fits a field's candidate ranker with TensorFlow.js (pure JavaScript CPU backend): a conditional logit
 * model, i.e. a softmax over each document's candidates whose right ones (one value may be printed
 * twice) share the probability, L2-regularised, full batch, Adam, from zero
 * weights, so the same data always gives the same weights. Inference is `src/model/ranker.ts`, which
 * reads the same feature rows (`featureRow`), so training and serving cannot drift.
 */
import * as tf from '@tensorflow/tfjs';
import { type Calibration, type Features, featureRow, type RankerWeights } from '../src/model/ranker';

/**
 * One document's candidates for a field, the indices of the right ones (a total printed twice is right
 * twice) and how much the document counts.
 */
export interface TrainingDoc {
  candidates: Features[];
  right: number[];
  weight: number;
}

export interface FitOptions {
  /** Hash buckets for `w:` (context word) features. */
  buckets: number;
  /** L2 penalty per unit of document weight. */
  l2: number;
  epochs: number;
  learningRate: number;
  /** At most this many candidates per document are trained on (the right one always among them). */
  maxCandidates: number;
  /** A named feature seen in fewer documents than this gets no column. */
  minDocs: number;
}

export const DEFAULT_FIT: FitOptions = {
  buckets: Number(process.env.FIT_BUCKETS ?? 64),
  l2: Number(process.env.FIT_L2 ?? 1e-3),
  epochs: Number(process.env.FIT_EPOCHS ?? 80),
  learningRate: Number(process.env.FIT_LR ?? 0.1),
  maxCandidates: Number(process.env.FIT_MAX ?? 32),
  minDocs: 3,
};

let ready: Promise<boolean> | null = null;
/** The CPU backend, set once; PROD mode keeps tfjs from advising a native backend (that one downloads a binary). */
async function backend(): Promise<void> {
  tf.env().set('PROD', true);
  ready ??= tf.setBackend('cpu');
  await ready;
}

/**
 * The candidates a document is trained on: the right ones, the first (often "none") and the others from
 * the document's end backwards (where totals, payments and signatures are printed).
 */
function trainedCandidates(doc: TrainingDoc, max: number): { rows: Features[]; right: number[] } {
  if (doc.candidates.length <= max) return { rows: doc.candidates, right: doc.right };
  const right = doc.right.slice(0, max - 1);
  const keep = [...right];
  if (!right.includes(0)) keep.push(0);
  for (let i = doc.candidates.length - 1; i > 0 && keep.length < max; i -= 1)
    if (!keep.includes(i)) keep.push(i);
  return { rows: keep.map((i) => doc.candidates[i] as Features), right: right.map((_, k) => k) };
}

/** Named columns: every non-word feature seen in at least `minDocs` documents, sorted by name. */
function namedColumns(docs: TrainingDoc[], minDocs: number): string[] {
  const seen = new Map<string, number>();
  for (const doc of docs) {
    const names = new Set<string>();
    for (const features of doc.candidates)
      for (const name of Object.keys(features)) if (!name.startsWith('w:')) names.add(name);
    for (const name of names) seen.set(name, (seen.get(name) ?? 0) + 1);
  }
  return [...seen]
    .filter(([, n]) => n >= minDocs)
    .map(([name]) => name)
    .sort();
}

/** Mean and standard deviation (at least 0.5) of each named column over all training candidates. */
function standardisation(docs: TrainingDoc[], names: string[]): { mean: number[]; scale: number[] } {
  const index = new Map(names.map((name, i) => [name, i]));
  const sum = new Float64Array(names.length);
  const squares = new Float64Array(names.length);
  let count = 0;
  for (const doc of docs)
    for (const features of doc.candidates) {
      count += 1;
      for (const [name, value] of Object.entries(features)) {
        const i = index.get(name);
        if (i === undefined) continue;
        sum[i] = (sum[i] as number) + value;
        squares[i] = (squares[i] as number) + value * value;
      }
    }
  const mean = [...sum].map((s) => s / Math.max(count, 1));
  const scale = [...squares].map((q, i) => {
    const variance = q / Math.max(count, 1) - (mean[i] as number) ** 2;
    // A rare binary feature has a tiny deviation: a floor keeps its standardised value small.
    return Math.max(Math.sqrt(Math.max(variance, 0)), 0.5);
  });
  return { mean, scale };
}

/** Weights rounded to 6 significant digits: small files, and bytes that do not depend on the last ulp. */
const round6 = (x: number) => (x === 0 ? 0 : Number(x.toPrecision(6)));

/** Trains one field's ranker; its calibration is the identity until `fitCalibration` sets one. */
export async function fitRanker(
  field: string,
  docs: TrainingDoc[],
  options: FitOptions = DEFAULT_FIT,
): Promise<RankerWeights> {
  await backend();
  const names = namedColumns(docs, options.minDocs);
  const { mean, scale } = standardisation(docs, names);
  const layout = { names, buckets: options.buckets, mean, scale };
  const columns = new Map(names.map((name, i) => [name, i]));
  const width = names.length + options.buckets;
  const slots = Math.max(1, ...docs.map((d) => Math.min(d.candidates.length, options.maxCandidates)));

  const x = new Float32Array(docs.length * slots * width);
  const mask = new Float32Array(docs.length * slots).fill(-1e4);
  // 0 where a candidate is right, a large negative elsewhere: log-probabilities masked to the right ones.
  const target = new Float32Array(docs.length * slots).fill(-1e4);
  const weight = new Float32Array(docs.length);
  docs.forEach((doc, d) => {
    const { rows, right } = trainedCandidates(doc, options.maxCandidates);
    rows.forEach((features, c) => {
      x.set(featureRow(layout, features, columns), (d * slots + c) * width);
      mask[d * slots + c] = 0;
    });
    for (const r of right) target[d * slots + r] = 0;
    weight[d] = doc.weight;
  });
  const totalWeight = weight.reduce((a, b) => a + b, 0) || 1;

  const w = tf.variable(tf.zeros([width, 1]));
  const b = tf.variable(tf.zeros([1]));
  const X = tf.tensor2d(x, [docs.length * slots, width]);
  const M = tf.tensor2d(mask, [docs.length, slots]);
  const T = tf.tensor2d(target, [docs.length, slots]);
  const W = tf.tensor1d(weight);
  const optimizer = tf.train.adam(options.learningRate);
  for (let epoch = 0; epoch < options.epochs; epoch += 1) {
    optimizer.minimize(() => {
      const scores = tf.add(tf.reshape(tf.matMul(X, w), [docs.length, slots]), M);
      // The probability of a right answer is the sum over the right candidates (marginal likelihood).
      const logProb = tf.logSoftmax(scores, 1);
      const perDoc = tf.neg(tf.logSumExp(tf.add(logProb, T), 1));
      const data = tf.div(tf.sum(tf.mul(perDoc, W)), totalWeight);
      return tf.add(data, tf.mul(options.l2, tf.sum(tf.square(w)))) as tf.Scalar;
    }, false);
  }
  // A softmax is blind to a constant added to every candidate: the bias is kept for the calibration only.
  const weights = [...(await w.data())].map(round6);
  tf.dispose([w, b, X, M, T, W]);
  optimizer.dispose();
  return {
    field,
    names,
    buckets: options.buckets,
    weights,
    bias: 0,
    mean: mean.map(round6),
    scale: scale.map(round6),
    calibration: { kind: 'platt', a: 1, b: 0 },
  };
}

/** A scored choice on a held-out document: its raw score and whether it was right. */
export interface Held {
  raw: number;
  right: boolean;
}

/**
 * Maps raw scores to probabilities of being right: Platt scaling (a one-feature logistic regression,
 * fitted with TensorFlow.js) under 500 examples, isotonic regression (pool adjacent violators) above.
 */
export async function fitCalibration(held: Held[]): Promise<Calibration> {
  if (held.length >= 500) return isotonic(held);
  await backend();
  const a = tf.variable(tf.scalar(1));
  const b = tf.variable(tf.scalar(0));
  const raw = tf.tensor1d(held.map((h) => h.raw));
  const y = tf.tensor1d(held.map((h) => (h.right ? 1 : 0)));
  const optimizer = tf.train.adam(0.05);
  for (let step = 0; step < 500; step += 1)
    optimizer.minimize(
      () => tf.losses.sigmoidCrossEntropy(y, tf.add(tf.mul(a, raw), b) as tf.Tensor1D) as tf.Scalar,
    );
  const fitted = {
    kind: 'platt' as const,
    a: round6((await a.data())[0] as number),
    b: round6((await b.data())[0] as number),
  };
  tf.dispose([a, b, raw, y]);
  optimizer.dispose();
  return fitted;
}

/**
 * Isotonic regression by pool adjacent violators: a non-decreasing step function of the raw score. The
 * scores are first pooled into runs of at least `minRun` neighbours (about 4 % of them), so that no step
 * rests on a handful of documents: held-out folds differ, and a fine staircase fitted on some folds
 * misleads on the next.
 */
export function isotonic(held: Held[], minRun = Math.max(20, Math.ceil(held.length / 25))): Calibration {
  const sorted = [...held].sort((p, q) => p.raw - q.raw);
  const blocks: { start: number; sum: number; count: number }[] = [];
  for (let i = 0; i < sorted.length; i += minRun) {
    const run = sorted.slice(i, i + minRun);
    blocks.push({ start: (run[0] as Held).raw, sum: run.filter((h) => h.right).length, count: run.length });
    while (blocks.length > 1) {
      const last = blocks[blocks.length - 1] as (typeof blocks)[number];
      const before = blocks[blocks.length - 2] as (typeof blocks)[number];
      if (before.sum / before.count < last.sum / last.count) break;
      before.sum += last.sum;
      before.count += last.count;
      blocks.pop();
    }
  }
  return {
    kind: 'isotonic',
    x: blocks.map((block) => round6(block.start)),
    y: blocks.map((block) => round6(block.sum / block.count)),
  };
}
