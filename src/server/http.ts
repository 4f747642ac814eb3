// Conventions every route shares: how a body is read and validated, and how a
// refusal is shaped, so handlers stay a few lines each.
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { z } from 'zod';
import type { Refusal } from '../shared/api.ts';
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
  const result = schema.safeParse(raw);
  if (!result.success) throw new HttpError(400, 'validation_failed', fieldErrors(result.error));
  return result.data;
}

export function refusal(message: string, errors?: Record<string, string>): Refusal {
  return errors ? { status: 0, message, errors } : { status: 0, message };
}
