// A stubbed `fetch` for the client stores (src/lib/api.ts): records what each call sent
// and answers from a table of paths; an answer may be a function (to answer from the
// body, or to hold the reply back until the test lets it go).
import { vi } from 'vitest';

export interface Sent {
  path: string;
  method: string;
  body: Record<string, unknown>;
  authorization: string | null;
  keepalive: boolean;
}

export interface Answer {
  /** HTTP status; 200 unless told. */
  http?: number;
  body: unknown;
}

export type Answers = Record<string, Answer | ((body: Record<string, unknown>) => Answer | Promise<Answer>)>;

export interface ApiStub {
  sent: Sent[];
  answers: Answers;
  /** The paths called so far, in order. */
  paths(): string[];
}

/** Stubs `fetch`; unknown paths answer 404. Undo with vi.unstubAllGlobals(). */
export function stubApi(): ApiStub {
  const stub: ApiStub = { sent: [], answers: {}, paths: () => stub.sent.map((s) => s.path) };
  vi.stubGlobal('fetch', async (input: string | Request, init?: RequestInit) => {
    const request = new Request(new URL(typeof input === 'string' ? input : input.url, 'http://site.test'), init);
    const path = new URL(request.url).pathname.replace(/^\/api\//, '');
    const text = request.method === 'GET' ? '' : await request.text();
    const body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    stub.sent.push({ path, method: request.method, body, authorization: request.headers.get('authorization'), keepalive: init?.keepalive === true });
    const entry = stub.answers[path];
    const answer = typeof entry === 'function' ? await entry(body) : (entry ?? { http: 404, body: { status: 0, message: 'not_found' } });
    return new Response(JSON.stringify(answer.body), { status: answer.http ?? 200, headers: { 'content-type': 'application/json' } });
  });
  return stub;
}

/** A promise and the function that settles it, for replies held back. */
export function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/** A Storage kept in a Map (Node has no localStorage or sessionStorage). */
export function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => {
      items.delete(key);
    },
    setItem: (key, value) => {
      items.set(key, String(value));
    },
  };
}
