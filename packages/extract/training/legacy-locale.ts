/** The document currency as it was decided before fields/country.ts (frozen copy of src/locale.ts at 7ef5f4f), kept only so country-check.ts can print before and after. */
import { CURRENCY_CODES, parseAmount } from '../src/amount';
import type { DateOrder } from '../src/dates';

/** Country-code top-level domains and the currency their shops charge in. */
const TLD_CURRENCY: Record<string, string> = {
  de: 'EUR',
  fr: 'EUR',
  es: 'EUR',
  it: 'EUR',
  nl: 'EUR',
  be: 'EUR',
  at: 'EUR',
  ie: 'EUR',
  pt: 'EUR',
  fi: 'EUR',
  gr: 'EUR',
  lu: 'EUR',
  uk: 'GBP',
  ca: 'CAD',
  au: 'AUD',
  nz: 'NZD',
  in: 'INR',
  my: 'MYR',
  id: 'IDR',
  sg: 'SGD',
  jp: 'JPY',
  ch: 'CHF',
  se: 'SEK',
  no: 'NOK',
  dk: 'DKK',
  pl: 'PLN',
  cz: 'CZK',
  br: 'BRL',
  mx: 'MXN',
  za: 'ZAR',
  bd: 'BDT',
  ma: 'MAD',
  hk: 'HKD',
};

/** Words that only appear in documents of one currency's countries. */
const WORD_CURRENCY: [RegExp, string][] = [
  [
    /\b(mwst|ust\.?|gesamtbetrag|gesamtsumme|rechnung|bestellung|zahlbetrag|montant|tva|ttc|iva|importe|totale|btw|totaal|factuur|bestelling)\b/i,
    'EUR',
  ],
  [/\b(sdn\.? bhd|bhd\.?|gst (no|reg)|ringgit|malaysia|selangor|kuala lumpur|johor)\b/i, 'MYR'],
  [/\b(maroc|morocco|rabat|casablanca|dirhams?)\b/i, 'MAD'],
  [/\b(gstin|rupees?)\b/i, 'INR'],
  [/\b(vat reg|£)/i, 'GBP'],
];

/**
 * What says which dollar a bare "$" is when the sender's domain does not: the country's tax and business
 * registrations and its postcodes (a country's name alone is as likely a destination or a legal notice).
 */
const DOLLAR_COUNTRY: [RegExp, string][] = [
  [
    // "HST" and "PST" alone are also time zones: the tax is known by its registration number.
    /\b(gst\/hst|hst\s?(?:#|no\.?|reg\w*|\d{5,})|qst|tvq)\b|\b(?:ON|QC|BC|AB|MB|SK|NS|NB|NL|PE)\s[A-Z]\d[A-Z]\s?\d[A-Z]\d\b/i,
    'CAD',
  ],
  [/\b(abn|pty\.? ltd)\b|\b(?:NSW|VIC|QLD|TAS|ACT)\s\d{4}\b/i, 'AUD'],
  [/\bnzbn\b/i, 'NZD'],
  [/\buen\s?(?:no\.?|:)/i, 'SGD'],
];

/**
 * The document's currency: the currency its amounts are written in most often, else what its words or
 * sender's country say. Null when nothing says.
 * @example detectCurrency('Total: 1.125,00 €') //=> 'EUR'
 */
export function detectCurrency(
  text: string,
  senderDomain: string | null = null,
): { currency: string | null; signal: string | null } {
  const counts = new Map<string, number>();
  const bump = (code: string, n = 1) => counts.set(code, (counts.get(code) ?? 0) + n);
  for (const m of text.matchAll(
    /(US\$|C\$|CA\$|A\$|AU\$|HK\$|S\$|NZ\$|R\$|[€£¥₹৳₩₽₺₫₱฿₪]|\$|\bRM(?= ?\d)|\bRp\.?(?= ?\d)|\bRs\.?(?= ?\d)|\bDH(?= ?\d)|(?<=\d ?)DH\b)/g,
  )) {
    const parsed = parseAmount(`${m[1]}1`);
    if (parsed?.currency) bump(parsed.currency);
  }
  // A code counts next to an amount only: "SDN BHD" is a company form, not Bahraini dinars.
  // Runs of digits and separators are shortened first (each keeps its first character, then one digit if
  // it held more), so the pattern never rescans a long run; which codes stand next to a number is unchanged.
  const short = text.replace(/[\d.,]+/g, (run) => run.charAt(0) + (/\d/.test(run.slice(1)) ? '0' : ''));
  for (const m of short.matchAll(/\d[ \u00a0]?([A-Z]{3})\b|\b([A-Z]{3})[ \u00a0]?-?\d/g)) {
    const code = (m[1] ?? m[2]) as string;
    if (CURRENCY_CODES.has(code)) bump(code, 2);
  }
  const best = [...counts].sort((a, b) => b[1] - a[1])[0];
  const tld = senderDomain?.split('.').pop()?.toLowerCase();
  const tldCurrency = tld ? TLD_CURRENCY[tld] : undefined;
  if (best) {
    // A bare "$" in a Canadian or Australian shop's mail is their dollar.
    if (best[0] === 'USD' && !/\bUSD\b|US\$/.test(text)) {
      if (tldCurrency?.endsWith('D')) return { currency: tldCurrency, signal: `currency:$+tld:${tld}` };
      const country = DOLLAR_COUNTRY.find(([re]) => re.test(text));
      if (country) return { currency: country[1], signal: `currency:$+words:${country[1]}` };
    }
    return { currency: best[0], signal: `currency:${best[0]}` };
  }
  for (const [re, code] of WORD_CURRENCY)
    if (re.test(text)) return { currency: code, signal: `currency-words:${code}` };
  if (tldCurrency) return { currency: tldCurrency, signal: `currency-tld:${tld}` };
  return { currency: null, signal: null };
}

/**
 * Whether 03/04/2025 is the 3rd of April or March 4th here: an unambiguous numeric date in the document
 * settles it; else US dollars mean month first; else day first, as most of the world writes.
 */
export function detectDateOrder(text: string, currency: string | null): DateOrder {
  for (const m of text.matchAll(/\b(\d{1,2})[/-](\d{1,2})[/-](\d{2,4})\b/g)) {
    if (Number(m[1]) > 12 && Number(m[2]) <= 12) return 'dmy';
    if (Number(m[2]) > 12 && Number(m[1]) <= 12) return 'mdy';
  }
  return currency === 'USD' ? 'mdy' : 'dmy';
}
