/**
 * The memory of a user's corrections: what one correction teaches about the next document of the same
 * issuer. Pure: the server stores the entries (keys as HMACs, anchors and aliases sealed) and passes in
 * those of the document's keys; nothing here reads or writes anything.
 *
 * - An alias (the merchant name the user prefers) is learned and applied on identity keys only
 *   (memory/keys.ts: a non-platform sender address, a tax or registration number, an IBAN, a phone).
 * - An anchor (the label words and the half of the document where the corrected total or date was printed)
 *   is learned only when the corrected value is printed. It adds log-odds to the candidates at the places
 *   corrections found the value, a weight of its own under an identity key and under the layout key
 *   (`bonus` in model/memory.json, fitted by the replay: a hard pick at the place read more totals wrong
 *   than right where the ranker disagreed), so the ranker still overrules a weak memory.
 * - A key whose corrections name two shops is dropped, and stays dropped.
 * - A field memory decides gets its confidence from memory's own calibration (model/memory.json, fitted by
 *   the replay, `npm run bench:extract -- --replay --record`), so it still goes to review below threshold.
 */
import memoryModel from '../model/memory.json' with { type: 'json' };
import { candidatesOf, type DocContext, MODELS } from './fields/ranked';
import { anchorAt, identityKeys, layoutKey } from './memory/keys';
import { type Calibration, calibrated, logit } from './model/ranker';
import type { Doc } from './readers/doc';
import {
  ANCHORED_FIELDS,
  type AnchoredField,
  type Extraction,
  type MemorySketch,
  type SketchOption,
} from './types';

export { identityKeys, layoutKey } from './memory/keys';
export { isPlatformMailer, PLATFORM_MAILERS } from './memory/platform-mailers';
export { ANCHORED_FIELDS, type AnchoredField, type MemorySketch, type SketchOption } from './types';

/**
 * One remembered thing, stored per user under (key, kind, field). `key` is what the caller's `keyOf` made
 * of a raw key (the server: an HMAC under the user's key). An alias's `value` is the merchant name. An
 * anchor's `value` is the last corrected value it learned from, `count` how many corrections it learned
 * from, and `anchors` the places the corrected values were printed at ("bottom|total rm"), each with how
 * many of those corrections found it there: a place that always held the value (the total after
 * rounding) outweighs one that held it only sometimes (the total before rounding, an item's price). A
 * dropped entry keeps its key from being learned again.
 */
export interface MemoryEntry {
  key: string;
  kind: 'alias' | 'anchor';
  field: 'merchant' | AnchoredField;
  value: string | null;
  anchors: Record<string, number> | null;
  count: number;
  dropped: boolean;
}

/** What an entry point is given: how to hash a raw key, and the entries found for the document's keys. */
export interface MemoryInput {
  keyOf: (raw: string) => string;
  entries?: MemoryEntry[];
}

export interface MemoryModel {
  alias: Calibration;
  anchor: Calibration;
  layout: Calibration;
  /**
   * Log-odds added to a candidate at a remembered place (times the share of corrections that found the
   * value there): memory's weight as a feature, fitted by the replay, under an identity key and under the
   * layout key.
   */
  bonus: { anchor: number; layout: number };
  /** Below its threshold a field goes to review. */
  review: Record<'merchant' | AnchoredField, number>;
}

export const MEMORY_MODEL = memoryModel as unknown as MemoryModel;
/** The confidence below which the server sends a field to review. */
export const REVIEW_THRESHOLDS = MEMORY_MODEL.review;

/** Places kept per anchor entry: the most often confirmed (a receipt prints its total at several). */
const MAX_PLACES = 12;
/** Candidates kept per field in a sketch: past these the softmax share is negligible. */
const MAX_OPTIONS = 40;

/**
 * The sketch of a document read into the document model: its keys (hashed by `keyOf`) and the anchored
 * fields' candidates with the served rankers' scores.
 */
