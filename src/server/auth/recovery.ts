// Forgotten password and forgotten username. SPEC wants no way to learn from a reply or
// its timing whether a username or an email is registered, so a well-formed request is
// always answered "sent" at once, and the lookup and the mail happen after the reply.
import { and, eq, ne, sql } from 'drizzle-orm';
import type { ServerContext } from '../context.ts';
import { players } from '../db/schema/index.ts';
import type { OutgoingMail } from '../mail/mailer.ts';
import { siteLink } from '../mail/templates.ts';
import { consumeAccountToken, createAccountToken, peekAccountToken } from './account-tokens.ts';
import { hashPassword } from './passwords.ts';
import { consumeAll, LIMITS, limitKey } from './rate-limit.ts';
import { revokeSessions } from './sessions.ts';

export type RequestOutcome = 'accepted' | 'limited';

/** Mails a reset link when username and email belong to one active account; answers the same either way. */
export async function requestPasswordReset(ctx: ServerContext, request: { username: string; email: string }, ip: string): Promise<RequestOutcome> {
  const db = ctx.database.db;
  const allowed = await consumeAll(db, [
    [limitKey('reset', 'ip', ip), LIMITS.resetPerIp],
    [limitKey('reset', 'user', request.username), LIMITS.resetPerAccount],
    [limitKey('reset', 'email', request.email), LIMITS.resetPerAccount],
  ]);
  if (!allowed) return 'limited';
  ctx.mailer.later(async (): Promise<OutgoingMail[]> => {
    const [player] = await db
      .select({ id: players.id, username: players.username, email: players.email, locale: players.interfaceLocal })
      .from(players)
      .where(
        and(
          sql`lower(${players.username}) = lower(${request.username})`,
          sql`lower(${players.email}) = lower(${request.email})`,
          ne(players.status, 'blocked'),
        ),
      )
      .limit(1);
    if (!player) return [];
    const token = await createAccountToken(db, player.id, 'reset');
    const link = siteLink(ctx.config.siteUrl, '/', player.locale, { reset_token: token });
    // The address on file, not the one typed: they match but for case, and ours is the one verified.
    return [{ to: player.email, kind: 'reset', locale: player.locale, params: { username: player.username, link } }];
  });
  return 'accepted';
}

/** Sets a new password through a reset link; every login of the player ends. False for a bad, used or expired link. */
export async function confirmPasswordReset(ctx: ServerContext, token: string, password: string): Promise<boolean> {
  const db = ctx.database.db;
  // A look first, so that a wrong token costs no password hash.
  if ((await peekAccountToken(db, token, 'reset')) === undefined) return false;
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const playerId = await consumeAccountToken(tx, token, 'reset');
    if (playerId === undefined) return false;
    // Following the mailed link proves the address too.
    await tx
      .update(players)
      .set({ passwordHash, emailVerifiedAt: sql`coalesce(${players.emailVerifiedAt}, now())`, updatedAt: sql`now()` })
      .where(eq(players.id, playerId));
    await revokeSessions(tx, playerId);
    return true;
  });
}

/** Mails every username registered with the address, if there is any; answers the same either way. */
export async function requestUsernameReminder(ctx: ServerContext, email: string, ip: string): Promise<RequestOutcome> {
  const db = ctx.database.db;
  const allowed = await consumeAll(db, [
    [limitKey('username', 'ip', ip), LIMITS.usernamePerIp],
    [limitKey('username', 'email', email), LIMITS.usernamePerEmail],
  ]);
  if (!allowed) return 'limited';
  ctx.mailer.later(async (): Promise<OutgoingMail[]> => {
    const found = await db
      .select({ username: players.username, email: players.email, locale: players.interfaceLocal })
      .from(players)
      .where(and(sql`lower(${players.email}) = lower(${email})`, ne(players.status, 'blocked')))
      .orderBy(players.id);
    const newest = found.at(-1);
    if (!newest) return [];
    const usernames = found.map((p) => `• ${p.username}`).join('\n');
    return [{ to: newest.email, kind: 'username', locale: newest.locale, params: { usernames, link: siteLink(ctx.config.siteUrl, '/', newest.locale) } }];
  });
  return 'accepted';
}
