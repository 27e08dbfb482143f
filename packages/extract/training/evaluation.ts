/**
 * What one training run measured, shared by train.ts (which runs it) and model-card.ts (which writes it
 * down): the grouped reports per trained field and what kind of document each id is.
 */
import type { FieldReport } from './crossval';
import { RANKED_FIELDS, type RankedField } from './examples';
import type { LineKindReport } from './line-kinds';

/** Every model training writes: the field rankers, then the order classifier. */
export const TRAINED_FIELDS = [...RANKED_FIELDS, 'is_order'] as const;
export type TrainedField = RankedField | 'is_order';

export interface Evaluation {
  /** The fields evaluated (all of TRAINED_FIELDS unless `--only`). */
  fields: TrainedField[];
  reports: Partial<Record<TrainedField, FieldReport<string>>>;
  /** Document id -> its kind (e-mail, PDF, text, photo) and corpus, for the tables. */
  kinds: Map<string, { kind: string; corpus: string; silver: boolean; order: boolean }>;
  documents: number;
  /** The product-line classifier, trained when every ranked field is. */
  lineKinds: LineKindReport | null;
}

/** A field's report (present for every field evaluated). */
export const reportOf = (evaluation: Evaluation, field: TrainedField) =>
  evaluation.reports[field] as FieldReport<string>;

/** A field's held-out results on gold labels (silver documents are never scored against a target). */
export const goldHeldOut = (evaluation: Evaluation, field: TrainedField) =>
  reportOf(evaluation, field).grouped.filter((s) => !evaluation.kinds.get(s.id)?.silver);
