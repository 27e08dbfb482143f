/** An amount read from text: minor-unit-free decimal string, its value in minor units (2 decimals) and currency. */
export interface ParsedAmount {
  /** Normalised decimal text without grouping, e.g. '1299.00' for '1,299.00' or '1.299,00'. */
  decimal: string;
  /** The value times 100, rounded (callers with 0- or 3-decimal currencies use `decimal`). */
  minor: number;
  /** ISO 4217 code when the text states one (symbol or code), else null. */
  currency: string | null;
}

export interface AmountOptions {
  /** Which dollar a bare `$` is, e.g. 'CAD' for a Canadian shop; default USD. */
  dollar?: string;
}

// Longest first so 'US$' wins over '$' and 'R$' over 'R'.
const SYMBOLS: [string, string][] = [
  ['US$', 'USD'],
  ['AU$', 'AUD'],
  ['A$', 'AUD'],
  ['CA$', 'CAD'],
  ['C$', 'CAD'],
  ['HK$', 'HKD'],
  ['NZ$', 'NZD'],
  ['S$', 'SGD'],
  ['MX$', 'MXN'],
  ['R$', 'BRL'],
  ['Rp', 'IDR'],
  ['RM', 'MYR'],
  ['Rs.', 'INR'],
  ['Rs', 'INR'],
  ['zł', 'PLN'],
  ['Kč', 'CZK'],
  ['Ft', 'HUF'],
  ['Fr.', 'CHF'],
  ['DH', 'MAD'],
  ['€', 'EUR'],
  ['£', 'GBP'],
  ['¥', 'JPY'],
  ['₹', 'INR'],
  ['৳', 'BDT'],
  ['₩', 'KRW'],
  ['₽', 'RUB'],
  ['₺', 'TRY'],
  ['₫', 'VND'],
  ['₱', 'PHP'],
  ['฿', 'THB'],
  ['₪', 'ILS'],
  ['₴', 'UAH'],
  ['$', 'USD'],
];

/** ISO 4217 codes in common use on receipts; a three-letter word outside this list is not a currency. */
export const CURRENCY_CODES = new Set(
  (
    'USD EUR GBP JPY CNY INR BDT IDR MYR SGD AUD NZD CAD CHF SEK NOK DKK PLN CZK HUF RON BGN HRK RUB UAH TRY ' +
    'BRL MXN ARS CLP COP PEN ZAR NGN KES EGP MAD AED SAR QAR KWD BHD OMR ILS THB VND PHP KRW TWD HKD PKR LKR ISK'
  ).split(' '),
);

/** Currencies whose amounts have no minor unit in practice: a dot followed by three digits groups thousands. */
const WHOLE_UNIT = new Set(['IDR', 'JPY', 'KRW', 'VND', 'CLP', 'COP', 'HUF', 'ISK', 'PYG', 'UGX']);

/**
 * Reads a price written any common way; null when the text is not just an amount (with an optional currency).
 * @example parseAmount('1,299.00') //=> { decimal: '1299.00', minor: 129900, currency: null }
 * @example parseAmount('€ 49,90') //=> { decimal: '49.90', minor: 4990, currency: 'EUR' }
 * @example parseAmount('1 234,56 €') //=> { decimal: '1234.56', minor: 123456, currency: 'EUR' }
 * @example parseAmount('Rp 12.000') //=> { decimal: '12000', minor: 1200000, currency: 'IDR' }
 */
export function parseAmount(text: string, options: AmountOptions = {}): ParsedAmount | null {
  let rest = text.replace(/[\u00a0\u202f\u2009]/g, ' ').trim();
  if (!rest || rest.length > 64) return null;
  let currency: string | null = null;

  const code = /(?:^|[^A-Za-z])([A-Z]{3})(?![A-Za-z])/.exec(rest);
  if (code?.[1] && CURRENCY_CODES.has(code[1])) {
    currency = code[1];
    rest = rest.replace(code[1], ' ');
  }
  for (const [symbol, iso] of SYMBOLS) {
    const at = rest.indexOf(symbol);
    if (at === -1) continue;
    // Letter symbols (Rp, RM, Ft...) must stand alone, not inside a word.
    if (
      /[A-Za-z]/.test(symbol) &&
      (/[A-Za-z]/.test(rest[at - 1] ?? '') || /[A-Za-z]/.test(rest[at + symbol.length] ?? ''))
    ) {
      continue;
    }
    const symbolCurrency = symbol === '$' && options.dollar ? options.dollar : iso;
    if (currency && currency !== symbolCurrency && !(symbol === '$' && currency.endsWith('D'))) return null;
    currency = currency ?? symbolCurrency;
    rest = `${rest.slice(0, at)} ${rest.slice(at + symbol.length)}`;
    break;
  }

  rest = rest.trim();
  const negative = /^-|^\(.*\)$|-$/.test(rest);
  // The sign's brackets or dashes go; stripped by hand, as /^[-(]\s*|\s*[)-]$/ backtracks on spaces.
  if (rest.startsWith('-') || rest.startsWith('(')) rest = rest.slice(1).trimStart();
  if (rest.endsWith(')') || rest.endsWith('-')) rest = rest.slice(0, -1).trimEnd();
  rest = rest.replace(/[.,]-$/, '');
  if (!/^\d[\d\s.,']*$/.test(rest) || !/\d$/.test(rest)) return null;

  const decimal = normalise(rest, currency);
  if (decimal === null) return null;
  const signed = negative ? `-${decimal}` : decimal;
  return { decimal: signed, minor: Math.round(Number(signed) * 100), currency };
}

/** Decides which of ',' and '.' is the decimal mark, and drops the grouping. */
function normalise(number: string, currency: string | null): string | null {
  const compact = number.replace(/[\s']/g, '');
  const lastComma = compact.lastIndexOf(',');
  const lastDot = compact.lastIndexOf('.');
  let intPart: string;
  let fraction = '';
  if (lastComma !== -1 && lastDot !== -1) {
    const mark = lastComma > lastDot ? ',' : '.';
    const at = Math.max(lastComma, lastDot);
    intPart = compact.slice(0, at).replace(/[.,]/g, '');
    fraction = compact.slice(at + 1);
    if (compact.slice(0, at).includes(mark)) return null; // '1,2,3.4,5': not a number
  } else if (lastComma !== -1 || lastDot !== -1) {
    const mark = lastComma !== -1 ? ',' : '.';
    const groups = compact.split(mark);
    const tail = groups[groups.length - 1] as string;
    const isGrouping =
      groups.length > 2 ||
      (tail.length === 3 &&
        (mark === ',' || (currency !== null && WHOLE_UNIT.has(currency))) &&
        groups[0] !== '0');
    if (isGrouping) {
      if (!groups.slice(1).every((g) => g.length === 3)) return null;
      intPart = groups.join('');
    } else {
      intPart = groups[0] as string;
      fraction = tail;
    }
  } else {
    intPart = compact;
  }
  if (!/^\d+$/.test(intPart) || !/^\d*$/.test(fraction) || fraction.length > 3) return null;
  intPart = intPart.replace(/^0+(?=\d)/, '');
  return fraction ? `${intPart}.${fraction}` : intPart;
}
