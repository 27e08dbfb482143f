import { CURRENCY_CODES } from '../amount';
import {
  CALLING_CODES,
  COMPANY_FORMS,
  COUNTRIES,
  COUNTRY_NAMES,
  CURRENCY_PREFIXES,
  CURRENCY_SIGNS,
  type Cue,
  type CurrencySign,
  countriesOfCurrency,
  LANGUAGE_COUNTRIES,
  LANGUAGE_WORDS,
  LOOSE_POSTCODES,
  PAYMENT_NETWORKS,
  PHONE_SHAPES,
  PLACES,
  POSTCODES,
  SCRIPT_LANGUAGES,
  STREETS,
  TAX_IDS,
  TAX_LABELS,
  TLD_COUNTRY,
} from '../lexicon/countries';

export type Strength = 'strong' | 'medium' | 'weak';
export type CountryDateOrder = 'dmy' | 'mdy' | 'ymd';

/**
 * How much each kind of evidence says, in three tiers. A tier is a category, not a weight: the decision
 * counts the strong evidence first, and the medium only to break a tie of strong, then the weak.
 * - strong: a national registration number in its own shape; an ISO code printed beside an amount.
 * - medium: a postcode in an address's shape, a phone number, a tax's name, a legal form, a national
 *   payment network, the sender's domain, an unambiguous currency sign (€, £, ₹, R$).
 * - weak: an ambiguous sign ($, kr, ¥: it only narrows), a place, street word or country name without a postcode
 *   (as likely a destination), a domain printed in the text, the language of the words. A date only
 *   month-first reads (04/25/2015) only breaks ties, towards the US.
 * On OCR input signs drop one tier (an unambiguous sign counts as weak, an ambiguous one only breaks
 * ties): one mis-read glyph must not outvote the address.
 */
export const STRENGTH = {
  taxId: 'strong',
  currencyCode: 'strong',
  postcode: 'medium',
  phone: 'medium',
  taxLabel: 'medium',
  companyForm: 'medium',
  payment: 'medium',
  senderDomain: 'medium',
  currencySign: 'medium',
  ambiguousSign: 'weak',
  loosePostcode: 'weak',
  place: 'weak',
  countryName: 'weak',
  printedDomain: 'weak',
  language: 'weak',
  dateOrder: 'weak',
} as const satisfies Record<string, Strength>;

/** Where a month-first date is the way numeric dates are written. */
const MONTH_FIRST = Object.keys(COUNTRIES)
  .filter((c) => COUNTRIES[c]?.dateOrder === 'mdy')
  .concat('CA');

const TIER: Record<Strength, 0 | 1 | 2> = { strong: 0, medium: 1, weak: 2 };

/** One piece of evidence: a country (or several joined by "/", when the cue only narrows), why, how strong. */
export interface Evidence {
  country: string;
  strength: Strength;
  why: string;
}

export interface CountryDecision {
  /** ISO 3166 alpha-2, null when the evidence does not single one out. */
  country: string | null;
  /** ISO 4217 of the document's amounts, bare signs included; null when nothing says. */
  currency: string | null;
  /** What a bare "$" means in this document (the amounts' parser reads it as US dollars). */
  dollar: string;
  dateOrder: CountryDateOrder;
  /** The languages whose lexicons to weigh, most evident first. */
  languages: string[];
  evidence: Evidence[];
  /** The strongest tier behind the chosen country (or currency); null when nothing decided. */
  strength: Strength | null;
  /** A short account for the extraction's signals, e.g. "country:MY(strong)". */
  signal: string | null;
}

export interface CountryHints {
  senderDomain?: string | null;
  /** A currency the document's structured data states (schema.org, an e-invoice): counts as a code. */
  currency?: string | null;
  /** The lines are OCR output: signs are weaker evidence. */
  ocr?: boolean;
}

/** Evidence before it is listed: which countries it speaks for, and the one a tie goes to. */
interface Found {
  countries: string[];
  strength: Strength;
  why: string;
  fallback?: string;
  /** False for a sign on OCR input: it may still break a tie, not count. */
  counts: boolean;
}

const SIGN_BY_TEXT = new Map<string, CurrencySign>(CURRENCY_SIGNS.map((s) => [s.sign, s]));

