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
  /** A word follows it ("14 days", "2 items"): a count or a span more often than money. */
  wordAfter: boolean;
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
  /** The label came from a run of labels printed before a run of as many amounts (a column read row by row). */
  labelFromColumn: boolean;
  role: AmountRole | null;
}

/** Amounts looked at per document: more is hostile input, and a real receipt never prints so many. */
export const MAX_AMOUNTS = 400;

const LETTERS = /\p{L}{2}/u;
/** Letters besides a currency code: a line that holds words, not just an amount. */
const hasWords = (text: string) => LETTERS.test(text.replace(/\b[A-Z]{2,3}\b/g, ''));

/**
 * Labels of amounts printed as two columns read one after the other (text boxes in file order, some
 * PDFs): a run of label lines with no amount, then a run of as many lines holding one amount each; the
 * k-th amount gets the k-th label. Line index -> label text.
 */
function columnLabels(doc: Doc): Map<number, string> {
  const out = new Map<number, string>();
  const lines = doc.lines;
  const amountCount = lines.map((line) => amountsIn(line.text, true).length);
  for (let i = 0; i < lines.length; ) {
    let end = i;
    while (end < lines.length && amountCount[end] === 0 && hasWords((lines[end] as { text: string }).text))
      end += 1;
    const labels = end - i;
    let values = 0;
    while (
      values < labels &&
      end + values < lines.length &&
      amountCount[end + values] === 1 &&
      !hasWords((lines[end + values] as { text: string }).text)
    )
      values += 1;
    if (labels >= 2 && values === labels)
      for (let k = 0; k < labels; k += 1) out.set(end + k, (lines[i + k] as { text: string }).text);
    i = Math.max(end, i + 1);
  }
  return out;
}

/** All amounts of a document in reading order, integers included (totals in rupiah or yen have no decimals). */
export function placedAmounts(doc: Doc): PlacedAmount[] {
  const out: PlacedAmount[] = [];
  const fromColumn = columnLabels(doc);
  for (const line of doc.lines) {
    if (out.length >= MAX_AMOUNTS) break;
    const found = amountsIn(line.text, true);
    found.forEach((amount, slot) => {
      const before = line.text.slice(0, amount.index);
      // The label of an amount alone on its line: the nearest line above with words (a ":" or an "RM"
      // printed between them is no label).
      let above = doc.lines[line.index - 1];
      for (let up = 2; above && up <= 3 && !hasWords(above.text); up += 1) above = doc.lines[line.index - up];
      const alone = !LETTERS.test(before) && !hasWords(line.text.slice(amount.index));
      const column = alone ? fromColumn.get(line.index) : undefined;
      const label = column ?? (alone && above ? above.text : before);
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
        wordAfter: /^\s?\p{L}{2}/u.test(line.text.slice(end)) && !/^\s?[A-Z]{3}\b/.test(line.text.slice(end)),
        x: line.x0 + (line.x1 - line.x0) * Math.min(1, end / width),
        label,
        labelAbove: column === undefined && alone && above !== undefined,
        labelFromColumn: column !== undefined,
        role: roleOf(label)?.role ?? null,
      });
    });
  }
  return out;
}
