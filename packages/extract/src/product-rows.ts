import { findDates } from './dates';
import { fromLexicon, inEveryLanguage } from './lexicon';
import type { SummaryRole } from './lexicon/lexicon';
import { trimEndWhile } from './limits';
import { amountsIn, type LineAmount } from './line-amounts';
import { DESCRIBING, hasLetterRuns, hasNameWord, isHeader, isHeading, isReference, words } from './row-words';
import { summaryRole } from './summary-lines';

/**
 * What one line of an order is to the product list:
 * - `item`: a name with its line amount ("Kettle  2  € 49,90");
 * - `name`: words without an amount (a product name whose amount is on another line, or any other text);
 * - `money`: amounts without a name ("EUR 13,00", "($1.69/lb) $1.76");
 * - `unit`: a quantity times a unit price ("2 Stk x 0,29", "1 X 35.00", "2.50*3", "@RM18.90");
 * - `qty`: a quantity alone ("2", "Quantity: 1", "1X 000001010646");
 * - `summary`: a subtotal, tax, shipping, payment or other summary label (summary-lines.ts);
 * - `header`: the column heads of an item table ("QTY  DESCRIPTION  PRICE", "Artikel Menge Preis");
 * - `label`: "Sold by: …", "Condition: New", a date line, anything else that only describes;
 * - `code`: numbers and codes without words (barcodes, tax classes, "EZ08 - 6/12").
 */
export type RowKind = 'item' | 'name' | 'money' | 'unit' | 'qty' | 'summary' | 'header' | 'label' | 'code';

/** One line read for the product list. */
export interface Row {
  kind: RowKind;
  /** The line as printed, trimmed. */
  text: string;
  /** The product words of the line, without quantity, codes and amount columns ('' when none). */
  name: string;
  /** The line amount: the last money amount printed after the name. */
  price: LineAmount | null;
  /** Amounts printed after the name (the line amount last). */
  amounts: number;
  /** A quantity printed on the line ("2 x", "1 of:", a quantity column, "Qty: 2"). */
  quantity: number | null;
  /** The line starts with a quantity that says a product follows ("2 x …", "1 of: …"). */
  isQuantityLed: boolean;
  /** For `summary`: the role its label names. */
  role: SummaryRole | null;
  /** For `code`: it holds letters (a wrapped fragment such as "I" or "D FISH" may continue a name). */
  hasLetters: boolean;
}

