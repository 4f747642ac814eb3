// Logging in with username and password. Nothing in the answer or its timing tells
// whether the username exists: an unknown one is checked against a dummy hash.
import { randomBytes } from 'node:crypto';
import type { ServerContext } from '../context.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { findByUsername } from './players.ts';
import { consumeAll, forget, giveBack, LIMITS, limitKey } from './rate-limit.ts';
import { type Session, startSession } from './sessions.ts';
import { issueAccessToken } from './tokens.ts';

let dummy: Promise<string> | undefined;
/** A hash of nothing anybody knows, with the real parameters, so that its check costs the same. */
export function dummyHash(): Promise<string> {
  dummy ??= hashPassword(randomBytes(24).toString('base64url'));
  return dummy;
}

export type LoginResult = { kind: 'ok'; accessToken: string; session: Session } | { kind: 'failed' } | { kind: 'limited' };

/** Checks the credentials and, when they are right, starts a session. */
export async function logIn(ctx: ServerContext, credentials: { username: string; password: string }, ip: string): Promise<LoginResult> {
  const db = ctx.database.db;
  const userKey = limitKey('login', 'user', credentials.username);
  const ipKey = limitKey('login', 'ip', ip);
  // Every attempt counts as a failure until it proves otherwise: parallel guesses cannot
  // slip through between a check and a later count.
  const allowed = await consumeAll(db, [
    [userKey, LIMITS.loginPerUsername],
    [ipKey, LIMITS.loginPerIp],
  ]);
  if (!allowed) return { kind: 'limited' };

  const player = await findByUsername(db, credentials.username);
  const matches = await verifyPassword(player?.passwordHash ?? (await dummyHash()), credentials.password);
  if (!player || !matches || player.status === 'blocked') return { kind: 'failed' };

  await forget(db, userKey);
  await giveBack(db, ipKey);
  const session = await startSession(db, player.id);
  const accessToken = await issueAccessToken(ctx.config.jwtSecret, { playerId: player.id, scope: player.scope, sessionId: session.sessionId });
  return { kind: 'ok', accessToken, session };
}
