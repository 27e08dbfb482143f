/**
 * What a document prints that tells which country it comes from, one table per kind of evidence. Each
 * entry is a national format or word, never one shop's text. How strong each kind is, and how the tables
 * are weighed, is decided in `fields/country.ts`.
 */

/** A country's currency, languages (ISO 639-1) and, where it is not day first, its numeric date order. */
export interface CountryFacts {
  currency: string;
  languages: string[];
  dateOrder?: 'mdy' | 'ymd';
}

/** ISO 3166 alpha-2 → facts. Every country any table below can name is here. */
export const COUNTRIES: Record<string, CountryFacts> = {
  US: { currency: 'USD', languages: ['en', 'es'], dateOrder: 'mdy' },
  CA: { currency: 'CAD', languages: ['en', 'fr'] },
  MX: { currency: 'MXN', languages: ['es'] },
  BR: { currency: 'BRL', languages: ['pt'] },
  AR: { currency: 'ARS', languages: ['es'] },
  CL: { currency: 'CLP', languages: ['es'] },
  CO: { currency: 'COP', languages: ['es'] },
  PE: { currency: 'PEN', languages: ['es'] },
  GB: { currency: 'GBP', languages: ['en'] },
  IE: { currency: 'EUR', languages: ['en'] },
  DE: { currency: 'EUR', languages: ['de'] },
  AT: { currency: 'EUR', languages: ['de'] },
  CH: { currency: 'CHF', languages: ['de', 'fr', 'it'] },
  FR: { currency: 'EUR', languages: ['fr'] },
  BE: { currency: 'EUR', languages: ['nl', 'fr', 'de'] },
  LU: { currency: 'EUR', languages: ['fr', 'de'] },
  NL: { currency: 'EUR', languages: ['nl'] },
  IT: { currency: 'EUR', languages: ['it'] },
  ES: { currency: 'EUR', languages: ['es'] },
  PT: { currency: 'EUR', languages: ['pt'] },
  FI: { currency: 'EUR', languages: ['fi', 'sv'] },
  GR: { currency: 'EUR', languages: ['el'] },
  SK: { currency: 'EUR', languages: ['sk'] },
  SI: { currency: 'EUR', languages: ['sl'] },
  EE: { currency: 'EUR', languages: ['et'] },
  LV: { currency: 'EUR', languages: ['lv'] },
  LT: { currency: 'EUR', languages: ['lt'], dateOrder: 'ymd' },
  HR: { currency: 'EUR', languages: ['hr'] },
  MT: { currency: 'EUR', languages: ['en'] },
  CY: { currency: 'EUR', languages: ['el'] },
  SE: { currency: 'SEK', languages: ['sv'] },
  NO: { currency: 'NOK', languages: ['no'] },
  DK: { currency: 'DKK', languages: ['da'] },
  IS: { currency: 'ISK', languages: ['is'] },
  PL: { currency: 'PLN', languages: ['pl'] },
  CZ: { currency: 'CZK', languages: ['cs'] },
  HU: { currency: 'HUF', languages: ['hu'], dateOrder: 'ymd' },
  RO: { currency: 'RON', languages: ['ro'] },
  BG: { currency: 'BGN', languages: ['bg'] },
  RU: { currency: 'RUB', languages: ['ru'] },
  UA: { currency: 'UAH', languages: ['uk'] },
  TR: { currency: 'TRY', languages: ['tr'] },
  IL: { currency: 'ILS', languages: ['he'] },
  AE: { currency: 'AED', languages: ['ar', 'en'] },
  SA: { currency: 'SAR', languages: ['ar'] },
  MA: { currency: 'MAD', languages: ['fr', 'ar'] },
  EG: { currency: 'EGP', languages: ['ar'] },
  ZA: { currency: 'ZAR', languages: ['en'] },
  NG: { currency: 'NGN', languages: ['en'] },
  KE: { currency: 'KES', languages: ['en'] },
  IN: { currency: 'INR', languages: ['en', 'hi'] },
  PK: { currency: 'PKR', languages: ['en', 'ur'] },
  LK: { currency: 'LKR', languages: ['en'] },
  BD: { currency: 'BDT', languages: ['bn', 'en'] },
  MY: { currency: 'MYR', languages: ['ms', 'en'] },
  SG: { currency: 'SGD', languages: ['en', 'ms', 'zh'] },
  ID: { currency: 'IDR', languages: ['id'] },
  TH: { currency: 'THB', languages: ['th'] },
  VN: { currency: 'VND', languages: ['vi'] },
  PH: { currency: 'PHP', languages: ['en'], dateOrder: 'mdy' },
  HK: { currency: 'HKD', languages: ['zh', 'en'] },
  TW: { currency: 'TWD', languages: ['zh'], dateOrder: 'ymd' },
  CN: { currency: 'CNY', languages: ['zh'], dateOrder: 'ymd' },
  JP: { currency: 'JPY', languages: ['ja'], dateOrder: 'ymd' },
  KR: { currency: 'KRW', languages: ['ko'], dateOrder: 'ymd' },
  AU: { currency: 'AUD', languages: ['en'] },
  NZ: { currency: 'NZD', languages: ['en'] },
};

