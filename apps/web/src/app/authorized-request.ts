import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import { serverMessage, type ThunkExtra } from './api';
import { currentAccessToken, retryAfterMs } from './token-refresh';

type Thunk<R> = ThunkAction<Promise<R>, unknown, ThunkExtra, UnknownAction>;

/** An HTTP failure with the server's `{message}` when it sent one, and its parsed JSON body. */
export class HttpError extends Error {
  override name = 'HttpError';
  constructor(
    readonly status: number,
    message: string,
    /** What the server said beside the message (`code`, ...), or null. */
    readonly body: unknown = null,
  ) {
    super(message);
  }
}

/** The failure an answer stands for: the server's `{message}`, or the status when the body has none. */
function httpError(status: number, body: string): HttpError {
  let parsed: unknown = null;
  try {
    parsed = JSON.parse(body);
  } catch {
    // Not JSON: the status says it all.
  }
  return new HttpError(status, serverMessage(body) ?? `HTTP ${status}`, parsed);
}

/**
 * A stored receipt file fetched with the bearer token (a plain link could not carry it), refreshing the
 * token once on a 401 like every other call.
 */
export function fetchFileBlob(url: string): Thunk<Blob> {
  return async (dispatch, getState, extra) => {
    const attempt = (token: string | null) =>
      fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
    let res = await attempt(currentAccessToken(getState));
    if (res.status === 401) {
      const fresh = await extra.refreshTokens(dispatch, getState);
      if (fresh) res = await attempt(fresh);
    }
    if (!res.ok) throw httpError(res.status, await res.text().catch(() => ''));
    return res.blob();
  };
}

function sendWithProgress(
  url: string,
  body: FormData,
  token: string | null,
  onProgress: (percent: number) => void,
): Promise<{ status: number; text: string; retryAfter: string | null }> {
  // XMLHttpRequest rather than fetch: only it reports upload progress.
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () =>
      resolve({
        status: xhr.status,
        text: xhr.responseText,
        retryAfter: xhr.getResponseHeader('retry-after'),
      });
    xhr.onerror = () => reject(new HttpError(0, 'The connection failed'));
    xhr.send(body);
  });
}

/** A busy server (503) is sent the upload again after its Retry-After, this many times, before it fails. */
const BUSY_RETRIES = 3;
/** The longest wait for a busy server between two tries, whatever its Retry-After says. */
const BUSY_WAIT_MAX_MS = 30_000;

/**
 * POSTs a multipart form, reporting upload progress 0-100, and answers the parsed JSON. A server too busy
 * to take the upload now (503) gets it again after its Retry-After, a few times.
 */
export function uploadForm<T>(url: string, body: FormData, onProgress: (percent: number) => void): Thunk<T> {
  return async (dispatch, getState, extra) => {
    let res = await sendWithProgress(url, body, currentAccessToken(getState), onProgress);
    if (res.status === 401) {
      const fresh = await extra.refreshTokens(dispatch, getState);
      if (fresh) {
        onProgress(0);
        res = await sendWithProgress(url, body, fresh, onProgress);
      }
    }
    for (let tries = 0; res.status === 503 && tries < BUSY_RETRIES; tries += 1) {
      const wait = retryAfterMs(res.retryAfter, Date.now()) ?? 5000;
      await new Promise((resolve) => setTimeout(resolve, Math.min(wait, BUSY_WAIT_MAX_MS)));
      onProgress(0);
      res = await sendWithProgress(url, body, currentAccessToken(getState), onProgress);
    }
    if (res.status < 200 || res.status >= 300) throw httpError(res.status, res.text);
    return JSON.parse(res.text) as T;
  };
}