/** The currencies a sign can mean, first the one of its fallback country. */
function signCurrencies(sign: CurrencySign): string[] {
  return [...new Set(sign.countries.map((c) => COUNTRIES[c]?.currency ?? ''))].filter(Boolean);
}

/** One pattern for a table of names: any of them as a whole word, in any case unless `exactCase`. */
function namesPattern(names: string[], exactCase = false): RegExp {
  const words = names
    .sort((a, b) => b.length - a.length)
    .map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return exactCase
    ? new RegExp(`(?<!\\p{L})(?:${words.join('|')})(?!\\p{L})`, 'gu')
    : new RegExp(`(?<!\\p{L})(?:${words.join('|')})(?!\\p{L})`, 'giu');
}
const PLACE_PATTERN = namesPattern(Object.keys(PLACES));
const COUNTRY_NAME_PATTERN = namesPattern(Object.keys(COUNTRY_NAMES));
/** ISO codes as printed: upper case only ("eur" is no code). */
const CODE_PATTERN = namesPattern([...CURRENCY_CODES], true);

/** Every name of a table the text prints, as evidence for its country. */
function fromNames(
  text: string,
  pattern: RegExp,
  table: Record<string, string>,
  kind: string,
  strength: Strength,
  out: Found[],
): void {
  const seen = new Set<string>();
  for (const m of text.matchAll(pattern)) {
    const country = table[m[0].toLowerCase()];
    if (!country || seen.has(country)) continue;
    seen.add(country);
    out.push({ countries: [country], strength, why: `${kind} ${country}`, counts: true });
  }
}

/** Every match of a table's cues as evidence of one strength. */
function fromCues(text: string, cues: Cue[], strength: Strength, out: Found[]): void {
  for (const cue of cues) {
    cue.re.lastIndex = 0;
    if (cue.re.test(text))
      out.push({ countries: cue.countries, strength, why: cue.why, fallback: cue.fallback, counts: true });
    cue.re.lastIndex = 0;
  }
}

/** Currency signs and codes beside amounts: evidence, and how often each currency is written. */
function fromCurrencies(
  text: string,
  ocr: boolean,
  out: Found[],
): { tally: Map<string, number>; ambiguous: Map<CurrencySign, number> } {
  const tally = new Map<string, number>();
  const ambiguous = new Map<CurrencySign, number>();
  const bump = (code: string, n: number) => tally.set(code, (tally.get(code) ?? 0) + n);
  const seen = new Set<string>();
  const code = (iso: string, why: string) => {
    bump(iso, 2);
    if (seen.has(why)) return;
    seen.add(why);
    out.push({ countries: countriesOfCurrency(iso), strength: STRENGTH.currencyCode, why, counts: true });
  };
  // Every sign of CURRENCY_SIGNS and CURRENCY_PREFIXES; letter signs (RM, Rp, kr) only beside a number.
  for (const m of text.matchAll(
    /\b(US|AU|CA|HK|NZ|MX|NT|[ACSR])\$|([$€£¥₹৳₩₽₺₫₱฿₪₴])|\b(RM|Rp|Rs|DH|kr|zł|Kč|Ft)\.? ?-?\d|\d ?(DH|kr|zł|Kč|Ft)(?![A-Za-z])/g,
  )) {
    const mark = m[1] ? `${m[1]}$` : ((m[2] ?? m[3] ?? m[4]) as string);
    const prefix = CURRENCY_PREFIXES[mark];
    if (prefix) {
      code(prefix, `${mark} before amounts`);
      continue;
    }
    const sign = SIGN_BY_TEXT.get(mark);
    if (!sign) continue;
    if (sign.fallback) ambiguous.set(sign, (ambiguous.get(sign) ?? 0) + 1);
    else bump(signCurrencies(sign)[0] as string, 1);
    if (seen.has(mark)) continue;
    seen.add(mark);
    const strength = sign.fallback ? STRENGTH.ambiguousSign : ocr ? 'weak' : STRENGTH.currencySign;
    out.push({
      countries: sign.countries,
      strength,
      why: `sign ${mark}${ocr ? ' (OCR)' : ''}`,
      fallback: sign.fallback,
      counts: !(ocr && sign.fallback),
    });
  }
  // A code counts next to an amount only, one with decimals or thousands: "SDN BHD" is a company form,
  // "RON 95" a petrol grade and "PEN 0.5MM" a pen, none of them money.
  for (const m of text.matchAll(CODE_PATTERN)) {
    const before = text.slice(Math.max(0, m.index - 4), m.index);
    const after = /^ ?-?(\d[\d.,]{0,15})/.exec(text.slice(m.index + 3, m.index + 21))?.[1] ?? '';
    if (/[.,]\d{2,3} ?$/.test(before) || /[.,]\d{2,3}$/.test(after)) code(m[0], `code ${m[0]}`);
  }
  return { tally, ambiguous };
}

