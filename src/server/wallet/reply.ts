import { toAmount } from '../../shared/money.ts';
import type { WalletBalanceInfo } from '../../shared/wallet.ts';
import type { WalletBalance } from './types.ts';

export type { WalletBalanceInfo };

/** Cents to the contract's balance object (two-decimal numbers). */
export function toBalanceInfo(b: WalletBalance): WalletBalanceInfo {
  return {
    currency: b.currency,
    total_balance: toAmount(b.real + b.bonus),
    real_balance: toAmount(b.real),
    bonus_balance: toAmount(b.bonus),
    locked_balance: toAmount(b.locked),
    wagering: { required: toAmount(b.wagering.required), wagered: toAmount(b.wagering.wagered), remaining: toAmount(b.wagering.remaining) },
  };
}
