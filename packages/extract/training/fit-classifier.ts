/**
 * Fits a multi-class classifier (multinomial logistic regression) with TensorFlow.js (pure JavaScript CPU
 * backend): softmax over the classes, weighted cross-entropy, L2, full batch, Adam from zero weights, so
 * the same data always gives the same weights. Inference: src/model/classifier.ts over the same rows.
 */
import * as tf from '@tensorflow/tfjs';
import type { ClassifierWeights } from '../src/model/classifier';
import { type Features, featureRow } from '../src/model/ranker';

export interface ClassExample {
  features: Features;
  /** Index into the classes. */
  label: number;
  weight: number;
}

export interface ClassifierFit {
  buckets: number;
  l2: number;
  epochs: number;
  learningRate: number;
  /** A named feature seen in fewer examples than this gets no column. */
  minCount: number;
}

export const DEFAULT_CLASSIFIER_FIT: ClassifierFit = {
  buckets: 256,
  l2: 1e-4,
  epochs: 60,
  learningRate: 0.1,
  minCount: 5,
};

const round6 = (x: number) => (x === 0 ? 0 : Number(x.toPrecision(6)));

function columns(
  examples: ClassExample[],
  minCount: number,
): { names: string[]; mean: number[]; scale: number[] } {
  const seen = new Map<string, number>();
  for (const e of examples)
    for (const name of Object.keys(e.features))
      if (!name.startsWith('w:')) seen.set(name, (seen.get(name) ?? 0) + 1);
  const names = [...seen]
    .filter(([, n]) => n >= minCount)
    .map(([name]) => name)
    .sort();
  const index = new Map(names.map((name, i) => [name, i]));
  const sum = new Float64Array(names.length);
  const squares = new Float64Array(names.length);
  for (const e of examples)
    for (const [name, value] of Object.entries(e.features)) {
      const i = index.get(name);
      if (i === undefined) continue;
      sum[i] = (sum[i] as number) + value;
      squares[i] = (squares[i] as number) + value * value;
    }
  const n = Math.max(examples.length, 1);
  const mean = [...sum].map((s) => s / n);
  // A floor on the deviation keeps a rare binary feature's standardised value small.
  const scale = [...squares].map((q, i) =>
    Math.max(Math.sqrt(Math.max(q / n - (mean[i] as number) ** 2, 0)), 0.5),
  );
  return { names, mean, scale };
}

/** Trains the classifier over `classes` from weighted examples. */
export async function fitClassifier(
  name: string,
  classes: readonly string[],
  examples: ClassExample[],
  options: ClassifierFit = DEFAULT_CLASSIFIER_FIT,
): Promise<ClassifierWeights> {
  tf.env().set('PROD', true);
  await tf.setBackend('cpu');
  const { names, mean, scale } = columns(examples, options.minCount);
  const layout = { names, buckets: options.buckets, mean, scale };
  const index = new Map(names.map((n, i) => [n, i]));
  const width = names.length + options.buckets;
  const x = new Float32Array(examples.length * width);
  const y = new Float32Array(examples.length * classes.length);
  const w = new Float32Array(examples.length);
  examples.forEach((e, i) => {
    x.set(featureRow(layout, e.features, index), i * width);
    y[i * classes.length + e.label] = 1;
    w[i] = e.weight;
  });
  const totalWeight = w.reduce((a, b) => a + b, 0) || 1;
  const W = tf.variable(tf.zeros([width, classes.length]));
  const B = tf.variable(tf.zeros([classes.length]));
  const X = tf.tensor2d(x, [examples.length, width]);
  const Y = tf.tensor2d(y, [examples.length, classes.length]);
  const S = tf.tensor1d(w);
  const optimizer = tf.train.adam(options.learningRate);
  for (let epoch = 0; epoch < options.epochs; epoch += 1)
    optimizer.minimize(() => {
      const logits = tf.add(tf.matMul(X, W), B);
      const perExample = tf.neg(tf.sum(tf.mul(Y, tf.logSoftmax(logits, 1)), 1));
      const data = tf.div(tf.sum(tf.mul(perExample, S)), totalWeight);
      return tf.add(data, tf.mul(options.l2, tf.sum(tf.square(W)))) as tf.Scalar;
    }, false);
  const flat = await W.data();
  const bias = [...(await B.data())].map(round6);
  tf.dispose([W, B, X, Y, S]);
  optimizer.dispose();
  const weights = classes.map((_, k) =>
    Array.from({ length: width }, (_, i) => round6(flat[i * classes.length + k] as number)),
  );
  return {
    name,
    classes: [...classes],
    names,
    buckets: options.buckets,
    mean: mean.map(round6),
    scale: scale.map(round6),
    weights,
    bias,
  };
}
