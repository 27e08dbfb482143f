import { formatMoney } from './money';

/** The amount fields of a purchase (contract `Purchase`) that decide how it is shown. */
export interface AmountFields {
  price: string | null;
  amount: number | null;
  currency: string | null;
  has_currency: boolean;
}

/**
 * An amount in its own currency: the one the server read from the text, kept from before an edit, or the
 * user's default for a bare number. A bare number in US dollars keeps the seed's symbol before the text
 * as typed ('$' on the dashboard, '৳' on receipts); text the server could not read as money is shown as
 * typed, with no symbol it never had; nothing at all is 'N/A'.
 * @example formatAmount({ price: '49.90', amount: 49.9, currency: 'USD', has_currency: false }, '$') //=> '$49.90'
 * @example formatAmount({ price: '€ 49,90', amount: 49.9, currency: 'EUR', has_currency: true }, '$') //=> '€49.90'
 * @example formatAmount({ price: 'abc', amount: null, currency: null, has_currency: false }, '$') //=> 'abc'
 */
export function formatAmount(fields: AmountFields, plainSymbol: string): string {
  const text = fields.price?.trim() ?? '';
  if (fields.amount !== null && fields.currency) {
    if (!fields.has_currency && fields.currency === 'USD') return `${plainSymbol}${text}`;
    return formatMoney(fields.amount, fields.currency);
  }
  return text || 'N/A';
}

/** The seed's placeholder for an empty text value. */
export function orNotProvided(value: string | null | undefined): string {
  const text = value?.trim();
  return text ? text : 'Not Provided';
}

/** "Avery Quinn's Purchases": page titles use the user's display name. */
export function possessive(name: string | null | undefined): string {
  const who = name?.trim() || 'Your';
  if (who === 'Your') return who;
  return who.endsWith('s') ? `${who}'` : `${who}'s`;
}
