import { parseAmount } from '@warrantly/extract/amount';

export interface ParsedPrice {
  amount_minor: number | null;
  currency: string | null;
  has_currency: number;
}

/**
 * Parses the price text a user typed or a document gave. A bare number is in the user's default
 * currency; text that is not an amount is kept as typed and left out of totals, never an error.
 * @example parsePrice('€ 49,90', 'USD') //=> { amount_minor: 4990, currency: 'EUR', has_currency: 1 }
 */
export function parsePrice(price: string | null | undefined, defaultCurrency: string): ParsedPrice {
  const parsed = price ? parseAmount(price) : null;
  if (!parsed) return { amount_minor: null, currency: null, has_currency: 0 };
  const currency = parsed.currency ?? defaultCurrency;
  return {
    amount_minor: toMinor(parsed.decimal, currency),
    currency,
    has_currency: parsed.currency ? 1 : 0,
  };
}

/** What the forms' Amount field says when its text is not money. */
export const UNREADABLE_AMOUNT = 'Amount must be a number such as 49.90';

/** What a purchase's price was before an edit. */
export interface PriceBefore {
  price: string | null;
  currency: string | null;
  has_currency: number;
}

/**
 * A price typed in a form, or null when the text is not money (the caller refuses it). On an edit
 * (`before`), a bare number keeps the currency the purchase was stated in ('€ 49,90' edited to '59.99'
 * stays in euros), and the text as stored before passes as it is: an old unreadable value must not
 * block an edit of the other fields.
 * @example typedPrice('59.99', 'USD', { price: '€ 49,90', currency: 'EUR', has_currency: 1 }) //=> { amount_minor: 5999, currency: 'EUR', has_currency: 1 }
 */
export function typedPrice(
  price: string | null | undefined,
  defaultCurrency: string,
  before?: PriceBefore,
): ParsedPrice | null {
  const parsed = parsePrice(price, defaultCurrency);
  if (parsed.amount_minor === null) return price && price !== before?.price ? null : parsed;
  if (parsed.has_currency || !before?.has_currency || !before.currency) return parsed;
  return { ...parsePrice(price, before.currency), has_currency: 1 };
}

/** Currencies whose minor unit is not a hundredth (ISO 4217); every other has two decimals. */
const MINOR_DIGITS: Record<string, number> = {
  BIF: 0,
  CLP: 0,
  DJF: 0,
  GNF: 0,
  ISK: 0,
  JPY: 0,
  KMF: 0,
  KRW: 0,
  PYG: 0,
  RWF: 0,
  UGX: 0,
  UYI: 0,
  VND: 0,
  VUV: 0,
  XAF: 0,
  XOF: 0,
  XPF: 0,
  BHD: 3,
  IQD: 3,
  JOD: 3,
  KWD: 3,
  LYD: 3,
  OMR: 3,
  TND: 3,
};

/** How many decimals a currency's minor unit has (JPY 0, USD 2, KWD 3). A table, not Intl: this runs per row. */
export function currencyDigits(currency: string): number {
  return MINOR_DIGITS[currency] ?? 2;
}

/** '1299.5' in USD -> 129950. */
export function toMinor(decimal: string, currency: string): number {
  return Math.round(Number(decimal) * 10 ** currencyDigits(currency));
}

/** 129950 in USD -> 1299.5 (a JSON number in major units). */
export function toMajor(minor: number, currency: string): number {
  const digits = currencyDigits(currency);
  return Number((minor / 10 ** digits).toFixed(digits));
}
