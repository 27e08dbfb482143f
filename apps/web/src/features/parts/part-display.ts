import type { Part } from '@warrantly/contract/parts';
import { formatMoney } from '@/lib/money';

/**
 * A part's price as the seed shows it: in its currency as the server read it, so a bare number is in
 * dollars with its `$` (the user's default currency, which is USD unless they chose another) and a price
 * naming its currency ('USD 24.99', '€ 12,50') gets that currency's own symbol; text that is no price as
 * it is; none: 'N/A'.
 * @example partPrice({ price: 'USD 24.99', amount: 24.99, currency: 'USD' }) //=> '$24.99'
 * @example partPrice({ price: 'free', amount: null, currency: null }) //=> 'free'
 */
export function partPrice(part: Pick<Part, 'price' | 'amount' | 'currency'>): string {
  if (part.amount !== null && part.currency) return formatMoney(part.amount, part.currency);
  return part.price?.trim() || 'N/A';
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