/** The euro area, for the euro's sign and code. */
const EURO = [
  'DE',
  'FR',
  'IT',
  'ES',
  'NL',
  'BE',
  'AT',
  'PT',
  'IE',
  'FI',
  'GR',
  'LU',
  'SK',
  'SI',
  'EE',
  'LV',
  'LT',
];
const EURO_ALL = [...EURO, 'HR', 'MT', 'CY'];

/** The countries that use a currency (for codes printed beside amounts). */
export function countriesOfCurrency(code: string): string[] {
  if (code === 'EUR') return EURO_ALL;
  const list = Object.keys(COUNTRIES).filter((c) => COUNTRIES[c]?.currency === code);
  return list;
}

/**
 * Currency signs printed beside amounts. `countries` lists where the sign is the local currency; an
 * ambiguous sign names several currencies and a `fallback` country it means when nothing else says.
 * fields/country.ts finds them with one pattern that lists every sign here (a letter sign only beside a
 * number).
 */
export interface CurrencySign {
  sign: string;
  countries: string[];
  /** Present on ambiguous signs: the country it means alone ("$" alone is the US dollar). */
  fallback?: string;
}
export const CURRENCY_SIGNS: CurrencySign[] = [
  { sign: 'US$', countries: ['US'] },
  { sign: 'AU$', countries: ['AU'] },
  { sign: 'CA$', countries: ['CA'] },
  { sign: 'HK$', countries: ['HK'] },
  { sign: 'NZ$', countries: ['NZ'] },
  { sign: 'MX$', countries: ['MX'] },
  { sign: 'NT$', countries: ['TW'] },
  { sign: 'A$', countries: ['AU'] },
  { sign: 'C$', countries: ['CA'] },
  { sign: 'S$', countries: ['SG'] },
  { sign: 'R$', countries: ['BR'] },
  { sign: '€', countries: EURO_ALL },
  { sign: '£', countries: ['GB'] },
  { sign: '₹', countries: ['IN'] },
  { sign: '৳', countries: ['BD'] },
  { sign: '₩', countries: ['KR'] },
  { sign: '₽', countries: ['RU'] },
  { sign: '₺', countries: ['TR'] },
  { sign: '₫', countries: ['VN'] },
  { sign: '₱', countries: ['PH'] },
  { sign: '฿', countries: ['TH'] },
  { sign: '₪', countries: ['IL'] },
  { sign: '₴', countries: ['UA'] },
  { sign: 'zł', countries: ['PL'] },
  { sign: 'Kč', countries: ['CZ'] },
  { sign: 'Ft', countries: ['HU'] },
  { sign: 'Rp', countries: ['ID'] },
  { sign: 'DH', countries: ['MA'] },
  { sign: 'Rs', countries: ['IN', 'PK', 'LK'], fallback: 'IN' },
  { sign: 'kr', countries: ['SE', 'NO', 'DK', 'IS'], fallback: 'SE' },
  { sign: '¥', countries: ['JP', 'CN'], fallback: 'JP' },
  { sign: '$', countries: ['US', 'CA', 'AU', 'NZ', 'SG', 'HK', 'MX', 'TW'], fallback: 'US' },
];

/**
 * Letter prefixes that are an ISO code in all but name: "RM 12.00" is ringgit, never a word. They count
 * as codes, not as signs an OCR engine mis-reads.
 */
export const CURRENCY_PREFIXES: Record<string, string> = { RM: 'MYR' };

/** One pattern of a table and the countries it speaks for. */
export interface Cue {
  re: RegExp;
  countries: string[];
  why: string;
  /** For a cue that names several countries: the one it means when nothing else tells them apart. */
  fallback?: string;
}

/**
 * Tax and business registration numbers in their national shapes, with the label each country prints.
 * A number's shape alone is not enough where it is just digits: the label must be there.
 */
