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
// - A promotion may cap what its bonus can become in real money (`maxCashout`): the
//   conversion, and any bonus money that reaches real after it (the win of the very
//   bet that met the requirement, paid a moment later), together move at most that
//   much; the rest goes to the house.
// - A promotion may give its bonus a deadline (`bonusValidDays`): a bonus still active
//   then is forfeited (by the expiry sweep, or by the bet that meets the requirement
//   too late), its winnings with it.
// - A free-bet promotion (`bonusKind` 'free_bet', the sportsbook's SPORTS20) grants no
//   bonus money: under the same terms (deposit rule, minimum deposit, once per person,
//   validity) it grants a free bet, a stake the house gives for one sports bet. Nothing
//   moves until that bet is settled: a win pays its return less the stake, as real money.
import type { FinancialType } from '../db/schema/wallet.ts';
import type { RefusalCode } from './types.ts';

export interface PromotionTerms {
  bonusKind: 'fixed' | 'percent' | 'none' | 'free_bet';
  bonusValue: number;
  maxBonus: number | null;
  minDeposit: number;
  wageringMultiplier: number;
  maxCashout: number | null;
  bonusValidDays: number | null;
  status: 'active' | 'inactive';
  startsAt: Date | null;
  endsAt: Date | null;
}

/** The bonus a promotion grants (for a deposit of `depositCents`, when there is one), or why it grants none. */
export function bonusFromPromotion(
  terms: PromotionTerms,
  depositCents: number | undefined,
  now: Date,
): { amount: number; wageringRequired: number; maxCashout: number | null; expiresAt: Date | null } | { refuse: RefusalCode } {
  if (terms.status !== 'active' || (terms.startsAt && terms.startsAt > now) || (terms.endsAt && terms.endsAt <= now)) return { refuse: 'promotion_inactive' };
  if (terms.minDeposit > 0 && (depositCents ?? 0) < terms.minDeposit) return { refuse: 'deposit_too_small' };
  let amount = 0;
  if (terms.bonusKind === 'fixed' || terms.bonusKind === 'free_bet') amount = terms.bonusValue;
  else if (terms.bonusKind === 'percent') amount = Math.floor(((depositCents ?? 0) * terms.bonusValue) / 100);
  if (terms.maxBonus !== null && amount > terms.maxBonus) amount = terms.maxBonus;
  if (amount <= 0) return { refuse: 'promotion_has_no_bonus' };
  const expiresAt = terms.bonusValidDays === null ? null : new Date(now.getTime() + terms.bonusValidDays * DAY_MS);
  return { amount, wageringRequired: amount * terms.wageringMultiplier, maxCashout: terms.maxCashout, expiresAt };
}

const DAY_MS = 86_400_000;

/** How much of `amount` in bonus money may still become real money under the bonus's cap; the rest is the house's. */
export function cashOut(amount: number, maxCashout: number | null, cashedOut: number): { toReal: number; toHouse: number } {
  const toReal = maxCashout === null ? amount : Math.max(0, Math.min(amount, maxCashout - cashedOut));
  return { toReal, toHouse: amount - toReal };
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
