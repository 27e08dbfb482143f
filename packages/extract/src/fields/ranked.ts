/**
 * The fields a learned ranker chooses (total, purchase date, merchant): the candidate rules propose, the
 * committed weights (packages/extract/model/*.json, written by `npm run train`) choose, and the choice
 * comes with a calibrated confidence. Training builds its examples from `RANKED` too, so what is trained
 * on is exactly what is served.
 */
import merchantWeights from '../../model/merchant.json' with { type: 'json' };
import dateWeights from '../../model/purchase_date.json' with { type: 'json' };
import totalWeights from '../../model/total.json' with { type: 'json' };
import { dateCandidates } from '../candidates/date';
import { merchantCandidates } from '../candidates/merchant';
import { type TotalCandidate, totalCandidates } from '../candidates/total';
import type { DateOrder } from '../dates';
import { type Candidate, type Choice, choose, type RankerWeights } from '../model/ranker';
import { type Doc, readByOcr } from '../readers/doc';

/** What the whole document says that every field's candidates may use. */
export interface DocContext {
  /** The day/month order of numeric dates the document's country suggests, null when it says none. */
  dateOrder: DateOrder | null;
}

export const RANKED = {
  total: (doc: Doc, _context: DocContext): TotalCandidate[] => totalCandidates(doc),
  purchase_date: (doc: Doc, context: DocContext): Candidate<string>[] =>
    dateCandidates(doc, context.dateOrder),
  merchant: (doc: Doc, _context: DocContext): Candidate<string>[] => merchantCandidates(doc),
};
export type RankedField = keyof typeof RANKED;
export const RANKED_FIELDS = Object.keys(RANKED) as RankedField[];

export const MODELS: Record<RankedField, RankerWeights> = {
  total: totalWeights as RankerWeights,
  purchase_date: dateWeights as RankerWeights,
  merchant: merchantWeights as RankerWeights,
};

/**
 * Serves weights training has just fitted, in place of the committed ones: the models trained after the
 * rankers (the line classifier reads the total's line, the order classifier reads every field) then learn
 * from the choices their weights will meet, and one `npm run train` reproduces itself byte for byte.
 */
export function serveRankerWeights(field: RankedField, weights: RankerWeights): void {
  MODELS[field] = weights;
}

/** The ranker's choice for one field, null when it has no candidate at all. */
/**
 * The candidates of a field in a document, made once: reading a field and sketching it for the memory of
 * corrections (memory.ts) ask for the same ones. They depend on the document and its date order only.
 */
const candidateCache = new WeakMap<Doc, Map<string, unknown[]>>();

export function candidatesOf<F extends RankedField>(
  field: F,
  doc: Doc,
  context: DocContext,
): ReturnType<(typeof RANKED)[F]>[number][] {
  let byField = candidateCache.get(doc);
  if (!byField) {
    byField = new Map();
    candidateCache.set(doc, byField);
  }
  const key = `${field}|${context.dateOrder ?? ''}`;
  let candidates = byField.get(key);
  if (!candidates) {
    candidates = RANKED[field](doc, context);
    byField.set(key, candidates);
  }
  return candidates as ReturnType<(typeof RANKED)[F]>[number][];
}

export function rankField<F extends RankedField>(
  field: F,
  doc: Doc,
  context: DocContext,
): Choice<ReturnType<(typeof RANKED)[F]>[number]> | null {
  return choose(MODELS[field], candidatesOf(field, doc, context), readByOcr(doc));
}