export const TAX_IDS: Cue[] = [
  // EU VAT ids: the country prefix is part of the number.
  { re: /\bDE ?\d{9}\b/g, countries: ['DE'], why: 'VAT id DE' },
  { re: /\bATU ?\d{8}\b/g, countries: ['AT'], why: 'VAT id AT' },
  { re: /\bFR ?[0-9A-HJ-NP-Z]{2} ?\d{3} ?\d{3} ?\d{3}\b/g, countries: ['FR'], why: 'VAT id FR' },
  { re: /\bIT ?\d{11}\b/g, countries: ['IT'], why: 'VAT id IT' },
  { re: /\bES ?[A-Z0-9]\d{7}[A-Z0-9]\b/g, countries: ['ES'], why: 'VAT id ES' },
  { re: /\bNL ?\d{9}B\d{2}\b/g, countries: ['NL'], why: 'VAT id NL' },
  { re: /\bBE ?[01]\d{3}[. ]?\d{3}[. ]?\d{3}\b/g, countries: ['BE'], why: 'VAT id BE' },
  { re: /\bPT ?\d{9}\b/g, countries: ['PT'], why: 'VAT id PT' },
  { re: /\bIE ?\d[0-9A-Z]\d{5}[A-Z]{1,2}\b/g, countries: ['IE'], why: 'VAT id IE' },
  { re: /\bGB ?(?:\d{3} ?\d{4} ?\d{2}|\d{9})\b/g, countries: ['GB'], why: 'VAT id GB' },
  { re: /\bSE ?\d{10}01\b/g, countries: ['SE'], why: 'VAT id SE' },
  { re: /\bDK ?\d{8}\b/g, countries: ['DK'], why: 'VAT id DK' },
  { re: /\bFI ?\d{8}\b/g, countries: ['FI'], why: 'VAT id FI' },
  { re: /\bLU ?\d{8}\b/g, countries: ['LU'], why: 'VAT id LU' },
  { re: /\bPL ?\d{10}\b/g, countries: ['PL'], why: 'VAT id PL' },
  { re: /\bCHE[- ]?\d{3}\.?\d{3}\.?\d{3}\b/g, countries: ['CH'], why: 'UID CH' },
  // National numbers behind their label.
  { re: /\b(?:USt-?Id\w*|St\.? ?-?Nr)\.?:? ?(?:DE)?\d/gi, countries: ['DE'], why: 'Steuernummer' },
  { re: /\b(?:SIRET|SIREN|N° TVA)\b/gi, countries: ['FR'], why: 'SIRET' },
  { re: /\b(?:P\.? ?IVA|Partita IVA|C\.F\.)\.?:? ?(?:IT)?\d{11}\b/gi, countries: ['IT'], why: 'Partita IVA' },
  {
    re: /\b(?:C\.?I\.?F|N\.?I\.?F)\.?:? ?(?:[A-Z]\d{8}|\d{8}[A-Z])\b/gi,
    countries: ['ES'],
    why: 'CIF/NIF ES',
  },
  {
    re: /\b(?:NIF|NIPC|Contribuinte|N\.? ?Contrib\.?)\w*\.?(?: n\.?[oº°])?:? ?(?:PT ?)?[1-9]\d{8}\b/gi,
    countries: ['PT'],
    why: 'NIF PT',
  },
  { re: /\bKvK\b/g, countries: ['NL'], why: 'KvK' },
  { re: /\b(?:EIN|FEIN|Fed(?:eral)? Tax ID)\.?:? ?\d{2}-\d{7}\b/gi, countries: ['US'], why: 'EIN' },
  { re: /\b\d{9} ?RT ?\d{4}\b/g, countries: ['CA'], why: 'GST/HST RT number' },
  { re: /\bABN:? ?\d{2} ?\d{3} ?\d{3} ?\d{3}\b/gi, countries: ['AU'], why: 'ABN' },
  { re: /\bNZBN:? ?\d{13}\b/gi, countries: ['NZ'], why: 'NZBN' },
  { re: /\b\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]\b/g, countries: ['IN'], why: 'GSTIN' },
  {
    re: /\b(?:UEN|GST Reg\.? No)\.?:? ?(?:\d{8,9}[A-Z]|[TSR]\d{2}[A-Z]{2}\d{4}[A-Z]|M\d-\d{7}-\d)\b/gi,
    countries: ['SG'],
    why: 'UEN',
  },
  // Malaysian GST ids are twelve digits (000123456789), SST ids "W10-1808-32000123".
  {
    re: /\b(?:GST|SST)\b[^\d\n]{0,24}(?:\d{12}|[A-Z]\d{2}-\d{4}-\d{8})\b/gi,
    countries: ['MY'],
    why: 'GST/SST id MY',
  },
  // SSM company numbers: "(123456-X)", "Co. Reg: 933109-X".
  {
    re: /\(\d{5,12}-[A-Z]\)|\bCO\.? ?REG\b[^\d\n]{0,8}\d{5,12}-[A-Z]\b/gi,
    countries: ['MY'],
    why: 'company no. MY',
  },
  { re: /\b\d{2}\.\d{3}\.\d{3}\.\d-\d{3}\.\d{3}\b/g, countries: ['ID'], why: 'NPWP' },
  { re: /\bNPWP\b/gi, countries: ['ID'], why: 'NPWP' },
  {
    re: /\bCompany (?:Reg(?:istration)?\.? )?No\.?:? ?(?:\d{8}|[A-Z]{2}\d{6})\b/gi,
    countries: ['GB'],
    why: 'company no. GB',
  },
  {
    re: /\bVAT Reg(?:istration|\.)? ?No\.?:? ?(?:GB)? ?\d{3} ?\d{4} ?\d{2}\b/gi,
    countries: ['GB'],
    why: 'VAT reg GB',
  },
  { re: /\bRFC:? ?[A-ZÑ&]{3,4}\d{6}[A-Z0-9]{3}\b/g, countries: ['MX'], why: 'RFC' },
  { re: /\b\d{2}\.\d{3}\.\d{3}\/\d{4}-\d{2}\b/g, countries: ['BR'], why: 'CNPJ' },
  { re: /\bT\d{13}\b/g, countries: ['JP'], why: 'invoice registration JP' },
  { re: /\b(?:VAT )?Reg\.? TIN:? ?\d{3}-\d{3}-\d{3}/gi, countries: ['PH'], why: 'TIN PH' },
];

