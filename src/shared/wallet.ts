// Wallet reply shapes shared by the server and the islands. Money is a number with two
// decimals, in the player's currency.
import type { BalanceInfo, Ok } from './api.ts';

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

export interface PlayerBalanceReply extends Ok {
  player: WalletBalanceInfo;
}

/** A row of the transaction list; `type` and `status` are catalogue keys. */
export interface FinancialTransactionRow {
  id: number;
  type: 'deposit' | 'withdrawal' | 'bonus' | 'bonus_conversion' | 'bonus_forfeit';
  createdAt: string;
  amount: number;
  /** The payment provider, or the promotion code of a bonus. */
  name: string;
  status: 'pending' | 'complete' | 'cancelled';
  is_bonus: boolean;
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
}

export interface BetListReply extends Ok {
  transactions: { count: number; rows: BetListRow[] };
}
