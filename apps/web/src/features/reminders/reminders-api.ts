import type { Provider } from '@warrantly/contract/auth';
import type {
  CalendarEvent,
  CalendarEventList,
  FeedUrl,
  ReminderCreate,
  Settings,
  SettingsUpdate,
} from '@warrantly/contract/reminders';
import { api } from '@/app/api';

/** Each provider's calendar endpoints (SPEC section 7); only the signed-in provider's are called. */
const CALENDAR_BASE: Record<Provider, string> = {
  google: '/api/v1/calendar',
  microsoft: '/api/v1/outlook-calendar',
};

export const remindersApi = api.injectEndpoints({
  endpoints: (build) => ({
    getEvents: build.query<CalendarEventList, Provider>({
      query: (provider) => `${CALENDAR_BASE[provider]}/list/`,
      providesTags: ['Event'],
    }),
    createReminder: build.mutation<CalendarEvent, { provider: Provider; body: ReminderCreate }>({
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
