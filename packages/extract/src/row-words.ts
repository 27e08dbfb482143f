/**
 * The words the product reader knows besides the summary vocabulary (summary-lines.ts): words printed
 * among amounts that name nothing (currencies, tax classes, units), and from every language's lexicon
 * (lexicon/<language>.ts) the column heads of item tables, the lines that describe a product (seller,
 * condition), a document's own reference lines and the headings over an item list.
 */
import { alternativesOf, inEveryLanguage } from './lexicon';

/** Words printed among amounts that are no part of a name: currencies, tax classes, units. */
const NOT_NAME_WORDS: ReadonlySet<string> = new Set([
  'eur',
  'usd',
  'gbp',
  'chf',
  'myr',
  'inr',
  'rm',
  'rs',
  'dh',
  'sr',
  'zr',
  'zrl',
  'stk',
  'st',
  'pcs',
  'pc',
  'kg',
  'lb',
  'lbs',
  'each',
  'ea',
  'ht',
  'ttc',
  'incl',
  'inkl',
  'excl',
  'net',
  'per',
  'mois',
  'month',
  'kwh',
]);

/** Column heads of item tables, every language's; one of ITEM_HEADS must be among them. */
const ITEM_HEADS: ReadonlySet<string> = new Set(inEveryLanguage((l) => l.columnHeads.item));
const OTHER_HEADS: ReadonlySet<string> = new Set(inEveryLanguage((l) => l.columnHeads.other));
const HEAD_STEM = new RegExp(`(?:${alternativesOf(inEveryLanguage((l) => l.columnHeads.stems))})$`);
const isHeadWord = (word: string) => ITEM_HEADS.has(word) || OTHER_HEADS.has(word) || HEAD_STEM.test(word);

/** Words of a text: runs of letters of at least `min` characters. */
export function words(text: string, min = 3): string[] {
  return (text.match(/\p{L}+/gu) ?? []).filter((w) => w.length >= min);
}

/** True when the text holds a word that may belong to a name. */
export function hasNameWord(text: string): boolean {
  return words(text).some((w) => !NOT_NAME_WORDS.has(w.toLowerCase()));
}

/**
 * Short letter groups that still make a name ("B.R.C A10 1.7X4M"): five letters or more, in two groups or
 * more, at least as many letters as digits, and not a list of tax classes ("ZR/OS/EZ").
 */
export function hasLetterRuns(text: string): boolean {
  const runs = (text.match(/\p{L}+/gu) ?? []).filter((w) => !NOT_NAME_WORDS.has(w.toLowerCase()));
  const letters = runs.join('').length;
  const digits = text.match(/\d/g)?.length ?? 0;
  return letters >= 5 && runs.length >= 2 && letters >= digits && !/^[A-Z]{1,3}(?:\/[A-Z]{1,3})+$/.test(text);
}

/** Lines that describe the product above them: its seller, its condition ("Fulfilled by Amazon £8.99"). */
export const DESCRIBING = new RegExp(
  `^(?:${alternativesOf(inEveryLanguage((l) => l.describing))})(?![\\p{L}])`,
  'iu',
);
/** "Order #202-4472916", "Invoice no. 42": a document's reference, not a product. */
const REFERENCE = new RegExp(
  `^(?:${alternativesOf(inEveryLanguage((l) => l.references))})(?:\\s?(?:#|no\\.?|nr\\.?|number|nummer|numéro|número|id))?\\s?[:#]?\\s?`,
  'i',
);
/** The rest of a reference line is one token with four digits or more. */
export function isReference(text: string): boolean {
  const label = REFERENCE.exec(text);
  if (!label) return false;
  const rest = text.slice(label[0].length);
  return rest.length > 0 && !/\s/.test(rest) && (rest.match(/\d/g)?.length ?? 0) >= 4;
}

const headsOf = (text: string) =>
  text
    .toLowerCase()
    .split(/[\s/\\&().,:;|%*#-]+/)
    .filter(Boolean);

/** The column heads of an item table: no digits, every word a column word, one naming the item. */
export function isHeader(text: string): boolean {
  if (/\d/.test(text) || text.length > 120 || text.endsWith(':')) return false;
  const heads = headsOf(text);
  return heads.length >= 1 && heads.every(isHeadWord) && heads.some((h) => ITEM_HEADS.has(h));
}

/**
 * True for a line of column words only ("PRICE", "TOTAL(RM)", "Art-Nr"): after a header it continues
 * the header (till receipts print one head per line).
 * @example isHeadOnly('S/PRICE') //=> true
 */
export function isHeadOnly(line: string): boolean {
  const heads = headsOf(line);
  return !/\d/.test(line) && line.length <= 60 && heads.length > 0 && heads.every(isHeadWord);
}

/** Headings over an order's item list ("Order summary", "Ihre Bestellung"): never a product's name. */
const HEADING = new RegExp(`^(?:${alternativesOf(inEveryLanguage((l) => l.itemHeadings))})\\s?:?$`, 'i');

/**
 * True for a heading over an order's item list.
 * @example isHeading('Order summary') //=> true
 */
export function isHeading(line: string): boolean {
  return HEADING.test(line);
}
