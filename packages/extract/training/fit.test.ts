import * as tf from '@tensorflow/tfjs';
import { describe, expect, it } from 'vitest';
import { type Candidate, choose, type Features, featureRow, logit } from '../src/model/ranker';
import { fitCalibration, fitRanker, isotonic, type TrainingDoc } from './fit';

/**
 * Synthetic documents: a right candidate carries "good" (and the word "total" before it), wrong ones
 * carry "bad"; a third of the documents have no right candidate, and then "none" is right.
 */
function documents(count: number): TrainingDoc[] {
  const docs: TrainingDoc[] = [];
  for (let i = 0; i < count; i += 1) {
    const hasAnswer = i % 3 !== 0;
    const candidates: Features[] = [
      { none: 1 },
      { bad: 1, 'lay:x': (i % 7) / 7, 'w:L:change': 1 },
      { bad: 1, 'w:L:cash': 1 },
    ];
    if (hasAnswer) candidates.push({ good: 1, 'lay:x': 0.9, 'w:L:total': 1 });
    docs.push({ candidates, right: [hasAnswer ? 3 : 0], weight: 1 });
  }
  return docs;
}

const options = { buckets: 16, l2: 1e-3, epochs: 60, learningRate: 0.1, maxCandidates: 8, minDocs: 1 };

describe('fitting a ranker', () => {
  it('gives the same weights from the same data, byte for byte', async () => {
    const first = await fitRanker('total', documents(60), options);
    const second = await fitRanker('total', documents(60), options);
    expect(JSON.stringify(second)).toBe(JSON.stringify(first));
  });

  it('is read by the plain-TypeScript inference exactly as the training library scores it', async () => {
    const model = await fitRanker('total', documents(60), options);
    const candidates = documents(1)[0]?.candidates ?? [];
    const rows = candidates.map((features) => [...featureRow(model, features)]);
    const library = tf.matMul(tf.tensor2d(rows), tf.tensor2d(model.weights, [model.weights.length, 1]));
    const expected = [...(await library.data())];
    const ours = candidates.map((features) => logit(model, features));
    for (const [i, score] of ours.entries()) expect(score).toBeCloseTo(expected[i] as number, 4);
    const rank = (scores: number[]) =>
      scores.map((_, i) => i).sort((a, b) => (scores[b] as number) - (scores[a] as number));
    expect(rank(ours)).toEqual(rank(expected));
  });

  it('answers "none" for a document with no good candidate, and the good one otherwise', async () => {
    const model = await fitRanker('total', documents(90), options);
    const make = (features: Candidate<string>['features'][]) =>
      features.map((f, i) => ({ value: i === 0 ? null : String(i), features: f, line: i, why: '' }));
    const without = choose(
      model,
      make([{ none: 1 }, { bad: 1, 'w:L:change': 1 }, { bad: 1, 'w:L:cash': 1 }]),
    );
    expect(without?.candidate.value).toBeNull();
    const withGood = choose(
      model,
      make([{ none: 1 }, { bad: 1, 'w:L:cash': 1 }, { good: 1, 'lay:x': 0.9, 'w:L:total': 1 }]),
    );
    expect(withGood?.candidate.value).toBe('2');
  });
});

describe('calibration', () => {
  it('is a non-decreasing step function fitted by isotonic regression on many examples', () => {
    const held = Array.from({ length: 600 }, (_, i) => ({ raw: i / 100, right: i % 10 < i / 60 }));
    const fitted = isotonic(held);
    expect(fitted.kind).toBe('isotonic');
    if (fitted.kind !== 'isotonic') return;
    for (let i = 1; i < fitted.y.length; i += 1)
      expect(fitted.y[i]).toBeGreaterThanOrEqual(fitted.y[i - 1] as number);
  });

  it('uses Platt scaling on few examples, rising with the score', async () => {
    const held = Array.from({ length: 200 }, (_, i) => ({
      raw: (i - 100) / 20,
      right: i % 4 !== 0 && i > 60,
    }));
    const fitted = await fitCalibration(held);
    expect(fitted.kind).toBe('platt');
    if (fitted.kind === 'platt') expect(fitted.a).toBeGreaterThan(0);
  });
});

describe('a document read by OCR', () => {
  it('gets the OCR calibration where training fitted one, the printed one otherwise', async () => {
    const model = await fitRanker('total', documents(60), options);
    const candidates: Candidate<string>[] = [
      { value: null, line: -1, why: 'none', features: { none: 1 } },
      { value: '9.90', line: 3, why: 'amount', features: { good: 1, 'lay:x': 0.9, 'w:L:total': 1 } },
    ];
    const printed = choose(model, candidates, true);
    // An OCR calibration that trusts the same score less.
    const withOcr = { ...model, ocrCalibration: { kind: 'platt' as const, a: 1, b: -4 } };
    const read = choose(withOcr, candidates, true);
    expect(read?.candidate.value).toBe('9.90');
    expect(read?.confidence).toBeLessThan(printed?.confidence as number);
    expect(choose(withOcr, candidates, false)?.confidence).toBe(printed?.confidence);
  });
});