/** Phone numbers with an international prefix: the longest calling code that exists wins. */
function fromPhones(text: string, out: Found[]): void {
  const seen = new Set<string>();
  for (const m of text.matchAll(/(?<![\w+])\+(\d{1,3})[ \-()]{0,3}\d[\d \-()]{5,14}\d/g)) {
    const digits = m[0].replace(/\D/g, '');
    const prefix = [3, 2, 1].map((n) => digits.slice(0, n)).find((p) => CALLING_CODES[p]);
    if (!prefix || seen.has(prefix)) continue;
    seen.add(prefix);
    const countries = CALLING_CODES[prefix] as string[];
    out.push({
      countries,
      strength: STRENGTH.phone,
      why: `phone +${prefix}`,
      fallback: countries[0],
      counts: true,
    });
  }
  fromCues(text, PHONE_SHAPES, STRENGTH.phone, out);
}

/** The country a domain's last label names, when it is a country's own. */
function domainCountry(domain: string): string | undefined {
  const tld = domain.toLowerCase().split('.').pop() ?? '';
  return TLD_COUNTRY[tld];
}

/** Domains printed in the text (web sites, e-mail addresses) and the sender's own. */
function fromDomains(text: string, senderDomain: string | null | undefined, out: Found[]): void {
  const seen = new Set<string>();
  const add = (country: string | undefined, strength: Strength, why: string) => {
    if (!country || seen.has(why)) return;
    seen.add(why);
    out.push({ countries: [country], strength, why, counts: true });
  };
  add(
    senderDomain ? domainCountry(senderDomain) : undefined,
    STRENGTH.senderDomain,
    `sender .${senderDomain?.split('.').pop()}`,
  );
  // Upper-case "TEL.NO" is no domain: a domain is lower case unless "www.", "://" or "@" marks it.
  for (const m of text.matchAll(/[A-Za-z0-9]\.([A-Za-z]{2})(?![.@-]?[A-Za-z0-9])/g)) {
    const tld = m[1] as string;
    if (tld !== tld.toLowerCase()) {
      const token = text.slice(
        Math.max(text.lastIndexOf(' ', m.index), text.lastIndexOf('\n', m.index), m.index - 200),
        m.index,
      );
      if (!/www\.|:\/\/|@/i.test(token)) continue;
    }
    add(TLD_COUNTRY[tld.toLowerCase()], STRENGTH.printedDomain, `domain .${tld.toLowerCase()}`);
  }
}

/** The languages the words are in, most cue words first. */
export function detectLanguages(text: string): string[] {
  const hits = new Map<string, Set<string>>();
  const index = WORD_LANGUAGES;
  for (const word of text.toLowerCase().match(/[\p{L}]{2,20}/gu) ?? []) {
    for (const lang of index.get(word) ?? []) {
      const set = hits.get(lang) ?? new Set<string>();
      set.add(word);
      hits.set(lang, set);
    }
  }
  for (const [re, lang] of SCRIPT_LANGUAGES)
    if (re.test(text)) hits.set(lang, new Set(['script', 'letters']));
  // Two words of a language, or one that no other language shares, name it.
  const ranked = [...hits]
    .filter(([, words]) => words.size >= 2 || [...words].some((w) => WORD_LANGUAGES.get(w)?.length === 1))
    .sort((a, b) => b[1].size - a[1].size);
  const top = ranked[0]?.[1].size ?? 0;
  return ranked.filter(([, words]) => words.size * 2 >= top).map(([lang]) => lang);
}

