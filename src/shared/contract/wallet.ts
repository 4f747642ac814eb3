// The player's money: balance, transactions, bets, and cancelling a withdrawal.
import type { BalanceInfo, Ok, Refusal } from '../api.ts';
import { betListParams, cancelWithdrawalParams, financialTransactionParams, financialTransactionsParams, playerBalanceParams } from '../schemas/wallet.ts';
import type { BetListReply, FinancialTransactionReply, FinancialTransactionsReply, PlayerBalanceReply } from '../wallet.ts';
import { post, reply } from './define.ts';

export interface CancelWithdrawalReply extends Ok {
  player: BalanceInfo;
}

export const wallet = {
  'front/get_player_balance': post(playerBalanceParams, reply<PlayerBalanceReply>()),
  'front/get_financial_transactions': post(financialTransactionsParams, reply<FinancialTransactionsReply>()),
  'front/get_financial_transaction': post(financialTransactionParams, reply<FinancialTransactionReply | Refusal>()),
  'front/get_bet_list': post(betListParams, reply<BetListReply>()),
  'front/cancel_withdrawal_request': post(cancelWithdrawalParams, reply<CancelWithdrawalReply | Refusal>()),
};
