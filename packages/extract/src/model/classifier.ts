/**
 * Inference of a learned multi-class classifier (multinomial logistic regression) in plain TypeScript
 * over JSON weights written by `npm run train`. It reads the same feature rows as the rankers
 * (`featureRow`: named columns standardised, `w:` words hashed), one weight row per class.
 */
import { type Features, featureRow } from './ranker';

export interface ClassifierWeights {
  name: string;
  classes: string[];
  names: string[];
  buckets: number;
  mean: number[];
  scale: number[];
  /** One row per class, each `names.length + buckets` long. */
  weights: number[][];
  bias: number[];
}

const columnCache = new WeakMap<ClassifierWeights, Map<string, number>>();
function columnsOf(model: ClassifierWeights): Map<string, number> {
  let columns = columnCache.get(model);
  if (!columns) {
    columns = new Map(model.names.map((name, i) => [name, i]));
    columnCache.set(model, columns);
  }
  return columns;
}

/**
 * Each class's probability for one example, in `model.classes` order (a softmax over the class scores).
 * @example classProbabilities(model, { 'lex:total': 1 }) //=> [0.01, 0.95, ...]
 */
export function classProbabilities(model: ClassifierWeights, features: Features): number[] {
  const row = featureRow(model, features, columnsOf(model));
  const scores = model.weights.map((w, k) => {
    let sum = model.bias[k] ?? 0;
    for (let i = 0; i < row.length; i += 1) sum += (row[i] as number) * (w[i] ?? 0);
    return sum;
  });
  const top = Math.max(...scores);
  const exp = scores.map((s) => Math.exp(s - top));
  const total = exp.reduce((a, b) => a + b, 0);
  return exp.map((e) => e / total);
}
