import {
  type BaseQueryFn,
  createApi,
  type FetchArgs,
  type FetchBaseQueryError,
  fetchBaseQuery,
} from '@reduxjs/toolkit/query/react';
import { currentAccessToken, type RefreshTokens } from './token-refresh';

/** What the store hands every thunk and query: the shared, single-flight token refresher. */
export interface ThunkExtra {
  refreshTokens: RefreshTokens;
}

const rawBaseQuery = fetchBaseQuery({
  // Relative: the server serves the app and the API on one origin, whatever host or port that is.
  baseUrl: '/',
  prepareHeaders: (headers, { getState }) => {
    const token = currentAccessToken(getState);
    if (token) headers.set('authorization', `Bearer ${token}`);
    return headers;
  },
});

/**
 * On a 401, refresh once through the server and retry. A refused refresh logs the user out; one the server
 * cannot answer now leaves the 401 as this request's answer and the session in place.
 */
const baseQueryWithReauth: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = async (
  args,
  api,
  extraOptions,
) => {
  const tokenUsed = currentAccessToken(api.getState);
  let result = await rawBaseQuery(args, api, extraOptions);
  if (result.error?.status !== 401 || !tokenUsed) return result;
  // Another request may have refreshed meanwhile: then the new token is simply used.
  const tokenNow = currentAccessToken(api.getState);
  const fresh =
    tokenNow && tokenNow !== tokenUsed
      ? tokenNow
      : await (api.extra as ThunkExtra).refreshTokens(api.dispatch, api.getState);
  if (fresh) result = await rawBaseQuery(args, api, extraOptions);
  return result;
};

/**
 * What a change to the user's purchases makes stale: the purchase lists, the dashboard totals, the
 * receipts, the replacement parts and the calendar's events (warranty and replacement reminders).
 */
export const PURCHASE_DATA_TAGS = ['Purchase', 'Totals', 'Receipt', 'Parts', 'Event'] as const;

export const api = createApi({
  reducerPath: 'api',
  baseQuery: baseQueryWithReauth,
  keepUnusedDataFor: 60,
  // Nothing listens to the browser's online event (no setupListeners): `onOnline` comes from the token
  // refresher, when a refresh the server made wait succeeds, and fetches again what failed meanwhile.
  refetchOnReconnect: true,
  tagTypes: ['Purchase', 'Totals', 'Receipt', 'Event', 'Parts', 'Settings', 'Feed'],
  endpoints: () => ({}),
});

/**
 * The server's `{message}` in an error answer's body, parsed or as its text; null when there is none.
 * @example serverMessage('{"message":"Receipt not found","code":"not_found"}') //=> 'Receipt not found'
 */
export function serverMessage(body: unknown): string | null {
  let parsed = body;
  if (typeof body === 'string') {
    try {
      parsed = JSON.parse(body);
    } catch {
      return null;
    }
  }
  if (typeof parsed !== 'object' || parsed === null || !('message' in parsed)) return null;
  const { message } = parsed as { message: unknown };
  return typeof message === 'string' ? message : null;
}

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
