import type { Purchase } from '@warrantly/contract/purchases';
import type { OrderMoney } from '@warrantly/contract/receipts';
import { currencyDigits, parsePrice, toMajor } from '../purchases/purchases.service';
import type { OrderSums } from './receipts.repository';

const UNKNOWN: OrderMoney = {
  order_price: null,
  order_amount: null,
  order_currency: null,
  order_has_currency: false,
};

/**
 * An order's total (contract `OrderMoney`): the total its document printed; else, for one line, that
 * line's price as it stands; else the sum of its lines when each has an amount and all are in one
 * currency. Lines in different currencies are never added up: their order has no total.
 * @example printed '13.05' EUR over lines of 8.49, 0.89 and 6.95 → €13.05 (a discount is in the total)
 */
export function orderMoney(
  first: Purchase,
  sums: OrderSums | undefined,
  defaultCurrency: string,
): OrderMoney {
  const printed = sums?.printed;
  if (printed?.total) {
    const text = printed.currency ? `${printed.currency} ${printed.total}` : printed.total;
    const parsed = parsePrice(text, defaultCurrency);
    if (parsed.amount_minor !== null && parsed.currency !== null) {
      return {
        order_price: printed.total,
        order_amount: toMajor(parsed.amount_minor, parsed.currency),
        order_currency: parsed.currency,
        order_has_currency: parsed.has_currency === 1,
      };
    }
  }
  if (!sums || sums.lines === 1) {
    return {
      order_price: first.price,
      order_amount: first.amount,
      order_currency: first.currency,
      order_has_currency: first.has_currency,
    };
  }
  if (sums.priced < sums.lines || sums.currencies !== 1 || sums.minor === null || sums.currency === null) {
    return UNKNOWN;
  }
  const amount = toMajor(sums.minor, sums.currency);
  return {
    order_price: amount.toFixed(currencyDigits(sums.currency)),
    order_amount: amount,
    order_currency: sums.currency,
    order_has_currency: sums.stated,
  };
}