const WORD_LANGUAGES = new Map<string, string[]>();
for (const [lang, words] of Object.entries(LANGUAGE_WORDS))
  for (const word of words) WORD_LANGUAGES.set(word, [...(WORD_LANGUAGES.get(word) ?? []), lang]);

/** What the document's own numeric dates prove: a first number above 12 is a day, a second one too. */
export function provenDateOrder(text: string): 'dmy' | 'mdy' | null {
  for (const m of text.matchAll(/\b(\d{1,2})[/-](\d{1,2})[/-](\d{2,4})\b/g)) {
    if (Number(m[1]) > 12 && Number(m[2]) <= 12) return 'dmy';
    if (Number(m[2]) > 12 && Number(m[1]) <= 12) return 'mdy';
  }
  return null;
}

/** Every piece of evidence the text prints. */
function gather(text: string, hints: CountryHints, out: Found[]) {
  const money = fromCurrencies(text, hints.ocr === true, out);
  if (hints.currency)
    out.push({
      countries: countriesOfCurrency(hints.currency),
      strength: STRENGTH.currencyCode,
      why: `stated ${hints.currency}`,
      counts: true,
    });
  fromCues(text, TAX_IDS, STRENGTH.taxId, out);
  fromCues(text, TAX_LABELS, STRENGTH.taxLabel, out);
  fromCues(text, COMPANY_FORMS, STRENGTH.companyForm, out);
  fromCues(text, POSTCODES, STRENGTH.postcode, out);
  fromCues(text, LOOSE_POSTCODES, STRENGTH.loosePostcode, out);
  fromNames(text, PLACE_PATTERN, PLACES, 'place', STRENGTH.place, out);
  fromCues(text, STREETS, STRENGTH.place, out);
  fromNames(text, COUNTRY_NAME_PATTERN, COUNTRY_NAMES, 'name', STRENGTH.countryName, out);
  fromCues(text, PAYMENT_NETWORKS, STRENGTH.payment, out);
  fromPhones(text, out);
  fromDomains(text, hints.senderDomain, out);
  // A date only month-first reads (04/25/2015) is written the American way; OCR and foreign formats make
  // it a hint that breaks a tie, not a count.
  if (provenDateOrder(text) === 'mdy')
    out.push({
      countries: MONTH_FIRST,
      strength: STRENGTH.dateOrder,
      why: 'month-first date',
      fallback: 'US',
      counts: false,
    });
  const languages = detectLanguages(text);
  for (const lang of languages) {
    const where = LANGUAGE_COUNTRIES[lang];
    if (where)
      out.push({
        countries: where.countries,
        strength: STRENGTH.language,
        why: `language ${lang}`,
        fallback: where.fallback,
        counts: true,
      });
  }
  return { ...money, languages };
}

/** Countries whose tallies tie at the top, compared strong first, then medium, then weak. */
function leaders(found: Found[]): { tied: string[]; tier: Strength | null } {
  const score = new Map<string, [number, number, number]>();
  for (const f of found) {
    if (!f.counts) continue;
    for (const c of f.countries) {
      const s = score.get(c) ?? [0, 0, 0];
      s[TIER[f.strength]] += 1;
      score.set(c, s);
    }
  }
  let best: [number, number, number] | null = null;
  let tied: string[] = [];
  for (const [country, s] of score) {
    const cmp = best ? s[0] - best[0] || s[1] - best[1] || s[2] - best[2] : 1;
    if (cmp > 0) {
      best = s;
      tied = [country];
    } else if (cmp === 0) tied.push(country);
  }
  const tier = best
    ? ((['strong', 'medium', 'weak'] as const).find((_, i) => ((best as number[])[i] ?? 0) > 0) ?? null)
    : null;
  return { tied, tier };
}

/**
 * Whether a country stands on more than one cue: a registration number, or two different medium cues (one
 * legal form alone may be a foreign parent's).
 */
function isSettled(country: string, found: Found[]): boolean {
  const mine = found.filter((f) => f.counts && f.countries.includes(country));
  return mine.some((f) => f.strength === 'strong') || mine.filter((f) => f.strength === 'medium').length >= 2;
}

