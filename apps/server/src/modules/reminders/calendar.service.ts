import type { CalendarEvent, ReminderCreate } from '@warrantly/contract/reminders';
import type { Kysely } from 'kysely';
import { addDays, isoDate, timestamp } from '../../dates';
import type { Database } from '../../db/schema';
import { AppError } from '../../errors';
import type { AppEventInput, CalendarProvider } from '../../providers/calendar';
import type { ProviderEndpoints } from '../../providers/endpoints';
import { createGoogleCalendar } from '../../providers/google/google-calendar';
import { createProviderClient } from '../../providers/http';
import { createOutlookCalendar } from '../../providers/microsoft/outlook-calendar';
import type { ProviderName, ProviderTokens } from '../auth/provider-accounts';
import { requireSignedInWith } from '../auth/provider-accounts';
import { nextDue } from '../parts/parts.service';

export interface CalendarDeps {
  db: Kysely<Database>;
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
        await deps.db
          .insertInto('reminders')
          .values({
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
          })
          .execute();
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
      const label = provider === 'google' ? 'Google Calendar' : 'Outlook calendar';
      const events = await viaProvider(label, () => providerFor(userId, provider).list(from, to));
      return { events };
    },

    /**
     * Removes every event this app made on the user's calendars (account deletion). Each failure is
     * logged and counted, never thrown: the caller deletes the user's data whatever the provider says.
     */
    async removeAllEvents(userId: string): Promise<{ removed: number; failed: number }> {
      const rows = await deps.db
        .selectFrom('reminders')
        .select(['id', 'provider', 'external_id'])
        .where('user_id', '=', userId)
        .where('external_id', 'is not', null)
        .execute();
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
      const user = await deps.db
        .selectFrom('users')
        .select(['provider', 'warranty_reminder_days'])
        .where('id', '=', userId)
        .executeTakeFirst();
      if (!user) return;
      const account = await deps.db
        .selectFrom('provider_accounts')
        .select(['id', 'needs_reauth'])
        .where('user_id', '=', userId)
        .where('provider', '=', user.provider)
        .executeTakeFirst();
      if (!account || account.needs_reauth) return;
      const today = isoDate(deps.now());
      const orders = await deps.db
        .selectFrom('orders')
        .select([
          'id',
          'product_name',
          'purchase_date',
          'warranty_expire_date',
          'parent_id',
          'replace_every_days',
        ])
        .where('user_id', '=', userId)
        .execute();

      const desired = new Map<string, AppEventInput & { orderRowId: number }>();
      for (const order of orders) {
        const days = user.warranty_reminder_days;
        if (days !== null && order.warranty_expire_date && order.warranty_expire_date >= today) {
          const lead = addDays(order.warranty_expire_date, -days);
          desired.set(`warranty:${order.id}`, {
            orderRowId: order.id,
            kind: 'warranty',
            title: `Warranty ends ${order.warranty_expire_date}: ${order.product_name}`,
            description: `The warranty of ${order.product_name} ends on ${order.warranty_expire_date}.\n${deps.appUrl}/dashboard/warranties`,
            date: lead < today ? today : lead,
            everyDays: null,
          });
        }
        const due = nextDue(order.purchase_date, order.replace_every_days, today);
        if (order.parent_id !== null && order.replace_every_days && due) {
          desired.set(`part:${order.id}`, {
            orderRowId: order.id,
            kind: 'part',
            title: `Replace: ${order.product_name}`,
            description: `Time to replace ${order.product_name}.\n${deps.appUrl}/dashboard/replacement`,
            date: due,
            everyDays: order.replace_every_days,
          });
        }
      }

      const existing = await deps.db
        .selectFrom('reminders')
        .selectAll()
        .where('user_id', '=', userId)
        .where('kind', 'in', ['warranty', 'part'])
        .execute();
      const calendar = providerFor(userId, user.provider);
      const at = timestamp(deps.now());
      for (const row of existing) {
        const want = desired.get(`${row.kind}:${row.order_row_id}`);
        const rrule = want?.everyDays ? String(want.everyDays) : null;
        if (want && row.provider === user.provider && row.external_id) {
          desired.delete(`${row.kind}:${row.order_row_id}`);
          if (row.event_date !== want.date || row.title !== want.title || row.rrule !== rrule) {
            await calendar.update(row.external_id, want);
            await deps.db
              .updateTable('reminders')
              .set({ event_date: want.date, title: want.title, rrule, updated_at: at })
              .where('id', '=', row.id)
              .execute();
          }
          continue;
        }
        if (row.external_id && row.provider === user.provider) await calendar.remove(row.external_id);
        await deps.db.deleteFrom('reminders').where('id', '=', row.id).execute();
      }
      for (const want of desired.values()) {
        // Record first, so a crash after the provider call can never create a second event next time.
        const { id } = await deps.db
          .insertInto('reminders')
          .values({
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
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const created = await calendar.create(want);
        await deps.db
          .updateTable('reminders')
          .set({ external_id: created.id })
          .where('id', '=', id)
          .execute();
      }
    },
  };
}

export type Calendar = ReturnType<typeof createCalendar>;
