// Registration and email activation. A new account can log in at once (the sign-up
// page logs the player in right after); the emailed link confirms the address, and
// with it a registration promo code's bonus is credited (registration-bonus.ts).
// Emails are not unique: one person may hold several usernames, and a refusal on a
// known email would tell strangers which addresses have accounts.
import { profileIn } from '../jurisdiction/index.ts';
import { eq, sql } from 'drizzle-orm';
import type { RegisterPlayer } from '../../shared/schemas/player.ts';
import type { ServerContext } from '../context.ts';
import { accountTokens, playerProtection, players } from '../db/schema/index.ts';
import { siteLink } from '../mail/templates.ts';
import { createAccountToken } from './account-tokens.ts';
import { currencyForNewPlayer } from './currency.ts';
import { digest } from './opaque.ts';
import { hashPassword } from './passwords.ts';
import { isUniqueViolation, type UsernameRefusal, usernameRefusal } from './players.ts';
import { isPromoCodeUsable } from './promo.ts';
import { consumeAll, LIMITS, limitKey } from './rate-limit.ts';
import { usernameKey } from './usernames.ts';

export type RegistrationRefusal = UsernameRefusal | 'invalid_promo_code' | 'promotion_not_in_currency' | 'IPEXIST' | 'too_many_attempts';

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
  const badName = await usernameRefusal(db, form.username);
  if (badName) return { ok: false, message: badName };
  const siteSettings = await ctx.settings.get();
  const { oneAccountPerIp, currencyByCountry } = siteSettings;
  const currency = currencyForNewPlayer(currencyByCountry, form.country, form.interface_local);
  if (form.promo_code) {
    const usable = await isPromoCodeUsable(db, form.promo_code, currency);
    if (usable !== true) return { ok: false, message: usable === 'elsewhere' ? 'promotion_not_in_currency' : 'invalid_promo_code' };
  }
  const allowed = await consumeAll(db, [
    [limitKey('register', 'ip', ip), LIMITS.registerPerIp],
    [limitKey('register', 'email', form.email), LIMITS.registerPerEmail],
  ]);
  if (!allowed) return { ok: false, message: 'too_many_attempts' };

  const passwordHash = await hashPassword(form.password);
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
          usernameKey: usernameKey(form.username),
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
          currency,
          notifyNewsletter: form.notify_newletter,
          promoCode: form.promo_code,
          trackingCode: form.tracking_code,
          ipAddress: ip === '' ? null : ip,
          reportedIpAddress: form.ip_address,
        })
        .returning({ id: players.id });
      if (!row) throw new Error('insert returned no row');
      // The market's reality-check interval is the one the player starts with (they may change it).
      const { reality_check_minutes } = profileIn(siteSettings, form.country);
      if (reality_check_minutes !== null) await tx.insert(playerProtection).values({ playerId: row.id, realityCheckMinutes: reality_check_minutes });
      return { id: row.id, token: await createAccountToken(tx, row.id, 'activate') };
    });
  } catch (error) {
    if (error instanceof Refused) return { ok: false, message: error.refusal };
    // The unique indexes decide a race between two sign-ups for one name or two lookalikes.
    if (isUniqueViolation(error)) return { ok: false, message: 'username_duplicated' };
    throw error;
  }

  const link = siteLink(ctx.config.siteUrl, '/welcome', form.interface_local, { activation_token: created.token });
  ctx.mailer.later(async () => [{ to: form.email, kind: 'activation', locale: form.interface_local, params: { username: form.username, link } }]);
  return { ok: true, playerId: created.id };
}

/**
 * Confirms the email address behind an activation link and names its player. Opening
 * the link again names the player again as long as the link has not expired.
 */
export async function activateAccount(ctx: ServerContext, token: string): Promise<number | undefined> {
  const db = ctx.database.db;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(accountTokens)
      .set({ usedAt: sql`coalesce(${accountTokens.usedAt}, now())` })
      .where(sql`${accountTokens.tokenHash} = ${digest(token)} and ${accountTokens.purpose} = 'activate' and ${accountTokens.expiresAt} > now()`)
      .returning({ playerId: accountTokens.playerId });
    if (!row) return undefined;
    await tx
      .update(players)
      .set({ emailVerifiedAt: sql`coalesce(${players.emailVerifiedAt}, now())` })
      .where(eq(players.id, row.playerId));
    return row.playerId;
  });
}
