import {
  type BaseQueryFn,
  createApi,
  type FetchArgs,
  type FetchBaseQueryError,
  fetchBaseQuery,
} from '@reduxjs/toolkit/query/react';
import { fetchAttempt, isSafeToRepeat, send, serverMessage } from './client';

/**
 * RTK Query's requests and answers as fetchBaseQuery shapes them, sent through the one client (the bearer
 * token, the refresh on a 401, the retry on a 503).
 */
const baseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = (args, api, extraOptions) =>
  fetchBaseQuery({
    // Relative: the server serves the app and the API on one origin, whatever host or port that is.
    baseUrl: '/',
    fetchFn: (input) => {
      // fetchBaseQuery hands a whole Request, whose body each try sends a clone of.
      const request = input instanceof Request ? input : new Request(input);
      return send(api, fetchAttempt(request), request.signal, isSafeToRepeat(request));
    },
  })(args, api, extraOptions);

/**
 * What a change to the user's purchases makes stale: the purchase lists, the dashboard totals, the
 * receipts, the replacement parts and the calendar's events (warranty and replacement reminders).
 */
export const PURCHASE_DATA_TAGS = ['Purchase', 'Totals', 'Receipt', 'Parts', 'Event'] as const;

export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  keepUnusedDataFor: 60,
  // Nothing listens to the browser's online event (no setupListeners): `onOnline` comes from the token
  // refresher, when a refresh the server made wait succeeds, and fetches again what failed meanwhile.
  refetchOnReconnect: true,
  tagTypes: ['Purchase', 'Totals', 'Receipt', 'Event', 'Parts', 'Settings', 'Feed'],
  endpoints: () => ({}),
});

/**
 * The message of a failed API call, however it failed: an RTK Query error's `{message}`, an `HttpError`
 * or other error's own message, else `fallback`.
 */
export function apiErrorMessage(error: unknown, fallback: string): string {
  if (typeof error === 'object' && error !== null && 'data' in error) {
    const message = serverMessage(error.data);
    if (message) return message;
  }
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}
