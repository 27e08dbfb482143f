import { z } from 'zod';
import { IsoDate, MAX_TEXT } from './common';

/** `POST api/v1/calendar/create/` and `api/v1/outlook-calendar/create/`. */
export const ReminderCreate = z.object({
  product_name: z
    .string({ error: 'Product name is required' })
    .trim()
    .min(1, 'Product name is required')
    .max(MAX_TEXT, `Product name must be at most ${MAX_TEXT} characters`),
  event_date: IsoDate,
});
export type ReminderCreate = z.infer<typeof ReminderCreate>;

const EventTime = z.object({
  date: z.string().optional(),
  dateTime: z.string().optional(),
  timeZone: z.string().optional(),
});

/** A calendar event in Google's shape, answered for both providers so the web app has one code path. */
export const CalendarEvent = z.object({
  id: z.string(),
  title: z.string(),
  summary: z.string(),
  description: z.string().nullable(),
  start: EventTime,
  end: EventTime,
  recurrence: z.array(z.string()).optional(),
  htmlLink: z.string().optional(),
});
export type CalendarEvent = z.infer<typeof CalendarEvent>;

export const CalendarEventList = z.object({ events: z.array(CalendarEvent) });
export type CalendarEventList = z.infer<typeof CalendarEventList>;

/** `GET /api/v1/calendar/feed/` and `POST /api/v1/calendar/feed/rotate/`: the secret iCalendar URL. */
export const FeedUrl = z.object({ url: z.string() });
export type FeedUrl = z.infer<typeof FeedUrl>;

/** `GET`/`PUT /api/v1/settings/`. */
export const Settings = z.object({
  warranty_reminder_days: z.number().int().min(1).max(365).nullable(),
  default_currency: z.string().regex(/^[A-Z]{3}$/, 'must be a three-letter currency code such as USD'),
});
export type Settings = z.infer<typeof Settings>;
export const SettingsUpdate = Settings.partial();
export type SettingsUpdate = z.infer<typeof SettingsUpdate>;
