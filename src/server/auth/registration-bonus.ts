// The bonus a registration promo code promises (TENFREE: "€10 free, no deposit needed …
// Activate your account from the email we send you"). A promotion whose bonus needs no
// deposit (a fixed sum, no minimum deposit) is granted when the player follows the
// activation link, as its terms say, through the wallet's bonus operation under a key
// made of the promotion and the player: following the link again, or asking where the
// bonus stands, finds the same grant and never pays twice. Once per person: see person.ts.
// The amounts are those of the player's wallet currency (TENFREE: €10 or ₹10, as the
// texts of each locale promise); a promotion with none in it promises nothing.
import { eq, sql } from 'drizzle-orm';
import { toAmount } from '../../shared/money.ts';
import type { RegistrationBonusInfo, RegistrationBonusOffer } from '../../shared/wallet.ts';
import type { ServerContext } from '../context.ts';
import { rows } from '../db/client.ts';
import { promotions } from '../db/schema/index.ts';
import { promotionIn, walletOf } from '../wallet/index.ts';
import { personMarks } from './person.ts';

interface PlayerAndPromotion {
  email: string;
  phone_number: string;
  first_name: string;
  last_name: string;
  birthday: string;
  ip_address: string | null;
  email_verified: boolean;
  currency: string;
  promotion_id: number;
}

/** The idempotency key of a player's registration bonus: one per promotion and player. */
export const registrationBonusKey = (promotionId: number, playerId: number) => `registration-bonus:${promotionId}:${playerId}`;

/**
 * Where the player's registration bonus stands, granting it first when the email is
 * confirmed and it was not granted yet (so a grant cut short by a crash is made the next
 * time anyone looks). Null when the player's promo code promises no such bonus.
 */
export async function registrationBonus(ctx: ServerContext, playerId: number): Promise<RegistrationBonusInfo | null> {
  const db = ctx.database.db;
  const [row] = await rows<PlayerAndPromotion>(
    db,
    sql`select p.email, p.phone_number, p.first_name, p.last_name, to_char(p.birthday, 'YYYY-MM-DD') as birthday, p.ip_address, p.email_verified_at is not null as email_verified,
               p.currency, m.id as promotion_id
        from players p join promotions m on lower(m.promo_code) = lower(trim(p.promo_code))
        where p.id = ${playerId}`,
  );
  if (!row) return null;
  const [found] = await db.select().from(promotions).where(eq(promotions.id, row.promotion_id));
  const promotion = found && (await promotionIn(db, found, row.currency));
  if (promotion?.bonusKind !== 'fixed' || promotion.minDeposit > 0) return null;
  const amount = promotion.maxBonus === null ? promotion.bonusValue : Math.min(promotion.bonusValue, promotion.maxBonus);
  if (amount <= 0) return null;
  const offer: RegistrationBonusOffer = {
    promo_code: promotion.promoCode,
    currency: row.currency,
    amount: toAmount(amount),
    wagering_required: toAmount(amount * promotion.wageringMultiplier),
    max_cashout: promotion.maxCashout === null ? null : toAmount(promotion.maxCashout),
    valid_days: promotion.bonusValidDays,
  };
  if (!row.email_verified) return { ...offer, state: 'awaiting_activation' };

  const { oneAccountPerIp } = await ctx.settings.get();
  const marks = personMarks({
    email: row.email,
    phoneNumber: row.phone_number,
    firstName: row.first_name,
    lastName: row.last_name,
    birthday: row.birthday,
    ipAddress: row.ip_address,
  });
  const address = marks.address ? [marks.address] : [];
  const outcome = await walletOf(ctx).bonusGrant({
    key: registrationBonusKey(row.promotion_id, playerId),
    playerId,
    promotionId: row.promotion_id,
    personMarks: oneAccountPerIp ? [...marks.details, ...address] : marks.details,
    // Recorded all the same, so that switching one account per IP on counts the grants made before.
    quietMarks: oneAccountPerIp ? [] : address,
  });
  if (!outcome.ok) return { ...offer, state: 'refused', reason: outcome.code };
  const [bonus] = await rows<{ status: 'active' | 'converted' | 'forfeited'; expires_at: string | Date | null }>(
    db,
    sql`select status, expires_at from wallet_bonuses where id = ${outcome.operationId}`,
  );
  return {
    ...offer,
    state: 'granted',
    status: bonus?.status ?? 'active',
    expires_at: bonus?.expires_at ? new Date(bonus.expires_at).toISOString() : null,
  };
}
