import { findDates } from './dates';
import { trimEndWhile } from './limits';
import { amountsIn, type LineAmount } from './line-amounts';
import type { Product } from './types';

/** Labels of lines that are never products. */
const NOT_PRODUCT =
  /\b(sub\s*(?:-\s*)?total|total|subtotal|summe|gesamt|zwischensumme|tax|vat|gst|sst|mwst|ust|tva|iva|btw|shipping|delivery|versand|livraison|envío|spedizione|verzending|postage|handling|fee|fees|gebühr|frais|deposit|pfand|discount|rabatt|remise|descuento|coupon|voucher|promo|savings|you\s*saved|rounding|change|tendered|cash|visa|mastercard|amex|paypal|card|payment|paid|balance|amount\s*due|credit|refund|tip|gratuity|service\s*charge|net\s*amount|nettobetrag|installation|giftwrap|gift\s*wrap)\b/i;

const QUANTITY = /^(?:(\d{1,3})\s*[x×*]\s+|(?:qty|menge|anz\.?|quantité)\s*(?::\s*)?(\d{1,3})\s+)/i;

/**
 * Product lines: a name followed by its amount, above the totals, that is not a tax, fee, shipping,
 * deposit, discount or payment line.
 * @example findProducts(['2 x Espresso cups  12.00', 'Shipping  4.95', 'Total  16.95'], 2) //=> [{ name: 'Espresso cups', quantity: 2, price: '12.00', url: null }]
 */
export function findProducts(lines: string[], totalLine: number | null): Product[] {
  const end = totalLine ?? lines.length;
  const products: Product[] = [];
  for (const line of lines.slice(0, end)) {
    if (NOT_PRODUCT.test(line)) continue;
    const amounts = amountsIn(line);
    const last = amounts[amounts.length - 1];
    if (!last || last.minor <= 0) continue;
    let name = line.slice(0, (amounts[0] as LineAmount).index).trim();
    let quantity = 1;
    const q = QUANTITY.exec(name);
    if (q) {
      quantity = Number(q[1] ?? q[2]);
      name = name.slice(q[0].length);
    }
    const trailingQty = /\s(\d{1,3})\s*(?:x|×|pcs|stk\.?|st\.?)?$/i.exec(name);
    if (trailingQty && Number(trailingQty[1]) < 100) {
      quantity = Number(trailingQty[1]);
      name = name.slice(0, trailingQty.index);
    }
    name = trimEndWhile(name.replace(/\s{2,}/g, ' '), (c) => ':-–|'.includes(c)).trim();
    if (name.length < 3 || !/[A-Za-zÀ-ÿ]{3}/.test(name) || findDates(name).length > 0) continue;
    if (/^(qty|quantity|price|preis|description|item|artikel|unit|amount)\b/i.test(name)) continue;
    products.push({
      name,
      quantity: quantity || 1,
      price: last.decimal.replace(/^(\d+)$/, '$1.00'),
      url: null,
    });
  }
  return products.slice(0, 100);
}