export function memorySketch(
  doc: Doc,
  context: DocContext,
  sender: { address: string | null; domain: string | null },
  keyOf: (raw: string) => string,
): MemorySketch {
  const options = {} as Record<AnchoredField, SketchOption[]>;
  for (const field of ANCHORED_FIELDS) {
    const scored = candidatesOf(field, doc, context).map((c) => ({
      value: c.value,
      anchor: c.value === null ? '' : anchorAt(doc, c.line),
      logit: Math.round(logit(MODELS[field], c.features) * 1e4) / 1e4,
    }));
    options[field] = scored.sort((a, b) => b.logit - a.logit).slice(0, MAX_OPTIONS);
  }
  return {
    identity: [...new Set(identityKeys(doc, sender.address).map(keyOf))],
    layout: keyOf(layoutKey(doc, sender.domain)),
    options,
  };
}

/**
 * An entry point's extraction with memory: its sketch attached and the given entries applied. Without a
 * memory input the extraction is returned as it was.
 */
export function withMemory(
  extraction: Extraction,
  doc: Doc,
  context: DocContext,
  sender: { address: string | null; domain: string | null },
  memory: MemoryInput | undefined,
): Extraction {
  if (!memory) return extraction;
  const sketched = { ...extraction, memory: memorySketch(doc, context, sender, memory.keyOf) };
  return applyMemory(sketched, memory.entries ?? []).extraction;
}

const plainName = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '')
    .slice(0, 80);

