// The one HTTP client of the islands: base /api, JSON, 25 s timeout, the access
// token as a Bearer header, and a 401 anywhere reported to whoever signs out.
import { ofetch } from 'ofetch';
import type { Refusal } from '../shared/api.ts';
import type { GetPath, Params, PostPath, Reply } from '../shared/contract/index.ts';

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

interface CallOptions {
  /** Lets the request finish when the page goes away (the session refresh). */
  keepalive?: boolean;
}

/** The params argument: optional when every param is. */
export type ParamsArgs<P extends PostPath> =
  Record<never, never> extends Params<P> ? [params?: Params<P>, options?: CallOptions] : [params: Params<P>, options?: CallOptions];

/** POSTs a call of the contract (src/shared/contract) with its params as the body; a non-2xx answer throws. */
export function call<P extends PostPath>(path: P, ...[params, options]: ParamsArgs<P>): Promise<Reply<P>> {
  return http<Reply<P>>(path, { method: 'POST', body: params ?? {}, ...options });
}

/**
 * POSTs a call of the contract that takes a file as multipart/form-data (the identity
 * upload): the browser writes the boundary, the server checks the fields with the
 * entry's schema and the file by its content.
 */
export function upload<P extends PostPath>(path: P, form: FormData): Promise<Reply<P>> {
  return http<Reply<P>>(path, { method: 'POST', body: form });
}

/** GETs a call of the contract that takes no params. */
export function read<P extends GetPath>(path: P): Promise<Reply<P>> {
  return http<Reply<P>>(path, { method: 'GET' });
}

/**
 * Why a call did not succeed, however it said so: a refusal in a 2xx reply (`status: 0`),
 * or an HTTP error (ofetch's FetchError: 400 with field errors, 401, 429 …), or no answer.
 */
export interface Failure {
  ok: false;
  /** True for a refusal in a 2xx reply (the server said no), false when the call itself failed. */
  refused: boolean;
  /** The HTTP status; undefined for a refusal in a 2xx reply and for no answer at all. */
  httpStatus: number | undefined;
  /** The catalogue key the server gave (`wrong_old_password`, `validation_failed` …). */
  message: string | undefined;
  /** Field name → catalogue key, of a 400 reply or a refusal naming fields. */
  errors: Record<string, string> | undefined;
  /** What was thrown, for the console; undefined for a refusal. */
  cause?: unknown;
}

export type Outcome<T> = { ok: true; reply: T } | Failure;

const textOrUndefined = (value: unknown) => (typeof value === 'string' ? value : undefined);
const errorsOrUndefined = (value: unknown) => (value && typeof value === 'object' ? (value as Record<string, string>) : undefined);

/** The one reader of failures: a thrown call error or a refusal reply, as a Failure. */
export function failureOf(problem: unknown): Failure {
  const thrown = problem as { status?: unknown; data?: { message?: unknown; errors?: unknown }; name?: unknown } | null;
  if (thrown && typeof thrown === 'object' && !(problem instanceof Error) && thrown.status === 0) {
    const refusal = problem as Refusal;
    return { ok: false, refused: true, httpStatus: undefined, message: refusal.message, errors: refusal.errors };
  }
  return {
    ok: false,
    refused: false,
    httpStatus: typeof thrown?.status === 'number' ? thrown.status : undefined,
    message: textOrUndefined(thrown?.data?.message),
    errors: errorsOrUndefined(thrown?.data?.errors),
    cause: problem,
  };
}

type Success<R> = Exclude<R, { status: 0 }>;

/** Calls `path` and says how it went: the reply when its status is 1, else the Failure. Never throws. */
export async function attempt<P extends PostPath>(path: P, ...args: ParamsArgs<P>): Promise<Outcome<Success<Reply<P>>>> {
  try {
    const reply = await call(path, ...args);
    if ((reply as { status?: unknown }).status === 0) return failureOf(reply);
    return { ok: true, reply: reply as Success<Reply<P>> };
  } catch (error) {
    return failureOf(error);
  }
}
