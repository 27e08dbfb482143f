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

/** How many decimals a currency's minor unit has (JPY 0, USD 2, KWD 3). */
export function currencyDigits(currency: string): number {
  try {
    return (
      new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ??
      2
    );
  } catch {
    return 2;
  }
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
