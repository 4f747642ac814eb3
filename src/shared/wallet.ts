// Wallet reply shapes shared by the server and the islands. Money is a number with two
// decimals, in the player's currency.
import type { BalanceInfo, Ok } from './api.ts';

/**
 * The longest custom period the transaction and bet lists accept, in days: a year, well
 * past the three months players must reach. Here, zod-free, so that the account's list
 * filter checks the same limit without pulling the schemas into its chunk.
 */
export const MAX_PERIOD_DAYS = 366;

/** The active bonus's wagering: how much must be staked in all, how much is, and what is left. */
export interface WageringInfo {
  required: number;
  wagered: number;
  remaining: number;
}

/**
 * The balance as `front/get_player_balance` and the `update_balance_<id>` push send it.
 * total_balance = real + bonus: what the player can stake. locked_balance (withdrawals
 * being paid out) is neither playable nor counted in the total.
 */
export interface WalletBalanceInfo extends BalanceInfo {
  wagering: WageringInfo;
}

/** The active bonus's terms beside its wagering: where it came from, its deadline and its cap. */
export interface ActiveBonusInfo {
  /** The promotion's code, when the bonus came from one. */
  promo_code: string | null;
  /** The player's wallet currency, which the amounts are in. */
  currency: string;
  amount: number;
  /** ISO time after which an unwagered bonus is forfeited; null for no deadline. */
  expires_at: string | null;
  /** The most the bonus and its winnings can become in real money; null for no limit. */
  max_cashout: number | null;
}

export interface PlayerBalanceReply extends Ok {
  player: WalletBalanceInfo;
  /** The active bonus, when there is one. */
  bonus: ActiveBonusInfo | null;
}

/** What a registration promo code promises: a bonus without deposit, credited once the email is confirmed. */
export interface RegistrationBonusOffer {
  promo_code: string;
  /** The player's wallet currency, which every amount here is in. */
  currency: string;
  amount: number;
  wagering_required: number;
  max_cashout: number | null;
  /** Days the bonus may take to be wagered, from the moment it is credited. */
  valid_days: number | null;
}

/**
 * Where that bonus stands: waiting for the activation link, credited (with what became
 * of it), or refused with a catalogue key saying why (`bonus_once_per_person` …).
 */
export type RegistrationBonusInfo = RegistrationBonusOffer &
  (
    | { state: 'awaiting_activation' }
    | { state: 'granted'; status: 'active' | 'converted' | 'forfeited'; expires_at: string | null }
    | { state: 'refused'; reason: string }
  );

/** `front/activate_account`: `bonus` is there when the player's promo code promises one. */
export interface ActivateAccountReply extends Ok {
  bonus?: RegistrationBonusInfo;
}

/** `front/get_registration_bonus`; `bonus` is null when the player registered without such a code. */
export interface RegistrationBonusReply extends Ok {
  bonus: RegistrationBonusInfo | null;
}

/**
 * A transaction's status in the list and its filter: the wallet's (SPEC §4: pending, complete,
 * cancelled), and what became of a deposit that never reached the wallet: declined by the bank,
 * failed at the provider, expired unpaid, held over a daily limit, or returned by the cashier
 * (a deposit cancelled on the payment page is `cancelled`, one still waiting `pending`).
 */
export const TRANSACTION_STATUSES = ['pending', 'complete', 'cancelled', 'declined', 'failed', 'expired', 'held', 'refunded'] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

/** A row of the transaction list; `type` and `status` are catalogue keys. */
export interface FinancialTransactionRow {
  /** The wallet operation's id, or for a deposit that never reached the wallet (`source: 'payment'`) the payment's. */
  id: number;
  type: 'deposit' | 'withdrawal' | 'bonus' | 'bonus_conversion' | 'bonus_forfeit';
  createdAt: string;
  amount: number;
  /** The player's wallet currency, which the amount is in. */
  currency: string;
  /** The payment provider, or the promotion code of a bonus. */
  name: string;
  status: TransactionStatus;
  is_bonus: boolean;
  /** Where the row comes from: the wallet's ledger, or a deposit attempt the wallet never saw. */
  source: 'wallet' | 'payment';
  /** Why a deposit did not arrive, as the payment provider said it (a catalogue key such as `insufficient_funds`), else null. */
  reason: string | null;
}

export interface FinancialTransactionsReply extends Ok {
  transactions: { count: number; rows: FinancialTransactionRow[] };
}

export interface FinancialTransactionReply extends Ok {
  transaction: FinancialTransactionRow & { invoice_id: string | null };
}

/** A row of the bet list: total = win − bet. */
export interface BetListRow {
  id: number;
  createdAt: string;
  name: string;
  provider: string;
  bet: number;
  win: number;
  total: number;
  /** The player's wallet currency, which bet, win and total are in. */
  currency: string;
  /** The game's id of the round (`studio-<id>` for our studio's, whose details `front/get_round_details` shows). */
  roundId: string;
}

export interface BetListReply extends Ok {
  transactions: { count: number; rows: BetListRow[] };
}
