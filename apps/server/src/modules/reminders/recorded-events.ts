import type { CalendarEvent, ReminderInfo } from '@warrantly/contract/reminders';
import { addDays } from '../../dates';
import { intervalUnits, MAX_EVENTS } from '../../providers/calendar';

/** A reminder as Warrantly records it, whether or not its event is on the provider's calendar yet. */
export interface RecordedReminder {
  /** Stable across lists, and unlike any provider's event id. */
  id: string;
  title: string;
  description: string;
  /** YYYY-MM-DD: the first day. */
  date: string;
  everyDays: number | null;
  info: ReminderInfo;
}

/** `iso` moved by whole months, or null where that day does not exist (no 31 June), as RFC 5545 skips it. */
function addMonths(iso: string, months: number): string | null {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1 + months, d));
  return date.getUTCDate() === d ? date.toISOString().slice(0, 10) : null;
}

/**
 * The days from `fromDay` up to (not including) `toDay` a reminder falls on, repeating in the units its
 * calendar event repeats in (`intervalRule`).
 * @example occurrenceDays('2026-01-31', 30, '2026-01-01', '2026-04-01') //=> ['2026-01-31', '2026-03-31']
 */
export function occurrenceDays(start: string, everyDays: number | null, fromDay: string, toDay: string) {
  if (!everyDays) return start >= fromDay && start < toDay ? [start] : [];
  const { unit, count } = intervalUnits(everyDays);
  const days: string[] = [];
  for (let k = 0; days.length < MAX_EVENTS && k < 100_000; k += 1) {
    const day =
      unit === 'YEARLY' || unit === 'MONTHLY'
        ? addMonths(start, k * count * (unit === 'YEARLY' ? 12 : 1))
        : addDays(start, k * count * (unit === 'WEEKLY' ? 7 : 1));
    if (day !== null && day >= toDay) break;
    if (day !== null && day >= fromDay) days.push(day);
  }
  return days;
}

/**
 * Warrantly's reminders as the provider's calendar would list them between two days (`toDay` excluded):
 * all-day events in Google's shape, a recurring one once per occurrence, sorted by start.
 */
export function recordedEvents(
  reminders: readonly RecordedReminder[],
  fromDay: string,
  toDay: string,
): CalendarEvent[] {
  const events: CalendarEvent[] = [];
  for (const r of reminders) {
    for (const day of occurrenceDays(r.date, r.everyDays, fromDay, toDay)) {
      events.push({
        id: r.everyDays ? `${r.id}_${day.replaceAll('-', '')}` : r.id,
        title: r.title,
        summary: r.title,
        description: r.description,
        start: { date: day },
        end: { date: addDays(day, 1) },
        ...(r.everyDays ? { recurringEventId: r.id } : {}),
        reminder: r.info,
      });
    }
  }
  return events
    .sort((a, b) => (a.start.date ?? '').localeCompare(b.start.date ?? '') || a.id.localeCompare(b.id))
    .slice(0, MAX_EVENTS);
}
