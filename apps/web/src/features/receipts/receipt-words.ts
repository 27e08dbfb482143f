import type { OrderMoney, ReceiptStatus } from '@warrantly/contract/receipts';
import { formatAmount } from '@/lib/format';

/** The seed's symbol for an amount on the receipts page whose currency nobody stated. */
export const RECEIPTS_PLAIN_SYMBOL = '৳';

/** An order's total as the receipts page shows it: in its currency when known, else after ৳; else 'N/A'. */
export function orderTotalText(money: OrderMoney): string {
  return formatAmount(
    {
      price: money.order_price,
      amount: money.order_amount,
      currency: money.order_currency,
      has_currency: money.order_has_currency,
    },
    RECEIPTS_PLAIN_SYMBOL,
  );
}

/** '1 item', '3 items'. */
export function itemCount(lines: number): string {
  return `${lines} ${lines === 1 ? 'item' : 'items'}`;
}

/**
 * How a receipt's document was read, in words (its colour stays the seed's: 'success' green, anything
 * else yellow). A file attached to a purchase typed in by hand was never read.
 */
export function readingStatus(status: ReceiptStatus, wasRead: boolean): string {
  if (status === 'success') return wasRead ? 'Read completely' : 'Entered by hand';
  if (status === 'partial') return 'Partly read — check the fields';
  return 'Could not be read';
}
