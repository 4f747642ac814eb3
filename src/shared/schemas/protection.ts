// The safer-gambling calls: set or confirm a limit, take a break, close the account,
// choose the reality-check interval. Messages are catalogue keys.
import { ALL_BREAK_DURATIONS, LIMIT_KINDS, REALITY_CHECK_MINUTES } from '../protection.ts';
import { toCents } from '../money.ts';
import { text, z } from './common.ts';
import { sessionToken } from './games.ts';

/** The most a money limit may be: 1,000,000.00 (in cents). */
export const MAX_LIMIT_CENTS = 100_000_000;
/** A session limit is 5 minutes to 24 hours. */
export const SESSION_LIMIT_MINUTES = { min: 5, max: 1440 } as const;

const limitKind = z.enum(LIMIT_KINDS, { error: 'invalid_limit_kind' });

/** An amount as a number or a string with at most two decimals; null or empty removes the limit. */
const limitAmount = z
  .union([z.number(), text({ max: 20, trim: true, tooLong: 'invalid_limit_amount' }), z.null()])
  .transform((v) => (v === null || v === '' ? null : v));

export const setLimitParams = z
  .object({ kind: limitKind, amount: limitAmount })
  .loose()
  .transform((v, ctx) => {
    if (v.amount === null) return { kind: v.kind, amount: null };
    if (v.kind === 'session') {
      const minutes = typeof v.amount === 'number' ? v.amount : /^\d{1,4}$/.test(v.amount) ? Number(v.amount) : Number.NaN;
      if (!Number.isInteger(minutes) || minutes < SESSION_LIMIT_MINUTES.min || minutes > SESSION_LIMIT_MINUTES.max) {
        ctx.addIssue({ code: 'custom', path: ['amount'], message: 'invalid_session_limit' });
        return z.NEVER;
      }
      return { kind: v.kind, amount: minutes };
    }
    const cents = toCents(v.amount);
    if (cents === undefined || cents < 1 || cents > MAX_LIMIT_CENTS) {
      ctx.addIssue({ code: 'custom', path: ['amount'], message: 'invalid_limit_amount' });
      return z.NEVER;
    }
    return { kind: v.kind, amount: cents };
  });
export type SetLimitParams = z.input<typeof setLimitParams>;

export const confirmLimitParams = z.object({ kind: limitKind }).loose();

export const takeBreakParams = z.object({ duration: z.enum(ALL_BREAK_DURATIONS as [string, ...string[]], { error: 'invalid_break' }) }).loose();

export const closeAccountParams = z.object({ password: text({ max: 200 }).min(1, 'field_required') }).loose();

export const realityCheckParams = z
  .object({
    minutes: z.union([
      z.number().int('invalid_reality_check').min(REALITY_CHECK_MINUTES.min, 'invalid_reality_check').max(REALITY_CHECK_MINUTES.max, 'invalid_reality_check'),
      z.null(),
    ]),
  })
  .loose();

/** A game page asks for the reality check of its launch, or answers it with "continue". */
export const studioRealityCheckParams = z.object({ session: sessionToken, continue: z.boolean().optional() }).strict();
