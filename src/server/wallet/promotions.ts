// A promotion's money terms in a player's currency: its own row when the promotion is in
// that currency, else its `promotion_amounts` row for it. The percentage, wagering
// multiplier and validity are the promotion's whatever the currency.
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { promotionAmounts, promotions } from '../db/schema/content.ts';

export type Promotion = typeof promotions.$inferSelect;

/** The promotion with its amounts in `currency` (cents of it); undefined when it has none there. */
export async function promotionIn(db: Executor, promotion: Promotion, currency: string): Promise<Promotion | undefined> {
  if (promotion.currency === currency) return promotion;
  const [amounts] = await db
    .select()
    .from(promotionAmounts)
    .where(and(eq(promotionAmounts.promotionId, promotion.id), eq(promotionAmounts.currency, currency)));
  if (!amounts) return undefined;
  return {
    ...promotion,
    currency,
    bonusValue: promotion.bonusKind === 'fixed' || promotion.bonusKind === 'free_bet' ? amounts.bonusValue : promotion.bonusValue,
    maxBonus: amounts.maxBonus,
    minDeposit: amounts.minDeposit,
    maxCashout: amounts.maxCashout,
  };
}

/** The promotion by its id, with its amounts in `currency`: `missing` when there is no such promotion, `elsewhere` when it has no amounts in that currency. */
export async function findPromotionIn(db: Executor, promotionId: number, currency: string): Promise<Promotion | 'missing' | 'elsewhere'> {
  const [promotion] = await db.select().from(promotions).where(eq(promotions.id, promotionId));
  if (!promotion) return 'missing';
  return (await promotionIn(db, promotion, currency)) ?? 'elsewhere';
}
