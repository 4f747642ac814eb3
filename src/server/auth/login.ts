// Logging in with username and password. Nothing in the answer or its timing tells
// whether the username exists: an unknown one is checked against a dummy hash, and is
// counted and slowed down exactly like a known one.
import { randomBytes } from 'node:crypto';
import { dateOf } from '../clock.ts';
import type { ServerContext } from '../context.ts';
import { type LoginBar, loginBar, markLoginStart } from '../protection/breaks.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { findByUsername } from './players.ts';
import {
  attempt,
  countOf,
  forget,
  giveBack,
  LIMITS,
  LOGIN_DELAY,
  limitKey,
  loginDelaySeconds,
  markSeen,
  pace,
  paceFailed,
  SECOND_FACTOR_DELAY,
  secondFactorDelaySeconds,
  windowLeft,
} from './rate-limit.ts';
import { catalogueTexts, deliverToMailbox, fillText } from '../support/mailbox.ts';
import { type Session, startSession } from './sessions.ts';
import { issueAccessToken } from './tokens.ts';
import { issueLoginTicket, proveTicket, type SecondFactorProof, secondFactorMethods, TICKET_SECONDS, ticketPlayer } from './two-factor.ts';
import type { SecondFactorMethod } from '../../shared/contract/security.ts';
import { players } from '../db/schema/index.ts';
import { eq } from 'drizzle-orm';
import { usernameKey } from './usernames.ts';

let dummy: Promise<string> | undefined;
/** A hash of nothing anybody knows, with the real parameters, so that its check costs the same. */
export function dummyHash(): Promise<string> {
  dummy ??= hashPassword(randomBytes(24).toString('base64url'));
  return dummy;
}

export type LoginResult =
  | { kind: 'ok'; accessToken: string; session: Session }
  | { kind: 'failed' }
  | { kind: 'limited'; retryAfterSeconds: number }
  // The right password on an account with a second factor: the ticket of the second step.
  | { kind: 'second_factor'; ticket: string; methods: SecondFactorMethod[]; expiresIn: number }
  // The right password, on an account on a break or closed: said only to whoever knows the password.
  | { kind: 'barred'; bar: LoginBar };

/**
 * Checks the credentials and, when they are right, starts a session. Limits (rate-limit.ts):
 * an address is locked out of a username after 10 failures on it, and out of every username
 * after 20; failures of a username from all addresses together only make the addresses that
 * failed on it wait between attempts (LOGIN_DELAY). So a guesser on one address is stopped,
 * many addresses guess slowly, and none of them can keep the player out.
 */
export async function logIn(ctx: ServerContext, credentials: { username: string; password: string }, ip: string): Promise<LoginResult> {
  const db = ctx.database.db;
  const at = dateOf(ctx.clock);
  // Counted by the name as readers see it: `Demo`, `DEMO` and `ｄｅｍｏ` reach one account
  // (findByUsername), so they share one count.
  const name = usernameKey(credentials.username);
  const pairKey = limitKey('login', 'user-ip', `${name}\n${ip}`);
  const ipKey = limitKey('login', 'ip', ip);
  const userKey = limitKey('login', 'user', name);
  const paceKey = limitKey('login', 'pace', `${name}\n${ip}`);

  // Every attempt counts as a failure until it proves otherwise: parallel guesses cannot
  // slip through between a check and a later count.
  const locks = [await attempt(db, pairKey, LIMITS.loginPerUsernameAndIp, at), await attempt(db, ipKey, LIMITS.loginPerIp, at)];
  const locked = locks.filter((l) => !l.allowed);
  if (locked.length > 0) return { kind: 'limited', retryAfterSeconds: Math.max(...locked.map((l) => l.retryAfterSeconds)) };

  const wait = await pace(db, paceKey, loginDelaySeconds(await countOf(db, userKey, LOGIN_DELAY.windowSeconds, at)), at);
  if (wait > 0) {
    // Turned away before any password was tried: nothing to count against the address.
    await giveBack(db, pairKey);
    await giveBack(db, ipKey);
    return { kind: 'limited', retryAfterSeconds: wait };
  }

  const player = await findByUsername(db, credentials.username);
  const matches = await verifyPassword(player?.passwordHash ?? (await dummyHash()), credentials.password);
  if (!player || !matches || player.status === 'blocked') {
    await attempt(db, userKey, { max: Number.MAX_SAFE_INTEGER, windowSeconds: LOGIN_DELAY.windowSeconds }, at);
    await paceFailed(db, paceKey);
    return { kind: 'failed' };
  }

  // The username's failures stay counted: the player logging in does not reset a guesser's pace.
  await forget(db, pairKey);
  await forget(db, paceKey);
  await giveBack(db, ipKey);
  const bar = await loginBar(db, player.id, ctx.clock.now());
  if (bar) return { kind: 'barred', bar };
  const methods = await secondFactorMethods(db, player.id);
  if (methods.length > 0) return { kind: 'second_factor', ticket: await issueLoginTicket(ctx, player.id), methods, expiresIn: TICKET_SECONDS };
  return begin(ctx, player.id, player.scope, false);
}

