import type {
  CalendarEvent,
  CalendarEventWindow,
  CalendarListQuery,
  ReminderCreate,
} from '@warrantly/contract/reminders';
import { addDays, isoDate, timestamp } from '../../dates';
import type { Db } from '../../db/schema';
import { AppError } from '../../errors';
import type { AppEventInput, CalendarProvider } from '../../providers/calendar';
import type { ProviderEndpoints, ProviderName } from '../../providers/endpoints';
import { createGoogleCalendar } from '../../providers/google/google-calendar';
import type { ProviderTokens } from '../../providers/http';
import { createProviderClient } from '../../providers/http';
import { createOutlookCalendar } from '../../providers/microsoft/outlook-calendar';
import { hasWorkingAccount, requireSignedInWith } from '../auth/provider-accounts.service';
import { listReminderSources } from '../purchases/purchases.service';
import { desiredEvents, eventKey } from './desired-events';
import { narrowEvents } from './event-window';
import * as repo from './reminders.repository';

export interface CalendarDeps {
  db: Db;
  tokens: ProviderTokens;
  endpoints: ProviderEndpoints;
  now: () => Date;
  /** The app's public address, linked from event descriptions. */
  appUrl: string;
  log?: { warn(obj: object, msg: string): void };
}

/** The month calendar shows five years back and ahead; listing covers the same range. */
const RANGE_YEARS = 5;

