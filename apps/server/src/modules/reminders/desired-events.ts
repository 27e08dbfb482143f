import { addDays } from '../../dates';
import type { AppEventInput } from '../../providers/calendar';
import { nextDue } from '../parts/parts.service';

/** A purchase line as reminders see it. */
export interface ReminderSource {
  id: number;
  product_name: string;
  purchase_date: string | null;
  warranty_expire_date: string | null;
  parent_id: number | null;
  replace_every_days: number | null;
}

export type DesiredEvent = AppEventInput & { orderRowId: number; productName: string };

/** The event of a reminder the user set by hand. */
export function customEvent(productName: string, date: string, appUrl: string): AppEventInput {
  return {
    title: productName,
    description: `Reminder for ${productName}, set in Warrantly.\n${appUrl}/dashboard/reminders`,
    date,
    everyDays: null,
    kind: 'custom',
  };
}

/** How an event this app keeps for a purchase line is known: its kind and the line's id. */
export const eventKey = (kind: string, orderRowId: number | null) => `${kind}:${orderRowId}`;

/**
 * The events the user's calendar should hold for their purchases, by `eventKey`: a warranty's end
 * `reminderDays` ahead (never in the past; none when reminders are off), and each replacement part's next
 * due date, repeating at its interval. Pure: the reconcile compares it with what the calendar has.
 */
export function desiredEvents(
  lines: readonly ReminderSource[],
  reminderDays: number | null,
  today: string,
  appUrl: string,
): Map<string, DesiredEvent> {
  const desired = new Map<string, DesiredEvent>();
  for (const line of lines) {
    if (reminderDays !== null && line.warranty_expire_date && line.warranty_expire_date >= today) {
      const lead = addDays(line.warranty_expire_date, -reminderDays);
      desired.set(eventKey('warranty', line.id), {
        orderRowId: line.id,
        productName: line.product_name,
        kind: 'warranty',
        title: `Warranty ends ${line.warranty_expire_date}: ${line.product_name}`,
        description: `The warranty of ${line.product_name} ends on ${line.warranty_expire_date}.\n${appUrl}/dashboard/warranties`,
        date: lead < today ? today : lead,
        everyDays: null,
      });
    }
    const due = nextDue(line.purchase_date, line.replace_every_days, today);
    if (line.parent_id !== null && line.replace_every_days && due) {
      desired.set(eventKey('part', line.id), {
        orderRowId: line.id,
        productName: line.product_name,
        kind: 'part',
        title: `Replace: ${line.product_name}`,
        description: `Time to replace ${line.product_name}.\n${appUrl}/dashboard/replacement`,
        date: due,
        everyDays: line.replace_every_days,
      });
    }
  }
  return desired;
}
