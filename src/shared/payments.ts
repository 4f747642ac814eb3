// Reply shapes of the payment calls (contract §12.3–§12.5, §14, §15).
import type { VerificationStatus } from './identity.ts';
import type { ProtectionRefusal } from './protection.ts';

/** Contract §14.1 plus the spec's labels: `setting` is an object, amounts in the player's currency (two decimals). */
/**
 * The `deposit_result_<playerId>` push (api-contract §15.5): `status` 1 credited, 0 failed, as
 * the contract has it; the payment's reference (the `txid` of the cashier's return), amount and
 * currency let an open tab name the deposit.
 */
export interface DepositResultPush {
  status: 0 | 1;
  tx_id: string;
  amount: number;
  currency: string;
  /** Why it failed (the payment's reason code), null when credited. */
  reason: string | null;
}

/** The reference of a payment the player sees (`txid` and `invoiceId` of the cashier's return). */
export const paymentRef = (paymentId: number): string => `pay_${paymentId}`;

export interface ProcessorRow {
  id: number;
  name: string;
  call: string;
  kind: 'card' | 'wallet' | 'bank' | 'crypto';
  reply: 'redirect' | 'autopost' | 'html' | 'popup' | 'eupayment' | 'window';
  logo: string;
  currency: string;
  setting: {
    min_deposit: number;
    max_deposit: number | null;
    limit: number | null;
    fee_percent: number;
    fee_fixed: number;
    paymentMethod?: string | number;
    coins?: string[];
  };
  withdraw_setting: { min_withdraw: number; max_withdraw: number | null };
  min_deposit: number;
  max_deposit: number | null;
  limit: number | null;
  min_withdraw: number;
  max_withdraw: number | null;
  fee: { percent: number; fixed: number };
}

/**
 * The withdraw tab's first question: whether the player's market wants a verified identity
 * before a withdrawal and it is not there yet (`required`), and where the player's
 * verification stands (the Verification tab's status).
 */
export interface WithdrawalVerification {
  required: boolean;
  status: VerificationStatus;
}

export interface ProcessorsReply {
  status: 1;
  processors: ProcessorRow[];
  /** `front/get_withdrawal_processors` only. */
  verification?: WithdrawalVerification;
}

/** What a deposit call answers: where the browser goes next (contract §15.3 reply handling). */
export type DepositReply =
  | { status: 1; reply: 'redirect' | 'popup' | 'window'; redirect_url: string; tx_id: string }
  | { status: 1; reply: 'eupayment'; isDirectResult: false; redirectUrl: string; tx_id: string }
  | { status: 1; reply: 'autopost'; redirect_url: string; cardForm: Record<string, string>; tx_id: string }
  | { status: 1; reply: 'html'; cardForm: string; tx_id: string }
  | { status: 1; reply: 'address'; redirect_url: string; address: string; coin: string; qr: string; min_amount: number; currency: string }
  | ({ status: 0; message: string; params?: (string | number)[] } & Partial<Pick<ProtectionRefusal, 'limit' | 'until' | 'break_kind'>>);

export interface PaymentTransaction {
  id: string;
  type: 'deposit' | 'withdrawal';
  amount: number;
  fee: number;
  currency: string;
  name: string;
  status: string;
  reason: string | null;
  createdAt: string;
}

export interface WithdrawalReply {
  status: 1;
  result: { amount: number; currency: string; transactionId: number };
}

/** The sandbox card provider's tokenizing endpoint. */
export type CardTokenReply = { status: 1; token: string; last4: string } | { status: 0; message: string; field: string };