export function createCalendar(deps: CalendarDeps) {
  function providerFor(userId: string, provider: ProviderName): CalendarProvider {
    const client = createProviderClient({ tokens: deps.tokens, userId, provider, maxAttempts: 3 });
    if (provider === 'google') {
      if (!deps.endpoints.google)
        throw new AppError('provider_failed', 'Google is not configured on this server');
      return createGoogleCalendar(client, deps.endpoints.google.calendarBase);
    }
    if (!deps.endpoints.microsoft)
      throw new AppError('provider_failed', 'Microsoft is not configured on this server');
    return createOutlookCalendar(client, deps.endpoints.microsoft.graphBase);
  }

  /** Provider failures become one clear 502; our own AppErrors (409, 400) pass through. */
  async function viaProvider<T>(label: string, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof AppError && error.code !== 'provider_failed') throw error;
      throw new AppError('provider_failed', `${label} did not accept the request; try again later`, {
        cause: error,
      });
    }
  }

  function listFromProvider(userId: string, provider: ProviderName, from: Date, to: Date) {
    const label = provider === 'google' ? 'Google Calendar' : 'Outlook calendar';
    return viaProvider(label, () => providerFor(userId, provider).list(from, to));
  }

  return {
    /** A reminder the user sets by hand: an all-day event on their own calendar, recorded here. */
    async createReminder(
      userId: string,
      provider: ProviderName,
      input: ReminderCreate,
    ): Promise<CalendarEvent> {
      await requireSignedInWith(deps.db, userId, provider);
      const year = Number(input.event_date.slice(0, 4));
      const thisYear = deps.now().getFullYear();
      if (year < thisYear - RANGE_YEARS || year > thisYear + RANGE_YEARS) {
        throw new AppError(
          'invalid_input',
          `event_date: must be between ${thisYear - RANGE_YEARS}-01-01 and ${thisYear + RANGE_YEARS}-12-31`,
        );
      }
      const calendar = providerFor(userId, provider);
      const label = provider === 'google' ? 'Google Calendar' : 'Outlook calendar';
      const event: AppEventInput = {
        title: input.product_name,
        description: `Reminder for ${input.product_name}, set in Warrantly.\n${deps.appUrl}/dashboard/reminders`,
        date: input.event_date,
        everyDays: null,
        kind: 'custom',
      };
      const created = await viaProvider(label, () => calendar.create(event));
      try {
        await repo.insertReminder(deps.db, {
          user_id: userId,
          provider,
          external_id: created.id,
          kind: 'custom',
          order_row_id: null,
          title: input.product_name,
          event_date: input.event_date,
          rrule: null,
          created_at: timestamp(deps.now()),
          updated_at: timestamp(deps.now()),
        });
      } catch (error) {
        // Nothing half-made: the event goes when its record cannot be written.
        await calendar.remove(created.id).catch(() => undefined);
        throw error;
      }
      return created.event;
    },

    /** This app's events on the user's calendar, five years back to five ahead, recurring ones expanded. */
    async listEvents(userId: string, provider: ProviderName): Promise<{ events: CalendarEvent[] }> {
      await requireSignedInWith(deps.db, userId, provider);
      const now = deps.now();
      const from = new Date(now.getFullYear() - RANGE_YEARS, 0, 1);
      const to = new Date(now.getFullYear() + RANGE_YEARS + 1, 0, 1);
      return { events: await listFromProvider(userId, provider, from, to) };
    },

    /**
     * The list narrowed to what one screen shows (a month, the next reminders): the days `from` to `to`
     * (UTC, inclusive; the spec's range where absent), the first `limit` events by start, at most `per_day`
     * starting on one day; with what was left out, so the screen can say so.
     */
    async listEventWindow(
      userId: string,
      provider: ProviderName,
      query: CalendarListQuery,
    ): Promise<CalendarEventWindow> {
      await requireSignedInWith(deps.db, userId, provider);
      const now = deps.now();
      const from = query.from
        ? new Date(`${query.from}T00:00:00Z`)
        : new Date(now.getFullYear() - RANGE_YEARS, 0, 1);
      const to = query.to
        ? new Date(`${addDays(query.to, 1)}T00:00:00Z`)
        : new Date(now.getFullYear() + RANGE_YEARS + 1, 0, 1);
      return narrowEvents(await listFromProvider(userId, provider, from, to), query);
    },

    /**
     * Removes every event this app made on the user's calendars (account deletion). Each failure is
     * logged and counted, never thrown: the caller deletes the user's data whatever the provider says.
     */
    async removeAllEvents(userId: string): Promise<{ removed: number; failed: number }> {
      const rows = await repo.listWithEvents(deps.db, userId);
      let removed = 0;
      let failed = 0;
      for (const row of rows) {
        try {
          await providerFor(userId, row.provider).remove(row.external_id as string);
          removed += 1;
        } catch (error) {
          failed += 1;
          deps.log?.warn({ err: error, user: userId, reminder: row.id }, 'could not remove a calendar event');
        }
      }
      return { removed, failed };
    },

    /**
     * Brings the user's warranty-expiry and maintenance events in line with their purchases: creates what is
     * missing, moves what changed, removes what is gone. Safe to run any number of times.
     */
    async reconcile(userId: string): Promise<void> {
      const user = await repo.findSettings(deps.db, userId);
      if (!user) return;
      if (!(await hasWorkingAccount(deps.db, userId, user.provider))) return;
      const desired = desiredEvents(
        await listReminderSources(deps.db, userId),
        user.warranty_reminder_days,
        isoDate(deps.now()),
        deps.appUrl,
      );
      const existing = await repo.listPurchaseReminders(deps.db, userId);
      const calendar = providerFor(userId, user.provider);
      const at = timestamp(deps.now());
      for (const row of existing) {
        const key = eventKey(row.kind, row.order_row_id);
        const want = desired.get(key);
        const rrule = want?.everyDays ? String(want.everyDays) : null;
        if (want && row.provider === user.provider && row.external_id) {
          desired.delete(key);
          if (row.event_date !== want.date || row.title !== want.title || row.rrule !== rrule) {
            await calendar.update(row.external_id, want);
            await repo.updateEvent(deps.db, row.id, {
              event_date: want.date,
              title: want.title,
              rrule,
              updated_at: at,
            });
          }
          continue;
        }
        if (row.external_id && row.provider === user.provider) await calendar.remove(row.external_id);
        await repo.deleteReminder(deps.db, row.id);
      }
      for (const want of desired.values()) {
        // Record first, so a crash after the provider call can never create a second event next time.
        const id = await repo.insertReminder(deps.db, {
          user_id: userId,
          provider: user.provider,
          external_id: null,
          kind: want.kind,
          order_row_id: want.orderRowId,
          title: want.title,
          event_date: want.date,
          rrule: want.everyDays ? String(want.everyDays) : null,
          created_at: at,
          updated_at: at,
        });
        const created = await calendar.create(want);
        await repo.setExternalId(deps.db, id, created.id);
      }
    },
  };
}

export type Calendar = ReturnType<typeof createCalendar>;
