// Single-use links: account activation (7 days) and password reset (1 hour), emailed; a staff
// account's enrolment of its first second factor (24 hours), sent by an admin or the command line.
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { type AccountTokenPurpose, accountTokens } from '../db/schema/index.ts';
import { digest, randomToken } from './opaque.ts';

export const TOKEN_TTL_SECONDS: Record<AccountTokenPurpose, number> = { activate: 7 * 24 * 60 * 60, reset: 60 * 60, staff_enrolment: 24 * 60 * 60 };

/** A fresh link token for the player; earlier unused ones of the same purpose stop working. */
export async function createAccountToken(db: Executor, playerId: number, purpose: AccountTokenPurpose): Promise<string> {
  const token = randomToken();
  await db
    .update(accountTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(accountTokens.playerId, playerId), eq(accountTokens.purpose, purpose), isNull(accountTokens.usedAt)));
  await db.insert(accountTokens).values({
    playerId,
    purpose,
    tokenHash: digest(token),
    expiresAt: sql`now() + ${TOKEN_TTL_SECONDS[purpose]}::int * interval '1 second'`,
  });
  return token;
}

/** The player a valid, unused, unexpired token belongs to, without using it up. */
export async function peekAccountToken(db: Executor, token: string, purpose: AccountTokenPurpose): Promise<number | undefined> {
  const [row] = await db
    .select({ playerId: accountTokens.playerId })
    .from(accountTokens)
    .where(
      and(
        eq(accountTokens.tokenHash, digest(token)),
        eq(accountTokens.purpose, purpose),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, sql`now()`),
      ),
    );
  return row?.playerId;
}

/** Uses the token up and names its player; undefined when it is unknown, used, expired, or (given `owner`) another player's. */
export async function consumeAccountToken(db: Executor, token: string, purpose: AccountTokenPurpose, owner?: number): Promise<number | undefined> {
  const [row] = await db
    .update(accountTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(accountTokens.tokenHash, digest(token)),
        eq(accountTokens.purpose, purpose),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, sql`now()`),
        owner === undefined ? undefined : eq(accountTokens.playerId, owner),
      ),
    )
    .returning({ playerId: accountTokens.playerId });
  return row?.playerId;
}
