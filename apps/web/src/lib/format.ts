import { formatMoney } from './money';

/** The amount fields of a purchase (contract `Purchase`) that decide how it is shown. */
export interface AmountFields {
  price: string | null;
  amount: number | null;
  currency: string | null;
  has_currency: boolean;
}

/**
 * An amount as ARCHITECTURE "Amounts" says: with a currency the server recognised, that currency's
 * format; typed without a currency sign, the seed's symbol before the typed text; nothing: 'N/A'.
 * @example formatAmount({ price: '49.90', amount: 49.9, currency: 'USD', has_currency: false }, '$') //=> '$49.90'
 * @example formatAmount({ price: '€ 49,90', amount: 49.9, currency: 'EUR', has_currency: true }, '$') //=> '€49.90'
 */
export function formatAmount(fields: AmountFields, plainSymbol: string): string {
  const text = fields.price?.trim() ?? '';
  if (fields.has_currency && fields.currency && fields.amount !== null) {
    return formatMoney(fields.amount, fields.currency);
  }
  if (!text) return 'N/A';
  return `${plainSymbol}${text}`;
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
