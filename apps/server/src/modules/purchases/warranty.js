Object.defineProperty(exports, '__esModule', { value: true });
exports.EXPIRING_SOON_DAYS = void 0;
exports.warrantyStatus = warrantyStatus;
var dates_1 = require('../../dates');
/** A warranty ending within this many days is `Expiring_Soon` and counts as upcoming. */
exports.EXPIRING_SOON_DAYS = 30;
/**
 * Derived when read so it is never stale: past the date `Expired`, within 30 days `Expiring_Soon`,
 * otherwise (or with no date at all) `Active`.
 * @example warrantyStatus('2026-12-01', '2026-11-22') //=> 'Expiring_Soon'
 */
function warrantyStatus(expiresOn, today) {
  if (!expiresOn) return 'Active';
  if (expiresOn < today) return 'Expired';
  if (expiresOn <= (0, dates_1.addDays)(today, exports.EXPIRING_SOON_DAYS)) return 'Expiring_Soon';
  return 'Active';
}
