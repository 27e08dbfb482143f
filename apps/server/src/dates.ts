/** The server's calendar date `YYYY-MM-DD` for `now` (derived statuses and "this month" follow it). */
export function isoDate(now: Date): string {
  const y = now.getFullYear();
  const m = String(now.getMonth() + 1).padStart(2, '0');
  const d = String(now.getDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}

/** `iso` moved by `days` (negative goes back). @example addDays('2026-01-31', 1) //=> '2026-02-01' */
export function addDays(iso: string, days: number): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d + days));
  return date.toISOString().slice(0, 10);
}

/** Timestamps are stored as ISO 8601 text in both dialects. */
export function timestamp(now = new Date()): string {
  return now.toISOString();
}
