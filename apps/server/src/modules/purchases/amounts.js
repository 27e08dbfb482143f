Object.defineProperty(exports, '__esModule', { value: true });
exports.parsePrice = parsePrice;
exports.currencyDigits = currencyDigits;
exports.toMinor = toMinor;
exports.toMajor = toMajor;
var amount_1 = require('@warrantly/extract/amount');
/**
 * Parses the price text a user typed or a document gave. A bare number is in the user's default
 * currency; text that is not an amount is kept as typed and left out of totals, never an error.
 * @example parsePrice('€ 49,90', 'USD') //=> { amount_minor: 4990, currency: 'EUR', has_currency: 1 }
 */
function parsePrice(price, defaultCurrency) {
  var _a;
  var parsed = price ? (0, amount_1.parseAmount)(price) : null;
  if (!parsed) return { amount_minor: null, currency: null, has_currency: 0 };
  var currency = (_a = parsed.currency) !== null && _a !== void 0 ? _a : defaultCurrency;
  return {
    amount_minor: toMinor(parsed.decimal, currency),
    currency: currency,
    has_currency: parsed.currency ? 1 : 0,
  };
}
/** How many decimals a currency's minor unit has (JPY 0, USD 2, KWD 3). */
function currencyDigits(currency) {
  var _a;
  try {
    return (_a = new Intl.NumberFormat('en', { style: 'currency', currency: currency }).resolvedOptions()
      .maximumFractionDigits) !== null && _a !== void 0
      ? _a
      : 2;
  } catch (_b) {
    return 2;
  }
}
/** '1299.5' in USD -> 129950. */
function toMinor(decimal, currency) {
  return Math.round(Number(decimal) * 10 ** currencyDigits(currency));
}
/** 129950 in USD -> 1299.5 (a JSON number in major units). */
function toMajor(minor, currency) {
  var digits = currencyDigits(currency);
  return Number((minor / 10 ** digits).toFixed(digits));
}
