/**
 * The summary lines of an order (subtotal, tax, shipping, fees, discounts, rounding, total, payment,
 * change, tip, counts, unit prices): the lines that are never products, by the words of their label in
 * the summary vocabulary of every language (lexicon/<language>.ts, RoleWords says where a word may stand).
 */

import { alternativesOf, roleWords } from './lexicon';
import type { SummaryRole, VocabularyRole } from './lexicon/lexicon';
import { trimEndWhile } from './limits';

/**
 * Checked in this order: the first role whose words match names the line. Cash handed over and cash paid
 * out are payment lines.
 */
const ORDER: [VocabularyRole, SummaryRole][] = [
  // Other products the shop suggests after the order: whatever follows is not what was bought.
  ['offers', 'offers'],
  ['count', 'count'],
  ['rounding', 'rounding'],
  ['subtotal', 'subtotal'],
  ['tax', 'tax'],
  ['deposit-return', 'deposit-return'],
  ['discount', 'discount'],
  ['shipping', 'shipping'],
  ['fee', 'fee'],
  ['change', 'change'],
  ['tip', 'tip'],
  ['payment', 'payment'],
  ['tendered', 'payment'],
  ['cashback', 'payment'],
  // A product's own amount under its name ("Item total: $199.00"): its line amount, no summary of the order.
  ['line-total', 'line-total'],
  ['price', 'price'],
  ['total', 'total'],
];

const listOf = (words: string[]) => (words.length > 0 ? alternativesOf(words) : null);

// Word edges in any script: JavaScript's \b knows ASCII letters only ("gebühr", "réduction").
const anywhereIn = (list: string) => new RegExp(`(?<![\\p{L}\\p{N}])(?:${list})(?![\\p{L}\\p{N}])`, 'u');
const atStart = (list: string) => new RegExp(`^(?:${list})(?![\\p{L}\\p{N}])`, 'u');
const atEnd = (list: string) => new RegExp(`(?<![\\p{L}\\p{N}])(?:${list})$`, 'u');
const asStem = (list: string) => new RegExp(`(?:${list})(?![\\p{L}\\p{N}])`, 'u');
const asHead = (list: string) => new RegExp(`(?<![\\p{L}\\p{N}])(?:${list})`, 'u');
const alone = (list: string) => new RegExp(`^(?:${list})(?: ?:)?(?: (?:[a-z]{2,3}|[\\d.,]+))?$`, 'u');

/** The patterns of each role, compiled once. */
const PATTERNS: [SummaryRole, RegExp[]][] = ORDER.map(([role, reported]) => {
  const words = roleWords(role);
  const patterns: RegExp[] = [];
  const add = (list: string | null, make: (list: string) => RegExp) => {
    if (list) patterns.push(make(list));
  };
  add(listOf(words.anywhere), anywhereIn);
  add(listOf(words.start), atStart);
  add(listOf(words.end), atEnd);
  add(listOf(words.stems), asStem);
  add(listOf(words.whole), alone);
  add(listOf(words.heads), asHead);
  return [reported, patterns];
});

const isTrailingMark = (c: string) => ' :;.,=*#-'.includes(c);

/**
 * A label as the lexicon reads it: lower case, single spaces, without leading marks or numbering
 * ("* ", "1. "), trailing punctuation or a trailing code in brackets ("Transportation Tax (US)").
 */
function normalise(label: string): string {
  let text = label.toLowerCase().replace(/\s+/g, ' ');
  const firstLetter = /\p{L}/u.exec(text);
  text = firstLetter ? text.slice(firstLetter.index) : '';
  for (let previous = ''; previous !== text; ) {
    previous = text;
    text = trimEndWhile(text, isTrailingMark);
    const open = text.lastIndexOf('(');
    if (text.endsWith(')') && open > 0 && text.length - open <= 62) text = text.slice(0, open);
  }
  return text;
}

/**
 * The summary role a label names (the text of a line before its amounts), or null for anything else.
 * @example summaryRole('Shipping & Handling:') //=> 'shipping'
 * @example summaryRole('United States - Transportation Tax (US)') //=> 'tax'
 * @example summaryRole('SX Flyer SAECO Korting KVDNL') //=> null
 */
export function summaryRole(label: string): SummaryRole | null {
  const text = normalise(label);
  if (!text) return null;
  for (const [role, patterns] of PATTERNS) if (patterns.some((p) => p.test(text))) return role;
  return null;
}

/**
 * Roles that close the list of items: after a subtotal or a total line comes the order's summary, not
 * more products. Taxes (an item's "incl. VAT" note), discounts, fees, shipping and deposits returned may
 * stand between items. `offers` ends the list wherever it stands (the shop's suggestions follow).
 */
export const CLOSES_ITEMS: ReadonlySet<SummaryRole> = new Set([
  'subtotal',
  'total',
  'payment',
  'change',
  'rounding',
  'count',
  'offers',
]);
