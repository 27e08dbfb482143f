import { formatMoney } from '@/lib/money';

/** Currency signs a part's price may carry, longest first so 'US$' wins over '$'. */
const SIGNS: [string, string][] = [
  ['US$', 'USD'],
  ['CA$', 'CAD'],
  ['A$', 'AUD'],
  ['$', 'USD'],
  ['€', 'EUR'],
  ['£', 'GBP'],
  ['¥', 'JPY'],
  ['₹', 'INR'],
  ['৳', 'BDT'],
];

/**
 * The number of a price text in major units, '.' or ',' as its decimal mark; null for anything that is
 * not a plain number. With both marks the last is the decimal one ('1,299.00', '1.299,00'); one mark
 * used once is decimal unless three digits follow it ('12,50', but '1,299').
 */
export function readNumber(text: string): number | null {
  const digits = text.replace(/[\s']/g, '');
  if (!/^\d[\d.,]*$/.test(digits) || !/\d$/.test(digits)) return null;
  const mark = Math.max(digits.lastIndexOf('.'), digits.lastIndexOf(','));
  const markChar = digits[mark];
  const fraction = digits.slice(mark + 1);
  const hasBothMarks = digits.includes('.') && digits.includes(',');
  const isDecimal =
    mark !== -1 && (hasBothMarks || (digits.indexOf(markChar ?? '') === mark && fraction.length !== 3));
  const whole = (isDecimal ? digits.slice(0, mark) : digits).replace(/[.,]/g, '');
  return Number(isDecimal ? `${whole}.${fraction}` : whole);
}

/** A price's currency (a code such as 'USD' or a sign such as '€', before or after) and its number. */
function readPrice(price: string): { amount: number; currency: string } | null {
  let rest = price.replace(/\u00a0/g, ' ').trim();
  let currency: string | null = null;
  const code = /^([A-Z]{3})\b|\b([A-Z]{3})$/.exec(rest);
  if (code) {
    currency = code[1] ?? code[2] ?? null;
    rest = rest.replace(code[0], '');
  }
  for (const [sign, iso] of SIGNS) {
    const at = rest.indexOf(sign);
    if (at === -1) continue;
    if (currency && currency !== iso && !(sign === '$' && currency.endsWith('D'))) return null;
    currency ??= iso;
    rest = `${rest.slice(0, at)}${rest.slice(at + sign.length)}`;
    break;
  }
  const amount = readNumber(rest.trim());
  return amount === null ? null : { amount, currency: currency ?? 'USD' };
}

/**
 * A part's price as the seed shows it: a bare number in dollars with its `$`, a price that names its
 * currency ('USD 24.99', '€ 12,50') with that currency's own symbol; text that is no price as it is;
 * none: 'N/A'.
 * @example partPrice('12.50') //=> '$12.50'
 * @example partPrice('USD 24.99') //=> '$24.99'
 * @example partPrice('€ 12,50') //=> '€12.50'
 */
export function partPrice(price: string | null): string {
  const text = price?.trim();
  if (!text) return 'N/A';
  const read = readPrice(text);
  return read ? formatMoney(read.amount, read.currency) : text;
}

/** Missing texts as the seed showed them (SPEC section 2: 'null', 'Not Provided' or 'N/A'). */
export function partText(value: string | null | undefined, missing: 'null' | 'Not Provided'): string {
  const text = value?.trim();
  return text ? text : missing;
}

/** Only web links become anchors; anything else is shown as text. */
export function isWebLink(value: string | null): value is string {
  return value !== null && /^https?:\/\//i.test(value);
}
