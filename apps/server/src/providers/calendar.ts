import type { CalendarEvent } from '@warrantly/contract/reminders';

/** An all-day event this app puts on a user's calendar. */
export interface AppEventInput {
  title: string;
  description: string;
  /** YYYY-MM-DD, the event's day. */
  date: string;
  /** Repeat every so many days (replacement parts), or once. */
  everyDays: number | null;
  /** 'custom', 'warranty' or 'part': kept on the event so the app finds its own events again. */
  kind: string;
}

/** The id chosen for an event can make no event any more (Google keeps a deleted event's id taken). */
export class EventIdSpent extends Error {}

/** What reminders need from a provider calendar; events are answered in Google's shape for both. */
export interface CalendarProvider {
  /** A fresh id to create an event under, chosen (and recorded) before the provider is asked. */
  newEventId(): string;
  /**
   * Creates the event under `chosenId`, or adopts the one an earlier attempt under that id made (brought to
   * `input`), so retrying a create whose answer was lost makes no second event. `retry`: an earlier attempt
   * may have reached the provider. Throws `EventIdSpent` when the id can make no event; choose another.
   */
  create(
    input: AppEventInput,
    chosenId: string,
    options?: { retry?: boolean },
  ): Promise<{ id: string; event: CalendarEvent }>;
  /** The provider's id of the event made under `chosenId`, or null when there is none (never made, or deleted). */
  findCreated(chosenId: string): Promise<string | null>;
  update(eventId: string, input: AppEventInput): Promise<void>;
  /** Removes an event; one already gone is fine. */
  remove(eventId: string): Promise<void>;
  /** The app's events between two instants, recurring ones expanded. */
  list(from: Date, to: Date): Promise<CalendarEvent[]>;
}

/** The most events one list answers (Google's events.list maximum page size). */
export const MAX_EVENTS = 2500;

/** An interval in days in the calendar's own units where they fit: 365 days are a year, 30 a month, 7 a week. */
export function intervalUnits(days: number): {
  unit: 'YEARLY' | 'MONTHLY' | 'WEEKLY' | 'DAILY';
  count: number;
} {
  if (days % 365 === 0) return { unit: 'YEARLY', count: days / 365 };
  if (days % 30 === 0) return { unit: 'MONTHLY', count: days / 30 };
  if (days % 7 === 0) return { unit: 'WEEKLY', count: days / 7 };
  return { unit: 'DAILY', count: days };
}

/** An RFC 5545 recurrence rule for an interval in days, in the calendar's own units where they fit. */
export function intervalRule(days: number): string {
  const { unit, count } = intervalUnits(days);
  return `RRULE:FREQ=${unit};INTERVAL=${count}`;
}
