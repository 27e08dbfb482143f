/**
 * `npm run bench:extract -- --replay [--record]`: the memory of corrections replayed as one user. SROIE,
 * the development corpus and the silver corpora (printed apart) are read in one date order with one shared
 * memory; each document by the fold models that never saw its group (training/crossval.ts, the lockbox
 * left out), and after it is read its truth is applied as the user's correction. Prints per field the
 * accuracy of each group's first document against its later ones (macro-averaged over groups), how often
 * memory was applied to a document of another group, and review against wrong fields. `--record` fits
 * memory's calibration, its layout bonus and the review thresholds on the gold documents and writes
 * packages/extract/model/memory.json.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { extractionFromDoc } from '@warrantly/extract/document';
import { extractBytes } from '@warrantly/extract/extract-file';
import {
  MODELS,
  RANKED_FIELDS,
  type RankedField,
  serveRankerWeights,
} from '@warrantly/extract/fields/ranked';
import {
  applyMemory,
  learnFromCorrection,
  MEMORY_MODEL,
  type MemoryEntry,
  type MemoryModel,
  type MemoryUse,
  needsReview,
  placeWeights,
  type ReviewFlag,
  reweighed,
  type SketchOption,
} from '@warrantly/extract/memory';
import type { RankerWeights } from '@warrantly/extract/model/ranker';
import { boxesToDoc } from '@warrantly/extract/readers/boxes';
import { readText } from '@warrantly/extract/readers/text';
import type { Extraction } from '@warrantly/extract/types';
import type { LabelledDoc } from '../../packages/extract/training/corpus';
import { isRight } from './compare';
import { printTable } from './extract-tables';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CACHE = path.join(ROOT, 'bench/output/replay-folds');
const MEMORY_FILE = path.join(ROOT, 'packages/extract/model/memory.json');
const FIELDS = ['merchant', 'purchase_date', 'total'] as const;
type Field = (typeof FIELDS)[number];

/**
 * The fold models of each ranked field, as grouped cross-validation fits them; cached by a hash of the
 * examples they are fitted on, so a second replay fits nothing.
 */
async function foldModels(labelled: LabelledDoc[]): Promise<Record<RankedField, Map<number, RankerWeights>>> {
  const { readExamples, fieldExamples } = await import('../../packages/extract/training/examples');
  const { crossValidate } = await import('../../packages/extract/training/crossval');
  const read = await readExamples(labelled, { photos: true });
  const out = {} as Record<RankedField, Map<number, RankerWeights>>;
  await Promise.all(
    RANKED_FIELDS.map(async (field) => {
      const examples = fieldExamples(field, read);
      const hash = createHash('sha1');
      for (const e of examples)
        hash.update(
          JSON.stringify([
            e.id,
            e.fold,
            e.weight,
            e.ocr,
            e.candidates.map((c) => [c.features, e.isRight(c.value)]),
          ]),
        );
      const file = path.join(CACHE, `${field}-${hash.digest('hex').slice(0, 16)}.json`);
      if (existsSync(file)) {
        out[field] = new Map(JSON.parse(readFileSync(file, 'utf8')) as [number, RankerWeights][]);
        return;
      }
      const started = performance.now();
      const report = await crossValidate(field, examples);
      console.log(`${field}: fold models fitted in ${((performance.now() - started) / 1000).toFixed(0)} s`);
      mkdirSync(CACHE, { recursive: true });
      writeFileSync(file, JSON.stringify([...report.folds]));
      out[field] = report.folds;
    }),
  );
  return out;
}

/** A document's extraction by the production entry point of its kind, with its memory sketch. */
async function read(l: LabelledDoc): Promise<Extraction> {
  const memory = { keyOf: (raw: string) => raw, entries: [] };
  const input = l.input;
  if (input.type === 'text')
    return extractionFromDoc(readText(input.text).doc, false, undefined, null, memory);
  if (input.type === 'boxes')
    return extractionFromDoc(boxesToDoc(input.words, input.size), false, undefined, null, memory);
  const kind = input.fileKind === 'email' ? 'email' : input.fileKind;
  return extractBytes(kind, readFileSync(input.path), { memory });
}

