import { and, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { promotions } from '../db/schema/index.ts';

/** Whether a promo code names an active promotion that has started and not ended; case does not matter. */
export async function isPromoCodeUsable(db: Executor, code: string): Promise<boolean> {
  const found = await db
    .select({ id: promotions.id })
    .from(promotions)
    .where(
      and(
        sql`lower(${promotions.promoCode}) = lower(${code.trim()})`,
        eq(promotions.status, 'active'),
        or(isNull(promotions.startsAt), lte(promotions.startsAt, sql`now()`)),
        or(isNull(promotions.endsAt), gt(promotions.endsAt, sql`now()`)),
      ),
    )
    .limit(1);
  return found.length > 0;
}
