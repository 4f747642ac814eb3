// Registration and email activation. A new account can log in at once (the sign-up
// page logs the player in right after); the emailed link only confirms the address.
// Emails are not unique: one person may hold several usernames, and a refusal on a
// known email would tell strangers which addresses have accounts.
import { eq, sql } from 'drizzle-orm';
import type { RegisterPlayer } from '../../shared/schemas/player.ts';
import type { ServerContext } from '../context.ts';
import { accountTokens, players } from '../db/schema/index.ts';
import { siteLink } from '../mail/templates.ts';
import { createAccountToken } from './account-tokens.ts';
import { digest } from './opaque.ts';
import { hashPassword } from './passwords.ts';
import { isUniqueViolation, isUsernameTaken } from './players.ts';
import { isPromoCodeUsable } from './promo.ts';
import { consumeAll, LIMITS, limitKey } from './rate-limit.ts';

export type RegistrationRefusal = 'username_duplicated' | 'invalid_promo_code' | 'IPEXIST' | 'too_many_attempts';

export type RegistrationResult = { ok: true; playerId: number } | { ok: false; message: RegistrationRefusal };

class Refused extends Error {
  readonly refusal: RegistrationRefusal;
  constructor(refusal: RegistrationRefusal) {
    super(refusal);
    this.refusal = refusal;
  }
}

/** Creates the account from a validated sign-up form and mails the activation link. */
export async function registerPlayer(ctx: ServerContext, form: RegisterPlayer, ip: string): Promise<RegistrationResult> {
  const db = ctx.database.db;
  // Cheap refusals first, so that a typo costs neither a password hash nor an attempt.
  if (await isUsernameTaken(db, form.username)) return { ok: false, message: 'username_duplicated' };
  if (form.promo_code && !(await isPromoCodeUsable(db, form.promo_code))) return { ok: false, message: 'invalid_promo_code' };
  const allowed = await consumeAll(db, [
    [limitKey('register', 'ip', ip), LIMITS.registerPerIp],
    [limitKey('register', 'email', form.email), LIMITS.registerPerEmail],
  ]);
  if (!allowed) return { ok: false, message: 'too_many_attempts' };

  const passwordHash = await hashPassword(form.password);
  const { oneAccountPerIp } = await ctx.settings.get();
  let created: { id: number; token: string };
  try {
    created = await db.transaction(async (tx) => {
      if (oneAccountPerIp && ip !== '') {
        // Two sign-ups from one address at the same moment: the second waits here and then sees the first.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`register-ip:${ip}`}))`);
        const [existing] = await tx.select({ id: players.id }).from(players).where(eq(players.ipAddress, ip)).limit(1);
        if (existing) throw new Refused('IPEXIST');
      }
      const [row] = await tx
        .insert(players)
        .values({
          username: form.username,
          passwordHash,
          email: form.email,
          firstName: form.first_name,
          lastName: form.last_name,
          gender: form.gender,
          birthday: form.birthday,
          country: form.country,
          phoneNumber: form.phone_number,
          city: form.city,
          address: form.address,
          postalCode: form.postal_code,
          interfaceLocal: form.interface_local,
          notifyNewsletter: form.notify_newletter,
          promoCode: form.promo_code,
          trackingCode: form.tracking_code,
          ipAddress: ip === '' ? null : ip,
          reportedIpAddress: form.ip_address,
        })
        .returning({ id: players.id });
      if (!row) throw new Error('insert returned no row');
      return { id: row.id, token: await createAccountToken(tx, row.id, 'activate') };
    });
  } catch (error) {
    if (error instanceof Refused) return { ok: false, message: error.refusal };
    // The unique index decides a race between two sign-ups for one name.
    if (isUniqueViolation(error)) return { ok: false, message: 'username_duplicated' };
    throw error;
  }

  const link = siteLink(ctx.config.siteUrl, '/welcome', form.interface_local, { activation_token: created.token });
  ctx.mailer.later(async () => [{ to: form.email, kind: 'activation', locale: form.interface_local, params: { username: form.username, link } }]);
  return { ok: true, playerId: created.id };
}

/**
 * Confirms the email address behind an activation link. Opening the link again
 * answers true as long as the address was confirmed.
 */
export async function activateAccount(ctx: ServerContext, token: string): Promise<boolean> {
  const db = ctx.database.db;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(accountTokens)
      .set({ usedAt: sql`coalesce(${accountTokens.usedAt}, now())` })
      .where(sql`${accountTokens.tokenHash} = ${digest(token)} and ${accountTokens.purpose} = 'activate' and ${accountTokens.expiresAt} > now()`)
      .returning({ playerId: accountTokens.playerId });
    if (!row) return false;
    await tx
      .update(players)
      .set({ emailVerifiedAt: sql`coalesce(${players.emailVerifiedAt}, now())` })
      .where(eq(players.id, row.playerId));
    return true;
  });
}