/** Words that name a country's tax or registration, without the number's shape (which tells more). */
export const TAX_LABELS: Cue[] = [
  { re: /\bGST\/HST\b|\bHST ?(?:#|No\b|Reg)|\bQST\b|\bTVQ\b/gi, countries: ['CA'], why: 'GST/HST' },
  { re: /\bABN\b/g, countries: ['AU'], why: 'ABN label' },
  { re: /\bGSTIN\b/gi, countries: ['IN'], why: 'GSTIN label' },
  { re: /\bUEN\b/g, countries: ['SG'], why: 'UEN label' },
  { re: /\bSST\b/g, countries: ['MY'], why: 'SST' },
  { re: /\bMwSt\b|\bUSt\b/g, countries: ['DE', 'AT'], why: 'MwSt', fallback: 'DE' },
  { re: /\bVAT Reg/gi, countries: ['GB'], why: 'VAT reg' },
  { re: /\bPPN\b/g, countries: ['ID'], why: 'PPN' },
  // The value-added tax's own name, which each language group prints.
  { re: /\bI\.?V\.?A\b/g, countries: ['ES', 'IT', 'PT', 'MX'], why: 'IVA' },
  { re: /\bT\.?V\.?A\b/g, countries: ['FR', 'BE', 'LU', 'CH', 'MA'], why: 'TVA', fallback: 'FR' },
  { re: /\bBTW\b/g, countries: ['NL', 'BE'], why: 'BTW', fallback: 'NL' },
  { re: /\bmoms\b/gi, countries: ['SE', 'DK'], why: 'moms' },
  { re: /\bMVA\b/g, countries: ['NO'], why: 'MVA' },
  { re: /\bALV\b/g, countries: ['FI'], why: 'ALV' },
  { re: /\bPTU\b/g, countries: ['PL'], why: 'PTU' },
  { re: /\bDPH\b/g, countries: ['CZ', 'SK'], why: 'DPH', fallback: 'CZ' },
  { re: /\bÁFA\b/gi, countries: ['HU'], why: 'ÁFA' },
  { re: /\bKDV\b/g, countries: ['TR'], why: 'KDV' },
  { re: /\bPB1\b/g, countries: ['ID'], why: 'PB1 restaurant tax' },
];

/** Legal forms of companies that belong to one country (or a few). */
export const COMPANY_FORMS: Cue[] = [
  { re: /\bSdn\.? ?Bhd\b/gi, countries: ['MY'], why: 'Sdn Bhd' },
  { re: /\bPte\.? ?Ltd\b/gi, countries: ['SG'], why: 'Pte Ltd' },
  { re: /\bPty\.? ?Ltd\b/gi, countries: ['AU', 'ZA'], why: 'Pty Ltd', fallback: 'AU' },
  { re: /\bP(?:vt|rivate)\.? ?Ltd\b/gi, countries: ['IN'], why: 'Pvt Ltd' },
  { re: /\bGmbH\b/g, countries: ['DE', 'AT', 'CH'], why: 'GmbH', fallback: 'DE' },
  { re: /\bS\.?A\.?R\.?L\b|\bSAS\b/g, countries: ['FR', 'LU', 'MA'], why: 'SARL', fallback: 'FR' },
  { re: /\bS\.r\.l\b|\bS\.p\.A\b|\bSRL\b/g, countries: ['IT'], why: 'Srl' },
  { re: /\bS\.L\.U?\b/g, countries: ['ES'], why: 'S.L.' },
  { re: /\bB\.V\.|\bBV\b/g, countries: ['NL', 'BE'], why: 'B.V.', fallback: 'NL' },
  { re: /\bLda\b|\bUnipessoal\b/gi, countries: ['PT'], why: 'Lda' },
  { re: /\bLtda\b/gi, countries: ['BR', 'PT'], why: 'Ltda', fallback: 'BR' },
  { re: /\bTbk\b|\bPT\.? (?=[A-Z]{3})/g, countries: ['ID'], why: 'PT/Tbk' },
  { re: /\bA\/S\b|\bApS\b/g, countries: ['DK', 'NO'], why: 'A/S', fallback: 'DK' },
  { re: /\bOyj?\b/g, countries: ['FI'], why: 'Oy' },
  { re: /株式会社|有限会社/g, countries: ['JP'], why: 'kabushiki kaisha' },
  { re: /\bLLC\b/g, countries: ['US'], why: 'LLC' },
];

/**
 * Postcodes in the shape of an address line: the code with what stands beside it in that country
 * (a state, a city, a province), since a bare run of digits is anything.
 */
export const POSTCODES: Cue[] = [
  {
    re: /\b(?:AL|AK|AZ|AR|CA|CO|CT|DE|DC|FL|GA|HI|ID|IL|IN|IA|KS|KY|LA|ME|MD|MA|MI|MN|MS|MO|MT|NE|NV|NH|NJ|NM|NY|NC|ND|OH|OK|OR|PA|RI|SC|SD|TN|TX|UT|VT|VA|WA|WV|WI|WY),? \d{5}(?:-\d{4})?\b/g,
    countries: ['US'],
    why: 'US state and ZIP',
  },
  // "Ashland, OR" closing a line: a town, a comma and a state code is an address even without the ZIP.
  {
    re: /^[A-Z][A-Za-z.' -]{1,30}, (?:AL|AK|AZ|AR|CA|CO|CT|DE|DC|FL|GA|HI|ID|IL|IN|IA|KS|KY|LA|ME|MD|MA|MI|MN|MS|MO|MT|NE|NV|NH|NJ|NM|NY|NC|ND|OH|OK|OR|PA|RI|SC|SD|TN|TX|UT|VT|VA|WA|WV|WI|WY)$/gm,
    countries: ['US'],
    why: 'town and state US',
  },
  {
    re: /\b(?:AB|BC|MB|NB|NL|NS|NT|NU|ON|PE|QC|SK|YT),? [ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z] ?\d[ABCEGHJ-NPRSTV-Z]\d\b/g,
    countries: ['CA'],
    why: 'province and postal code CA',
  },
  {
    re: /\b(?:NSW,? [12]\d{3}|VIC,? [38]\d{3}|QLD,? [49]\d{3}|SA,? 5\d{3}|WA,? 6\d{3}|TAS,? 7\d{3}|NT,? 0[89]\d{2}|ACT,? (?:26\d{2}|29[0-2]\d))\b/g,
    countries: ['AU'],
    why: 'state and postcode AU',
  },
  {
    re: /\b(?:[A-PR-UWYZ][A-HK-Y]?\d[A-Z\d]?) \d[ABD-HJLNP-UW-Z]{2}\b/g,
    countries: ['GB'],
    why: 'postcode GB',
  },
  { re: /\b[1-9]\d{3} ?[A-RT-Z][A-Z] [A-Z][a-z]{2}/g, countries: ['NL'], why: 'postcode NL' },
  { re: /\b[1-9]\d{3}-\d{3} [A-Z]/g, countries: ['PT'], why: 'postcode PT' },
  {
    re: /\b\d{5},? (?:[A-Z][A-Za-z]+ )?(?:Selangor|Johor|Kuala Lumpur|Pulau Pinang|Penang|Perak|Kedah|Kelantan|Terengganu|Pahang|Negeri Sembilan|Melaka|Malacca|Sabah|Sarawak|Perlis|Putrajaya|Labuan|Shah Alam|Petaling Jaya|Johor Bahru|Ipoh|Klang|Seri Kembangan|Puchong|Subang Jaya|Cheras|Kajang)\b/gi,
    countries: ['MY'],
    why: 'postcode and state MY',
  },
  {
    re: /\b(?:Jakarta|Tangerang|Bekasi|Depok|Bogor|Bandung|Surabaya|Semarang|Medan|Denpasar|Yogyakarta)\b,? (?:[A-Z][a-z]+ )?\d{5}\b/gi,
    countries: ['ID'],
    why: 'city and postcode ID',
  },
  { re: /\bSingapore,? \d{6}\b/gi, countries: ['SG'], why: 'postcode SG' },
  { re: /〒 ?\d{3}-\d{4}/g, countries: ['JP'], why: 'postcode JP' },
  { re: /\b[1-9]\d{2} \d{2} [A-ZÅÄÖ][a-zåäö]{2}/g, countries: ['SE'], why: 'postcode SE' },
];

/**
 * Postcodes that fit several countries: a line that is only a postcode and a one-word town ("80331
 * München"). A street line ("3768 Mission Blvd") has two words or more, so a house number is not taken.
 * Only narrows.
 */
export const LOOSE_POSTCODES: Cue[] = [
  {
    re: /^\d{5} [A-ZÄÖÜÉ][a-zäöüßéèàç]{2,20}(?:-[A-ZÄÖÜÉ][a-zäöüßéèàç]{1,20})?$/gm,
    countries: ['DE', 'FR', 'IT', 'ES', 'FI'],
    why: 'five-digit postcode and town',
  },
  {
    re: /^\d{4} [A-ZÄÖÜÉ][a-zäöüßéèàç]{2,20}(?:-[A-ZÄÖÜÉ][a-zäöüßéèàç]{1,20})?$/gm,
    countries: ['AT', 'CH', 'BE', 'DK', 'NO', 'LU'],
    why: 'four-digit postcode and town',
  },
];

/**
 * Places an address names, lower case: states, provinces and big cities whose name is their country's
 * alone. Without a postcode they are as likely a destination, so they weigh little.
 */
export const PLACES: Record<string, string> = {
  selangor: 'MY',
  johor: 'MY',
  'kuala lumpur': 'MY',
  'pulau pinang': 'MY',
  'negeri sembilan': 'MY',
  terengganu: 'MY',
  kelantan: 'MY',
  sarawak: 'MY',
  'petaling jaya': 'MY',
  'shah alam': 'MY',
  jakarta: 'ID',
  'jawa barat': 'ID',
  'jawa timur': 'ID',
  'jawa tengah': 'ID',
  banten: 'ID',
  tangerang: 'ID',
  bekasi: 'ID',
  surabaya: 'ID',
  lisboa: 'PT',
  setúbal: 'PT',
  coimbra: 'PT',
  braga: 'PT',
  casablanca: 'MA',
  rabat: 'MA',
  marrakech: 'MA',
  maharashtra: 'IN',
  karnataka: 'IN',
  'tamil nadu': 'IN',
  telangana: 'IN',
  gujarat: 'IN',
  'uttar pradesh': 'IN',
  'west bengal': 'IN',
  kerala: 'IN',
  'new delhi': 'IN',
  alberta: 'CA',
  'british columbia': 'CA',
  québec: 'CA',
  manitoba: 'CA',
  saskatchewan: 'CA',
  'nova scotia': 'CA',
  'new brunswick': 'CA',
  'new south wales': 'AU',
  queensland: 'AU',
  tasmania: 'AU',
};

/** Street words of an address, which narrow to a language's countries. */
export const STREETS: Cue[] = [
  { re: /\bJl\. ?[A-Z]/g, countries: ['ID'], why: 'street Jl.' },
  { re: /\bJln\b/gi, countries: ['MY'], why: 'street Jln' },
  {
    re: /\b(?:Rua|Avenida|Travessa|Largo) (?:d[aeo]s? )?[A-Z]/g,
    countries: ['PT', 'BR'],
    why: 'street Rua',
    fallback: 'PT',
  },
  {
    re: /\w(?:straße|strasse)\b|\bStr\. \d/gi,
    countries: ['DE', 'AT', 'CH'],
    why: 'street Straße',
    fallback: 'DE',
  },
  { re: /\bRue (?:de|du|des) /g, countries: ['FR', 'BE', 'CH', 'LU'], why: 'street Rue', fallback: 'FR' },
  {
    re: /\bCalle [A-Z]/g,
    countries: ['ES', 'MX', 'AR', 'CO', 'CL', 'PE'],
    why: 'street Calle',
    fallback: 'ES',
  },
  { re: /\b(?:Via|Viale|Piazza|Corso) [A-Z]/g, countries: ['IT', 'CH'], why: 'street Via', fallback: 'IT' },
  { re: /\w(?:straat|gracht)\b/gi, countries: ['NL', 'BE'], why: 'street straat', fallback: 'NL' },
];

/** Country names in the languages receipts print them in, lower case. */
export const COUNTRY_NAMES: Record<string, string> = {
  usa: 'US',
  'united states': 'US',
  canada: 'CA',
  'united kingdom': 'GB',
  england: 'GB',
  scotland: 'GB',
  ireland: 'IE',
  éire: 'IE',
  deutschland: 'DE',
  germany: 'DE',
  österreich: 'AT',
  austria: 'AT',
  schweiz: 'CH',
  suisse: 'CH',
  svizzera: 'CH',
  switzerland: 'CH',
  france: 'FR',
  belgique: 'BE',
  belgië: 'BE',
  belgien: 'BE',
  belgium: 'BE',
  nederland: 'NL',
  netherlands: 'NL',
  italia: 'IT',
  italy: 'IT',
  españa: 'ES',
  spain: 'ES',
  portugal: 'PT',
  brasil: 'BR',
  brazil: 'BR',
  méxico: 'MX',
  mexico: 'MX',
  sverige: 'SE',
  sweden: 'SE',
  norge: 'NO',
  norway: 'NO',
  danmark: 'DK',
  denmark: 'DK',
  polska: 'PL',
  poland: 'PL',
  malaysia: 'MY',
  indonesia: 'ID',
  singapore: 'SG',
  india: 'IN',
  australia: 'AU',
  'new zealand': 'NZ',
  maroc: 'MA',
  morocco: 'MA',
  philippines: 'PH',
  japan: 'JP',
  日本: 'JP',
};

/**
 * Telephone numbers: an international prefix says the country outright; some national shapes are
 * distinctive enough (NANP's "(555) 555-5555", Malaysia's "03-1234 5678", France's five pairs).
 */
export const CALLING_CODES: Record<string, string[]> = {
  '1': ['US', 'CA'],
  '7': ['RU'],
  '20': ['EG'],
  '27': ['ZA'],
  '30': ['GR'],
  '31': ['NL'],
  '32': ['BE'],
  '33': ['FR'],
  '34': ['ES'],
  '36': ['HU'],
  '39': ['IT'],
  '40': ['RO'],
  '41': ['CH'],
  '43': ['AT'],
  '44': ['GB'],
  '45': ['DK'],
  '46': ['SE'],
  '47': ['NO'],
  '48': ['PL'],
  '49': ['DE'],
  '52': ['MX'],
  '54': ['AR'],
  '55': ['BR'],
  '56': ['CL'],
  '57': ['CO'],
  '60': ['MY'],
  '61': ['AU'],
  '62': ['ID'],
  '63': ['PH'],
  '64': ['NZ'],
  '65': ['SG'],
  '66': ['TH'],
  '81': ['JP'],
  '82': ['KR'],
  '84': ['VN'],
  '86': ['CN'],
  '90': ['TR'],
  '91': ['IN'],
  '92': ['PK'],
  '212': ['MA'],
  '234': ['NG'],
  '254': ['KE'],
  '351': ['PT'],
  '352': ['LU'],
  '353': ['IE'],
  '354': ['IS'],
  '358': ['FI'],
  '420': ['CZ'],
  '852': ['HK'],
  '880': ['BD'],
  '886': ['TW'],
  '966': ['SA'],
  '971': ['AE'],
  '972': ['IL'],
};
export const PHONE_SHAPES: Cue[] = [
  {
    re: /\(\d{3}\) ?\d{3}[-.]\d{4}\b|(?<![\d-])\d{3}[- ]\d{3}-\d{4}(?![\d-])/g,
    countries: ['US', 'CA'],
    why: 'NANP phone',
    fallback: 'US',
  },
  // "03-1234 5678"; written with a space only after a phone label ("TEL 03 6206 5567"): a bare "03 0006
  // 0002" is a document series.
  {
    re: /\b0(?:[3-9]|1\d)-\d{3,4} ?\d{4}\b|\b(?:TEL|Tel|PHONE|Phone|FAX|Fax)\W{0,4}0(?:[3-9]|1\d) \d{3,4} ?\d{4}\b/g,
    countries: ['MY'],
    why: 'phone MY',
  },
  { re: /\b0[1-9](?:[ .]\d{2}){4}\b/g, countries: ['FR'], why: 'phone FR' },
];

/** Country-code top-level domains that are not used as generic ones (.io, .co, .tv, .me are left out). */
export const TLD_COUNTRY: Record<string, string> = {
  us: 'US',
  ca: 'CA',
  mx: 'MX',
  br: 'BR',
  ar: 'AR',
  cl: 'CL',
  uk: 'GB',
  ie: 'IE',
  de: 'DE',
  at: 'AT',
  ch: 'CH',
  fr: 'FR',
  be: 'BE',
  lu: 'LU',
  nl: 'NL',
  it: 'IT',
  es: 'ES',
  pt: 'PT',
  fi: 'FI',
  gr: 'GR',
  se: 'SE',
  no: 'NO',
  dk: 'DK',
  pl: 'PL',
  cz: 'CZ',
  hu: 'HU',
  ro: 'RO',
  ru: 'RU',
  ua: 'UA',
  tr: 'TR',
  il: 'IL',
  ae: 'AE',
  sa: 'SA',
  ma: 'MA',
  eg: 'EG',
  za: 'ZA',
  ng: 'NG',
  ke: 'KE',
  in: 'IN',
  pk: 'PK',
  lk: 'LK',
  bd: 'BD',
  my: 'MY',
  sg: 'SG',
  id: 'ID',
  th: 'TH',
  vn: 'VN',
  ph: 'PH',
  hk: 'HK',
  tw: 'TW',
  cn: 'CN',
  jp: 'JP',
  kr: 'KR',
  au: 'AU',
  nz: 'NZ',
};

/** Payment networks and wallets that exist in one country (or a couple). */
export const PAYMENT_NETWORKS: Cue[] = [
  { re: /\bInterac\b/gi, countries: ['CA'], why: 'Interac' },
  { re: /\bEFTPOS\b/gi, countries: ['AU', 'NZ'], why: 'EFTPOS', fallback: 'AU' },
  { re: /\bMultibanco\b|\bMB ?WAY\b/gi, countries: ['PT'], why: 'Multibanco' },
  { re: /\bQRIS\b|\bGoPay\b|\bOVO\b/g, countries: ['ID'], why: 'QRIS/GoPay/OVO' },
  { re: /\bTouch ?'?n ?Go\b|\bDuitNow\b|\bMEPS\b/gi, countries: ['MY'], why: "Touch 'n Go/DuitNow" },
  { re: /\bPayNow\b|\bNETS\b/g, countries: ['SG'], why: 'PayNow/NETS' },
  { re: /\bUPI\b|\bRuPay\b|\bPaytm\b/g, countries: ['IN'], why: 'UPI' },
  { re: /\biDEAL\b/g, countries: ['NL'], why: 'iDEAL' },
  { re: /\bBancontact\b|\bPayconiq\b/gi, countries: ['BE'], why: 'Bancontact' },
  { re: /\bgirocard\b|\bEC[- ]Karte\b|\bEC[- ]Cash\b/gi, countries: ['DE'], why: 'girocard' },
  {
    re: /\bCarte Bancaire\b|\bCarte Bleue\b|\bPaiement CB\b|\bCB (?:EMV|Contact|sans contact)/gi,
    countries: ['FR'],
    why: 'Carte Bancaire',
  },
  { re: /\bSwish\b/g, countries: ['SE'], why: 'Swish' },
  { re: /\bVipps\b/g, countries: ['NO'], why: 'Vipps' },
  { re: /\bMobilePay\b/g, countries: ['DK', 'FI'], why: 'MobilePay', fallback: 'DK' },
  { re: /\bTWINT\b/gi, countries: ['CH'], why: 'TWINT' },
  { re: /\bBizum\b/gi, countries: ['ES'], why: 'Bizum' },
  { re: /\bSatispay\b|\bBancomat\b/gi, countries: ['IT'], why: 'Bancomat' },
  { re: /\bBLIK\b/g, countries: ['PL'], why: 'BLIK' },
  { re: /\bPromptPay\b/gi, countries: ['TH'], why: 'PromptPay' },
  { re: /\bGCash\b/gi, countries: ['PH'], why: 'GCash' },
  { re: /\bZelle\b|\bVenmo\b|\bEBT\b/g, countries: ['US'], why: 'Zelle/Venmo/EBT' },
  { re: /\b(?:Debit|Kartu|Flazz) BCA\b|\bMandiri\b/gi, countries: ['ID'], why: 'BCA/Mandiri' },
];

/**
 * A few words nearly every receipt or order of a language prints, lower case. A word shared by two
 * languages lists both. Languages then narrow the countries (see LANGUAGE_COUNTRIES).
 */
export const LANGUAGE_WORDS: Record<string, string[]> = {
  en: ['change', 'cash', 'thank', 'receipt', 'qty', 'amount', 'tax', 'order', 'invoice'],
  de: [
    'summe',
    'gesamt',
    'mwst',
    'betrag',
    'rechnung',
    'rückgeld',
    'quittung',
    'danke',
    'bestellung',
    'gesamtbetrag',
    'zahlbetrag',
    'gesamtsumme',
    'kasse',
  ],
  fr: [
    'montant',
    'tva',
    'ttc',
    'merci',
    'facture',
    'espèces',
    'rendu',
    'commande',
    'reçu',
    'quantité',
    'prix',
  ],
  es: [
    'importe',
    'gracias',
    'efectivo',
    'cambio',
    'factura',
    'pedido',
    'cantidad',
    'precio',
    'ticket',
    'iva',
  ],
  it: [
    'totale',
    'contanti',
    'resto',
    'scontrino',
    'grazie',
    'fattura',
    'importo',
    'iva',
    'prezzo',
    'quantità',
  ],
  pt: [
    'obrigado',
    'troco',
    'fatura',
    'contribuinte',
    'dinheiro',
    'talão',
    'recibo',
    'valor',
    'iva',
    'quantia',
    'preço',
  ],
  nl: ['totaal', 'btw', 'bedankt', 'factuur', 'bestelling', 'wisselgeld', 'contant', 'bedrag'],
  id: ['kembali', 'kembalian', 'pajak', 'tunai', 'jumlah', 'harga', 'terima', 'kasih', 'bayar', 'plastik'],
  ms: ['jumlah', 'baki', 'cukai', 'tunai', 'harga', 'terima', 'kasih', 'bayar'],
  sv: ['moms', 'kvitto', 'summa', 'kontant', 'tack'],
  da: ['moms', 'kvittering', 'beløb'],
  no: ['mva', 'kvittering', 'beløp', 'takk'],
  fi: ['yhteensä', 'kuitti', 'kiitos', 'alv'],
  pl: ['razem', 'suma', 'paragon', 'gotówka'],
};

/** Where each language's receipts come from; the first country is the one a tie goes to (none for English). */
export const LANGUAGE_COUNTRIES: Record<string, { countries: string[]; fallback?: string }> = {
  en: { countries: ['US', 'GB', 'IE', 'CA', 'AU', 'NZ', 'IN', 'SG', 'PH', 'MY', 'ZA', 'HK'] },
  de: { countries: ['DE', 'AT', 'CH', 'LU'], fallback: 'DE' },
  fr: { countries: ['FR', 'BE', 'CH', 'LU', 'CA', 'MA'], fallback: 'FR' },
  es: { countries: ['ES', 'MX', 'AR', 'CO', 'CL', 'PE'], fallback: 'ES' },
  it: { countries: ['IT', 'CH'], fallback: 'IT' },
  pt: { countries: ['PT', 'BR'], fallback: 'PT' },
  nl: { countries: ['NL', 'BE'], fallback: 'NL' },
  id: { countries: ['ID'], fallback: 'ID' },
  ms: { countries: ['MY', 'SG'], fallback: 'MY' },
  sv: { countries: ['SE', 'FI'], fallback: 'SE' },
  da: { countries: ['DK'], fallback: 'DK' },
  no: { countries: ['NO'], fallback: 'NO' },
  fi: { countries: ['FI'], fallback: 'FI' },
  pl: { countries: ['PL'], fallback: 'PL' },
  ja: { countries: ['JP'], fallback: 'JP' },
  ko: { countries: ['KR'], fallback: 'KR' },
  th: { countries: ['TH'], fallback: 'TH' },
  zh: { countries: ['CN', 'TW', 'HK', 'SG'], fallback: 'CN' },
  el: { countries: ['GR', 'CY'], fallback: 'GR' },
  ru: { countries: ['RU', 'UA'], fallback: 'RU' },
  he: { countries: ['IL'], fallback: 'IL' },
};

/** Scripts that name a language by themselves. */
export const SCRIPT_LANGUAGES: [RegExp, string][] = [
  [/[\u3040-\u30ff]/, 'ja'],
  [/[\uac00-\ud7af]/, 'ko'],
  [/[\u0e00-\u0e7f]/, 'th'],
  [/[\u4e00-\u9fff]/, 'zh'],
  [/[\u0370-\u03ff]/, 'el'],
  [/[\u0400-\u04ff]/, 'ru'],
  [/[\u0590-\u05ff]/, 'he'],
];
