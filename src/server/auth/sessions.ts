// Refresh tokens: one family per login, a new token on every use. A token shown a
// second time means someone kept a copy, so the whole family ends there.
import { randomUUID } from 'node:crypto';
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Db, Executor } from '../db/client.ts';
import { players, refreshTokens } from '../db/schema/index.ts';
import { digest, randomToken } from './opaque.ts';

export const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 60 * 60;

export interface Session {
  playerId: number;
  /** The family: stays the same across rotations of one login. */
  sessionId: string;
  refreshToken: string;
}

async function issue(db: Executor, playerId: number, sessionId: string): Promise<Session> {
  const refreshToken = randomToken();
  await db.insert(refreshTokens).values({
    playerId,
    familyId: sessionId,
    tokenHash: digest(refreshToken),
    expiresAt: sql`now() + ${REFRESH_TOKEN_TTL_SECONDS}::int * interval '1 second'`,
  });
  return { playerId, sessionId, refreshToken };
}

/** A new login: a new family and its first refresh token. */
export function startSession(db: Executor, playerId: number): Promise<Session> {
  return issue(db, playerId, randomUUID());
}

export type Rotation = { kind: 'rotated'; session: Session; scope: string[] } | { kind: 'reused' } | { kind: 'invalid' };

/** Trades a refresh token for the next one of its family. */
export async function rotateSession(db: Db, refreshToken: string): Promise<Rotation> {
  const tokenHash = digest(refreshToken);
  return db.transaction(async (tx) => {
    // The conditional update is the lock: of two requests with one token, one wins.
    const [current] = await tx
      .update(refreshTokens)
      .set({ usedAt: sql`now()` })
      .where(
        and(eq(refreshTokens.tokenHash, tokenHash), isNull(refreshTokens.usedAt), isNull(refreshTokens.revokedAt), gt(refreshTokens.expiresAt, sql`now()`)),
      )
      .returning({ playerId: refreshTokens.playerId, familyId: refreshTokens.familyId });
    if (!current) {
      const [seen] = await tx
        .select({ familyId: refreshTokens.familyId, usedAt: refreshTokens.usedAt })
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, tokenHash));
      if (!seen?.usedAt) return { kind: 'invalid' } as const;
      await revokeFamily(tx, seen.familyId);
      return { kind: 'reused' } as const;
    }
    const [player] = await tx.select({ status: players.status, scope: players.scope }).from(players).where(eq(players.id, current.playerId));
    if (!player || player.status === 'blocked') {
      await revokeFamily(tx, current.familyId);
      return { kind: 'invalid' } as const;
    }
    return { kind: 'rotated', session: await issue(tx, current.playerId, current.familyId), scope: player.scope } as const;
  });
}

async function revokeFamily(db: Executor, familyId: string): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

/** Logout: the token's whole family stops working; returns its player. Unknown tokens are ignored. */
export async function endSession(db: Executor, refreshToken: string): Promise<number | undefined> {
  const [row] = await db
    .select({ familyId: refreshTokens.familyId, playerId: refreshTokens.playerId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, digest(refreshToken)));
  if (!row) return undefined;
  await revokeFamily(db, row.familyId);
  return row.playerId;
}

/** Ends every login of the player but `keep` (the session that asked, if any). */
export async function revokeSessions(db: Executor, playerId: number, keep?: string): Promise<void> {
  const conditions = [eq(refreshTokens.playerId, playerId), isNull(refreshTokens.revokedAt)];
  if (keep) conditions.push(ne(refreshTokens.familyId, keep));
  await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(...conditions));
}
