import { ErrorBody } from '@warrantly/contract/common';
import {
  CalendarEventList,
  CalendarEventWindow,
  CalendarListQuery,
  ReminderCreate,
  ReminderCreated,
} from '@warrantly/contract/reminders';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Calendar } from './calendar.service';

export interface CalendarRouteOptions {
  calendar: Calendar;
  /** Waits for the user's calendar run in progress, so a list right after a change shows it. */
  settled: (userId: string) => Promise<void>;
}

export const calendarRoutes: FastifyPluginAsync<CalendarRouteOptions> = async (
  fastify,
  { calendar, settled },
) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['calendar'];
  const errors = { 400: ErrorBody, 401: ErrorBody, 409: ErrorBody, 502: ErrorBody };
  const routes = [
    { provider: 'google', base: '/api/v1/calendar', label: 'Google Calendar' },
    { provider: 'microsoft', base: '/api/v1/outlook-calendar', label: 'Outlook calendar' },
  ] as const;
  for (const { provider, base, label } of routes) {
    app.post(
      `${base}/create/`,
      {
        schema: {
          tags,
          summary: `Add an all-day reminder to your ${label}`,
          body: ReminderCreate,
          response: { 201: ReminderCreated, ...errors },
        },
      },
      async (req, reply) =>
        reply.code(201).send(await calendar.createReminder(req.userId, provider, req.body)),
    );
    app.get(
      `${base}/list/`,
      {
        schema: {
          tags,
          summary: `This app's events on your ${label}`,
          description:
            'Without parameters: every event five years back to five ahead. With `from`, `to`, `limit` or ' +
            '`per_day`: only those, with `has_more` and `more_by_day` saying what was left out.',
          querystring: CalendarListQuery,
          // The narrowed answer first: the plain list's schema would strip its extra fields.
          response: { 200: z.union([CalendarEventWindow, CalendarEventList]), ...errors },
        },
      },
      async (req) => {
        await settled(req.userId);
        const query = req.query;
        const isNarrowed = Object.values(query).some((value) => value !== undefined);
        return isNarrowed
          ? calendar.listEventWindow(req.userId, provider, query)
          : calendar.listEvents(req.userId, provider);
      },
    );
  }
};
