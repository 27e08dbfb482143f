import { randomUUID } from 'node:crypto';
import type { CalendarEvent } from '@warrantly/contract/reminders';
import { addDays } from '../../dates';
import type { AppEventInput, CalendarProvider } from '../calendar';
import { MAX_EVENTS } from '../calendar';
import { type ProviderClient, ProviderHttpError } from '../http';

/** Single-value extended properties marking this app's events and their kind; the GUID is this app's namespace. */
export const MARK_PROPERTY = 'String {6d3f4c59-5b2a-4f41-9a8e-7c1f0b9e2a41} Name warrantly';
const KIND_PROPERTY = 'String {6d3f4c59-5b2a-4f41-9a8e-7c1f0b9e2a41} Name warrantlyKind';
/** The id this app chose for the event before creating it (also its transactionId), to find it by. */
const CHOSEN_ID_PROPERTY = 'String {6d3f4c59-5b2a-4f41-9a8e-7c1f0b9e2a41} Name warrantlyId';

/** A Graph `$filter` for events carrying one of this app's single-value extended properties. */
const withProperty = (id: string, value: string) =>
  `singleValueExtendedProperties/Any(ep: ep/id eq '${id}' and ep/value eq '${value.replaceAll("'", "''")}')`;

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
  async function remove(eventId: string): Promise<void> {
    try {
      await client.call('graph-calendar', `${me}/events/${encodeURIComponent(eventId)}`, {
        method: 'DELETE',
        as: 'none',
      });
    } catch (error) {
      if (error instanceof ProviderHttpError && error.httpStatus === 404) return;
      throw error;
    }
  }

  /** This app's events made under `chosenId` (one, unless a provider kept none of its promises). */
  async function madeUnder(chosenId: string): Promise<GraphEvent[]> {
    const url = new URL(`${me}/events`);
    url.searchParams.set('$filter', withProperty(CHOSEN_ID_PROPERTY, chosenId));
    url.searchParams.set('$expand', `singleValueExtendedProperties($filter=id eq '${CHOSEN_ID_PROPERTY}')`);
    const page = await client.call<{ value?: (GraphEvent & { singleValueExtendedProperties?: unknown })[] }>(
      'graph-calendar',
      url.toString(),
    );
    if (!Array.isArray(page.value)) throw new Error('Microsoft Graph answered an events query without value');
    // Only what truly carries the id: a filter ignored by the other side must not adopt a stranger's event.
    return page.value.filter((e) =>
      (e.singleValueExtendedProperties as { id: string; value: string }[] | undefined)?.some(
        (p) => p.id.toLowerCase() === CHOSEN_ID_PROPERTY.toLowerCase() && p.value === chosenId,
      ),
    );
  }

  return {
    newEventId: randomUUID,
    async create(input, chosenId, options) {
      if (options?.retry) {
        // An earlier attempt may have made it: adopt that event, as wanted now, and keep no second one.
        const [made, ...extra] = await madeUnder(chosenId);
        for (const e of extra) await remove(e.id);
        if (made) {
          const adopted = await client.call<GraphEvent>(
            'graph-calendar',
            `${me}/events/${encodeURIComponent(made.id)}`,
            { method: 'PATCH', body: body(input) },
          );
          return { id: made.id, event: toEvent(adopted) };
        }
      }
      // Graph answers a create retried with the same transactionId (our chosen id) with the first one's event.
      const created = await client.call<GraphEvent>('graph-calendar', `${me}/events`, {
        method: 'POST',
        body: {
          ...body(input),
          transactionId: chosenId,
          singleValueExtendedProperties: [
            ...body(input).singleValueExtendedProperties,
            { id: CHOSEN_ID_PROPERTY, value: chosenId },
          ],
        },
      });
      if (!created?.id) throw new Error('Microsoft Graph created an event without an id');
      return { id: created.id, event: toEvent(created) };
    },
    async findCreated(chosenId) {
      return (await madeUnder(chosenId))[0]?.id ?? null;
    },
    async update(eventId, input) {
      await client.call('graph-calendar', `${me}/events/${encodeURIComponent(eventId)}`, {
        method: 'PATCH',
        body: body(input),
      });
    },
    remove,
    async list(from, to) {
      const url = new URL(`${me}/calendarView`);
      url.searchParams.set('startDateTime', from.toISOString());
      url.searchParams.set('endDateTime', to.toISOString());
      url.searchParams.set('$filter', withProperty(MARK_PROPERTY, '1'));
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