interface Replayed {
  id: string;
  group: string;
  silver: boolean;
  first: boolean;
  right: Partial<Record<Field, boolean>>;
  /** Right without memory (the ranker's own reading). */
  before: Partial<Record<Field, boolean>>;
  review: ReviewFlag[];
  /** Each field's confidence, 0 where none was read. */
  confidence: Partial<Record<Field, number>>;
  uses: MemoryUse[];
  /** The entries memory used that were learned from another group's document, as "how key (group)". */
  crossed: string[];
  /** Wrong fields, as "field: got … expected …". */
  misses: string[];
}

const entryId = (e: Pick<MemoryEntry, 'key' | 'kind' | 'field'>) => `${e.key}\n${e.kind}\n${e.field}`;
const pct = (right: number, n: number) => (n === 0 ? '-' : `${((right / n) * 100).toFixed(1)}%`);

/** Per field and position in the group: the share right, averaged over groups. */
function accuracyRows(docs: Replayed[], label: string): string[][] {
  const rows: string[][] = [];
  for (const field of FIELDS) {
    for (const first of [true, false]) {
      const byGroup = new Map<string, { right: number; before: number; n: number }>();
      for (const d of docs) {
        if (d.first !== first || d.right[field] === undefined) continue;
        const cell = byGroup.get(d.group) ?? { right: 0, before: 0, n: 0 };
        cell.n += 1;
        if (d.right[field]) cell.right += 1;
        if (d.before[field]) cell.before += 1;
        byGroup.set(d.group, cell);
      }
      const groups = [...byGroup.values()];
      const macro = (k: 'right' | 'before') => groups.reduce((s, g) => s + g[k] / g.n, 0);
      rows.push([
        label,
        field,
        first ? 'first' : 'later',
        String(groups.length),
        String(groups.reduce((s, g) => s + g.n, 0)),
        pct(macro('before'), groups.length),
        pct(macro('right'), groups.length),
      ]);
    }
  }
  return rows;
}

/** A flag about a field's own reading (low or missing), not about the order as a whole. */
const byField = (flag: ReviewFlag) => flag.code === 'low_confidence' || flag.code === 'missing';

function reviewRows(docs: Replayed[], label: string): string[][] {
  const scored = docs.filter((d) => Object.keys(d.right).length > 0);
  const wrong = scored.filter((d) => Object.values(d.right).includes(false));
  const allRight = scored.filter((d) => !Object.values(d.right).includes(false));
  const inReview = (xs: Replayed[]) => xs.filter((d) => d.review.length > 0).length;
  const byConfidence = (xs: Replayed[]) => xs.filter((d) => d.review.some(byField)).length;
  return [
    [
      label,
      'any field wrong',
      String(wrong.length),
      pct(inReview(wrong), wrong.length),
      pct(byConfidence(wrong), wrong.length),
    ],
    [
      label,
      'all fields right',
      String(allRight.length),
      pct(inReview(allRight), allRight.length),
      pct(byConfidence(allRight), allRight.length),
    ],
  ];
}

interface Held {
  raw: number;
  right: boolean;
}

interface Reweigh {
  options: SketchOption[];
  weight: number[];
  isRight: (value: string | null) => boolean;
}

/** The bonus that reads the most fields right, on the grid 0, 0.5 … 12 (the least on a tie). */
function fitBonus(events: Reweigh[]): number {
  let best = { bonus: 0, right: -1 };
  for (let bonus = 0; bonus <= 12; bonus += 0.5) {
    const right = events.filter((e) =>
      e.isRight(reweighed(e.options, (o) => e.weight[e.options.indexOf(o)] ?? 0, bonus).value),
    ).length;
    if (right > best.right) best = { bonus, right };
  }
  return best.bonus;
}

/**
 * The review thresholds, one per field on the grid 0.50 … 0.99, that send the most documents with a wrong
 * field to review (by any reason) while sending at most `flagShare` of the all-right ones (the fewest on a
 * tie): the review queue's budget is spent on catching mistakes.
 */
