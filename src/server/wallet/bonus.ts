// Bonus rules, kept apart from the posting so that the tests' model and the wallet
// read the same few lines.
//
// - A bonus sits in the bonus account with a wagering requirement of amount ×
//   multiplier. One bonus is active at a time.
// - Bets take real money first, then bonus. Every bet's full stake counts toward the
//   requirement; the bet that meets it converts the whole bonus balance to real.
// - Money that came from the bonus goes back the way it came: the bonus share of a
//   win (stake_bonus / stake of it, rounded down; the remainder cent is real) and the
//   bonus part of a rolled-back stake go to the bonus account while that bonus is
//   active, to real once it has converted, and stay with the house once it was
//   forfeited (winnings of a forfeited bonus are forfeited with it).
// - A rollback takes its stake back out of the wagering progress while the bonus it
//   counted for is still active.
import type { FinancialType } from '../db/schema/wallet.ts';
import type { RefusalCode } from './types.ts';

export interface PromotionTerms {
  bonusKind: 'fixed' | 'percent' | 'none';
  bonusValue: number;
  maxBonus: number | null;
  minDeposit: number;
  wageringMultiplier: number;
  status: 'active' | 'inactive';
  startsAt: Date | null;
  endsAt: Date | null;
}

/** The bonus a promotion grants (for a deposit of `depositCents`, when there is one), or why it grants none. */
export function bonusFromPromotion(
  terms: PromotionTerms,
  depositCents: number | undefined,
  now: Date,
): { amount: number; wageringRequired: number } | { refuse: RefusalCode } {
  if (terms.status !== 'active' || (terms.startsAt && terms.startsAt > now) || (terms.endsAt && terms.endsAt <= now)) return { refuse: 'promotion_inactive' };
  if (terms.minDeposit > 0 && (depositCents ?? 0) < terms.minDeposit) return { refuse: 'deposit_too_small' };
  let amount = 0;
  if (terms.bonusKind === 'fixed') amount = terms.bonusValue;
  else if (terms.bonusKind === 'percent') amount = Math.floor(((depositCents ?? 0) * terms.bonusValue) / 100);
  if (terms.maxBonus !== null && amount > terms.maxBonus) amount = terms.maxBonus;
  if (amount <= 0) return { refuse: 'promotion_has_no_bonus' };
  return { amount, wageringRequired: amount * terms.wageringMultiplier };
}

/** How a stake is funded: real money first, then bonus. */
export function fundStake(stake: number, real: number): { fromReal: number; fromBonus: number } {
  const fromReal = Math.min(stake, real);
  return { fromReal, fromBonus: stake - fromReal };
}

/** The bonus share of a win on a stake partly paid with bonus money. */
export function bonusShareOfWin(win: number, stake: number, stakeBonus: number): number {
  return stake > 0 ? Math.floor((win * stakeBonus) / stake) : 0;
}

/** Where money that was bonus money goes now. */
export function bonusMoneyGoesTo(betBonusId: number | null, activeBonusId: number | null, betBonusStatus: string | null): 'bonus' | 'real' | 'house' {
  if (betBonusId !== null && betBonusId === activeBonusId) return 'bonus';
  return betBonusStatus === 'converted' ? 'real' : 'house';
}

/** Transaction-list type of each bonus event, as catalogue keys. */
export const BONUS_TYPES: Record<'grant' | 'convert' | 'forfeit', FinancialType> = {
  grant: 'bonus',
  convert: 'bonus_conversion',
  forfeit: 'bonus_forfeit',
};
