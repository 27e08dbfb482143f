/**
 * Order versus non-order: a learned binary classifier over the words and the structure of a whole
 * document. It asks for order evidence (order, invoice, receipt or booking wording and numbers, product
 * lines, a total the total ranker believes in) and weighs it against what refunds, returns, shipping-only
 * notices, card alerts, newsletters, account notices, bounces and requests say; a confident total alone
 * does not make an order, and an invoice without a total still is one. What a document's own structured
 * data says (a schema.org Order, an e-invoice, a credit note) is read first, as for every field.
 *
 * It is the candidate ranker of ranker.ts with two candidates per document, "order" (carrying the
 * features) and "none" (`{ none: 1 }`), so training (`fitRanker`) and inference (`choose`, with its
 * calibrated confidence) are those of every other field. Weights: model/is_order.json (`npm run train`).
 */
import orderWeights from '../../model/is_order.json' with { type: 'json' };
import type { TotalCandidate } from '../candidates/total';
import { addContext, wordsOf } from '../features/context';
import {
  CUE_FAMILIES,
  ORDER_CUES,
  SENDER_KINDS,
  SHIPPING_SUBJECT,
  SHIPPING_SUBJECT_EXCEPT,
} from '../lexicon';
import type { CueFamily } from '../lexicon/lexicon';
import {
  type Candidate,
  type Choice,
  choose,
  type Features,
  featureTable,
  type RankerWeights,
} from '../model/ranker';

export const ORDER_MODEL = orderWeights as RankerWeights;

/** Lines of a document's start the classifier reads: an order says what it is near its top. */
export const ORDER_LINES = 60;

/** What the field readers found in the document, as readFields computes it (document.ts). */
export interface OrderEvidence {
  /** The total ranker's choice (its value null for "none"). */
  total: Choice<TotalCandidate> | null;
  /** An order, invoice, receipt or booking number after its label (order-number.ts). */
  orderNumber: boolean;
  /** Product lines read (products.ts). */
  products: number;
  /** The purchase-date ranker chose a date. */
  date: boolean;
}

/** Everything the classifier reads of one document. */
export interface OrderInput {
  /** An e-mail's subject (or a page's title); null for a printed document. */
  subject: string | null;
  /** An e-mail's sender; null for a printed document. */
  sender: { name: string | null; address: string | null } | null;
  /** The document's lines as read (an e-mail's body). */
  lines: string[];
  evidence: OrderEvidence;
  /** What the document's own data says: schema.org Order or e-invoice, ParcelDelivery, credit note. */
  structured: 'order' | 'parcel' | 'credit' | null;
}

export interface OrderDecision {
  isOrder: boolean;
  /** Calibrated probability that the document is an order. */
  probability: number;
  /** The cue families found and the classifier's verdict, for explaining a result. */
  signals: string[];
}

/** Phrases of at most this many words are looked up. */
const MAX_PHRASE = 5;

/** The cue phrases of every language, per family, normalised as text is (accents, case, punctuation). */
const PHRASES: Record<CueFamily, Set<string>> = Object.fromEntries(
  CUE_FAMILIES.map((family) => [family, new Set(ORDER_CUES[family].map((p) => tokens(p).join(' ')))]),
) as Record<CueFamily, Set<string>>;