/** A login proven: its session, the start a session limit counts from, the access token. `secondFactor`: it passed the second step. */
async function begin(ctx: ServerContext, playerId: number, scope: string[], secondFactor: boolean): Promise<LoginResult> {
  const db = ctx.database.db;
  const session = await startSession(db, playerId, ctx.clock, { secondFactor });
  await markLoginStart(db, playerId, ctx.clock.now());
  const accessToken = await issueAccessToken(ctx.config.jwtSecret, { playerId, scope, sessionId: session.sessionId, secondFactor });
  return { kind: 'ok', accessToken, session };
}

export type SecondStepResult = LoginResult | { kind: 'invalid_ticket' };

/**
 * The login's second step: the ticket and a code or a passkey's signature. Counted like the
 * password: an address is locked out of an account after 10 failures and out of every
 * account after 20, for 15 minutes; a ticket dies after TICKET_FAILURES wrong proofs. Codes
 * (an app's or recovery codes) are also limited per account across addresses
 * (SECOND_FACTOR_DELAY), which many addresses sharing a stolen password would otherwise
 * spread their guesses over; the account's own recent places and passkeys pass that limit.
 */
export async function completeLogin(ctx: ServerContext, ticket: string, proof: SecondFactorProof, ip: string): Promise<SecondStepResult> {
  const db = ctx.database.db;
  const at = dateOf(ctx.clock);
  const ipKey = limitKey('login', '2fa-ip', ip);
  const byIp = await attempt(db, ipKey, LIMITS.loginPerIp, at);
  if (!byIp.allowed) return { kind: 'limited', retryAfterSeconds: byIp.retryAfterSeconds };
  const playerId = await ticketPlayer(ctx, ticket);
  if (playerId === undefined) return { kind: 'invalid_ticket' };
  const pairKey = limitKey('login', '2fa-player-ip', `${playerId}\n${ip}`);
  const byPair = await attempt(db, pairKey, LIMITS.loginPerUsernameAndIp, at);
  if (!byPair.allowed) return { kind: 'limited', retryAfterSeconds: byPair.retryAfterSeconds };

  const seenKey = limitKey('seen', 'login', `${playerId}\n${ip}`);
  const accountKey = limitKey('login', '2fa-player', playerId);
  const paceKey = limitKey('login', '2fa-pace', playerId);
  const guarded = proof.method !== 'passkey' && (await countOf(db, seenKey, SECOND_FACTOR_DELAY.knownSeconds, at)) === 0;
  let failures = 0;
  if (guarded) {
    const turnedAway = async (retryAfterSeconds: number): Promise<SecondStepResult> => {
      // No code was checked: nothing counts against the address or the account.
      await giveBack(db, pairKey);
      await giveBack(db, ipKey);
      return { kind: 'limited', retryAfterSeconds };
    };
    const { windowSeconds, maxFailures } = SECOND_FACTOR_DELAY;
    const before = await countOf(db, accountKey, windowSeconds, at);
    // Paused: the wait told is the whole of it, not the next turn of a pace that would refuse again.
    if (before >= maxFailures) return turnedAway(await windowLeft(db, accountKey, windowSeconds, at));
    const wait = await pace(db, paceKey, secondFactorDelaySeconds(before), at);
    if (wait > 0) return turnedAway(wait);
    // Counted as a failure before the code is checked, so parallel guesses cannot pass the cap
    // between a check and a later count; a right code gives it back.
    const counted = await attempt(db, accountKey, { max: maxFailures, windowSeconds }, at);
    if (!counted.allowed) {
      await giveBack(db, accountKey);
      return turnedAway(counted.retryAfterSeconds);
    }
    failures = counted.hits;
  }

  const outcome = await proveTicket(ctx, ticket, proof);
  if (outcome.kind !== 'proven' && guarded) {
    if (outcome.kind === 'wrong') await paceFailed(db, paceKey);
    else await giveBack(db, accountKey);
  }
  if (outcome.kind === 'invalid_ticket') return outcome;
  if (outcome.kind === 'wrong') {
    if (failures === SECOND_FACTOR_DELAY.notifyAt) await tellOwnerOfFailures(ctx, playerId, failures);
    return { kind: 'failed' };
  }
  if (guarded) await giveBack(db, accountKey);
  await forget(db, pairKey);
  await giveBack(db, ipKey);
  await markSeen(db, seenKey, at);
  // A break taken in the minutes between the two steps still stops the login.
  const bar = await loginBar(db, playerId, ctx.clock.now());
  if (bar) return { kind: 'barred', bar };
  const [player] = await db.select({ scope: players.scope, status: players.status }).from(players).where(eq(players.id, playerId));
  if (!player || player.status === 'blocked') return { kind: 'failed' };
  return begin(ctx, playerId, player.scope, true);
}

/**
 * Someone with the password keeps entering wrong codes: the owner learns it in their mail
 * box and by mail, in their language, so they change the password.
 */
async function tellOwnerOfFailures(ctx: ServerContext, playerId: number, failures: number): Promise<void> {
  const db = ctx.database.db;
  const [owner] = await db
    .select({ email: players.email, username: players.username, locale: players.interfaceLocal })
    .from(players)
    .where(eq(players.id, playerId));
  if (!owner) return;
  const t = catalogueTexts(owner.locale, 'security');
  await deliverToMailbox(db, { playerId, threadId: null, subject: t.failures_subject ?? '', body: fillText(t.failures_body ?? '', String(failures)) });
  ctx.mailer.later(async () => [
    { to: owner.email, kind: 'secondFactorFailures', locale: owner.locale, params: { username: owner.username, count: String(failures) } },
  ]);
}
