import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import { currentAccessToken, type RefreshTokens, retryAfterMs } from './token-refresh';

/**
 * The one way the app talks to its server. Every call (RTK Query's, a file download, an upload with
 * progress) goes through `send`: the bearer token of the moment, one refresh and one retry on a 401, and a
 * server too busy now (503) asked again after its Retry-After.
 */

/** What the store hands every thunk and query: the shared, single-flight token refresher. */
export interface ThunkExtra {
  refreshTokens: RefreshTokens;
}

/** What a request needs of the store it runs in. */
export interface Session {
  dispatch: (action: UnknownAction) => unknown;
  getState: () => unknown;
  extra: unknown;
}

/** One try of a request, carrying `token` as its bearer (none when null). */
export type Attempt = (token: string | null) => Promise<Response>;

/** A busy server (503) is asked again after its Retry-After this many times before its answer stands. */
export const BUSY_RETRIES = 3;
/** The longest wait for a busy server between two tries, whatever its Retry-After says. */
const BUSY_WAIT_MAX_MS = 30_000;
/** The wait for a busy server that says nothing of when to come back. */
const BUSY_WAIT_DEFAULT_MS = 5_000;

/**
 * The token to try a 401 again with: the one another request refreshed meanwhile, else a new one from the
 * refresher (one exchange for every tab, under its lock); null when there is none to be had now.
 */
function freshToken(session: Session, used: string): Promise<string | null> {
  const now = currentAccessToken(session.getState);
  if (now && now !== used) return Promise.resolve(now);
  return (session.extra as ThunkExtra).refreshTokens(session.dispatch, session.getState);
}

function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const done = () => {
      signal?.removeEventListener('abort', aborted);
      resolve();
    };
    const timer = setTimeout(done, ms);
    function aborted() {
      clearTimeout(timer);
      reject(signal?.reason);
    }
    signal?.addEventListener('abort', aborted, { once: true });
  });
}

/**
 * Runs `attempt` until its answer stands: a 401 is tried once more after a refresh (a refresh that is
 * refused signs the user out, in the refresher; one the server cannot make now leaves the 401 standing),
 * and a 503 up to `BUSY_RETRIES` more times after its Retry-After when `retryBusy` (a request that is
 * safe to send twice: see `isSafeToRepeat`). `signal` cuts a wait short.
 */
export async function send(
  session: Session,
  attempt: Attempt,
  signal?: AbortSignal,
  retryBusy = true,
): Promise<Response> {
  let hasRefreshed = false;
  let busyRetries = retryBusy ? 0 : BUSY_RETRIES;
  for (;;) {
    const token = currentAccessToken(session.getState);
    const res = await attempt(token);
    if (res.status === 401 && token && !hasRefreshed) {
      hasRefreshed = true;
      if (!(await freshToken(session, token))) return res;
    } else if (res.status === 503 && busyRetries < BUSY_RETRIES) {
      busyRetries += 1;
      const hint = retryAfterMs(res.headers.get('retry-after'), Date.now());
      await pause(Math.min(hint ?? BUSY_WAIT_DEFAULT_MS, BUSY_WAIT_MAX_MS), signal);
    } else {
      return res;
    }
    // The answer not taken is let go, so its connection is free for the next try.
    void res.body?.cancel().catch(() => undefined);
  }
}

const IDEMPOTENT = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE']);
/** Uploads the server knows again by the file's hash: sent twice, they still make one purchase. */
const REPEATABLE_UPLOADS = new Set(['/api/v1/ai-order-extract/', '/api/v1/receipt-photo/']);

/**
 * True when a request may be sent again after a 503: an idempotent method, or an upload the server
 * recognises. A 503 can come after a commit (the database stopped answering), so a create sent twice could
 * make two purchases.
 */
export function isSafeToRepeat(request: Request): boolean {
  return IDEMPOTENT.has(request.method) || REPEATABLE_UPLOADS.has(new URL(request.url).pathname);
}

/** Tries of `request` with fetch, each with the whole body: `request` itself is never sent. */
export function fetchAttempt(request: Request): Attempt {
  // The body is read once into memory and sent as bytes on every try: a stream would be spent by the
  // first try (and a browser sends a stream as chunks, which neither the server nor DevTools then see
  // whole). App requests are JSON or a form of at most one receipt file.
  const body = request.body === null ? Promise.resolve(null) : request.clone().arrayBuffer();
  return async (token) => {
    const headers = new Headers(request.headers);
    if (token) headers.set('authorization', `Bearer ${token}`);
    return fetch(request.url, {
      method: request.method,
      headers,
      body: await body,
      signal: request.signal,
      credentials: request.credentials,
      cache: request.cache,
      redirect: request.redirect,
    });
  };
}

/** The headers of an XMLHttpRequest's answer, as fetch gives them. */
function headersOf(xhr: XMLHttpRequest): Headers {
  const headers = new Headers();
  for (const line of xhr.getAllResponseHeaders().split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
  }
  return headers;
}

/** Statuses whose answer has no body (a Response with one would not construct). */
const NO_BODY = new Set([101, 204, 205, 304]);

/**
 * Tries of a form POST through XMLHttpRequest, which unlike fetch reports upload progress: 0-100, from 0
 * again on every try.
 */
export function xhrAttempt(url: string, body: FormData, onProgress: (percent: number) => void): Attempt {
  return (token) =>
    new Promise((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open('POST', url);
      if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
      };
      xhr.onload = () =>
        resolve(
          new Response(NO_BODY.has(xhr.status) ? null : xhr.responseText, {
            status: xhr.status,
            statusText: xhr.statusText,
            headers: headersOf(xhr),
          }),
        );
      xhr.onerror = () => reject(new TypeError('The connection failed'));
      onProgress(0);
      xhr.send(body);
    });
}

/** An HTTP failure with the server's `{message}` when it sent one. */
export class HttpError extends Error {
  override name = 'HttpError';
  constructor(
    readonly status: number,
    message: string,
    /** The server's own words, when its answer had a `{message}`. */
    readonly serverMessage: string | null = null,
    /** The answer's JSON body (its `code` and what comes with it), or null. */
    readonly body: unknown = null,
  ) {
    super(message);
  }
}

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

/** The answer when it succeeded; else an `HttpError` with the server's `{message}`, or the status. */
async function ok(res: Response): Promise<Response> {
  if (res.ok) return res;
  const text = await res.text().catch(() => '');
  const message = serverMessage(text);
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON: the status says it all.
  }
  throw new HttpError(res.status, message ?? `HTTP ${res.status}`, message, body);
}

type Thunk<R> = ThunkAction<Promise<R>, unknown, ThunkExtra, UnknownAction>;

/** A stored file fetched with the bearer token, which a plain link could not carry. */
export function fetchFileBlob(url: string): Thunk<Blob> {
  return async (dispatch, getState, extra) => {
    const res = await send({ dispatch, getState, extra }, fetchAttempt(new Request(url)));
    return (await ok(res)).blob();
  };
}

/** POSTs a multipart form, reporting upload progress 0-100, and answers the parsed JSON. */
export function uploadForm<T>(url: string, body: FormData, onProgress: (percent: number) => void): Thunk<T> {
  return async (dispatch, getState, extra) => {
    const res = await send({ dispatch, getState, extra }, xhrAttempt(url, body, onProgress));
    return (await (await ok(res)).json()) as T;
  };
}
