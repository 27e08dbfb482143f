/**
 * What an amount printed beside a label stands for on an order, an invoice or a till receipt, for the
 * total's evidence (amounts that add up). It reads the summary vocabulary of every language
 * (lexicon/<language>.ts), as `summary-lines.ts` does, but each role's `amount` words, matched anywhere in
 * the label: it splits cash handed over from card payments, and totals by how surely they name the amount
 * paid.
 */
import { amountPattern } from './lexicon';

export type AmountRole =
  | 'total'
  | 'subtotal'
  | 'tax'
  | 'shipping'
  | 'fee'
  | 'discount'
  | 'rounding'
  | 'tendered'
  | 'change'
  | 'payment'
  | 'cashback';

export interface LabelRole {
  role: AmountRole;
  /** For totals: 5 for a label that can only mean the amount paid ("Grand total"), 2 for a bare "Total". */
  strength: number;
}

const STRONG_TOTAL = amountPattern(['total'], 'sure');
const WEAK_TOTAL = amountPattern(['total']);
// Checked before the totals: "Total tax", "Subtotal" and "Total excl. VAT" carry the word "total".
const SUBTOTAL = amountPattern(['subtotal']);
const TAX = amountPattern(['tax']);
const NOT_TAX = amountPattern(['tax'], 'unless');
const SHIPPING = amountPattern(['shipping']);
// A tip adds to the total as a fee does.
const FEE = amountPattern(['fee', 'tip']);
const DISCOUNT = amountPattern(['discount']);
const ROUNDING = amountPattern(['rounding']);
const NOT_ROUNDING = amountPattern(['rounding'], 'unless');
/** Cash handed out with a card payment: the card was charged the purchase plus this. */
const CASHBACK = amountPattern(['cashback']);
const CHANGE = amountPattern(['change']);
const TENDERED = amountPattern(['tendered']);
const PAYMENT = amountPattern(['payment']);
/** Counts, weights and points share the word "total" and are no money at all. */
const NOT_MONEY = amountPattern(['count']);

/**
 * The role of the amount beside `label` (a line, or its label part), or null when it names none.
 * @example roleOf('Grand total') //=> { role: 'total', strength: 5 }
 * @example roleOf('Total tax') //=> { role: 'tax', strength: 0 }
 */
export function roleOf(label: string): LabelRole | null {
  if (NOT_MONEY.test(label)) return null;
  if (CASHBACK.test(label)) return { role: 'cashback', strength: 0 };
  if (ROUNDING.test(label) && !NOT_ROUNDING.test(label)) return { role: 'rounding', strength: 0 };
  if (SUBTOTAL.test(label)) return { role: 'subtotal', strength: 0 };
  if (DISCOUNT.test(label)) return { role: 'discount', strength: 0 };
  if (STRONG_TOTAL.test(label)) return { role: 'total', strength: 5 };
  if (TAX.test(label) && !NOT_TAX.test(label)) return { role: 'tax', strength: 0 };
  if (SHIPPING.test(label) && !WEAK_TOTAL.test(label)) return { role: 'shipping', strength: 0 };
  if (FEE.test(label) && !WEAK_TOTAL.test(label)) return { role: 'fee', strength: 0 };
  if (CHANGE.test(label)) return { role: 'change', strength: 0 };
  if (WEAK_TOTAL.test(label)) return { role: 'total', strength: 2 };
  if (TENDERED.test(label)) return { role: 'tendered', strength: 0 };
  if (PAYMENT.test(label)) return { role: 'payment', strength: 3 };
  return null;
}
