/**
 * Labelled documents as each field's ranker sees them: the document model read by the production
 * readers, the production candidate code's candidates, and which of them the frozen comparison rules
 * (bench/src/compare.ts) count as right. Training and the grouped bench build their examples here, so
 * what is trained on is what is served and what is scored.
 */
import { readFileSync } from 'node:fs';
import { isRight } from '../../../bench/src/compare';
import { dateCandidates } from '../src/candidates/date';
import { merchantCandidates } from '../src/candidates/merchant';
import { totalCandidates } from '../src/candidates/total';
import type { Candidate } from '../src/model/ranker';
import { boxesToDoc } from '../src/readers/boxes';
import type { Doc } from '../src/readers/doc';
import { readText } from '../src/readers/text';
import type { LabelledDoc } from './corpus';
import type { FieldExample } from './crossval';

/** The fields a learned ranker chooses, with the production code that proposes their candidates. */
export const RANKED = {
  total: (doc: Doc) => totalCandidates(doc),
  purchase_date: (doc: Doc) => dateCandidates(doc, null),
  merchant: (doc: Doc) => merchantCandidates(doc),
} satisfies Record<string, (doc: Doc) => Candidate<string>[]>;
export type RankedField = keyof typeof RANKED;
export const RANKED_FIELDS = Object.keys(RANKED) as RankedField[];

/** Silver labels (machine-assisted, not hand-checked) count half as much as SROIE and the dev corpus. */
export const SILVER_WEIGHT = 0.5;

/**
 * The document model of a labelled document, read as production reads its kind; null for kinds whose
 * production reader is not yet a document model (PDF and e-mail files of the development corpus).
 */
export function documentOf(labelled: LabelledDoc): Doc | null {
  const input = labelled.input;
  if (input.type === 'text') return readText(input.text).doc;
  if (input.type === 'boxes') return boxesToDoc(input.words, input.size);
  if (input.fileKind === 'text') return readText(readFileSync(input.path, 'utf8')).doc;
  return null;
}

/** A labelled document with its document model read once. */
export interface ReadExample {
  labelled: LabelledDoc;
  doc: Doc;
}

export function readExamples(labelled: LabelledDoc[]): ReadExample[] {
  return labelled.flatMap((l) => {
    const doc = l.truth.is_order ? documentOf(l) : null;
    return doc ? [{ labelled: l, doc }] : [];
  });
}

/**
 * One field's examples: documents whose truth is printed (or is "none"), each with its candidates and the
 * frozen rule for a right answer. A document whose truth exists but is not printed is left out: no
 * candidate could be right, and it is counted apart by the bench.
 */
export function fieldExamples(field: RankedField, read: ReadExample[]): FieldExample<string>[] {
  return read.flatMap(({ labelled, doc }) => {
    const truth = labelled.truth;
    const value = truth[field];
    const printed = field === 'total' ? labelled.printed.total : labelled.printed[field];
    if (value !== null && value !== undefined && !printed) return [];
    const compared = { kind: 'text' as const, ...truth };
    return [
      {
        id: labelled.id,
        fold: labelled.fold,
        lockbox: labelled.lockbox,
        weight: labelled.silver ? SILVER_WEIGHT : 1,
        silver: labelled.silver,
        candidates: RANKED[field](doc),
        isRight: (got: string | null) => isRight(field, compared, { [field]: got } as never),
      },
    ];
  });
}
