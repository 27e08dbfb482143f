/**
 * The memory of a user's corrections: what one correction teaches about the next document of the same
 * issuer. Pure: the server stores the entries (keys as HMACs, anchors and aliases sealed) and passes in
 * those of the document's keys; nothing here reads or writes anything.
 *
 * - An alias (the merchant name the user prefers) is learned and applied on identity keys only
 *   (memory/keys.ts: a non-platform sender address, a tax or registration number, an IBAN, a phone).
 * - An anchor (the label words and the half of the document where the corrected total or date was printed)
 *   is learned only when the corrected value is printed; under an identity key it picks the candidate at
 *   that anchor, under the layout key (sender domain and label words) it only re-weighs the candidates.
 * - A key whose corrections conflict is dropped, and stays dropped.
 * - A field memory decides gets its confidence from memory's own calibration (model/memory.json, fitted by
 *   the replay, `npm run bench:extract -- --replay --record`), so it still goes to review below threshold.
 */
import memoryModel from '../model/memory.json' with { type: 'json' };
import { type DocContext, MODELS, RANKED } from './fields/ranked';
import { type Calibration, calibrated, logit } from './model/ranker';
import { anchorAt, identityKeys, layoutKey } from './memory/keys';
import type { Doc } from './readers/doc';
import { ANCHORED_FIELDS, type AnchoredField, type Extraction, type MemorySketch, type SketchOption } from './types';

export { ANCHORED_FIELDS, type AnchoredField, type MemorySketch, type SketchOption } from './types';

export { identityKeys, layoutKey } from './memory/keys';
export { isPlatformMailer, PLATFORM_MAILERS } from './memory/platform-mailers';


/**
 * One remembered thing, stored per user under (key, kind, field). `key` is what the caller's `keyOf` made
 * of a raw key (the server: an HMAC under the user's key). An alias's `value` is the merchant name; an
 * anchor's `value` the corrected value it was learned from and `anchor` where it was printed. A dropped
 * entry keeps its key from being learned again.
 */
export interface MemoryEntry {
  key: string;
  kind: 'alias' | 'anchor';
  field: 'merchant' | AnchoredField;
  value: string | null;
  anchor: string | null;
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
  /** Log-odds added to a candidate at an anchor learned under the layout key. */
  bonus: number;
  /** Below its threshold a field goes to review. */
  review: Record<'merchant' | AnchoredField, number>;
}

