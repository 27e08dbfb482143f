Object.defineProperty(exports, '__esModule', { value: true });
exports.isoDate = isoDate;
exports.addDays = addDays;
exports.timestamp = timestamp;
/** The server's calendar date `YYYY-MM-DD` for `now` (derived statuses and "this month" follow it). */
function isoDate(now) {
  var y = now.getFullYear();
  var m = String(now.getMonth() + 1).padStart(2, '0');
  var d = String(now.getDate()).padStart(2, '0');
  return ''.concat(y, '-').concat(m, '-').concat(d);
}
/** `iso` moved by `days` (negative goes back). @example addDays('2026-01-31', 1) //=> '2026-02-01' */
function addDays(iso, days) {
  var _a = iso.split('-').map(Number),
    y = _a[0],
    m = _a[1],
    d = _a[2];
  var date = new Date(Date.UTC(y, m - 1, d + days));
  return date.toISOString().slice(0, 10);
}
/** Timestamps are stored as ISO 8601 text in both dialects. */
function timestamp(now) {
  if (now === void 0) {
    now = new Date();
  }
  return now.toISOString();
}
