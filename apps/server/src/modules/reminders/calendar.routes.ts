import { ErrorBody } from '@warrantly/contract/common';
import { CalendarEvent, CalendarEventList, ReminderCreate } from '@warrantly/contract/reminders';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Calendar } from './calendar.service';

export const calendarRoutes: FastifyPluginAsync<{ calendar: Calendar }> = async (fastify, { calendar }) => {
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
          response: { 201: CalendarEvent, ...errors },
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
          response: { 200: CalendarEventList, ...errors },
        },
      },
      (req) => calendar.listEvents(req.userId, provider),
    );
  }
};
