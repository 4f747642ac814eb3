// Refresh tokens: one family per login, a new token on every use. A token shown a
// second time means someone kept a copy, so the whole family ends there — unless it
// comes back within a few seconds of its rotation, which is what two tabs opening at
// once (or a reply lost on the network) look like.
import { createHmac, randomUUID } from 'node:crypto';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { type Clock, dateOf, systemClock } from '../clock.ts';
import type { ServerContext } from '../context.ts';
import type { Db, Executor } from '../db/client.ts';
import { players, refreshTokens } from '../db/schema/index.ts';
import { read } from '../wallet/connection.ts';
import { digest, randomToken } from './opaque.ts';

export const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 60 * 60;

/**
 * How long a spent refresh token still answers with its family's current token instead
 * of counting as theft. Long enough for parallel tabs and a retried request, short
 * enough that a copy stolen from a disk or a log is worthless.
 */
export const REFRESH_GRACE_SECONDS = 30;

/** Rotations a replay may walk to find the current token; far beyond what a grace window holds. */
const MAX_CHAIN_WALK = 32;

export interface Session {
  playerId: number;
  /** The family: stays the same across rotations of one login. */
  sessionId: string;
  refreshToken: string;
  /** The login passed the second step; its access tokens say so, and staff calls want it. */
  secondFactor: boolean;
}

// Why successors are derived and not drawn: within the grace window a replayed token
// must get the very token its first use got (or the one that has replaced it since), not
// a new branch of the family, or two tabs would each hold a token the other one kills.
// We keep only hashes, so the token cannot be read back from the table; instead each
// successor is HMAC(key, predecessor), and whoever shows a spent token lets the server
// recompute the chain from it to the family's one unspent token. Only a holder of the
// token itself can do that (the key never leaves the server), and only for
// REFRESH_GRACE_SECONDS after it was spent. The key is derived from the JWT secret, so
// every instance of a deployment derives the same chain with no extra setting.
const successorKeys = new Map<string, Buffer>();
function successorKey(jwtSecret: string): Buffer {
  let key = successorKeys.get(jwtSecret);
  if (!key) {
    key = createHmac('sha256', jwtSecret).update('casino-eagles/refresh-token-successor/v1').digest();
    successorKeys.set(jwtSecret, key);
  }
  return key;
}

function successorOf(jwtSecret: string, token: string): string {
  return createHmac('sha256', successorKey(jwtSecret)).update(token).digest('base64url');
}

async function issue(db: Executor, clock: Clock, playerId: number, sessionId: string, refreshToken: string, secondFactor: boolean): Promise<Session> {
  await db.insert(refreshTokens).values({
    playerId,
    familyId: sessionId,
    tokenHash: digest(refreshToken),
    expiresAt: dateOf(clock, REFRESH_TOKEN_TTL_SECONDS * 1000),
    secondFactor,
  });
  return { playerId, sessionId, refreshToken, secondFactor };
}

/**
 * A new login: a new family and its first (random) refresh token. `secondFactor`: the login
 * passed the second step, which its family keeps through every rotation.
 */
export function startSession(db: Executor, playerId: number, clock: Clock = systemClock, { secondFactor = false } = {}): Promise<Session> {
  return issue(db, clock, playerId, randomUUID(), randomToken(), secondFactor);
}

// Every change to a player's logins (rotation, revocation) takes the player's row lock
// first, so they happen one after another. Without it, on PostgreSQL's READ COMMITTED a
// revocation could run beside a rotation, revoke the token being rotated and miss the
// successor inserted a moment later: the family would live on after a logout. With it,
// the statements after the lock see everything the previous holder committed. FOR NO KEY
// UPDATE does not block the key-share locks that inserts referencing the player take.
async function lockPlayer(tx: Executor, playerId: number) {
  const [player] = await tx.select({ status: players.status, scope: players.scope }).from(players).where(eq(players.id, playerId)).for('no key update');
  return player;
}

export type Rotation = { kind: 'rotated'; session: Session; scope: string[] } | { kind: 'reused' } | { kind: 'invalid' };

/**
 * Trades a refresh token for the next one of its family. A token spent less than
 * REFRESH_GRACE_SECONDS ago answers with the family's current token (nothing is spent);
 * later, it revokes the family.
 */
