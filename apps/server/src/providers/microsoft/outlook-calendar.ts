import type { CalendarEvent } from '@warrantly/contract/reminders';
import { addDays } from '../../dates';
import type { AppEventInput, CalendarProvider } from '../calendar';
import { MAX_EVENTS } from '../calendar';
import { type ProviderClient, ProviderHttpError } from '../http';

/** Single-value extended properties marking this app's events and their kind; the GUID is this app's namespace. */
export const MARK_PROPERTY = 'String {6d3f4c59-5b2a-4f41-9a8e-7c1f0b9e2a41} Name warrantly';
const KIND_PROPERTY = 'String {6d3f4c59-5b2a-4f41-9a8e-7c1f0b9e2a41} Name warrantlyKind';

interface GraphEvent {
  id: string;
  subject?: string;
  bodyPreview?: string;
  body?: { content?: string };
  isAllDay?: boolean;
  start: { dateTime: string; timeZone: string };
  end: { dateTime: string; timeZone: string };
  webLink?: string;
  /** On an occurrence of a recurring event: the series' id. */
  seriesMasterId?: string;
}

const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];

/** Graph's patternedRecurrence for an interval in days, in calendar units where they fit. */
function recurrence(date: string, days: number) {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const range = { type: 'noEnd', startDate: date };
  if (days % 365 === 0)
    return { pattern: { type: 'absoluteYearly', interval: days / 365, month: m, dayOfMonth: d }, range };
  if (days % 30 === 0)
    return { pattern: { type: 'absoluteMonthly', interval: days / 30, dayOfMonth: d }, range };
  if (days % 7 === 0) {
    const weekday = WEEKDAYS[new Date(Date.UTC(y, m - 1, d)).getUTCDay()];
    return {
      pattern: { type: 'weekly', interval: days / 7, daysOfWeek: [weekday], firstDayOfWeek: 'sunday' },
      range,
    };
  }
  return { pattern: { type: 'daily', interval: days }, range };
}

function body(input: AppEventInput) {
  return {
    subject: input.title,
    body: { contentType: 'text', content: input.description },
    isAllDay: true,
    // All-day events in Graph run midnight to midnight and end on the next day.
    start: { dateTime: `${input.date}T00:00:00`, timeZone: 'UTC' },
    end: { dateTime: `${addDays(input.date, 1)}T00:00:00`, timeZone: 'UTC' },
    isReminderOn: true,
    reminderMinutesBeforeStart: 24 * 60,
    showAs: 'free',
    singleValueExtendedProperties: [
      { id: MARK_PROPERTY, value: '1' },
      { id: KIND_PROPERTY, value: input.kind },
    ],
    recurrence: input.everyDays ? recurrence(input.date, input.everyDays) : null,
  };
}

/** Graph's event in the Google shape the web app reads. */
export function toEvent(e: GraphEvent): CalendarEvent {
  const title = e.subject ?? '(no title)';
  const time = (t: GraphEvent['start']) =>
    e.isAllDay ? { date: t.dateTime.slice(0, 10) } : { dateTime: t.dateTime, timeZone: t.timeZone };
  return {
    id: e.id,
    title,
    summary: title,
    description: e.body?.content ?? e.bodyPreview ?? null,
    start: time(e.start),
    end: time(e.end),
    ...(e.webLink ? { htmlLink: e.webLink } : {}),
    ...(e.seriesMasterId ? { recurringEventId: e.seriesMasterId } : {}),
  };
}

/** Outlook calendar through Microsoft Graph. */
export function createOutlookCalendar(client: ProviderClient, graphBase: string): CalendarProvider {
  const me = `${graphBase.replace(/\/$/, '')}/v1.0/me`;
  return {
    async create(input) {
      const created = await client.call<GraphEvent>('graph-calendar', `${me}/events`, {
        method: 'POST',
        body: body(input),
      });
      if (!created?.id) throw new Error('Microsoft Graph created an event without an id');
      return { id: created.id, event: toEvent(created) };
    },
    async update(eventId, input) {
      await client.call('graph-calendar', `${me}/events/${encodeURIComponent(eventId)}`, {
        method: 'PATCH',
        body: body(input),
      });
    },
    async remove(eventId) {
      try {
        await client.call('graph-calendar', `${me}/events/${encodeURIComponent(eventId)}`, {
          method: 'DELETE',
          as: 'none',
        });
      } catch (error) {
        if (error instanceof ProviderHttpError && error.httpStatus === 404) return;
        throw error;
      }
    },
    async list(from, to) {
      const url = new URL(`${me}/calendarView`);
      url.searchParams.set('startDateTime', from.toISOString());
      url.searchParams.set('endDateTime', to.toISOString());
      url.searchParams.set(
        '$filter',
        `singleValueExtendedProperties/Any(ep: ep/id eq '${MARK_PROPERTY}' and ep/value eq '1')`,
      );
      url.searchParams.set('$top', '500');
      url.searchParams.set('$orderby', 'start/dateTime');
      const out: CalendarEvent[] = [];
      let next: string | undefined = url.toString();
      while (next && out.length < MAX_EVENTS) {
        const page: { value?: GraphEvent[]; '@odata.nextLink'?: string } = await client.call(
          'graph-calendar',
          next,
          {
            headers: { prefer: 'outlook.timezone="UTC"' },
          },
        );
        if (!Array.isArray(page.value))
          throw new Error('Microsoft Graph answered a calendar view without value');
        out.push(...page.value.map(toEvent));
        next = page['@odata.nextLink'];
      }
      return out.slice(0, MAX_EVENTS);
    },
  };
}
