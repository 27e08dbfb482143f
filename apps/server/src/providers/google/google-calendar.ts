import type { CalendarEvent } from '@warrantly/contract/reminders';
import { addDays } from '../../dates';
import type { AppEventInput, CalendarProvider } from '../calendar';
import { intervalRule, MAX_EVENTS } from '../calendar';
import { type ProviderClient, ProviderHttpError } from '../http';

/** Private extended properties (only this app's OAuth client sees them): the mark, and what kind of reminder. */
const MARK = 'warrantly';
const KIND = 'warrantlyKind';

interface GoogleEvent {
  id: string;
  summary?: string;
  description?: string;
  start: { date?: string; dateTime?: string; timeZone?: string };
  end: { date?: string; dateTime?: string; timeZone?: string };
  recurrence?: string[];
  htmlLink?: string;
  recurringEventId?: string;
}

function body(input: AppEventInput) {
  return {
    summary: input.title,
    description: input.description,
    start: { date: input.date },
    // All-day events end on the next day, exclusive (RFC 5545 and Google alike).
    end: { date: addDays(input.date, 1) },
    reminders: { useDefault: false, overrides: [{ method: 'popup', minutes: 24 * 60 }] },
    extendedProperties: { private: { [MARK]: '1', [KIND]: input.kind } },
    ...(input.everyDays ? { recurrence: [intervalRule(input.everyDays)] } : { recurrence: [] }),
    transparency: 'transparent',
  };
}

export function toEvent(e: GoogleEvent): CalendarEvent {
  const title = e.summary ?? '(no title)';
  return {
    id: e.id,
    title,
    summary: title,
    description: e.description ?? null,
    start: e.start,
    end: e.end,
    ...(e.recurrence ? { recurrence: e.recurrence } : {}),
    ...(e.htmlLink ? { htmlLink: e.htmlLink } : {}),
    ...(e.recurringEventId ? { recurringEventId: e.recurringEventId } : {}),
  };
}

/** Google Calendar (v3) on the user's primary calendar. */
export function createGoogleCalendar(client: ProviderClient, calendarBase: string): CalendarProvider {
  const events = `${calendarBase.replace(/\/$/, '')}/calendar/v3/calendars/primary/events`;
  return {
    async create(input) {
      const created = await client.call<GoogleEvent>('calendar', events, {
        method: 'POST',
        body: body(input),
      });
      if (!created?.id) throw new Error('Google Calendar created an event without an id');
      return { id: created.id, event: toEvent(created) };
    },
    async update(eventId, input) {
      await client.call('calendar', `${events}/${encodeURIComponent(eventId)}`, {
        method: 'PATCH',
        body: body(input),
      });
    },
    async remove(eventId) {
      try {
        await client.call('calendar', `${events}/${encodeURIComponent(eventId)}`, {
          method: 'DELETE',
          as: 'none',
        });
      } catch (error) {
        if (error instanceof ProviderHttpError && (error.httpStatus === 404 || error.httpStatus === 410))
          return;
        throw error;
      }
    },
    async list(from, to) {
      const out: CalendarEvent[] = [];
      let pageToken: string | undefined;
      do {
        const url = new URL(events);
        // Repeated constraints are ANDed by Google, so one mark property finds every kind.
        url.searchParams.set('privateExtendedProperty', `${MARK}=1`);
        url.searchParams.set('timeMin', from.toISOString());
        url.searchParams.set('timeMax', to.toISOString());
        url.searchParams.set('singleEvents', 'true');
        url.searchParams.set('orderBy', 'startTime');
        url.searchParams.set('maxResults', String(MAX_EVENTS));
        if (pageToken) url.searchParams.set('pageToken', pageToken);
        const page = await client.call<{ items?: GoogleEvent[]; nextPageToken?: string }>(
          'calendar',
          url.toString(),
        );
        if (!Array.isArray(page.items ?? []))
          throw new Error('Google Calendar answered a list without items');
        out.push(...(page.items ?? []).map(toEvent));
        pageToken = page.nextPageToken;
      } while (pageToken && out.length < MAX_EVENTS);
      return out.slice(0, MAX_EVENTS);
    },
  };
}
