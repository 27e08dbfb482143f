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

/** The message of an API error: the server's `{message}`, else `fallback`. */
export function apiErrorMessage(error: unknown, fallback: string): string {
  if (typeof error === 'object' && error !== null && 'data' in error) {
    const data = (error as { data: unknown }).data;
    if (typeof data === 'object' && data !== null && 'message' in data) {
      const message = (data as { message: unknown }).message;
      if (typeof message === 'string' && message) return message;
    }
  }
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}
