/**
 * Grouped cross-validation of one field's ranker: each document is scored by the model trained without
 * its group's fold; calibration is cross-fitted (a fold's scores are calibrated by a map fitted on the
 * other folds' held-out scores). The lockbox's groups are never trained or tuned on here: they are scored
 * once, by the model trained on every other fold, and reported only in aggregate.
 */
import { type Candidate, calibrated, calibrationFor, choose, type RankerWeights } from '../src/model/ranker';
import { DEFAULT_FIT, type FitOptions, fitCalibration, type Held, type TrainingDoc } from './fit';
import { fitRankerInPool } from './fit-pool';

/** One labelled document as a field sees it: its candidates and which of them are right. */
export interface FieldExample<V> {
  id: string;
  fold: number;
  lockbox: boolean;
  /** Training weight: silver labels count less. */
  weight: number;
  /** Machine-assisted labels: trained on (with less weight), never calibrated or scored against a target. */
  silver: boolean;
  candidates: Candidate<V>[];
  /** Whether a candidate's value is the truth. */
  isRight: (value: V | null) => boolean;
  /** Read by OCR: calibrated apart (RankerWeights.ocrCalibration). */
  ocr?: boolean;
}

/** What the ranker chose for one document, scored by a model that never saw its group. */
export interface Scored<V> {
  id: string;
  value: V | null;
  right: boolean;
  /** Calibrated confidence (cross-fitted). */
  confidence: number;
  raw: number;
}

export interface FieldReport<V> {
  /** Out-of-fold results of every non-lockbox document. */
  grouped: Scored<V>[];
  /** The model trained on every non-lockbox document, scored on those same documents. */
  inSample: Scored<V>[];
  /** The lockbox, scored by the model trained on every other document (aggregate use only). */
  lockbox: Scored<V>[];
  /** The model to ship: trained on every non-lockbox document, calibrated on all held-out scores. */
  model: RankerWeights;
  /** Documents whose truth no candidate held (a recall miss of the candidate rules). */
  unreachable: number;
  /** Each fold's model (trained without that fold's groups), with its cross-fitted calibration. */
  folds: Map<number, RankerWeights>;
}

/** The training form of an example, or null when no candidate is right (nothing to learn from). */
function toTraining<V>(example: FieldExample<V>): TrainingDoc | null {
  const right = example.candidates.flatMap((c, i) => (example.isRight(c.value) ? [i] : []));
  if (right.length === 0) return null;
  return { candidates: example.candidates.map((c) => c.features), right, weight: example.weight };
}

function score<V>(model: RankerWeights, example: FieldExample<V>): Scored<V> {
  const choice = choose(model, example.candidates, example.ocr);
  const value = choice?.candidate.value ?? null;
  return {
    id: example.id,
    value,
    right: example.isRight(value),
    confidence: choice?.confidence ?? 0,
    raw: choice?.score ?? 0,
  };
}

const trainingSet = <V>(examples: FieldExample<V>[]) =>
  examples.flatMap((e) => {
    const t = toTraining(e);
    return t ? [t] : [];
  });

export async function crossValidate<V>(
  field: string,
  examples: FieldExample<V>[],
  options: FitOptions = DEFAULT_FIT,
  folds = 5,
): Promise<FieldReport<V>> {
  const open = examples.filter((e) => !e.lockbox);
  const silver = new Set(examples.filter((e) => e.silver).map((e) => e.id));
  // The fold models and the final one are fitted at once, on the pool's workers.
  const heldOut = Array.from({ length: folds }, (_, fold) => fold).filter((fold) =>
    open.some((e) => e.fold === fold),
  );
  const fits = heldOut.map((fold) =>
    fitRankerInPool(field, trainingSet(open.filter((e) => e.fold !== fold)), options),
  );
  const final = fitRankerInPool(field, trainingSet(open), options);
  const held: Scored<V>[][] = [];
  for (const [k, fold] of heldOut.entries()) {
    const model = await (fits[k] as Promise<RankerWeights>);
    held.push(open.filter((e) => e.fold === fold).map((e) => score(model, e)));
  }
  // Cross-fitted calibration: each fold's raw scores mapped by the other folds' held-out results, those
  // read by OCR apart.
  const ocr = new Set(examples.filter((e) => e.ocr).map((e) => e.id));
  const grouped: Scored<V>[] = [];
  const foldModels = new Map<number, RankerWeights>();
  for (const [k, scored] of held.entries()) {
    const fitted = await calibrations(goldHeld(held.filter((_, j) => j !== k).flat(), silver), ocr);
    foldModels.set(heldOut[k] as number, { ...(await (fits[k] as Promise<RankerWeights>)), ...fitted });
    for (const s of scored)
      grouped.push({ ...s, confidence: calibrated(calibrationFor(fitted, ocr.has(s.id)), s.raw) });
  }
  const model = await final;
  Object.assign(model, await calibrations(goldHeld(grouped, silver), ocr));
  return {
    grouped,
    inSample: open.map((e) => score(model, e)),
    lockbox: examples.filter((e) => e.lockbox).map((e) => score(model, e)),
    model,
    unreachable: open.filter((e) => !e.candidates.some((c) => e.isRight(c.value))).length,
    folds: foldModels,
  };
}

/** Below this many held-out OCR results, documents read by OCR share the printed documents' calibration. */
const MIN_OCR_HELD = 50;

/** The calibration of printed documents and, with enough of them, of documents read by OCR. */
async function calibrations(
  held: Scored<unknown>[],
  ocr: Set<string>,
): Promise<Pick<RankerWeights, 'calibration' | 'ocrCalibration'>> {
  const read = held.filter((s) => ocr.has(s.id));
  if (read.length < MIN_OCR_HELD) return { calibration: await fitCalibration(held.map(toHeld)) };
  return {
    calibration: await fitCalibration(held.filter((s) => !ocr.has(s.id)).map(toHeld)),
    ocrCalibration: await fitCalibration(read.map(toHeld)),
  };
}

const toHeld = <V>(s: Scored<V>): Held => ({ raw: s.raw, right: s.right });

/** Held-out results with gold labels only: noisy labels would bend the calibration. */
const goldHeld = <V>(scored: Scored<V>[], silver: Set<string>): Scored<V>[] =>
  scored.filter((s) => !silver.has(s.id));