/** The currency most of some countries share, when more than half of them do. */
function sharedCurrency(countries: string[]): string | null {
  const counts = new Map<string, number>();
  for (const c of countries) {
    const code = COUNTRIES[c]?.currency;
    if (code) counts.set(code, (counts.get(code) ?? 0) + 1);
  }
  const [top] = [...counts].sort((a, b) => b[1] - a[1]);
  return top && top[1] * 2 > countries.length ? top[0] : null;
}

/** Of countries the evidence cannot tell apart, the one most cues fall back to; null when none does. */
function breakTie(tied: string[], found: Found[]): string | null {
  if (tied.length === 1) return tied[0] as string;
  const votes = new Map<string, number>();
  for (const f of found)
    if (f.fallback && tied.includes(f.fallback)) votes.set(f.fallback, (votes.get(f.fallback) ?? 0) + 1);
  const ranked = [...votes].sort((a, b) => b[1] - a[1]);
  if (!ranked[0] || ranked[1]?.[1] === ranked[0][1]) return null;
  return ranked[0][0];
}

/**
 * The document's country from everything it prints, and from it the currency of a bare "$" or "kr", the
 * order of day and month, and the languages to read it in. See STRENGTH for how evidence is weighed.
 * @example decideCountry(['Calgary, AB T2P 1J9', 'Total $12.00']).currency //=> 'CAD'
 */
export function decideCountry(lines: string[], hints: CountryHints = {}): CountryDecision {
  const text = lines.join('\n');
  const found: Found[] = [];
  const { tally, ambiguous, languages } = gather(text, hints, found);
  const { tied, tier } = leaders(found);
  const country = tier ? breakTie(tied, found) : null;
  // Without a country, signs that only narrow may still name it by their fallback ("$" alone is the US).
  const fallbackCountry =
    country ??
    (tied.length === 0
      ? breakTie(
          [...ambiguous.keys()].map((s) => s.fallback as string),
          found,
        )
      : null);
  const home = country ? COUNTRIES[country]?.currency : undefined;

  const ocr = hints.ocr === true;
  // A bare sign is the country's own money where it can be; where it cannot ("$" on a Malaysian till
  // receipt) it is the till's generic sign or a mis-read glyph when an address or a registration says
  // the country, and its fallback ("$" is the US dollar) only when nothing stronger than a hint does.
  // On a photo one medium cue is enough: there the sign is the likelier mis-read.
  const settled = country !== null && (isSettled(country, found) || (ocr && tier !== 'weak'));
  const meaning = (sign: CurrencySign) =>
    (home && (signCurrencies(sign).includes(home) || settled)
      ? home
      : COUNTRIES[sign.fallback as string]?.currency) ?? null;
  for (const [sign, n] of ambiguous) {
    const means = meaning(sign);
    if (means) tally.set(means, (tally.get(means) ?? 0) + n);
  }
  let currency: string | null = null;
  if (tally.size > 0) {
    const ranked = [...tally].sort((a, b) => b[1] - a[1] || Number(b[0] === home) - Number(a[0] === home));
    currency = ocr && home && tally.has(home) ? home : (ranked[0]?.[0] ?? null);
  } else if (home) currency = home;
  else {
    const pool = tied.length > 0 && tier ? tied : fallbackCountry ? [fallbackCountry] : [];
    currency = sharedCurrency(pool);
  }

  const decided = country ?? fallbackCountry;
  const countryOrder = decided ? COUNTRIES[decided]?.dateOrder : undefined;
  const dateOrder: CountryDateOrder = provenDateOrder(text) ?? countryOrder ?? 'dmy';

  const langs = [...languages];
  for (const lang of (decided && COUNTRIES[decided]?.languages) || [])
    if (!langs.includes(lang)) langs.push(lang);

  const evidence = found.map((f) => ({
    country: f.countries.join('/'),
    strength: f.strength,
    why: f.counts ? f.why : `${f.why}, tie-break only`,
  }));
  const strength = country ? tier : fallbackCountry ? 'weak' : currency ? tier : null;
  const signal = country
    ? `country:${country}(${tier})`
    : currency
      ? `currency:${currency}(${strength ?? 'weak'})`
      : null;
  const dollar = meaning(SIGN_BY_TEXT.get('$') as CurrencySign) ?? 'USD';
  return { country: decided, currency, dollar, dateOrder, languages: langs, evidence, strength, signal };
}
