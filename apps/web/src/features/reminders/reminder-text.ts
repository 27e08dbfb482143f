import type { CalendarEvent, ReminderKind } from '@warrantly/contract/reminders';
import { eventText } from './urgency';

const KIND_LABEL: Record<ReminderKind, string> = {
  warranty: 'Warranty ends',
  part: 'Replace',
  custom: 'Reminder',
};

/** What a calendar chip shows: the product's name where Warrantly knows it, else the event's text. */
export function reminderName(event: CalendarEvent): string {
  return event.reminder?.product_name || eventText(event);
}

/**
 * The reminder's kind before its product, for the accessible name and the tooltip.
 * @example reminderKindLabel(warrantyOfLaptop) //=> 'Warranty ends'
 */
export function reminderKindLabel(event: CalendarEvent): string | null {
  return event.reminder ? KIND_LABEL[event.reminder.kind] : null;
}

/**
 * How often a recurring reminder comes back, or null for a one-off.
 * @example repeatText(90) //=> 'every 90 days'
 * @example repeatText(1) //=> 'every day'
 */
export function repeatText(days: number | null | undefined): string | null {
  if (!days) return null;
  return days === 1 ? 'every day' : `every ${days} days`;
}