/** Edit distance of two short strings (names are cut to 80 characters). */
function editDistance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const next = [i];
    for (let j = 1; j <= b.length; j += 1)
      next[j] = Math.min(
        (row[j] as number) + 1,
        (next[j - 1] as number) + 1,
        (row[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    row = next;
  }
  return row[b.length] as number;
}

/**
 * Whether two names are one shop's: equal but for case, spaces and punctuation, or a typo apart (a tenth
 * of the letters, at least two): "Kopitiam" written "Kopitam" is no second shop.
 */
const sameMerchant = (a: string, b: string) => {
  const [x, y] = [plainName(a), plainName(b)];
  return x === y || editDistance(x, y) <= Math.max(2, Math.floor(Math.min(x.length, y.length) / 10));
};
const sameValue = (field: AnchoredField, a: string | null, b: string | null) =>
  a !== null && b !== null && (field === 'total' ? Number(a).toFixed(2) === Number(b).toFixed(2) : a === b);

/**
 * The winning value of a field's candidates when each gets `bonus` log-odds times its weight, candidates of
 * one value pooled (as the ranker pools them), with the log-odds of its share.
 */
export function reweighed(
  options: SketchOption[],
  weight: (o: SketchOption) => number,
  bonus: number,
): { value: string | null; raw: number } {
  const scores = options.map((o) => o.logit + bonus * weight(o));
  const top = Math.max(...scores);
  const byValue = new Map<string | null, number>();
  let sum = 0;
  options.forEach((o, i) => {
    const share = Math.exp((scores[i] as number) - top);
    sum += share;
    byValue.set(o.value, (byValue.get(o.value) ?? 0) + share);
  });
  let best: [string | null, number] = [null, -1];
  for (const [value, share] of byValue) if (share > best[1]) best = [value, share];
  return { value: best[0], raw: logOdds(best[1] / sum) };
}

const logOdds = (p: number) => Math.max(-20, Math.min(20, Math.log(p / Math.max(1 - p, 1e-9))));

/**
 * Each candidate's weight as memory sees it: the share of an entry's corrections that found the value at
 * its place (the largest over the entries; 0 where none did).
 */
export function placeWeights(entries: MemoryEntry[]): (o: SketchOption) => number {
  const share = new Map<string, number>();
  for (const e of entries)
    for (const [at, n] of Object.entries(e.anchors ?? {}))
      share.set(at, Math.max(share.get(at) ?? 0, n / Math.max(e.count, 1)));
  return (o) => (o.value !== null ? (share.get(o.anchor) ?? 0) : 0);
}

/** How memory decided one field of one document (for the signals and the replay's bookkeeping). */
export interface MemoryUse {
  field: 'merchant' | AnchoredField;
  how: 'alias' | 'anchor' | 'layout';
  value: string;
  /** What memory's calibration reads: the ranker's log-odds of the value; for an alias ±1, agreeing or not. */
  raw: number;
  entries: MemoryEntry[];
}

/**
 * Applies the entries found for a document's keys to its extraction: an alias on an identity key names
 * the merchant; an anchor on an identity key picks the candidate printed at it; an anchor on the layout
 * key re-weighs the candidates. Each field decided gets memory's calibrated confidence. Entries of other
 * keys and dropped ones are ignored; values stated by the document's own data (e-invoice, schema.org)
 * are kept. Returns the extraction unchanged when it carries no sketch.
 */
export function applyMemory(
  extraction: Extraction,
  entries: MemoryEntry[],
  model: MemoryModel = MEMORY_MODEL,
): { extraction: Extraction; uses: MemoryUse[] } {
  const sketch = extraction.memory;
  if (!sketch) return { extraction, uses: [] };
  const identity = new Set(sketch.identity);
  const live = entries.filter((e) => !e.dropped && (identity.has(e.key) || e.key === sketch.layout));
  const uses: MemoryUse[] = [];
  const aliases = live.filter((e) => e.kind === 'alias' && identity.has(e.key) && e.value);
  const names = aliases.map((e) => e.value as string);
  if (names.length > 0 && names.every((n) => sameMerchant(n, names[0] as string)))
    uses.push({
      field: 'merchant',
      how: 'alias',
      value: names[0] as string,
      // An alias the document's own reading agrees with is surer than one that overrules it.
      raw: extraction.merchant !== null && sameMerchant(extraction.merchant, names[0] as string) ? 1 : -1,
      entries: aliases,
    });
  for (const field of ANCHORED_FIELDS) {
    const options = sketch.options[field];
    if (
      options.length === 0 ||
      extraction.signals.some((s) => /^(einvoice|jsonld):/.test(s) && s.endsWith(`:${field}`))
    )
      continue;
    const anchored = live.filter((e) => e.kind === 'anchor' && e.field === field && e.anchors);
    const strong = anchored.filter((e) => identity.has(e.key));
    const used = strong.length > 0 ? strong : anchored;
    const weight = placeWeights(used);
    if (!options.some((o) => weight(o) > 0)) continue;
    const how = strong.length > 0 ? 'anchor' : 'layout';
    const { value, raw } = reweighed(options, weight, model.bonus[how]);
    if (value === null) continue;
    const places = new Set(options.filter((o) => weight(o) > 0).map((o) => o.anchor));
    uses.push({
      field,
      how,
      value,
      raw,
      entries: used.filter((e) => Object.keys(e.anchors ?? {}).some((at) => places.has(at))),
    });
  }
  if (uses.length === 0) return { extraction, uses };
  const out: Extraction = {
    ...extraction,
    confidence: { ...extraction.confidence },
    signals: [...extraction.signals],
  };
  for (const use of uses) {
    out[use.field] = use.value;
    out.confidence[use.field] = calibrated(model[use.how], use.raw);
    out.signals.push(`${use.field}:memory-${use.how}`);
  }
  return { extraction: out, uses };
}

/** The fields a user confirmed or corrected, as the purchase now holds them. */
export interface Corrected {
  merchant?: string | null;
  total?: string | null;
  purchase_date?: string | null;
}

/**
 * The entries to upsert after the user corrected (or confirmed) fields of a document: an alias under each
 * identity key; for a total or a date printed in the document, the places it is printed at under each
 * identity key and the layout key. `existing` are the entries stored for the document's keys. An alias that
 * now names another shop drops every entry of its key: an identity that collects two shops' names
 * identifies neither. Dropped entries are never revived.
 */
export function learnFromCorrection(
  sketch: MemorySketch,
  corrected: Corrected,
  existing: MemoryEntry[],
): MemoryEntry[] {
  const id = (e: Pick<MemoryEntry, 'key' | 'kind' | 'field'>) => `${e.key}\n${e.kind}\n${e.field}`;
  const stored = new Map(existing.map((e) => [id(e), e]));
  const out = new Map<string, MemoryEntry>();
  const dead = new Set(existing.filter((e) => e.dropped).map((e) => e.key));
  const put = (entry: MemoryEntry) => out.set(id(entry), entry);
  const drop = (e: Pick<MemoryEntry, 'key' | 'kind' | 'field'>) =>
    put({ key: e.key, kind: e.kind, field: e.field, value: null, anchors: null, count: 0, dropped: true });
  const merchant = corrected.merchant?.trim();
  if (merchant) {
    for (const key of sketch.identity) {
      if (dead.has(key)) continue;
      const before = stored.get(`${key}\nalias\nmerchant`);
      if (before && !sameMerchant(before.value ?? '', merchant)) {
        dead.add(key);
        drop(before);
        for (const e of existing) if (e.key === key) drop(e);
      } else
        put({
          key,
          kind: 'alias',
          field: 'merchant',
          value: merchant,
          anchors: null,
          count: (before?.count ?? 0) + 1,
          dropped: false,
        });
    }
  }
  for (const field of ANCHORED_FIELDS) {
    const value = corrected[field] ?? null;
    // Only a value printed in the document has a place to remember: every place it is printed at.
    const places = new Set(
      sketch.options[field].filter((o) => sameValue(field, o.value, value)).map((o) => o.anchor),
    );
    if (places.size === 0 || !value) continue;
    for (const key of [...sketch.identity, sketch.layout]) {
      if (dead.has(key)) continue;
      const before = stored.get(`${key}\nanchor\n${field}`);
      const anchors = { ...(before?.anchors ?? {}) };
      for (const at of places) anchors[at] = (anchors[at] ?? 0) + 1;
      const kept = Object.entries(anchors)
        .sort((x, y) => y[1] - x[1])
        .slice(0, MAX_PLACES);
      const count = (before?.count ?? 0) + 1;
      put({ key, kind: 'anchor', field, value, anchors: Object.fromEntries(kept), count, dropped: false });
    }
  }
  return [...out.values()];
}

/**
 * One reason a reading goes to review: the field concerned (`products` and `amounts` are about the
 * order as a whole), a code, and the reason in words for the screen.
 */
export interface ReviewFlag {
  field: 'merchant' | 'purchase_date' | 'total' | 'products' | 'amounts';
  code: 'low_confidence' | 'missing' | 'no_product_line' | 'amounts_disagree';
  message: string;
}

const FIELD_WORDS = { merchant: 'The shop', purchase_date: 'The purchase date', total: 'The total' } as const;

/**
 * Why an extraction goes to review; empty when it need not: a field read below its threshold or not at
 * all, an order with no product line, a line costing more than the total, or lines adding up to far more
 * than it (shipping, tax and discounts move a total a little from its lines, never this far).
 */
export function needsReview(
  extraction: Extraction,
  thresholds: Record<'merchant' | AnchoredField, number> = REVIEW_THRESHOLDS,
): ReviewFlag[] {
  const flags: ReviewFlag[] = [];
  for (const field of ['merchant', 'purchase_date', 'total'] as const) {
    const confidence = extraction.confidence[field] ?? 0;
    if (extraction[field] === null)
      flags.push({ field, code: 'missing', message: `${FIELD_WORDS[field]} was not found in the document` });
    else if (confidence < thresholds[field])
      flags.push({
        field,
        code: 'low_confidence',
        // A mail that prints no date of its own is dated by its Date header: say so, not a percentage.
        message:
          field === 'purchase_date' && extraction.signals.includes('purchase_date:date-header')
            ? "No purchase date is printed in the mail: the mail's own date was taken"
            : `${FIELD_WORDS[field]} was read with low confidence (${Math.round(confidence * 100)} %)`,
      });
  }
  if (extraction.is_order && extraction.products.length === 0)
    flags.push({
      field: 'products',
      code: 'no_product_line',
      message: 'No product line was read: the purchase is named after its document',
    });
  const prices = extraction.products.map((p) => (p.price === null ? Number.NaN : Number(p.price)));
  const total = extraction.total === null ? Number.NaN : Number(extraction.total);
  if (prices.length > 0 && prices.every(Number.isFinite) && Number.isFinite(total)) {
    const sum = prices.reduce((a, b) => a + b, 0);
    if (Math.max(...prices) > total + 0.005)
      flags.push({
        field: 'amounts',
        code: 'amounts_disagree',
        message: 'A product line costs more than the total',
      });
    else if (sum > total * 1.5 + 0.005)
      flags.push({
        field: 'amounts',
        code: 'amounts_disagree',
        message: 'The product lines add up to far more than the total',
      });
  }
  return flags;
}
