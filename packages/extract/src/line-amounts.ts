import { type ParsedAmount, parseAmount } from './amount';

/** An amount written on a line, where it starts, and what it read as. */
export interface LineAmount extends ParsedAmount {
  index: number;
}

// Money as printed: optional currency before or after, grouped digits, a decimal part.
const CURRENCY_PREFIX = String.raw`(?:(?:US\$|C\$|CA\$|A\$|AU\$|HK\$|S\$|R\$|[€£¥₹৳₩₽₺₫₱฿₪$]|\b(?:RM|Rp\.?|Rs\.?|[A-Z]{3}))\s?)?`;
const NUMBER = String.raw`-?(?:\d{1,3}(?:[.,\s'’]\d{3})+(?:[.,]\d{1,2})?|\d+(?:[.,]\d{1,2})?)(?![\d])`;
const CURRENCY_SUFFIX = String.raw`(?:\s?(?:[€£₹]|\b[A-Z]{3}\b))?`;
const MONEY = new RegExp(`${CURRENCY_PREFIX}${NUMBER}${CURRENCY_SUFFIX}`, 'g');

/**
 * Amounts on a line, left to right. Numbers that are clearly something else (percentages, quantities
 * like "2 x", dates, long ids) are skipped; bare integers only count when `allowIntegers`.
 * @example amountsIn('2 x Kettle  €49,90') //=> [{ decimal: '49.90', minor: 4990, currency: 'EUR', index: 12 }]
 */
export function amountsIn(line: string, allowIntegers = false): LineAmount[] {
  // An amount holds digits: a line without any is not scanned.
  if (!/\d/.test(line)) return [];
  const out: LineAmount[] = [];
  MONEY.lastIndex = 0;
  for (let m = MONEY.exec(line); m; m = MONEY.exec(line)) {
    const raw = m[0].trim();
    const after = line.slice(m.index + m[0].length, m.index + m[0].length + 2);
    if (after.startsWith('%') || /^\s?x\b/i.test(after)) continue;
    // Part of a longer dotted token: an IP address, a version, a date with dots ("10.0.0.12", "v2.4.1").
    if (/[\d.]/.test(line.charAt(m.index - 1)) || /^[.,]\d/.test(after)) continue;
    if (/^\d{1,2}[./-]\d{1,2}[./-]\d{2,4}/.test(line.slice(m.index))) continue;
    // Digits ending a word ("S7", "WH-1000XM5") are a model's, not an amount's first group ("S7 399,00 €"):
    // the amount starts after the space.
    const glued = /^(\d{1,3}) (?=\d)/.exec(m[0]);
    if (glued && /[\p{L}-]/u.test(line.charAt(m.index - 1))) {
      MONEY.lastIndex = m.index + glued[0].length;
      continue;
    }
    // MONEY separates digit groups by one character, so one space is all a group gap holds.
    const grouped = raw.replace(/\s(?=\d{3}\b)/g, '');
    // A three-letter word before a number is not always a currency ("VAT 17.00", "GST 6.36").
    let parsed = parseAmount(grouped);
    let index = m.index + (m[0].length - m[0].trimStart().length);
    const word = /^[A-Z]{3}\s?/.exec(grouped);
    if (!parsed && word) {
      parsed = parseAmount(grouped.slice(word[0].length));
      index += word[0].length;
    }
    if (!parsed) continue;
    const hasDecimals = /[.,]\d{1,2}$/.test(raw.replace(/\s?(?:[€£₹]|[A-Z]{3})$/, ''));
    if (!hasDecimals && !parsed.currency && !allowIntegers) continue;
    if (Math.abs(parsed.minor) > 1e12) continue;
    out.push({ ...parsed, index });
  }
  return out;
}