/** Lower-case letters and digits without accents, as words: "Bestätigung #12" -> ["bestatigung", "12"]. */
function tokens(text: string): string[] {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/** Every run of one to MAX_PHRASE words of `text`: a phrase lookup is then one set probe. */
function phrasesOf(text: string): Set<string> {
  const words = tokens(text);
  const out = new Set<string>();
  for (let i = 0; i < words.length; i += 1) {
    let phrase = '';
    for (let n = 0; n < MAX_PHRASE && i + n < words.length; n += 1) {
      phrase = n === 0 ? (words[i] as string) : `${phrase} ${words[i + n]}`;
      out.add(phrase);
    }
  }
  return out;
}

/** The cue families `text` holds a phrase of. */
export function cueFamilies(text: string): CueFamily[] {
  const found = phrasesOf(text);
  return CUE_FAMILIES.filter((family) => {
    for (const phrase of PHRASES[family]) if (found.has(phrase)) return true;
    return false;
  });
}

/**
 * A shipping or delivery notice by its subject (or its structured data): the message is then a shipping
 * update, which is never an order itself (EmailFacts.is_shipping_update). A lexicon decision, kept from the
 * rules because it feeds a flag, not a score.
 */
export function isShippingNotice(subject: string, structured: OrderInput['structured']): boolean {
  if (structured === 'parcel') return true;
  const found = phrasesOf(subject);
  const has = (list: readonly string[]) => list.some((p) => found.has(tokens(p).join(' ')));
  return has(SHIPPING_SUBJECT) && !has(SHIPPING_SUBJECT_EXCEPT);
}

/**
 * Adds context-word features of `text`'s distinct words (the first `maxWords`), scaled so that a long text
 * weighs no more than a short one.
 */
function addWords(features: Features, slot: string, text: string, maxWords: number): void {
  const distinct = [...new Set(wordsOf(text))].slice(0, maxWords);
  const words: Features = featureTable();
  addContext(words, slot, distinct.join(' '), maxWords);
  const scale = 1 / Math.sqrt(Math.max(distinct.length, 1));
  for (const name of Object.keys(words)) {
    const value = words[name] as number;
    features[name] = name.startsWith('w:') ? value * scale : value;
  }
}

/** The kind of address a message came from, by its local part (SENDER_KINDS); null when it says nothing. */
function senderKind(address: string): string | null {
  const local = (address.split('@')[0] ?? '').toLowerCase();
  for (const [kind, starts] of Object.entries(SENDER_KINDS))
    if (
      starts.some(
        (start) =>
          local === start ||
          local.startsWith(`${start}-`) ||
          local.startsWith(`${start}.`) ||
          local.startsWith(`${start}_`) ||
          (start.length > 6 && local.startsWith(start)),
      )
    )
      return kind;
  return null;
}

/** An amount printed negative ("-31.49", "- £6.50", "12,99-"): what refunds, credit notes and statements print. */
const NEGATIVE_AMOUNT = /(?:^|\s)[-−]\s?[£$€]?\s?\d+[.,]\d\d(?!\d)|\d[.,]\d\d-(?:\s|$)/;

/** The cue families of the subject and of the body's start. */
function cuesOf(input: OrderInput): { subject: CueFamily[]; body: CueFamily[] } {
  return {
    subject: input.subject === null ? [] : cueFamilies(input.subject),
    body: cueFamilies(input.lines.slice(0, ORDER_LINES).join('\n')),
  };
}

/** The features of the "order" candidate: words, cue families and structure of the whole document. */
export function orderFeatures(input: OrderInput, cues = cuesOf(input)): Features {
  const features: Features = featureTable();
  const head = input.lines.slice(0, ORDER_LINES);
  if (input.subject !== null) addWords(features, 's', input.subject, 20);
  for (const family of cues.subject) features[`cue:s:${family}`] = 1;
  addWords(features, 'b', head.join('\n'), 400);
  for (const family of cues.body) features[`cue:${family}`] = 1;
  const negative = input.lines.filter((line) => NEGATIVE_AMOUNT.test(line)).length;
  if (negative > 0) features['doc:negative-amounts'] = Math.log1p(negative);

  const { total, orderNumber, products, date } = input.evidence;
  if (total?.candidate.value) {
    features['doc:total'] = 1;
    features['doc:total-confidence'] = total.confidence;
  }
  if (orderNumber) features['doc:order-number'] = 1;
  if (products > 0) {
    features['doc:products'] = 1;
    features['doc:product-lines'] = Math.log1p(products);
  }
  if (date) features['doc:date'] = 1;
  features['doc:lines'] = Math.log1p(input.lines.length);
  if (input.structured) features[`st:${input.structured}`] = 1;
  if (input.subject !== null && isShippingNotice(input.subject, input.structured))
    features['st:shipping-subject'] = 1;
  if (input.sender) {
    const kind = input.sender.address ? senderKind(input.sender.address) : null;
    if (kind) features[`from:${kind}`] = 1;
    addWords(features, 'f', `${input.sender.name ?? ''} ${input.sender.address?.split('@')[0] ?? ''}`, 6);
  }
  return features;
}

/** The two candidates the classifier chooses between: "order" and "none". */
export function orderCandidates(input: OrderInput, cues = cuesOf(input)): Candidate<'order'>[] {
  return [
    { value: 'order', features: orderFeatures(input, cues), line: -1, why: 'order evidence' },
    { value: null, features: { none: 1 }, line: -1, why: 'not an order' },
  ];
}

/**
 * Whether a document is an order (an order confirmation, receipt, invoice or booking), with the calibrated
 * probability and the cue families found.
 * @example classifyOrder(input).isOrder //=> true for "Thank you for your order ... Order number A-1"
 */
export function classifyOrder(input: OrderInput, model: RankerWeights = ORDER_MODEL): OrderDecision {
  const cues = cuesOf(input);
  const choice = choose(model, orderCandidates(input, cues));
  const chosenOrder = choice?.candidate.value === 'order';
  const confidence = choice?.confidence ?? 0.5;
  const probability = chosenOrder ? confidence : 1 - confidence;
  const found = new Set([...cues.subject, ...cues.body]);
  const signals = [...found].map((family) => (family === 'order' ? 'cue:order' : `neg:${family}`));
  signals.push(`is_order:${chosenOrder ? 'order' : 'none'} ${probability.toFixed(2)}`);
  // The document's own data (schema.org Order, an e-invoice or its credit note) says what it is, and is
  // read first, as for every field; the model decides the rest.
  if (input.structured === 'order' || input.structured === 'credit') {
    signals.push(`structured:${input.structured}`);
    return { isOrder: input.structured === 'order', probability, signals };
  }
  return { isOrder: chosenOrder, probability, signals };
}
