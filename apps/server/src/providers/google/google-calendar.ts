import { randomBytes } from 'node:crypto';
import type { CalendarEvent } from '@warrantly/contract/reminders';
import { addDays } from '../../dates';
import type { AppEventInput, CalendarProvider } from '../calendar';
import { EventIdSpent, intervalRule, MAX_EVENTS } from '../calendar';
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
  /** 'cancelled' on a deleted event, which Google keeps (and answers) under its id. */
  status?: string;
  extendedProperties?: { private?: Record<string, string> };
}

/**
 * 128 random bits in base32hex (0-9 and a-v, which is also JavaScript's base 32), 26 characters: an event
 * id Google accepts from a client (5 to 1024 of those characters).
 */
export function newGoogleEventId(): string {
  return BigInt(`0x${randomBytes(16).toString('hex')}`)
    .toString(32)
    .padStart(26, '0');
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
  const one = (eventId: string) => `${events}/${encodeURIComponent(eventId)}`;

  /** This app's live event under `eventId`, or null (none, deleted, or not this app's). */
  async function findCreated(eventId: string): Promise<string | null> {
    let found: GoogleEvent;
    try {
      found = await client.call<GoogleEvent>('calendar', one(eventId));
    } catch (error) {
      if (error instanceof ProviderHttpError && (error.httpStatus === 404 || error.httpStatus === 410))
        return null;
      throw error;
    }
    const ours = found.extendedProperties?.private?.[MARK] === '1';
    return ours && found.status !== 'cancelled' ? found.id : null;
  }

  return {
    newEventId: newGoogleEventId,
    async create(input, chosenId) {
      try {
        const created = await client.call<GoogleEvent>('calendar', events, {
          method: 'POST',
          body: { ...body(input), id: chosenId },
        });
        if (!created?.id) throw new Error('Google Calendar created an event without an id');
        return { id: created.id, event: toEvent(created) };
      } catch (error) {
        if (!(error instanceof ProviderHttpError && error.httpStatus === 409)) throw error;
      }
      // 409: an earlier attempt under this id made the event (its answer was lost): adopt it, as wanted now.
      // Google answers 409 for a deleted event's id too; that id can make nothing any more.
      if (!(await findCreated(chosenId)))
        throw new EventIdSpent(`Google Calendar holds no live event of this app under the id ${chosenId}`);
      const adopted = await client.call<GoogleEvent>('calendar', one(chosenId), {
        method: 'PATCH',
        body: body(input),
      });
      return { id: chosenId, event: toEvent(adopted) };
    },
    findCreated,
    async update(eventId, input) {
      await client.call('calendar', one(eventId), {
        method: 'PATCH',
        body: body(input),
      });
    },
    async remove(eventId) {
      try {
        await client.call('calendar', one(eventId), {
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
