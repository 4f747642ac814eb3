// What the wallet answers. Amounts are cents; routes turn them into two-decimal numbers.
import type { LimitRefusal } from '../../shared/protection.ts';

/** A player's balances after an operation, with the active bonus's wagering progress. */
export interface WalletBalance {
  /** The player's wallet currency (ISO 4217); every amount here is in its minor units. */
  currency: string;
  real: number;
  bonus: number;
  locked: number;
  wagering: Wagering;
}

/** How much must still be staked before the bonus turns into real money. */
export interface Wagering {
  required: number;
  wagered: number;
  remaining: number;
}

/** Why an operation was refused; stable codes that callers and catalogues rely on. */
export type RefusalCode =
  | 'insufficient_funds'
  | 'conflict'
  | 'unknown_player'
  | 'unknown_bet'
  | 'bet_rolled_back'
  | 'round_settled'
  | 'not_meet_wager_requirement'
  | 'transaction_not_found'
  | 'withdrawal_not_pending'
  | 'bonus_already_active'
  | 'no_active_bonus'
  | 'wagering_not_met'
  | 'promotion_not_found'
  | 'promotion_inactive'
  | 'promotion_has_no_bonus'
  | 'deposit_too_small'
  | 'bonus_once_per_person'
  | 'bonus_expired'
  | 'bonus_not_expired'
  | 'promotion_not_in_currency'
  | 'currency_mismatch'
  | 'jackpot_not_found'
  | 'promotion_not_for_deposit'
  | 'bonus_first_deposit_only'
  | 'bonus_once_per_week'
  | 'bonus_offer_taken'
  // A bet's own claim (BetInput.claim) found nothing to claim: a free bet spent a moment before.
  | 'claim_refused'
  // A deposit its payment's processor may not take today (the caller's DepositInput.admit).
  | 'deposit_over_daily_limit'
  // Player protection (src/server/protection): a limit, a time-out or self-exclusion, a closed account.
  | 'limit_reached'
  | 'player_on_break'
  | 'account_closed';

/** What a protection refusal says beyond its code: the limit and when it resets, or the end of the break. */
export interface ProtectionDetail {
  limit?: LimitRefusal;
  until?: string;
  breakKind?: 'timeout' | 'self_exclusion';
}

/** The reply stored with an operation and returned, unchanged, to every repeat of its id. */
export type WalletReply =
  | { ok: true; operationId: number; balance: WalletBalance }
  | ({ ok: false; code: RefusalCode; balance?: WalletBalance } & ProtectionDetail);

/** A reply, and whether it is a stored one returned to a repeat (which moved nothing). */
export type WalletOutcome = WalletReply & { replayed: boolean };
