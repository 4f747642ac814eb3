// The wallet's public face: operations, reads and the shapes replies take.
import type { ServerContext } from '../context.ts';
import { createWallet, type Wallet } from './operations.ts';

export { auditLedger, balancedPerCurrency, type CurrencyAudit, type LedgerAudit } from './audit.ts';
export { BONUS_EXPIRY_INTERVAL_MS, expireBonuses, startBonusExpiry } from './expiry.ts';
export {
  type ActiveBonus,
  type BetRow,
  type FinancialRow,
  findFinancialTransaction,
  listBets,
  listFinancialTransactions,
  periodRange,
  readActiveBonus,
  readBalance,
  walletCurrency,
} from './history.ts';
export * from './operations.ts';
export { findPromotionIn, type Promotion, promotionIn } from './promotions.ts';
export { toBalanceInfo, type WalletBalanceInfo } from './reply.ts';
export type * from './types.ts';

const wallets = new WeakMap<ServerContext, Wallet>();

/** The wallet of a running server: one per context, pushing balances through its realtime. */
export function walletOf(ctx: ServerContext): Wallet {
  let wallet = wallets.get(ctx);
  if (!wallet) {
    wallet = createWallet(ctx.database.db, ctx.pushes, ctx.clock);
    wallets.set(ctx, wallet);
  }
  return wallet;
}

/** A payments module's way to start a withdrawal: real money is locked until the payout completes or is cancelled. */
export function requestWithdrawal(ctx: ServerContext, input: Parameters<Wallet['withdrawalRequest']>[0]) {
  return walletOf(ctx).withdrawalRequest(input);
}
