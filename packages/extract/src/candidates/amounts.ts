/**
 * Every amount a document prints, with where it stands and what its label calls it: the raw material of
 * the total's candidates and of the arithmetic that checks them.
 */
import { type AmountRole, roleOf } from '../amount-roles';
import { amountsIn } from '../line-amounts';
import type { Doc } from '../readers/doc';

export interface PlacedAmount {
  /** Decimal string, e.g. "12.50". */
  decimal: string;
  /** Value in minor units (cents). */
  minor: number;
  currency: string | null;
  /** Written without decimals ("45000", "RM 12"). */
  integer: boolean;
  /** Three digits after the separator ("45.000"): a decimal reading, or thousands in a currency without cents. */
  threeDecimals: boolean;
  line: number;
  /** Position among the line's amounts, 0 = leftmost. */
  slot: number;
  /** Nothing but spaces before it on its line (a quantity, or an amount under its label). */
  startsLine: boolean;
  /** Amounts on the same line. */
  onLine: number;
  /** Where the amount ends on the page, 0..1 from the left. */
  x: number;
  /** The words that label it: the text before it on its line, or the line above when it stands alone. */
  label: string;
  /** The label came from the line above. */
  labelAbove: boolean;
  role: AmountRole | null;
}

/** Amounts looked at per document: more is hostile input, and a real receipt never prints so many. */
export const MAX_AMOUNTS = 400;

const LETTERS = /\p{L}{2}/u;

/** All amounts of a document in reading order, integers included (totals in rupiah or yen have no decimals). */
export function placedAmounts(doc: Doc): PlacedAmount[] {
  const out: PlacedAmount[] = [];
  for (const line of doc.lines) {
    if (out.length >= MAX_AMOUNTS) break;
    const found = amountsIn(line.text, true);
    found.forEach((amount, slot) => {
      const before = line.text.slice(0, amount.index);
      const above = doc.lines[line.index - 1];
      const alone = !LETTERS.test(before) && !LETTERS.test(line.text.slice(amount.index).replace(/\b[A-Z]{2,3}\b/g, ''));
      const label = alone && above ? above.text : before;
      const width = Math.max(line.text.length, 1);
      const end = amount.index + amount.decimal.length;
      out.push({
        decimal: amount.decimal,
        minor: amount.minor,
        currency: amount.currency,
        integer: !amount.decimal.includes('.'),
        threeDecimals: /\.\d{3}$/.test(amount.decimal),
        line: line.index,
        slot,
        onLine: found.length,
        startsLine: before.trim() === '',
        x: line.x0 + (line.x1 - line.x0) * Math.min(1, end / width),
        label,
        labelAbove: alone && above !== undefined,
        role: roleOf(label)?.role ?? null,
      });
    });
  }
  return out;
}
