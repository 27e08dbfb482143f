/**
 * A part's price with the seed's `$` before a bare number; a price that already names its currency
 * ('€12', 'EUR 12') is shown as it is; none: 'N/A'.
 * @example partPrice('12.50') //=> '$12.50'
 * @example partPrice('€ 12,50') //=> '€ 12,50'
 */
export function partPrice(price: string | null): string {
  const text = price?.trim();
  if (!text) return 'N/A';
  return /^[\d.,\s]+$/.test(text) ? `$${text}` : text;
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
