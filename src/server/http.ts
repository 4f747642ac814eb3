// Conventions every route shares: how a body is read and validated, and how a
// refusal is shaped, so handlers stay a few lines each.
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { z } from 'zod';
import type { Refusal } from '../shared/api.ts';
import { hasForbiddenCharacters } from '../shared/schemas/common.ts';
import type { Logger } from './logger.ts';

export interface AppEnv {
  Variables: {
    requestId: string;
    log: Logger;
    /** The client address after trusted proxies are peeled off. */
    clientIp: string;
  };
}

/** An error that becomes a JSON refusal with this HTTP status. */
export class HttpError extends Error {
  readonly status: ContentfulStatusCode;
  readonly errors: Record<string, string> | undefined;
  constructor(status: ContentfulStatusCode, message: string, errors?: Record<string, string>) {
    super(message);
    this.status = status;
    this.errors = errors;
  }
}

/** Field path → catalogue key, the first problem of each field. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.join('.') : '_';
    out[key] ??= issue.message;
  }
  return out;
}

/** Paths reported for one body at most: enough to find the problem, not a reply as big as the body. */
const MAX_REPORTED_PATHS = 20;

/** A key as it may appear in a reply: its forbidden characters written as `\uXXXX`. */
const visibleKey = (key: string) =>
  hasForbiddenCharacters(key) ? key.replace(/[\p{Cc}\p{Cs}]/gu, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`) : key;

/**
 * Field paths of every string and object key in `value` holding a control character
 * (other than tab and line breaks) or a lone surrogate, whether or not a schema reads it:
 * no such text may reach the database (PostgreSQL refuses NUL in text and jsonb) or a
 * staff terminal. Iterative, so that a deeply nested body cannot overflow the stack.
 */
export function forbiddenTextPaths(value: unknown): string[] {
  // Each entry links to its parent's path rather than copying it: a body nested
  // thousands deep must cost time in proportion to its size, not to its size squared.
  type Path = { up: Path | undefined; key: string } | undefined;
  const pathOf = (p: Path) => {
    const keys: string[] = [];
    for (let at = p; at; at = at.up) keys.push(at.key);
    return keys.length > 0 ? keys.reverse().join('.') : '_';
  };
  const found: string[] = [];
  const stack: [unknown, Path][] = [[value, undefined]];
  while (stack.length > 0 && found.length < MAX_REPORTED_PATHS) {
    const [item, path] = stack.pop() as [unknown, Path];
    if (typeof item === 'string') {
      if (hasForbiddenCharacters(item, true)) found.push(pathOf(path));
    } else if (Array.isArray(item)) {
      for (let i = item.length - 1; i >= 0; i--) stack.push([item[i], { up: path, key: String(i) }]);
    } else if (typeof item === 'object' && item !== null) {
      const entries = Object.entries(item);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, child] = entries[i] as [string, unknown];
        if (hasForbiddenCharacters(key)) found.push(pathOf({ up: path, key: visibleKey(key) }));
        else stack.push([child, { up: path, key }]);
      }
    }
  }
  return found.slice(0, MAX_REPORTED_PATHS);
}

/** The JSON body validated by `schema`; a missing body counts as `{}`. Throws HttpError(400). */
export async function parseBody<S extends z.ZodType>(c: { req: { text(): Promise<string> } }, schema: S): Promise<z.output<S>> {
  const text = await c.req.text();
  let raw: unknown = {};
  if (text.trim() !== '') {
    try {
      raw = JSON.parse(text);
    } catch {
      throw new HttpError(400, 'invalid_json');
    }
  }
  const forbidden = forbiddenTextPaths(raw);
  const result = schema.safeParse(raw);
  if (result.success && forbidden.length === 0) return result.data;
  const errors = result.success ? {} : fieldErrors(result.error);
  for (const path of forbidden) errors[path] ??= 'invalid_characters';
  throw new HttpError(400, 'validation_failed', errors);
}

export function refusal(message: string, errors?: Record<string, string>): Refusal {
  return errors ? { status: 0, message, errors } : { status: 0, message };
}

/**
 * 429 with the catalogue key the forms show and `Retry-After`: every "too many requests"
 * answer goes through here, with the window of the limit that was hit (a fixed window
 * frees up at the latest that long after the refusal).
 */
export function tooManyAttempts(c: Context, retryAfterSeconds: number) {
  c.header('Retry-After', String(Math.max(1, Math.ceil(retryAfterSeconds))));
  return c.json(refusal('too_many_attempts'), 429);
}
