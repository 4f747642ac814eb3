// The wallet's calls for the account page: the balance with the active bonus, the
// transaction and bet lists, and cancelling a pending withdrawal. The live balance of
// the header is $balance (balance.ts); a cancel refreshes it.
import { attempt, call, type Outcome } from '../lib/api.ts';
import type { Params, Reply } from '../shared/contract/index.ts';
import { verifyLink } from '../shared/fairness-verify.ts';
import type { Locale } from '../shared/locales.ts';
import { refreshBalance } from './balance.ts';

export type TransactionFilter = Params<'front/get_financial_transactions'>;
export type BetFilter = Params<'front/get_bet_list'>;

/** The balance, its wagering and the active bonus's terms. */
export function loadBalance(): Promise<Reply<'front/get_player_balance'>> {
  return call('front/get_player_balance');
}

/** One page of deposits, withdrawals and bonus events. */
export function loadTransactions(filter: TransactionFilter): Promise<Reply<'front/get_financial_transactions'>> {
  return call('front/get_financial_transactions', filter);
}

/** One page of the player's rounds. */
export function loadBets(filter: BetFilter): Promise<Reply<'front/get_bet_list'>> {
  return call('front/get_bet_list', filter);
}

/** Cancels a pending withdrawal; on success the header's balance is asked for again. */
export async function cancelWithdrawal(transactionId: number): Promise<Outcome<unknown>> {
  const outcome = await attempt('front/cancel_withdrawal_request', { transactionId });
  if (outcome.ok) void refreshBalance().catch(() => undefined);
  return outcome;
}

/**
 * Opens /fairness with a round of our studio: its details, and if its server seed is
 * still in use, the seeds changed first so it is revealed. False when there is nothing to
 * show (a hand still in play keeps its seed).
 */
export async function verifyRound(roundId: string, locale: Locale): Promise<boolean> {
  const details = async () => {
    const reply = await call('front/get_round_details', { round_id: roundId });
    return reply.status === 1 ? reply.round : undefined;
  };
  let round = await details();
  if (round && !round.serverSeed) {
    await call('front/rotate_seed', {});
    round = await details();
  }
  const href = round ? verifyLink(locale, round) : null;
  if (href) location.assign(href);
  return href !== null;
}