export async function rotateSession(ctx: Pick<ServerContext, 'database' | 'config' | 'clock'>, refreshToken: string): Promise<Rotation> {
  const { clock } = ctx;
  const secret = ctx.config.jwtSecret;
  const tokenHash = digest(refreshToken);
  return ctx.database.db.transaction(async (tx) => {
    const [known] = await tx.select({ playerId: refreshTokens.playerId }).from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash));
    if (!known) return { kind: 'invalid' } as const;
    const player = await lockPlayer(tx, known.playerId);
    // Read again under the lock: a rotation that ran meanwhile has committed by now.
    const [token] = await tx.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash));
    if (!player || !token || token.revokedAt) return { kind: 'invalid' } as const;
    if (player.status === 'blocked') {
      await revokeFamily(tx, token.familyId);
      return { kind: 'invalid' } as const;
    }
    const now = clock.now();
    if (token.expiresAt.getTime() <= now) return { kind: 'invalid' } as const;

    if (!token.usedAt) {
      // Conditional, although the lock already orders rotations: a writer that skipped the
      // lock could still not spend one token twice.
      const [spent] = await tx
        .update(refreshTokens)
        .set({ usedAt: new Date(now) })
        .where(and(eq(refreshTokens.id, token.id), isNull(refreshTokens.usedAt), isNull(refreshTokens.revokedAt)))
        .returning({ id: refreshTokens.id });
      if (!spent) return { kind: 'invalid' } as const;
      const session = await issue(tx, clock, token.playerId, token.familyId, successorOf(secret, refreshToken), token.secondFactor);
      return { kind: 'rotated', session, scope: player.scope } as const;
    }

    if (now - token.usedAt.getTime() <= REFRESH_GRACE_SECONDS * 1000) {
      const current = await currentOfChain(tx, secret, refreshToken, token.familyId, now);
      if (current === 'ended') return { kind: 'invalid' } as const;
      if (current)
        return {
          kind: 'rotated',
          session: { playerId: token.playerId, sessionId: token.familyId, refreshToken: current, secondFactor: token.secondFactor },
          scope: player.scope,
        } as const;
      // No chain to follow (a token rotated before successors were derived): theft, as before.
    }
    await revokeFamily(tx, token.familyId);
    return { kind: 'reused' } as const;
  });
}

/** Follows the successors of a spent token to the family's unspent one; 'ended' when the family was revoked. */
async function currentOfChain(tx: Executor, secret: string, spent: string, familyId: string, now: number): Promise<string | 'ended' | undefined> {
  let token = spent;
  for (let step = 0; step < MAX_CHAIN_WALK; step++) {
    token = successorOf(secret, token);
    const [row] = await tx
      .select({ familyId: refreshTokens.familyId, usedAt: refreshTokens.usedAt, revokedAt: refreshTokens.revokedAt, expiresAt: refreshTokens.expiresAt })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, digest(token)));
    if (!row || row.familyId !== familyId) return undefined;
    if (row.revokedAt || row.expiresAt.getTime() <= now) return 'ended';
    if (!row.usedAt) return token;
  }
  return undefined;
}

async function revokeFamily(db: Executor, familyId: string): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

/** Logout: the token's whole family stops working; returns its player. Unknown tokens are ignored. */
export async function endSession(db: Db, refreshToken: string): Promise<number | undefined> {
  const [row] = await db
    .select({ familyId: refreshTokens.familyId, playerId: refreshTokens.playerId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, digest(refreshToken)));
  if (!row) return undefined;
  await db.transaction(async (tx) => {
    await lockPlayer(tx, row.playerId);
    await revokeFamily(tx, row.familyId);
  });
  return row.playerId;
}

/**
 * Logout by the access token alone (a client that keeps no refresh cookie): the login it
 * names (`sid`) ends as a cookie logout would end it. Answers whether a login of that
 * player was ended.
 */
export async function endLogin(db: Db, playerId: number, sessionId: string | undefined): Promise<boolean> {
  if (!sessionId || !UUID.test(sessionId)) return false;
  return db.transaction(async (tx) => {
    await lockPlayer(tx, playerId);
    const ended = await tx
      .update(refreshTokens)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(refreshTokens.familyId, sessionId), eq(refreshTokens.playerId, playerId), isNull(refreshTokens.revokedAt)))
      .returning({ id: refreshTokens.id });
    return ended.length > 0;
  });
}

/** Ends every login of the player but `keep` (the session that asked, if any). */
export async function revokeSessions(db: Executor, playerId: number, keep?: string): Promise<void> {
  await lockPlayer(db, playerId);
  const conditions = [eq(refreshTokens.playerId, playerId), isNull(refreshTokens.revokedAt)];
  if (keep) conditions.push(ne(refreshTokens.familyId, keep));
  await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(...conditions));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A login that stands, and what the same read tells: the player's registered country (their market's rules), and whether the login passed the second step. */
export interface LiveLogin {
  country: string | null;
  secondFactor: boolean;
}

/**
 * Whether the login an access token came from still stands: its family exists for that
 * player, none of it was revoked (logout, theft, a password change) and the player is not
 * blocked; undefined when not. A token without a login never passes.
 */
export async function isLoginLive(db: Executor, playerId: number, sessionId: string | undefined): Promise<LiveLogin | undefined> {
  if (!sessionId || !UUID.test(sessionId)) return undefined;
  // Revocation takes every row of a family at once (under the player's lock), so one
  // unrevoked row is the whole answer; the family index finds it in a probe or two.
  // Every call that moves money asks this: a prepared statement (`read`), one round trip.
  const [row] = await read<{ country: string | null; second_factor: boolean }>(
    db,
    sql`select p.country, r.second_factor from refresh_tokens r join players p on p.id = r.player_id
        where r.family_id = ${sessionId} and r.player_id = ${playerId} and r.revoked_at is null and p.status <> 'blocked'
        limit 1`,
  );
  return row ? { country: row.country, secondFactor: row.second_factor === true } : undefined;
}
