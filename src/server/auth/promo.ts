import { and, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { promotionAmounts, promotions } from '../db/schema/index.ts';

/**
 * Whether a promo code names an active promotion that has started and not ended; case
 * does not matter. With a currency, the promotion must also have its amounts in it
 * (`elsewhere` when it does not, so that the player is told why).
 */
export async function isPromoCodeUsable(db: Executor, code: string, currency?: string): Promise<boolean | 'elsewhere'> {
  const found = await db
    .select({ currency: promotions.currency, other: promotionAmounts.currency })
    .from(promotions)
    .leftJoin(promotionAmounts, and(eq(promotionAmounts.promotionId, promotions.id), eq(promotionAmounts.currency, currency ?? '')))
    .where(
      and(
        sql`lower(${promotions.promoCode}) = lower(${code.trim()})`,
        eq(promotions.status, 'active'),
        or(isNull(promotions.startsAt), lte(promotions.startsAt, sql`now()`)),
        or(isNull(promotions.endsAt), gt(promotions.endsAt, sql`now()`)),
      ),
    )
    .limit(1);
  const [row] = found;
  if (!row) return false;
  if (currency === undefined || row.currency === currency || row.other !== null) return true;
  return 'elsewhere';
}