function fitThresholds(docs: Replayed[], flagShare = 0.3): Record<Field, number> {
  const scored = docs.filter((d) => Object.keys(d.right).length > 0);
  const other = (d: Replayed) => d.review.some((r) => !byField(r));
  const wrong = scored.filter((d) => Object.values(d.right).includes(false));
  const allRight = scored.filter((d) => !Object.values(d.right).includes(false));
  const grid = Array.from({ length: 50 }, (_, i) => (50 + i) / 100);
  const below = (d: Replayed, t: Record<Field, number>) =>
    other(d) || FIELDS.some((f) => d.right[f] !== undefined && (d.confidence[f] ?? 0) < t[f]);
  let best = { t: { merchant: 0.5, purchase_date: 0.5, total: 0.5 }, caught: -1, flagged: 0 };
  for (const merchant of grid)
    for (const purchase_date of grid)
      for (const total of grid) {
        const t = { merchant, purchase_date, total };
        const flagged = allRight.filter((d) => below(d, t)).length;
        if (flagged > flagShare * allRight.length) continue;
        const caught = wrong.filter((d) => below(d, t)).length;
        if (caught > best.caught || (caught === best.caught && flagged < best.flagged))
          best = { t, caught, flagged };
      }
  return best.t;
}

export async function replay(options: { record: boolean }): Promise<void> {
  const started = performance.now();
  const { loadLabelled } = await import('../../packages/extract/training/corpus');
  const labelled = await loadLabelled();
  const folds = await foldModels(labelled);
  const shipped = { ...MODELS };
  const docs = labelled
    .filter((l) => !l.lockbox && l.corpus !== 'negatives' && l.truth.is_order)
    .sort((a, b) =>
      (a.truth.purchase_date ?? '9999') === (b.truth.purchase_date ?? '9999')
        ? a.id.localeCompare(b.id)
        : (a.truth.purchase_date ?? '9999') < (b.truth.purchase_date ?? '9999')
          ? -1
          : 1,
    );
  const store = new Map<string, MemoryEntry>();
  const learnedFrom = new Map<string, string>();
  const seen = new Set<string>();
  const replayed: Replayed[] = [];
  const held: Record<'alias' | 'anchor' | 'layout', Held[]> = { alias: [], anchor: [], layout: [] };
  const reweighs: Record<'anchor' | 'layout', Reweigh[]> = { anchor: [], layout: [] };
  for (const l of docs) {
    for (const field of RANKED_FIELDS) serveRankerWeights(field, folds[field].get(l.fold) as RankerWeights);
    let plain: Extraction;
    try {
      plain = await read(l);
    } catch {
      continue;
    }
    const sketch = plain.memory;
    if (!sketch) continue;
    const keys = new Set([...sketch.identity, sketch.layout]);
    const entries = [...store.values()].filter((e) => keys.has(e.key));
    const { extraction: got, uses } = applyMemory(plain, entries);
    const truth = { kind: 'text' as const, ...l.truth };
    const right: Replayed['right'] = {};
    const before: Replayed['before'] = {};
    for (const field of FIELDS) {
      if (l.truth[field] === undefined) continue;
      right[field] = isRight(field, truth, got);
      before[field] = isRight(field, truth, plain);
    }
    const crossed = uses.flatMap((u) =>
      u.entries
        .filter((e) => learnedFrom.get(entryId(e)) !== l.group)
        .map((e) => `${u.how} ${e.key.split(/[:|]/)[0]} from ${learnedFrom.get(entryId(e))}`),
    );
    const misses = FIELDS.filter((f) => right[f] === false).map(
      (f) =>
        `${f}: got ${JSON.stringify(got[f])}${uses.some((u) => u.field === f) ? ' (memory)' : ''}, expected ${JSON.stringify(l.truth[f])}`,
    );
    if (!l.silver)
      for (const use of uses) {
        held[use.how].push({ raw: use.raw, right: right[use.field] ?? false });
        if (use.how !== 'alias' && use.field !== 'merchant') {
          const options = sketch.options[use.field];
          const weight = placeWeights(use.entries);
          const field = use.field;
          reweighs[use.how].push({
            options,
            weight: options.map(weight),
            isRight: (v) => isRight(field, truth, { [field]: v } as never),
          });
        }
      }
    replayed.push({
      id: l.id,
      group: l.group,
      silver: l.silver,
      first: !seen.has(l.group),
      right,
      before,
      review: needsReview(got),
      confidence: Object.fromEntries(FIELDS.map((f) => [f, got[f] === null ? 0 : (got.confidence[f] ?? 0)])),
      uses,
      crossed,
      misses,
    });
    seen.add(l.group);
    const corrected = {
      merchant: l.truth.merchant,
      total: l.truth.total,
      purchase_date: l.truth.purchase_date,
    };
    for (const entry of learnFromCorrection(sketch, corrected, entries)) {
      const id = entryId(entry);
      if (!store.has(id)) learnedFrom.set(id, l.group);
      store.set(id, entry);
    }
  }
  for (const field of RANKED_FIELDS) serveRankerWeights(field, shipped[field]);

  const gold = replayed.filter((d) => !d.silver);
  const silver = replayed.filter((d) => d.silver);
  console.log(
    `\nreplay of ${replayed.length} documents (${gold.length} gold, ${silver.length} silver) as one user, in date order, one shared memory; each read by the fold models that never saw its group (lockbox left out)\n`,
  );
  console.log(
    "accuracy per field, macro-averaged over groups: a group's first document against its later ones",
  );
  printTable([
    ['labels', 'field', 'documents', 'groups', 'n', 'without memory', 'with memory'],
    ...accuracyRows(gold, 'gold'),
    ...accuracyRows(silver, 'silver (noisy)'),
  ]);
  const uses = (xs: Replayed[], how: string) => xs.filter((d) => d.uses.some((u) => u.how === how)).length;
  console.log('\nmemory applied');
  printTable([
    ['labels', 'documents', 'alias', 'anchor (identity)', 'layout re-weigh', 'to another group'],
    ...[
      ['gold', gold],
      ['silver (noisy)', silver],
    ].map(([label, xs]) => {
      const list = xs as Replayed[];
      return [
        label as string,
        String(list.length),
        String(uses(list, 'alias')),
        String(uses(list, 'anchor')),
        String(uses(list, 'layout')),
        String(list.filter((d) => d.crossed.length > 0).length),
      ];
    }),
  ]);
  console.log('\nreview (merchant, date, total): documents with a wrong field against all-right ones');
  printTable([
    ['labels', 'documents', 'n', 'in review', 'in review by confidence alone'],
    ...reviewRows(gold, 'gold'),
    ...reviewRows(silver, 'silver (noisy)'),
  ]);
  console.log('\nmemory applied to a document of another group (gold):');
  for (const d of gold.filter((x) => x.crossed.length > 0))
    console.log(`  ${d.id} (${d.group}): ${[...new Set(d.crossed)].join('; ')}`);
  console.log('\nwrong fields of later documents (gold):');
  for (const d of gold.filter((x) => !x.first && x.misses.length > 0))
    console.log(`  ${d.id} (${d.group}): ${d.misses.join('; ')}`);
  const reasons = new Map<string, number>();
  for (const d of gold)
    for (const r of d.review) {
      const k = r.message.replace(/\(.*\)/, '').trim();
      reasons.set(k, (reasons.get(k) ?? 0) + 1);
    }
  console.log(
    `\nreview reasons (gold): ${[...reasons]
      .sort((a, b) => b[1] - a[1])
      .map(([r, n]) => `${r} ${n}`)
      .join('; ')}`,
  );
  console.log(`\nreplay took ${((performance.now() - started) / 1000).toFixed(0)} s`);

  if (!options.record) return;
  const { fitCalibration } = await import('../../packages/extract/training/fit');
  const model: MemoryModel & { fitted_on: string } = {
    alias: await fitCalibration(held.alias),
    anchor: await fitCalibration(held.anchor),
    layout: await fitCalibration(held.layout),
    bonus: { anchor: fitBonus(reweighs.anchor), layout: fitBonus(reweighs.layout) },
    review: fitThresholds(gold),
    fitted_on: `the replay's gold documents: ${held.alias.length} aliases, ${held.anchor.length} identity anchors, ${held.layout.length} layout re-weighs, ${gold.length} documents`,
  };
  writeFileSync(MEMORY_FILE, `${JSON.stringify(model, null, 2)}\n`);
  console.log(
    `\nrecorded memory's calibration in ${path.relative(ROOT, MEMORY_FILE)} (bonus was ${JSON.stringify(MEMORY_MODEL.bonus)}, now ${JSON.stringify(model.bonus)})`,
  );
}
