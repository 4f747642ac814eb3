// The one HTTP client of the islands: base /api, JSON, 25 s timeout, the access
// token as a Bearer header, and a 401 anywhere reported to whoever signs out.
import { ofetch } from 'ofetch';

export const REQUEST_TIMEOUT_MS = 25_000;

let accessToken: string | undefined;
const unauthorizedListeners = new Set<() => void>();

/** Sets (or clears) the in-memory access token sent with every call. */
export function setAccessToken(token: string | undefined): void {
  accessToken = token;
}

export function getAccessToken(): string | undefined {
  return accessToken;
}

/** Runs `listener` whenever a call answers 401; returns the unsubscribe function. */
export function onUnauthorized(listener: () => void): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

export const http = ofetch.create({
  baseURL: '/api',
  timeout: REQUEST_TIMEOUT_MS,
  credentials: 'same-origin',
  headers: { Accept: 'application/json' },
  onRequest({ options }) {
    if (accessToken) options.headers.set('Authorization', `Bearer ${accessToken}`);
  },
  onResponseError({ response }) {
    if (response.status === 401) for (const listener of unauthorizedListeners) listener();
  },
});

/** POSTs a contract call with its params object as the body. */
export function call<T>(path: string, params: object = {}): Promise<T> {
  return http<T>(path, { method: 'POST', body: params });
}
