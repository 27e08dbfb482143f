/** The 12 month names, January first, as the month selectors list them. */
export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

export const WEEKDAY_SHORT = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

/**
 * A local date as the API takes it, YYYY-MM-DD: what the seed's en-CA locale format writes, built by
 * hand because a locale format call is slow enough to show in the dashboard's first render.
 * @example toIsoDate(new Date(2026, 0, 5)) //=> '2026-01-05'
 */
export function toIsoDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${String(date.getFullYear()).padStart(4, '0')}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * A moment as the app writes one wherever a time matters: its local date as YYYY-MM-DD, then the
 * 24-hour time, HH:mm. An unreadable timestamp gives null.
 * @example formatDateTime(new Date(2026, 10, 26, 13, 24, 41)) //=> '2026-11-26 13:24'
 */
export function formatDateTime(moment: Date | string): string | null {
  const date = typeof moment === 'string' ? new Date(moment) : moment;
  if (Number.isNaN(date.getTime())) return null;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${toIsoDate(date)} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** Local midnight of a YYYY-MM-DD date; null for anything else or an impossible date. */
export function parseIsoDate(value: string | null | undefined): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value ?? '');
  if (!match) return null;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(y, m - 1, d);
  if (date.getFullYear() !== y || date.getMonth() !== m - 1 || date.getDate() !== d) return null;
  return date;
}

/**
 * The years the date pickers and the month calendar offer: the current year -5 to +5 (11 entries).
 * @example yearOptions(new Date(2026, 5, 1)) //=> [2021, 2022, ..., 2031]
 */
export function yearOptions(today: Date): number[] {
  const year = today.getFullYear();
  return Array.from({ length: 11 }, (_, i) => year - 5 + i);
}

/** Number of days in a month (`month` 0-11). */
export function daysInMonth(year: number, month: number): number {
  return new Date(year, month + 1, 0).getDate();
}

export interface CalendarCell {
  date: Date;
  isInMonth: boolean;
}

/**
 * The month grid, whole weeks from Sunday: the month's days plus the neighbouring months' days that
 * fill its first and last week.
 */
export function monthGrid(year: number, month: number): CalendarCell[] {
  const first = new Date(year, month, 1);
  const leading = first.getDay();
  const total = Math.ceil((leading + daysInMonth(year, month)) / 7) * 7;
  return Array.from({ length: total }, (_, i) => {
    const date = new Date(year, month, 1 - leading + i);
    return { date, isInMonth: date.getMonth() === month };
  });
}

/** Whole calendar days from `from` to `to` (both taken as local dates); negative when `to` is earlier. */
export function calendarDaysBetween(from: Date, to: Date): number {
  const a = Date.UTC(from.getFullYear(), from.getMonth(), from.getDate());
  const b = Date.UTC(to.getFullYear(), to.getMonth(), to.getDate());
  return Math.round((b - a) / 86_400_000);
}

export function isSameDay(a: Date, b: Date): boolean {
  return calendarDaysBetween(a, b) === 0;
}