export const MEMORY_MODEL = memoryModel as unknown as MemoryModel;
/** The confidence below which the server sends a field to review. */
export const REVIEW_THRESHOLDS = MEMORY_MODEL.review;

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
    const scored = RANKED[field](doc, context).map((c) => ({
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

const sameMerchant = (a: string, b: string) =>
  a.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '') === b.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
const sameValue = (field: AnchoredField, a: string | null, b: string | null) =>
  a !== null && b !== null && (field === 'total' ? Number(a).toFixed(2) === Number(b).toFixed(2) : a === b);

/** Softmax shares pooled by value (as the ranker pools them), with `bonus` log-odds on the boosted options. */
function pooled(options: SketchOption[], boosted: (o: SketchOption) => boolean, bonus: number) {
  const top = Math.max(...options.map((o) => o.logit + (boosted(o) ? bonus : 0)));
  const byValue = new Map<string | null, number>();
  let sum = 0;
  for (const o of options) {
    const share = Math.exp(o.logit + (boosted(o) ? bonus : 0) - top);
    sum += share;
    byValue.set(o.value, (byValue.get(o.value) ?? 0) + share);
  }
  return { byValue, sum };
}

const logOdds = (p: number) => Math.max(-20, Math.min(20, Math.log(p / Math.max(1 - p, 1e-9))));

/** How memory decided one field of one document (for the signals and the replay's bookkeeping). */
export interface MemoryUse {
  field: 'merchant' | AnchoredField;
  how: 'alias' | 'anchor' | 'layout';
  value: string;
  /** The log-odds memory's calibration reads (0 for an alias). */
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
    uses.push({ field: 'merchant', how: 'alias', value: names[0] as string, raw: 0, entries: aliases });
  for (const field of ANCHORED_FIELDS) {
    const options = sketch.options[field];
    if (options.length === 0 || extraction.signals.some((s) => /^(einvoice|jsonld):/.test(s) && s.endsWith(`:${field}`)))
      continue;
    const anchors = live.filter((e) => e.kind === 'anchor' && e.field === field && e.anchor);
    const strong = anchors.filter((e) => identity.has(e.key));
    const used = strong.length > 0 ? strong : anchors;
    const at = new Set(used.map((e) => e.anchor));
    const hit = (o: SketchOption) => o.value !== null && at.has(o.anchor);
    if (!options.some(hit)) continue;
    const how = strong.length > 0 ? 'anchor' : 'layout';
    // Under an identity key only the candidates at the anchor compete; under the layout key all do.
    const { byValue, sum } =
      how === 'anchor' ? pooled(options.filter(hit), () => false, 0) : pooled(options, hit, model.bonus);
    let best: [string | null, number] = [null, -1];
    for (const [value, share] of byValue) if (share > best[1]) best = [value, share];
    if (best[0] === null) continue;
    // The log-odds of the chosen value's share among all the ranker's candidates (re-weighed for layout).
    const all = how === 'anchor' ? pooled(options, () => false, 0) : { byValue, sum };
    const raw = logOdds((all.byValue.get(best[0]) ?? 0) / all.sum);
    uses.push({ field, how, value: best[0], raw, entries: used.filter((e) => options.some((o) => hit(o) && o.anchor === e.anchor)) });
  }
  if (uses.length === 0) return { extraction, uses };
  const out: Extraction = { ...extraction, confidence: { ...extraction.confidence }, signals: [...extraction.signals] };
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
 * identity key; for a total or a date printed in the document, its anchor under each identity key and the
 * layout key. `existing` are the entries stored for the document's keys: an entry that now disagrees (an
 * alias naming another shop, an anchor at another place) comes back dropped, and a conflicting alias drops
 * every entry of its key. Dropped entries are never revived.
 */
export function learnFromCorrection(
  sketch: MemorySketch,
  corrected: Corrected,
  existing: MemoryEntry[],
): MemoryEntry[] {
  const stored = new Map(existing.map((e) => [`${e.key}\n${e.kind}\n${e.field}`, e]));
  const out = new Map<string, MemoryEntry>();
  const dead = new Set(existing.filter((e) => e.kind === 'alias' && e.dropped).map((e) => e.key));
  const put = (entry: MemoryEntry) => out.set(`${entry.key}\n${entry.kind}\n${entry.field}`, entry);
  const drop = (e: Pick<MemoryEntry, 'key' | 'kind' | 'field'>) =>
    put({ key: e.key, kind: e.kind, field: e.field, value: null, anchor: null, dropped: true });
  const merchant = corrected.merchant?.trim();
  if (merchant) {
    for (const key of sketch.identity) {
      const before = stored.get(`${key}\nalias\nmerchant`);
      if (before?.dropped) continue;
      if (before && !sameMerchant(before.value ?? '', merchant)) {
        // An identity that collects two shops' names identifies no shop: everything under it goes.
        dead.add(key);
        drop(before);
        for (const e of existing) if (e.key === key && !e.dropped) drop(e);
        continue;
      }
      if (!before) put({ key, kind: 'alias', field: 'merchant', value: merchant, anchor: null, dropped: false });
    }
  }
  for (const field of ANCHORED_FIELDS) {
    const value = corrected[field] ?? null;
    // Only a value printed in the document has a place to remember: the best-scored candidate holding it.
    const printed = sketch.options[field].find((o) => sameValue(field, o.value, value));
    if (!printed || !value) continue;
    for (const key of [...sketch.identity, sketch.layout]) {
      if (dead.has(key)) continue;
      const before = stored.get(`${key}\nanchor\n${field}`);
      if (before?.dropped) continue;
      if (before && before.anchor !== printed.anchor) drop(before);
      else if (!before) put({ key, kind: 'anchor', field, value, anchor: printed.anchor, dropped: false });
    }
  }
  return [...out.values()];
}

/** Why an extraction goes to review, in words; empty when it need not. */
export function needsReview(
  extraction: Extraction,
  thresholds: Record<'merchant' | AnchoredField, number> = REVIEW_THRESHOLDS,
): string[] {
  const reasons: string[] = [];
  const names = { merchant: 'merchant', purchase_date: 'purchase date', total: 'total' } as const;
  for (const field of ['merchant', 'purchase_date', 'total'] as const) {
    const confidence = extraction.confidence[field] ?? 0;
    if (extraction[field] === null) reasons.push(`no ${names[field]} was read`);
    else if (confidence < thresholds[field])
      reasons.push(`the ${names[field]} is unsure (${Math.round(confidence * 100)} % < ${Math.round(thresholds[field] * 100)} %)`);
  }
  if (extraction.is_order && extraction.products.length === 0) reasons.push('no product line was read');
  const prices = extraction.products.map((p) => (p.price === null ? Number.NaN : Number(p.price)));
  const total = extraction.total === null ? Number.NaN : Number(extraction.total);
  if (prices.length > 0 && prices.every(Number.isFinite) && Number.isFinite(total)) {
    const sum = prices.reduce((a, b) => a + b, 0);
    if (Math.max(...prices) > total + 0.005)
      reasons.push('a product line costs more than the total');
    else if (sum > total * 1.5 + 0.005) reasons.push('the product lines add up to far more than the total');
  }
  return reasons;
}
