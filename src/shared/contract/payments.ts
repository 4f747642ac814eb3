// Deposits and withdrawals: the processor lists, one deposit call per provider call name
// (`payment/get_payment_<slug>_url` …, each dispatched to its processor row's adapter),
// the withdrawal request, and the cashier desk's staff calls.
import type { Ok, Refusal } from '../api.ts';
import type { DepositReply, ProcessorsReply, WithdrawalReply } from '../payments.ts';
import {
  depositParams,
  eupaymentTransactionParams,
  paymentIdParams,
  playerPaymentsParams,
  processorListParams,
  rejectParams,
  updateProcessorParams,
  withdrawalParams,
} from '../schemas/payments.ts';
import { noParams } from '../schemas/common.ts';
import { post, reply } from './define.ts';

/** The provider calls of the contract (§12.3–§12.5, §15): one route serves them all. */
export const DEPOSIT_CALLS = [
  'get_payment_payop',
  'get_payment_bennupay',
  'get_eupayment_form',
  ...(
    [
      'alfopay_ideal',
      'astropay',
      'bitandpay',
      'bitco',
      'bitpay',
      'blackrabbit',
      'boombill',
      'bpwalletpay',
      'catalystpay',
      'chargemoney',
      'coinpay',
      'cryptopay',
      'emerchantpay',
      'epay',
      'fastcloudpay',
      'gbpay_b',
      'gbpay_o',
      'greatpay',
      'impayapay',
      'keypay',
      'knoxpay',
      'kryptova',
      'misterpay',
      'neopay',
      'oobitpay',
      'oppeypay',
      'pacificpay',
      'pay',
      'paystack',
      'paystrax',
      'paytechnopay',
      'paytriotpay',
      'picksellpay',
      'prismpay',
      'pwclick',
      'realpay',
      'securepay',
      'sirpaga',
      'stripe',
      'vegaah',
      'vialet',
    ] as const
  ).map((slug) => `get_payment_${slug}_url` as const),
] as const;
export type DepositCall = (typeof DEPOSIT_CALLS)[number];

/** The outcome of a deposit read back after the provider's page (EUPayment keeps no id in the URL). */
export interface DepositOutcomeReply extends Ok {
  transaction: { status: string; amount: number; currency: string; reason: string | null };
}

/** A cashier-desk action: the payment's new state, or why not. */
export type DeskReply = (Ok & { state: string }) | Refusal;

/** A payment row as the desk lists it (amounts in cents, as stored). */
export type DeskPayment = Record<string, unknown> & { id: number; status: string; amount: number; currency: string };

const deposit = post(depositParams, reply<DepositReply>());

export const payments = {
  'front/get_processors': post(processorListParams, reply<ProcessorsReply | Refusal>()),
  'front/get_withdrawal_processors': post(processorListParams, reply<ProcessorsReply | Refusal>()),
  'front/get_eupayment_financial_transaction': post(eupaymentTransactionParams, reply<DepositOutcomeReply | Refusal>()),
  'payment/send_withdrawal_request': post(withdrawalParams, reply<WithdrawalReply | (Refusal & { params?: (string | number)[] })>()),
  ...(Object.fromEntries(DEPOSIT_CALLS.map((call) => [`payment/${call}`, deposit])) as Record<`payment/${DepositCall}`, typeof deposit>),
  'admin/get_pending_withdrawals': post(noParams, reply<Ok & { withdrawals: DeskPayment[] }>()),
  'admin/get_player_payments': post(playerPaymentsParams, reply<Ok & { payments: DeskPayment[] }>()),
  'admin/approve_withdrawal': post(paymentIdParams, reply<DeskReply>()),
  'admin/reject_withdrawal': post(rejectParams, reply<DeskReply>()),
  'admin/refund_deposit': post(paymentIdParams, reply<DeskReply>()),
  'admin/get_held_deposits': post(noParams, reply<Ok & { deposits: DeskPayment[] }>()),
  'admin/release_held_deposit': post(paymentIdParams, reply<DeskReply>()),
  'admin/return_held_deposit': post(paymentIdParams, reply<DeskReply>()),
  'admin/update_processor': post(updateProcessorParams, reply<DeskReply>()),
};
