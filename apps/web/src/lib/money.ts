/**
 * Amounts in their currency as en-US writes them ('$1,234.50', '€49.90', '¥1,235', 'BDT 1,234.50'),
 * without Intl: the first Intl.NumberFormat of a page loads ICU's currency data, a ~40 ms task (160 ms
 * on Lighthouse's throttled phone) in the dashboard's first render. The tables hold what ICU's en-US
 * format uses; money.test.ts holds them to Intl's output, and a currency outside them goes to Intl.
 */

/** en-US symbols; every other currency in DIGITS is written as its code and a no-break space. */
const SYMBOLS: Record<string, string> = {
  USD: '$',
  EUR: '€',
  GBP: '£',
  JPY: '¥',
  CNY: 'CN¥',
  INR: '₹',
  AUD: 'A$',
  NZD: 'NZ$',
  CAD: 'CA$',
  HKD: 'HK$',
  MXN: 'MX$',
  BRL: 'R$',
  KRW: '₩',
  ILS: '₪',
  VND: '₫',
  TWD: 'NT$',
  PHP: '₱',
  XCD: 'EC$',
  // A symbol ending in a letter is spaced from the number, as a code is.
  XAF: 'FCFA\u00a0',
  XOF: 'F\u202fCFA\u00a0',
  XPF: 'CFPF\u00a0',
};

/** Decimals shown (ICU's en-US display, which drops the minor unit of IDR, HUF, COP, PKR and IQD). */
const DIGITS: Record<string, number> = {
  ...Object.fromEntries(
    (
      'USD EUR GBP CNY INR BDT MYR SGD AUD NZD CAD CHF SEK NOK DKK PLN CZK RON BGN RUB UAH TRY BRL MXN ARS ' +
      'PEN ZAR NGN KES EGP MAD AED SAR QAR ILS THB PHP TWD HKD LKR XCD'
    )
      .split(' ')
      .map((code) => [code, 2]),
  ),
  ...Object.fromEntries(
    'JPY KRW VND CLP COP HUF IDR ISK PKR IQD PYG UGX BIF DJF GNF KMF RWF VUV XAF XOF XPF'
      .split(' ')
      .map((code) => [code, 0]),
  ),
  KWD: 3,
  BHD: 3,
  OMR: 3,
  JOD: 3,
  LYD: 3,
  TND: 3,
};

/** The currencies formatted without Intl. */
export const TABLED_CURRENCIES = Object.keys(DIGITS);

// Beyond this, toFixed stops writing plain digits; Intl takes over.
const LARGEST = 1e15;

/** A sum in major units in its currency, e.g. 1234.5 USD → '$1,234.50'. */
export function formatMoney(amount: number, currency: string): string {
  const digits = DIGITS[currency];
  if (digits === undefined || !Number.isFinite(amount) || Math.abs(amount) >= LARGEST) {
    return formatWithIntl(amount, currency);
  }
  const fixed = Math.abs(amount).toFixed(digits);
  const [whole = '0', fraction] = fixed.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+$)/g, ',');
  const number = fraction ? `${grouped}.${fraction}` : grouped;
  const sign = amount < 0 || Object.is(amount, -0) ? '-' : '';
  const symbol = SYMBOLS[currency];
  return symbol ? `${sign}${symbol}${number}` : `${sign}${currency}\u00a0${number}`;
}

/** The symbol a currency is written with ('€', 'CA$'), or its code when en-US gives it none. */
export function currencySymbol(currency: string): string {
  return SYMBOLS[currency]?.trim() ?? currency;
}

/**
 * The sums in currencies other than `main`, formatted and ordered by code: shown beside the main total,
 * never added to it.
 * @example otherTotals({ USD: 10, EUR: 5, CAD: 2 }, 'EUR') //=> ['CA$2.00', '$10.00']
 */
export function otherTotals(byCurrency: Readonly<Record<string, number>>, main: string): string[] {
  return Object.keys(byCurrency)
    .filter((code) => code !== main)
    .sort()
    .map((code) => formatMoney(byCurrency[code] ?? 0, code));
}

const intlFormats = new Map<string, Intl.NumberFormat>();

function formatWithIntl(amount: number, currency: string): string {
  try {
    let format = intlFormats.get(currency);
    if (!format) {
      format = new Intl.NumberFormat('en-US', { style: 'currency', currency });
      intlFormats.set(currency, format);
    }
    return format.format(amount);
  } catch {
    // An unknown code still shows the number rather than failing the page.
    return `${currency} ${amount.toFixed(2)}`;
  }
}
