import type { CalendarEvent } from '@warrantly/contract/reminders';
import { calendarDaysBetween, parseIsoDate } from '@/lib/dates';

type EventTime = CalendarEvent['end'];

/** The instant an event time stands for: an all-day `date` is local midnight. */
function instantOf(time: EventTime | undefined): Date | null {
  if (time?.dateTime) {
    const d = new Date(time.dateTime);
    return Number.isNaN(d.getTime()) ? null : d;
  }
  return parseIsoDate(time?.date);
}

/** The day an event starts (for the month calendar's tiles). */
export function eventStartDay(event: CalendarEvent): Date | null {
  return instantOf(event.start) ?? instantOf(event.end);
}

/**
 * The event's last day: an all-day event's end date is exclusive, so its last day is the one before;
 * a timed event's last day is the day its end falls on.
 */
export function eventLastDay(event: CalendarEvent): Date | null {
  if (event.end?.date && !event.end.dateTime) {
    const end = parseIsoDate(event.end.date);
    return end ? new Date(end.getFullYear(), end.getMonth(), end.getDate() - 1) : null;
  }
  return instantOf(event.end) ?? instantOf(event.start);
}

/** Whole days from today to the event's last day (ARCHITECTURE "Calendar and replacement parts"). */
export function daysUntilEvent(event: CalendarEvent, now: Date): number | null {
  const last = eventLastDay(event);
  return last ? calendarDaysBetween(now, last) : null;
}

/**
 * Upcoming reminders (SPEC section 4): only events whose end is now or later, soonest end first.
 * An event without a usable end is left out.
 */
export function upcomingEvents(events: readonly CalendarEvent[], now: Date): CalendarEvent[] {
  return events
    .map((event) => ({ event, end: instantOf(event.end) ?? instantOf(event.start) }))
    .filter(
      (e): e is { event: CalendarEvent; end: Date } => e.end !== null && e.end.getTime() >= now.getTime(),
    )
    .sort((a, b) => a.end.getTime() - b.end.getTime())
    .map((e) => e.event);
}

export type Urgency = 'red' | 'yellow' | 'green';

/**
 * Urgency by whole days, rounded up (SPEC section 4): 3 or fewer red, 4 to 7 yellow, more than 7 green.
 * @example urgencyOf(3) //=> 'red'
 * @example urgencyOf(3.2) //=> 'yellow' (rounds up to 4)
 */
export function urgencyOf(days: number): Urgency {
  const whole = Math.ceil(days);
  if (whole <= 3) return 'red';
  if (whole <= 7) return 'yellow';
  return 'green';
}

/**
 * @example urgencyLabel(0) //=> 'Today'
 * @example urgencyLabel(1) //=> 'In 1 day'
 * @example urgencyLabel(5) //=> 'In 5 days'
 */
export function urgencyLabel(days: number): string {
  const whole = Math.max(0, Math.ceil(days));
  if (whole === 0) return 'Today';
  return whole === 1 ? 'In 1 day' : `In ${whole} days`;
}

export const URGENCY_CLASSES: Record<Urgency, string> = {
  red: 'border-red-300 bg-red-50 text-red-800',
  yellow: 'border-yellow-300 bg-yellow-50 text-yellow-900',
  green: 'border-green-300 bg-green-50 text-green-800',
};

/**
 * A day tile's chip colour by the event's start date (SPEC section 2): red before today, yellow today,
 * green later.
 */
export function chipColor(start: Date, today: Date): Urgency {
  const diff = calendarDaysBetween(today, start);
  if (diff < 0) return 'red';
  if (diff === 0) return 'yellow';
  return 'green';
}

export const CHIP_CLASSES: Record<Urgency, string> = {
  red: 'bg-red-600 text-white',
  yellow: 'bg-yellow-300 text-yellow-950',
  green: 'bg-green-700 text-white',
};

/** The text an event shows: its summary, else its title. */
export function eventText(event: CalendarEvent): string {
  return event.summary || event.title || 'Reminder';
}
