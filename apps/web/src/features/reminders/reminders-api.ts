import type { Provider } from '@warrantly/contract/auth';
import type {
  CalendarEventWindow,
  FeedUrl,
  ReminderCreate,
  ReminderCreated,
  Settings,
  SettingsUpdate,
} from '@warrantly/contract/reminders';
import { api } from '@/app/api';
import { toIsoDate } from '@/lib/dates';

/** Each provider's calendar endpoints (SPEC section 7); only the signed-in provider's are called. */
const CALENDAR_BASE: Record<Provider, string> = {
  google: '/api/v1/calendar',
  microsoft: '/api/v1/outlook-calendar',
};

/** A window of the calendar's events, as narrow as one screen needs (the server counts what it left out). */
export interface EventWindow {
  provider: Provider;
  /** Days YYYY-MM-DD: events ending on or after `from`, starting on or before `to`. */
  from?: string;
  to?: string;
  /** The first so many events by start. */
  limit?: number;
  /** At most so many events starting on one day. */
  per_day?: number;
  /** 'next': a recurring reminder once, at its next occurrence. */
  recurring?: 'next';
}

/** Upcoming reminders asked for at a time; "Show more" asks for as many again. */
export const UPCOMING_STEP = 30;
/** Chips a day of the month calendar shows; the rest are counted. */
export const CHIPS_PER_DAY = 3;

/** The days ahead the dashboard's Upcoming Reminders card counts. */
export const UPCOMING_CARD_DAYS = 30;

/** The first `limit` reminders ending today or later, a recurring one once: the Upcoming Reminders list. */
export function upcomingWindow(provider: Provider, now: Date, limit = UPCOMING_STEP): EventWindow {
  return { provider, from: toIsoDate(now), limit, recurring: 'next' };
}

/** The events of one month (`month` 0-11), a few a day: the month calendar. */
export function monthWindow(provider: Provider, year: number, month: number): EventWindow {
  return {
    provider,
    from: toIsoDate(new Date(year, month, 1)),
    to: toIsoDate(new Date(year, month + 1, 0)),
    per_day: CHIPS_PER_DAY,
  };
}

export const remindersApi = api.injectEndpoints({
  endpoints: (build) => ({
    getEvents: build.query<CalendarEventWindow, EventWindow>({
      query: ({ provider, ...params }) => ({ url: `${CALENDAR_BASE[provider]}/list/`, params }),
      providesTags: ['Event'],
    }),
    createReminder: build.mutation<ReminderCreated, { provider: Provider; body: ReminderCreate }>({
      query: ({ provider, body }) => ({ url: `${CALENDAR_BASE[provider]}/create/`, method: 'POST', body }),
      invalidatesTags: ['Event'],
    }),
    getFeedUrl: build.query<FeedUrl, void>({
      query: () => '/api/v1/calendar/feed/',
      providesTags: ['Feed'],
    }),
    rotateFeedUrl: build.mutation<FeedUrl, void>({
      query: () => ({ url: '/api/v1/calendar/feed/rotate/', method: 'POST' }),
      invalidatesTags: ['Feed'],
    }),
    getSettings: build.query<Settings, void>({
      query: () => '/api/v1/settings/',
      providesTags: ['Settings'],
    }),
    updateSettings: build.mutation<Settings, SettingsUpdate>({
      query: (body) => ({ url: '/api/v1/settings/', method: 'PUT', body }),
      invalidatesTags: ['Settings', 'Event', 'Purchase', 'Totals', 'Receipt'],
    }),
  }),
});

export const {
  useGetEventsQuery,
  useCreateReminderMutation,
  useGetFeedUrlQuery,
  useRotateFeedUrlMutation,
  useGetSettingsQuery,
  useUpdateSettingsMutation,
} = remindersApi;
