import type {
  CalendarEvent,
  CalendarEventList,
  CalendarEventWindow,
  CalendarListQuery,
  ReminderCreate,
  ReminderCreated,
} from '@warrantly/contract/reminders';
import { addDays, isoDate, timestamp } from '../../dates';
import type { Db } from '../../db/schema';
import { AppError } from '../../errors';
import type { AppEventInput, CalendarProvider } from '../../providers/calendar';
import { EventIdSpent } from '../../providers/calendar';
import type { ProviderEndpoints, ProviderName } from '../../providers/endpoints';
import { createGoogleCalendar } from '../../providers/google/google-calendar';
import type { ProviderTokens } from '../../providers/http';
import { createProviderClient } from '../../providers/http';
import { createOutlookCalendar } from '../../providers/microsoft/outlook-calendar';
import { hasWorkingAccount, requireSignedInWith } from '../auth/provider-accounts.service';
import { listReminderSources } from '../purchases/purchases.service';
import { customEvent, desiredEvents, eventKey } from './desired-events';
import { narrowEvents } from './event-window';
import { knownReminders, reminderInfoByEventId } from './known-reminders';
import { recordedEvents } from './recorded-events';
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

  /** A calendar the app cannot act on until the user signs in again (disconnected, grant revoked). */
  const needsReauth = (error: unknown) => error instanceof AppError && error.code === 'reauth_required';

  /**
   * Creates a reminder row's event under the id recorded on the row before this call (`retry`: an earlier
   * attempt under it may have made the event, which is then adopted). When the provider holds that id spent
   * (Google keeps a deleted event's id), a fresh one is recorded first, then used.
   */
  async function createUnder(
    calendar: CalendarProvider,
    row: { id: number; provider: ProviderName; chosenId: string; retry: boolean },
    input: AppEventInput,
  ) {
    try {
      return await calendar.create(input, row.chosenId, { retry: row.retry });
    } catch (error) {
      if (!(error instanceof EventIdSpent)) throw error;
      const fresh = calendar.newEventId();
      await repo.setChosenEventId(deps.db, row.id, row.provider, fresh);
      return calendar.create(input, fresh);
    }
  }

  /** Removes whatever event was made under a chosen id whose creation may or may not have happened. */
  async function removeChosen(calendar: CalendarProvider, chosenId: string): Promise<void> {
    const made = await calendar.findCreated(chosenId);
    if (made) await calendar.remove(made);
  }

  async function calendarConnected(userId: string, provider: ProviderName): Promise<boolean> {
    return hasWorkingAccount(deps.db, userId, provider);
  }

  /**
   * This app's events between two instants: from the provider's calendar, each marked with what the records
   * say of it; or, when that calendar cannot be read for want of a sign-in, from the records alone.
   */
  async function listBetween(
    userId: string,
    provider: ProviderName,
    from: Date,
    to: Date,
  ): Promise<CalendarEventList> {
    if (await calendarConnected(userId, provider)) {
      const label = provider === 'google' ? 'Google Calendar' : 'Outlook calendar';
      try {
        const events = await viaProvider(label, () => providerFor(userId, provider).list(from, to));
        const info = await reminderInfoByEventId(deps.db, userId);
        return {
          events: events.map((e) => {
            const reminder = info.get(e.recurringEventId ?? e.id);
            return reminder ? { ...e, reminder } : e;
          }),
        };
      } catch (error) {
        if (!needsReauth(error)) throw error;
      }
    }
    const user = await repo.findSettings(deps.db, userId);
    const known = await knownReminders(
      deps.db,
      userId,
      user?.warranty_reminder_days ?? null,
      isoDate(deps.now()),
      deps.appUrl,
    );
    const day = (instant: Date) => instant.toISOString().slice(0, 10);
    return { events: recordedEvents(known, day(from), day(to)), calendar_connected: false };
  }

  /** A reminder the user sets by hand, recorded (under `chosenId` when its event is about to be created). */
  function insertCustom(
    userId: string,
    provider: ProviderName,
    input: ReminderCreate,
    chosenId: string | null,
  ): Promise<number> {
    const at = timestamp(deps.now());
    return repo.insertReminder(deps.db, {
      user_id: userId,
      provider,
      external_id: null,
      chosen_event_id: chosenId,
      kind: 'custom',
      order_row_id: null,
      title: input.product_name,
      event_date: input.event_date,
      rrule: null,
      created_at: at,
      updated_at: at,
    });
  }

  /**
   * Keeps a reminder set while the calendar is disconnected (the row `id`, or a new one); the reconcile
   * writes it after sign-in.
   */
  async function keepForLater(userId: string, provider: ProviderName, input: ReminderCreate, id?: number) {
    id ??= await insertCustom(userId, provider, input, null);
    const event = customEvent(input.product_name, input.event_date, deps.appUrl);
    const [kept] = recordedEvents(
      [
        {
          id: `warrantly-reminder-${id}`,
          ...event,
          info: { kind: 'custom', product_name: input.product_name, repeat_every_days: null },
        },
      ],
      input.event_date,
      addDays(input.event_date, 1),
    );
    return { ...(kept as CalendarEvent), calendar_connected: false as const };
  }

  return {
    /**
     * A reminder the user sets by hand: an all-day event on their own calendar, recorded here. While the
     * calendar is disconnected it is recorded only, answered with `calendar_connected: false`, and written
     * to the calendar by the reconcile after the user signs in again.
     */
    async createReminder(
      userId: string,
      provider: ProviderName,
      input: ReminderCreate,
    ): Promise<ReminderCreated> {
      await requireSignedInWith(deps.db, userId, provider);
      const year = Number(input.event_date.slice(0, 4));
      const thisYear = deps.now().getFullYear();
      if (year < thisYear - RANGE_YEARS || year > thisYear + RANGE_YEARS) {
        throw new AppError(
          'invalid_input',
          `event_date: must be between ${thisYear - RANGE_YEARS}-01-01 and ${thisYear + RANGE_YEARS}-12-31`,
        );
      }
      if (!(await calendarConnected(userId, provider))) return keepForLater(userId, provider, input);
      const calendar = providerFor(userId, provider);
      const label = provider === 'google' ? 'Google Calendar' : 'Outlook calendar';
      // Recorded first, under the id the event is created with: a lost answer or a crash cannot make two.
      const chosenId = calendar.newEventId();
      const id = await insertCustom(userId, provider, input, chosenId);
      const event = customEvent(input.product_name, input.event_date, deps.appUrl);
      let created: Awaited<ReturnType<CalendarProvider['create']>>;
      try {
        created = await viaProvider(label, () =>
          createUnder(calendar, { id, provider, chosenId, retry: false }, event),
        );
        await repo.setExternalId(deps.db, id, created.id);
      } catch (error) {
        // Written once the user signs in again, by the reconcile, under the same id.
        if (needsReauth(error)) return keepForLater(userId, provider, input, id);
        // Nothing half-made: the user is told it failed, so no event may stay, nor its record.
        await removeChosen(calendar, chosenId).catch((cause: unknown) =>
          deps.log?.warn(
            { err: cause, user: userId, reminder: id },
            'could not make sure a failed reminder left no calendar event',
          ),
        );
        await repo.deleteReminder(deps.db, id);
        throw error;
      }
      return {
        ...created.event,
        reminder: { kind: 'custom', product_name: input.product_name, repeat_every_days: null },
      };
    },

    /**
     * This app's events on the user's calendar, five years back to five ahead, recurring ones expanded;
     * from Warrantly's records, with `calendar_connected: false`, while the calendar is disconnected.
     */
    async listEvents(userId: string, provider: ProviderName): Promise<CalendarEventList> {
      await requireSignedInWith(deps.db, userId, provider);
      const now = deps.now();
      const from = new Date(now.getFullYear() - RANGE_YEARS, 0, 1);
      const to = new Date(now.getFullYear() + RANGE_YEARS + 1, 0, 1);
      return listBetween(userId, provider, from, to);
    },

    /**
     * The list narrowed to what one screen shows (a month, the next reminders): the days `from` to `to`
     * (UTC, inclusive; the spec's range where absent), the first `limit` events by start, at most `per_day`
     * starting on one day, a recurring event once with `recurring=next`; with what was left out, so the
     * screen can say so.
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
      const { events, ...connection } = await listBetween(userId, provider, from, to);
      return { ...narrowEvents(events, query), ...connection };
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
          const calendar = providerFor(userId, row.provider);
          if (row.external_id) await calendar.remove(row.external_id);
          else await removeChosen(calendar, row.chosen_event_id as string);
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
     * missing, moves what changed, removes what is gone; and writes the reminders they set while the
     * calendar was disconnected. Safe to run any number of times; does nothing until the user can be
     * acted for.
     */
    async reconcile(userId: string): Promise<void> {
      const user = await repo.findSettings(deps.db, userId);
      if (!user) return;
      // The data this run brings the calendar in line with; a change committed meanwhile queues a next run.
      const version = Number(user.data_version);
      if (!(await hasWorkingAccount(deps.db, userId, user.provider))) {
        // Nothing to write until a calendar is connected; connecting one reconciles (onSignedIn).
        await repo.recordCalendarVersion(deps.db, userId, version);
        return;
      }
      const desired = desiredEvents(
        await listReminderSources(deps.db, userId),
        user.warranty_reminder_days,
        isoDate(deps.now()),
        deps.appUrl,
      );
      const existing = await repo.listPurchaseReminders(deps.db, userId);
      const calendar = providerFor(userId, user.provider);
      const at = timestamp(deps.now());
      const provider = user.provider;
      for (const row of existing) {
        const key = eventKey(row.kind, row.order_row_id);
        const want = desired.get(key);
        const rrule = want?.everyDays ? String(want.everyDays) : null;
        const ours = row.provider === provider;
        if (want && ours && row.external_id) {
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
        if (want && ours && row.chosen_event_id) {
          // A run stopped between the provider's answer and recording it: find that event, make no second.
          desired.delete(key);
          const created = await createUnder(
            calendar,
            { id: row.id, provider, chosenId: row.chosen_event_id, retry: true },
            want,
          );
          await repo.recordCreated(deps.db, row.id, {
            external_id: created.id,
            event_date: want.date,
            title: want.title,
            rrule,
            updated_at: at,
          });
          continue;
        }
        if (ours && row.external_id) await calendar.remove(row.external_id);
        else if (ours && row.chosen_event_id) await removeChosen(calendar, row.chosen_event_id);
        await repo.deleteReminder(deps.db, row.id);
      }
      for (const want of desired.values()) {
        // Recorded first, with the id the event is created under: a retry after a lost answer or a crash
        // finds that event instead of making a second one.
        const chosenId = calendar.newEventId();
        const id = await repo.insertReminder(deps.db, {
          user_id: userId,
          provider,
          external_id: null,
          chosen_event_id: chosenId,
          kind: want.kind,
          order_row_id: want.orderRowId,
          title: want.title,
          event_date: want.date,
          rrule: want.everyDays ? String(want.everyDays) : null,
          created_at: at,
          updated_at: at,
        });
        const created = await createUnder(calendar, { id, provider, chosenId, retry: false }, want);
        await repo.setExternalId(deps.db, id, created.id);
      }
      // Reminders set by hand while the calendar was disconnected, or whose creation did not finish.
      for (const row of await repo.listCustomReminders(deps.db, userId)) {
        if (row.external_id) continue;
        const retry = row.chosen_event_id !== null && row.provider === provider;
        const chosenId = retry ? (row.chosen_event_id as string) : calendar.newEventId();
        if (!retry) await repo.setChosenEventId(deps.db, row.id, provider, chosenId);
        const created = await createUnder(
          calendar,
          { id: row.id, provider, chosenId, retry },
          customEvent(row.title, row.event_date, deps.appUrl),
        );
        await repo.setCalendarEvent(deps.db, row.id, { provider, external_id: created.id, updated_at: at });
      }
      await repo.recordCalendarVersion(deps.db, userId, version);
    },

    /**
     * Users whose calendar has been behind their data for over `graceMs`: their change's signal was lost
     * (the replica that committed it died before queueing it) or its reconcile has not succeeded yet.
     */
    lagging(graceMs: number, limit: number): Promise<string[]> {
      return repo.usersBehindTheirData(deps.db, timestamp(new Date(deps.now().getTime() - graceMs)), limit);
    },
  };
}

export type Calendar = ReturnType<typeof createCalendar>;
