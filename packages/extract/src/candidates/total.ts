/**
 * The total's candidates: every amount the document prints (and, for "45.000", its reading as
 * thousands), plus "none", each with general features: its label's words, where it stands, how it
 * compares with the other amounts, and whether the document's arithmetic lands on it.
 */
import { addContext } from '../features/context';
import { type Candidate, type Features, featureTable } from '../model/ranker';
import type { Doc } from '../readers/doc';
import { type PlacedAmount, placedAmounts } from './amounts';

/** A total candidate, with the currency printed beside its amount (null when none was). */
export interface TotalCandidate extends Candidate<string> {
  currency: string | null;
}

/** Cents, so sums compare exactly. */
const near = (a: number, b: number) => Math.abs(a - b) <= 1;

/** Amounts of one role combined when checking that a document adds up (more is hostile input). */
const PER_ROLE = 4;

interface Sums {
  /** Values (cents) that the document's arithmetic produces, by how it produced them. */
  byRule: Map<string, Set<number>>;
}

function add(sums: Sums, rule: string, value: number): void {
  let set = sums.byRule.get(rule);
  if (!set) {
    set = new Set();
    sums.byRule.set(rule, set);
  }
  set.add(value);
}

/** What the labelled amounts add up to: subtotal + tax, + fees − discount ± rounding, tendered − change. */
function arithmetic(amounts: PlacedAmount[]): Sums {
  const sums: Sums = { byRule: new Map() };
  const of = (role: string) =>
    amounts
      .filter((a) => a.role === role)
      .slice(0, PER_ROLE)
      .map((a) => Math.abs(a.minor));
  const subtotals = of('subtotal');
  const taxes = [0, ...of('tax')];
  const extras = [0, ...of('shipping'), ...of('fee')];
  const discounts = [0, ...of('discount')];
  const roundings = [0, ...of('rounding')];
  for (const s of subtotals)
    for (const t of taxes)
      for (const e of extras)
        for (const d of discounts)
          for (const r of roundings) {
            if (t === 0 && e === 0 && d === 0 && r === 0) continue;
            add(sums, 'sum:subtotal+tax+fees-discount', s + t + e - d);
            if (r !== 0) {
              add(sums, 'sum:rounded', s + t + e - d + r);
              add(sums, 'sum:rounded', s + t + e - d - r);
            }
          }
  for (const p of of('tendered'))
    for (const c of of('change')) if (p > c) add(sums, 'sum:tendered-change', p - c);
  for (const p of [...of('payment'), ...of('tendered')]) add(sums, 'sum:payment', p);
  for (const s of subtotals) add(sums, 'sum:subtotal', s);
  // A tax table's row: net and tax beside each other add up to the gross.
  const byLine = new Map<number, number[]>();
  for (const a of amounts) byLine.set(a.line, [...(byLine.get(a.line) ?? []), Math.abs(a.minor)]);
  for (const values of byLine.values())
    if (values.length >= 3 && values.length <= 6)
      for (let i = 0; i < values.length; i += 1)
        for (let j = i + 1; j < values.length; j += 1)
          add(sums, 'sum:net+tax', (values[i] as number) + (values[j] as number));
  return sums;
}

const ADDS = new Set(['tax', 'fee', 'shipping']);
const BASES = new Set(['subtotal', 'total']);

/**
 * Whether the amounts printed just above a candidate add up to it: a subtotal or earlier total, plus the
 * tax, fees and shipping, minus the discounts, plus or minus the rounding printed between the two. Labels
 * outside the lexicon ("SERVICE CHG") still count: every amount between adds unless it is a discount.
 */
function addsUpFromAbove(amounts: PlacedAmount[], at: number, value: number): boolean {
  let adjust = 0;
  let rounding = 0;
  let steps = 0;
  for (const a of amounts.slice(Math.max(0, at - 16), at).reverse()) {
    if (a.slot !== a.onLine - 1) continue;
    const size = Math.abs(a.minor);
    if (a.role === 'rounding') rounding = a.minor;
    else if (a.role && BASES.has(a.role)) {
      if (steps === 0) return false;
      return [size + adjust + rounding, size + adjust - rounding].some((sum) => near(sum, value));
    } else if (a.role === 'discount' || a.minor < 0) adjust -= size;
    else if (a.role === null || ADDS.has(a.role)) adjust += size;
    else return false;
    steps += 1;
  }
  return false;
}

/** Prefix sums of the item-like amounts above each line: the last amount of each unlabelled line. */
function itemSums(doc: Doc, amounts: PlacedAmount[]): Map<number, { sum: number; count: number }> {
  const lastOfLine = new Map<number, PlacedAmount>();
  for (const a of amounts) if (a.slot === a.onLine - 1 && !a.integer) lastOfLine.set(a.line, a);
  const out = new Map<number, { sum: number; count: number }>();
  let sum = 0;
  let count = 0;
  for (const line of doc.lines) {
    out.set(line.index, { sum, count });
    const a = lastOfLine.get(line.index);
    if (a && a.role === null && !a.labelAbove) {
      sum += a.minor;
      count += 1;
    }
  }
  return out;
}

const bucket = (n: number, edges: number[]) => {
  for (const edge of edges) if (n <= edge) return String(edge);
  return `>${edges[edges.length - 1]}`;
};