/** Money written right before a unit is a size, not an amount ("1,1l", "15,4''", "0.38mm", "4.5KG"). */
const UNIT_AFTER =
  /^ ?(?:ml|cl|dl|l|kg|mg|g|cm|mm|km|gb|tb|mb|mah|oz|lbs?|inch|in|m|w|kw|v)(?![\p{L}])|^(?:'|"|′|″|-inch|[x×]\d)/iu;

/** Money written before "/unit" is a unit price ("1,89 €/Kg", "($1.69/lb)", "29,50 €/mois"). */
const PER_UNIT_AFTER = /^ ?\/ ?\p{L}/u;

/** Where an amount that starts at `index` ends: past its prefix, digits and separators, and currency. */
function amountEnd(line: string, index: number): number {
  let at = index;
  while (at < line.length && !/[\d-]/.test(line.charAt(at)) && at - index < 5) at += 1;
  while (at < line.length && /[\d.,'’-]/.test(line.charAt(at))) at += 1;
  const suffix = /^ ?(?:€|£|₹|[A-Z]{3}\b)/.exec(line.slice(at, at + 5));
  return suffix ? at + suffix[0].length : at;
}

interface Money extends LineAmount {
  end: number;
  /** A unit price ("/kg") or a size ("500ml"): never the line amount. */
  isAside: boolean;
}

/** The amounts of a line with where they end, sizes dropped and unit prices marked. */
function moneyIn(line: string): Money[] {
  const out: Money[] = [];
  for (const amount of amountsIn(line)) {
    const end = amountEnd(line, amount.index);
    const raw = line.slice(amount.index, end);
    // A price has cents or a currency sign: "2.0", "1.7" or "PEN 6" are sizes, versions and model names.
    if (!/[.,]\d{2}(?!\d)/.test(raw) && !/[€£$¥₹]/.test(raw)) continue;
    const after = line.slice(end, end + 7);
    if (UNIT_AFTER.test(after) || /^ ?%/.test(after)) continue;
    const before = line.slice(Math.max(0, amount.index - 2), amount.index);
    out.push({ ...amount, end, isAside: PER_UNIT_AFTER.test(after) || before.includes('@') });
  }
  return out;
}

/** Quantity-led names: "2 x Kettle", "1 of: Kettle", "2 (1.04 lb) of: Broccoli", "1 Exemplar(e) von: Buch". */
const QUANTITY_LED =
  /^(\d{1,4}(?:[.,]\d{1,3})?)\s?(?:\([^()]{0,20}\)\s?)?(?:(?:lb|lbs|kg|g|stk|pcs|pc|st)\.?\s)?(?:[x×]\s|(?:of|von|de|di|van|exemplar\(e\) von):\s?)/i;
const QUANTITY_LABEL = fromLexicon(
  new RegExp(
    `^(?:${inEveryLanguage((l) => l.productLabels.quantity).join('|')})\\s?:?\\s?(\\d{1,4})(?:\\s|$)`,
    'i',
  ),
);
/** "2 Stk x 0,29", "0,832 kg x 1,59 EUR/kg", "1 X 35.00", "2 * RM 18.77": a quantity, then a unit price. */
const TIMES_UNIT = /^(\d{1,4}(?:[.,]\d{1,3})?)\s?(?:(?:stk|pcs|pc|st|kg|g|lb|lbs)\.?\s?)?[x×*] {0,3}\S/i;
/** "2.50*3", "7.99 x 2": a unit price, then a quantity. */
const UNIT_TIMES = /^[^\p{L}\d]{0,4}\d{1,6}[.,]\d{2}\s?[x×*]\s?(\d{1,4})$/iu;
const BARE_QUANTITY = /^(\d{1,3})(?:\s?(?:x|pcs|stk|st)\.?)?$/i;
/** "1X 000001010646": a quantity before a barcode. */
const QUANTITY_CODE = /^(\d{1,3})\s?x\s\d{4,}$/i;
const LABEL = /^\p{L}[\p{L}.'’/&() -]{0,40}:(?:\s|$)/u;
/** "Item: Noise Cancelling Headphones": a label whose value is the product's name. */
const NAME_LABEL = fromLexicon(
  new RegExp(`^(?:${inEveryLanguage((l) => l.productLabels.name).join('|')})\\s?:\\s?`, 'i'),
);
const TAX_CLASS = /^(?:[A-Z]{1,2}\*?|\*+)$/;

const readNumber = (text: string) => Number(text.replace(',', '.'));

/** A quantity column among the amount columns ("0,00 21 %  1 PCS  0,00"): with its unit, or a bare count. */
function countsBetween(columns: string): { counted: number | null; bare: number | null } {
  let bare: number | null = null;
  for (const m of columns.matchAll(
    /(?:^|\s)(\d{1,4}(?:[.,]\d{1,3})?)(?:\s?(stk|stück|pcs|pc|st|x|kg|g))?\.?(?=\s|$)/gi,
  )) {
    const after = columns.slice((m.index ?? 0) + m[0].length).trimStart();
    if (after.startsWith('%')) continue;
    if (m[2]) return { counted: readNumber(m[1] as string), bare };
    bare ??= /[.,]/.test(m[1] as string) ? null : Number(m[1]);
  }
  return { counted: null, bare };
}

/** The name part of a line: codes, quantity and rate columns around it dropped (columns are 2+ spaces). */
function cleanName(text: string): { name: string; quantity: number | null } {
  let quantity: number | null = null;
  const columns = text
    .split(/ {2,}|\t/)
    .map((c) => c.trim())
    .filter(Boolean);
  // Leading position numbers, quantities and article codes: "1  TB100A4  Trennblätter A4" (a position),
  // "1,00  Gestaltung" (a quantity, written with decimals).
  while (columns.length > 1) {
    const first = columns[0] as string;
    if (/^\d{1,4}(?:[.,]\d{1,3})?$/.test(first)) {
      if (/[.,]/.test(first)) quantity = readNumber(first);
      columns.shift();
    } else if (!first.includes(' ') && /\d/.test(first) && /\p{L}/u.test(first)) columns.shift();
    else break;
  }
  // Trailing columns without a name word: prices per unit, quantities, rates ("9,9000  20 Stk  19 %").
  let counted: number | null = null;
  while (columns.length > 1 && !hasNameWord(columns[columns.length - 1] as string)) {
    const last = columns.pop() as string;
    const count = /^(\d{1,5}(?:[.,]\d{1,3})?)(?:\s?(?:stk|pcs|pc|st|x|g|kg|l))?\.?$/i.exec(last);
    if (count) counted = readNumber(count[1] as string);
  }
  // "Desk lamp 3 pcs", "Linen Shirt × 2", "Socks x2", "Mug (x2)", "Mouse (Qty: 2)": a count closing the name.
  const inName =
    / (\d{1,3}) (?:pcs|pc|stk|stück|st|x)\.?$| ?× ?(\d{1,3})$| x(\d{1,3})$| \((?:x|qty:?|quantity:?|menge:?|anzahl:?|qté:?) ?(\d{1,3})\)$/i.exec(
      columns[columns.length - 1] ?? '',
    );
  if (inName && columns.length > 0 && counted === null) {
    counted = Number(inName[1] ?? inName[2] ?? inName[3] ?? inName[4]);
    columns[columns.length - 1] = (columns[columns.length - 1] as string).slice(0, inName.index);
  }
  quantity = counted ?? quantity;
  // A tax class glued before the name ("SR:8PCS AA"), a format tag glued after it ("Case for Mars[Kindle Edition]").
  let name = columns
    .join(' ')
    .replace(/^[A-Z]{1,3}:(?=\S)/, '')
    .replace(/(?<=\S)\[[^[\]]{1,30}\]$/, '');
  name = trimEndWhile(name, (c) => ' :-–|=*('.includes(c)).replace(/\s\(\d{6,}\)$/, '');
  return { name: name.trim(), quantity };
}

const row = (kind: RowKind, fields: Partial<Row> = {}): Omit<Row, 'text'> => ({
  kind,
  name: '',
  price: null,
  amounts: 0,
  quantity: null,
  isQuantityLed: false,
  role: null,
  hasLetters: false,
  ...fields,
});

/** True when the text closes a bracket it did not open: the rest of a line wrapped above it. */
function closesUnopened(text: string): boolean {
  let depth = 0;
  for (const c of text) {
    if (c === '(') depth += 1;
    else if (c === ')' && --depth < 0) return true;
  }
  return false;
}

/** True for a line that only says when ("Shipped on March 24, 2017", "Renews Mar 9, 2025"). */
function isDateLine(text: string): boolean {
  const dates = findDates(text);
  if (dates.length === 0) return false;
  let rest = text;
  for (const d of dates) rest = rest.replace(d.raw, ' ');
  return words(rest, 2).length <= 2;
}

/**
 * Reads one line for the product list.
 * @example readRow('2 x Kettle  49.90').kind //=> 'item'
 * @example readRow('Shipping  4.95').kind //=> 'summary'
 */
export function readRow(line: string): Row {
  const text = line.trim();
  return { ...classify(text), text };
}

function classify(text: string): Omit<Row, 'text'> {
  if (!/[\p{L}\d]/u.test(text)) return row('code');
  const unitTimes = UNIT_TIMES.exec(text);
  if (unitTimes) return row('unit', { quantity: Number(unitTimes[1]), price: amountsIn(text)[0] ?? null });
  if (text.startsWith('@')) return row('unit');
  const quantityCode = QUANTITY_CODE.exec(text) ?? BARE_QUANTITY.exec(text);
  if (quantityCode) return row('qty', { quantity: Number(quantityCode[1]) });
  const quantityLabel = QUANTITY_LABEL.exec(text);
  if (quantityLabel && !hasNameWord(text.slice(quantityLabel[0].length))) {
    return row('qty', { quantity: Number(quantityLabel[1]) });
  }
  const times = TIMES_UNIT.exec(text);
  if (times && !hasNameWord(text.slice(times[0].length - 1))) {
    const unitPrice = amountsIn(text.slice(times[0].length - 1))[0] ?? null;
    return row('unit', { quantity: readNumber(times[1] as string), price: unitPrice });
  }
  if (isHeading(text)) return row('label');
  if (isHeader(text)) return row('header');

  const money = moneyIn(text);
  // The amount columns start at the first amount after which no name word is printed.
  const wordsAfter = new Array<boolean>(money.length + 1).fill(false);
  for (let i = money.length - 1; i >= 0; i -= 1) {
    const gap = text.slice((money[i] as Money).end, money[i + 1]?.index ?? text.length);
    wordsAfter[i] = (wordsAfter[i + 1] as boolean) || hasNameWord(gap);
  }
  let first = wordsAfter.findIndex((hasWords, i) => i < money.length && !hasWords);
  // In a line of columns (two spaces or more apart), amount columns start a column: "PFAND 0,15 EUR  0,30"
  // names a deposit of 0,15 and charges 0,30.
  if (first !== -1 && /\S {2,}\S/.test(text)) {
    const at = (money[first] as Money).index;
    const gap = Math.max(text.lastIndexOf('  ', at), -1);
    const columnStart = gap === -1 ? 0 : gap + 2;
    if (hasNameWord(text.slice(columnStart, at))) {
      const nextGap = text.indexOf('  ', at);
      first = nextGap === -1 ? -1 : money.findIndex((m, i) => i > first && m.index > nextGap);
    }
  }
  const trailing = first === -1 ? [] : money.slice(first);
  const lineAmount = [...trailing].reverse().find((m) => !m.isAside) ?? null;

  let body = lineAmount ? text.slice(0, (trailing[0] as Money).index) : text;
  let quantity: number | null = null;
  let isQuantityLed = false;
  const led = QUANTITY_LED.exec(body) ?? QUANTITY_LABEL.exec(body);
  if (led) {
    quantity = readNumber(led[1] as string);
    isQuantityLed = true;
    body = body.slice(led[0].length);
  }
  const role = summaryRole(body);
  if (role) return row('summary', { role, price: lineAmount });

  if (DESCRIBING.test(body)) return row('label', { price: lineAmount });
  if (lineAmount && quantity === null && !/\S {2,}\S/.test(text)) {
    // "2 Bit-Set 32-tlg. 2 9,95 € 19,90 €" (one space apart, no columns): a count before the amounts that
    // times one of them is the line amount is the quantity, and a number leading the line its position.
    const count = /\s(\d{1,4})\s*$/.exec(body);
    const times = count ? Number(count[1]) : 0;
    const unit = trailing.find((m) => m !== lineAmount && Math.abs(m.minor * times - lineAmount.minor) <= 1);
    if (count && times > 0 && unit) {
      quantity = times;
      body = body.slice(0, count.index).replace(/^\d{1,3}\s(?=\S)/, '');
    }
  }
  if (lineAmount) {
    // "2 * RM 18.77 UNI (2.25) = RM 37.55": a computation, not a name, when an amount with its currency leads.
    if (/^[^\p{L}\d]*(?:[A-Z]{2,3}\s|[$€£]\s?)\d{1,6}[.,]\d{2}(?!\d)/u.test(body)) {
      return row('money', { price: lineAmount, amounts: trailing.length });
    }
    const cleaned = cleanName(body);
    const between = countsBetween(text.slice((trailing[0] as Money).index, lineAmount.index));
    quantity ??= between.counted ?? cleaned.quantity ?? between.bare;
    if (!hasNameWord(cleaned.name))
      return row('money', { price: lineAmount, amounts: trailing.length, quantity });
    // A date with its amount, the end of a line wrapped above ("les débits)  238,82 €") or a footnote
    // ("* La part fixe … est de 21,25 €") names nothing.
    if (isDateLine(cleaned.name) || closesUnopened(cleaned.name) || /^\*\s/.test(body)) return row('label');
    return row('item', {
      name: cleaned.name,
      price: lineAmount,
      amounts: trailing.length,
      quantity,
      isQuantityLed,
    });
  }

  if (!isQuantityLed) {
    // Tax classes ("SR", "B*") and a code alone in brackets ("(GTIN)", "(Art)") name nothing.
    if (!(hasNameWord(text) || hasLetterRuns(text)) || TAX_CLASS.test(text) || /^\(\S+\)$/.test(text)) {
      return row('code', { hasLetters: /\p{L}/u.test(text) && !/\d/.test(text) });
    }
    const named = NAME_LABEL.exec(text);
    if (named) {
      const cleaned = cleanName(text.slice(named[0].length));
      if (hasNameWord(cleaned.name)) return row('name', { name: cleaned.name, quantity: cleaned.quantity });
    }
    if (LABEL.test(text) || isReference(text) || isDateLine(text) || /^\*\s/.test(text)) return row('label');
  }
  const cleaned = cleanName(body);
  if (!hasNameWord(cleaned.name) && !hasLetterRuns(cleaned.name)) return row('code');
  return row('name', { name: cleaned.name, quantity: quantity ?? cleaned.quantity, isQuantityLed });
}
