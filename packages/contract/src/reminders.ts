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

/** The kinds of reminder Warrantly keeps: a warranty's end, a replacement part due, one set by hand. */
export const ReminderKind = z.enum(['warranty', 'part', 'custom']);
export type ReminderKind = z.infer<typeof ReminderKind>;

/** What Warrantly's own records say about an event it made (absent on events it has no record of). */
export const ReminderInfo = z.object({
  kind: ReminderKind,
  /** The purchase line's product, or the name a hand-set reminder was given. */
  product_name: z.string(),
  /** A recurring reminder's interval in days (replacement parts), else null. */
  repeat_every_days: z.number().int().nullable(),
});
export type ReminderInfo = z.infer<typeof ReminderInfo>;

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
  /** On one occurrence of a recurring event: the recurring event's id (Google's name; Outlook's series). */
  recurringEventId: z.string().optional(),
  reminder: ReminderInfo.optional(),
});
export type CalendarEvent = z.infer<typeof CalendarEvent>;

/**
 * `calendar_connected: false` (absent otherwise, so a connected answer is the spec's exactly): the provider
 * calendar cannot be read, as after Disconnect mailbox, so the events come from Warrantly's own records and
 * calendar changes wait until the user signs in again.
 */
export const CalendarEventList = z.object({
  events: z.array(CalendarEvent),
  calendar_connected: z.literal(false).optional(),
});
export type CalendarEventList = z.infer<typeof CalendarEventList>;

/** The most events one bounded list answers, and the most a day keeps under `per_day`. */
export const MAX_LISTED_EVENTS = 2500;
export const MAX_EVENTS_PER_DAY = 50;

/**
 * `GET api/v1/calendar/list/` (and Outlook's) narrowed, so a screen downloads only what it shows: events
 * ending on or after `from` and starting on or before `to` (days, UTC), the first `limit` by start, at most
 * `per_day` starting on each day, with `recurring=next` a recurring event once (its next occurrence). Without
 * any of them the list answers as the spec says (five years back to five ahead, every event).
 */
export const CalendarListQuery = z
  .object({
    from: IsoDate.optional(),
    to: IsoDate.optional(),
    limit: z.coerce
      .number({ error: 'must be a whole number' })
      .int('must be a whole number')
      .min(1, 'must be at least 1')
      .max(MAX_LISTED_EVENTS, `must be at most ${MAX_LISTED_EVENTS}`)
      .optional(),
    per_day: z.coerce
      .number({ error: 'must be a whole number' })
      .int('must be a whole number')
      .min(1, 'must be at least 1')
      .max(MAX_EVENTS_PER_DAY, `must be at most ${MAX_EVENTS_PER_DAY}`)
      .optional(),
    /** `next`: a recurring event's next occurrence only, once, instead of each occurrence. */
    recurring: z.enum(['next'], { error: "must be 'next'" }).optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'must not be after to', path: ['from'] });
export type CalendarListQuery = z.infer<typeof CalendarListQuery>;

/**
 * The narrowed list: its events, whether `limit` left later ones out, and per day (YYYY-MM-DD) how many
 * `per_day` left out.
 */
export const CalendarEventWindow = CalendarEventList.extend({
  has_more: z.boolean(),
  more_by_day: z.record(z.string(), z.number().int()),
});
export type CalendarEventWindow = z.infer<typeof CalendarEventWindow>;

/** `POST api/v1/calendar/create/`'s answer: `calendar_connected: false` when it was kept for later. */
export const ReminderCreated = CalendarEvent.extend({ calendar_connected: z.literal(false).optional() });
export type ReminderCreated = z.infer<typeof ReminderCreated>;

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