/** Every plausible total of a document, and "none". Values are decimal strings with two decimals. */
export function totalCandidates(doc: Doc): TotalCandidate[] {
  const amounts = placedAmounts(doc);
  const sums = arithmetic(amounts);
  const items = itemSums(doc, amounts);
  const withDecimals = amounts.filter((a) => !a.integer);
  const threeShare =
    amounts.length === 0 ? 0 : amounts.filter((a) => a.threeDecimals).length / amounts.length;
  const positive = amounts.filter((a) => a.minor > 0);
  const largest = Math.max(0, ...positive.map((a) => a.minor));
  const largestIsTendered = amounts.some(
    (a) => a.minor === largest && (a.role === 'tendered' || a.role === 'payment'),
  );
  const counts = new Map<number, number>();
  for (const a of amounts) counts.set(a.minor, (counts.get(a.minor) ?? 0) + 1);
  const distinct = [...new Set(positive.map((a) => a.minor))].sort((a, b) => b - a);
  const rightEdge = Math.max(0, ...doc.lines.map((l) => l.x1));
  const lastLine = Math.max(1, doc.lines.length - 1);
  const docCurrency = amounts.some((a) => a.currency !== null);

  const candidates: TotalCandidate[] = [
    {
      value: null,
      line: -1,
      why: 'none',
      currency: null,
      features: {
        none: 1,
        'doc:no_amounts': amounts.length === 0 ? 1 : 0,
        'doc:no_money_form': withDecimals.length === 0 && !docCurrency ? 1 : 0,
        'doc:total_label': amounts.some((a) => a.role === 'total') ? 1 : 0,
        'doc:amounts': Math.log2(1 + amounts.length),
      },
    },
  ];
  const lastOfRole = new Map<string, PlacedAmount>();
  for (const a of amounts) if (a.role) lastOfRole.set(a.role, a);
  for (const [at, a] of amounts.entries()) {
    if (a.minor <= 0) continue;
    const readings: { minor: number; thousands: boolean }[] = [{ minor: a.minor, thousands: false }];
    if (a.threeDecimals) readings.push({ minor: a.minor * 1000, thousands: true });
    if (a.integer) readings[0] = { minor: a.minor, thousands: false };
    for (const reading of readings) {
      const line = doc.lines[a.line];
      const token = line ? doc.tokens[line.tokens[line.tokens.length - 1] as number] : undefined;
      const f: Features = featureTable({
        'val:integer': a.integer ? 1 : 0,
        'val:three_decimals': a.threeDecimals ? 1 : 0,
        'val:thousands': reading.thousands ? 1 : 0,
        'doc:three_share': threeShare,
        'doc:three_share*thousands': reading.thousands ? threeShare : 0,
        'val:integer_among_decimals': a.integer && withDecimals.length > 0 ? 1 : 0,
        'val:currency': a.currency ? 1 : 0,
        'val:word_after': a.wordAfter ? 1 : 0,
        'doc:currency_marked': docCurrency ? 1 : 0,
        'val:largest': a.minor === largest ? 1 : 0,
        'val:largest_is_tendered': a.minor === largest && largestIsTendered ? 1 : 0,
        [`val:rank:${bucket(distinct.indexOf(a.minor), [0, 1, 2, 4])}`]: 1,
        [`val:repeats:${bucket(counts.get(a.minor) ?? 1, [1, 2, 3])}`]: 1,
        'val:log': Math.log10(1 + reading.minor / 100),
        'lay:rel_line': a.line / lastLine,
        [`lay:from_bottom:${bucket(lastLine - a.line, [0, 2, 5, 10, 20])}`]: 1,
        'lay:last_on_line': a.slot === a.onLine - 1 ? 1 : 0,
        'lay:alone': a.onLine === 1 ? 1 : 0,
        'lay:right_aligned': rightEdge - a.x < 0.08 ? 1 : 0,
        'lay:x_end': a.x,
        'lay:label_above': a.labelAbove ? 1 : 0,
        'lay:label_from_column': a.labelFromColumn ? 1 : 0,
        [`lex:role:${a.role ?? 'none'}`]: 1,
        'lex:last_of_role': a.role && lastOfRole.get(a.role) === a ? 1 : 0,
        'lay:starts_line': a.startsLine ? 1 : 0,
        'font:size': token?.fontSize ?? 1,
        'font:bold': token?.bold ? 1 : 0,
        'ocr:conf': token?.conf ?? 1,
      });
      for (const [rule, values] of sums.byRule)
        for (const v of values)
          if (near(v, reading.minor)) {
            f[rule] = 1;
            break;
          }
      if (addsUpFromAbove(amounts, at, reading.minor)) f['sum:from_above'] = 1;
      const above = items.get(a.line);
      if (above && above.count >= 2 && near(above.sum, reading.minor)) f['sum:items'] = 1;
      if (above && above.count === 1 && near(above.sum, reading.minor)) f['sum:one_item'] = 1;
      addContext(f, a.labelAbove ? 'A' : 'L', a.label);
      if (!a.labelAbove && doc.lines[a.line - 1])
        addContext(f, 'P', (doc.lines[a.line - 1] as { text: string }).text, 2);
      candidates.push({
        value: (reading.minor / 100).toFixed(2),
        currency: a.currency,
        line: a.line,
        why: `${a.role ?? 'amount'} "${a.label.trim().slice(-24)}"`,
        features: f,
      });
    }
  }
  return candidates;
}
