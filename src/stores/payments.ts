// The deposit and withdraw tabs' state and verbs: every payment call goes through here,
// so the islands import this store and never the HTTP client. Card data goes straight
// to the processor's tokenizing endpoint; our API only ever receives the token.
import { atom } from 'nanostores';
import { call, failureOf } from '../lib/api.ts';
import { cardDigits, validCardNumber } from '../shared/card.ts';
import type { DepositCall } from '../shared/contract/payments.ts';
import type { LimitRefusalInfo } from '../shared/protection.ts';
import type { CardTokenReply, DepositReply, ProcessorRow, WithdrawalVerification } from '../shared/payments.ts';
import type { BankForm } from '../shared/schemas/payments.ts';
import type { FinancialTransactionRow } from '../shared/wallet.ts';

/** A list that is loading (null), failed ('failed') or here. */
export type Loaded<T> = T[] | null | 'failed';

export const $depositProcessors = atom<Loaded<ProcessorRow>>(null);
export const $withdrawalProcessors = atom<Loaded<ProcessorRow>>(null);
/** Whether a withdrawal waits for the player's identity, as the withdrawal list answered it. */
export const $withdrawalVerification = atom<WithdrawalVerification | null>(null);
export const $pendingWithdrawals = atom<Loaded<FinancialTransactionRow>>(null);
export const $paymentBusy = atom(false);

/** A refusal: a catalogue key, its arguments (amounts as numbers), and the field it belongs to when one does. */
export interface PaymentRefusal {
  status: 0;
  message: string;
  params: (string | number)[];
  field?: string;
  /** A refusal by player protection: the limit, or the end of the break. */
  limit?: LimitRefusalInfo;
  until?: string;
}

/** The sandbox card provider's tokenizing endpoint (a real provider's would be on its own host). */
export const CARD_TOKEN_URL = '/api/sandbox/card/tokens';

/** SPEC: the autopost reply's form is posted after 500 ms. */
export const AUTOPOST_DELAY_MS = 500;

const refusal = (message: string, params: (string | number)[] = [], field?: string): PaymentRefusal =>
  field ? { status: 0, message, params, field } : { status: 0, message, params };

/** The catalogue key of a call that failed on the way (timeout, 429, 5xx). */
function failedCall(error: unknown): PaymentRefusal {
  const f = failureOf(error);
  if (f.httpStatus === 429) return refusal('too_many_attempts');
  const params = (error as { data?: { params?: unknown } } | null)?.data?.params;
  return f.message ? refusal(f.message, Array.isArray(params) ? (params as (string | number)[]) : []) : refusal('action_failed');
}

/** Loads the methods of one tab; a bank transfer (2) is not a deposit method (contract §14.1). */
export async function loadProcessors(use: 'deposit' | 'withdraw'): Promise<void> {
  const store = use === 'deposit' ? $depositProcessors : $withdrawalProcessors;
  store.set(null);
  try {
    const reply = await call(use === 'deposit' ? 'front/get_processors' : 'front/get_withdrawal_processors', {
      status: 'activated',
      removeCash: true,
      sortPriority: true,
    });
    if (reply.status !== 1) {
      store.set('failed');
      return;
    }
    if (use === 'withdraw') $withdrawalVerification.set(reply.verification ?? null);
    store.set(use === 'deposit' ? reply.processors.filter((p) => p.id !== 2) : reply.processors);
  } catch {
    store.set('failed');
  }
}

export interface CardFields {
  name: string;
  number: string;
  exp_month: string;
  exp_year: string;
  cvc: string;
}

/** The card's problems before it is sent: field → catalogue key (SPEC §5's card messages). */
export function cardProblems(card: CardFields, now = new Date()): Partial<Record<keyof CardFields, string>> {
  const problems: Partial<Record<keyof CardFields, string>> = {};
  if (card.name.trim().length < 2) problems.name = 'card_holder_required';
  if (!validCardNumber(cardDigits(card.number))) problems.number = 'card_number_invalid';
  const month = Number(card.exp_month);
  const year = Number(card.exp_year.length === 2 ? `20${card.exp_year}` : card.exp_year);
  if (!/^\d{1,2}$/.test(card.exp_month.trim()) || month < 1 || month > 12) problems.exp_month = 'card_expiry_invalid';
  if (!/^(\d{2}|\d{4})$/.test(card.exp_year.trim()) || year > now.getFullYear() + 20) problems.exp_year = 'card_expiry_invalid';
  else if (!problems.exp_month && (year < now.getFullYear() || (year === now.getFullYear() && month < now.getMonth() + 1)))
    problems.exp_month = 'card_expiry_past';
  if (!/^\d{3,4}$/.test(card.cvc.trim())) problems.cvc = 'cvv_digits';
  return problems;
}

/** Card data to the provider, a token back. Our access token is not sent there: the provider is another party. */
export async function tokenizeCard(card: CardFields): Promise<CardTokenReply> {
  const year = card.exp_year.trim().length === 2 ? `20${card.exp_year.trim()}` : card.exp_year.trim();
  try {
    const response = await fetch(CARD_TOKEN_URL, {
      method: 'POST',
      credentials: 'omit',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ ...card, number: cardDigits(card.number), exp_month: card.exp_month.trim().padStart(2, '0'), exp_year: year }),
    });
    const data = (await response.json()) as CardTokenReply;
    if (data && (data.status === 1 || data.status === 0)) return data;
  } catch {
    // Unreachable provider: said below.
  }
  return { status: 0, message: 'processor_error', field: '' };
}

/** What the browser did with a successful reply: left the page, opened a window (or was refused one), or shows an address. */
export type Continued = 'left' | 'popup' | 'popup_blocked' | 'address';

/** Where the browser goes next (redirect, popup, form posted after 500 ms, HTML written into the window), as the contract's reply says. */
export function continueDeposit(reply: Exclude<DepositReply, { status: 0 }>, win: Window = window): Continued {
  switch (reply.reply) {
    case 'eupayment':
      win.location.assign(reply.redirectUrl);
      return 'left';
    case 'popup':
    case 'window':
      return win.open(reply.redirect_url, 'Pay With PwClick', 'width=500,height=440') ? 'popup' : 'popup_blocked';
    case 'autopost': {
      const form = win.document.createElement('form');
      form.method = 'post';
      form.action = reply.redirect_url;
      form.hidden = true;
      for (const [name, value] of Object.entries(reply.cardForm)) {
        const input = win.document.createElement('input');
        input.type = 'hidden';
        input.name = name;
        input.value = value;
        form.append(input);
      }
      win.document.body.append(form);
      setTimeout(() => form.submit(), AUTOPOST_DELAY_MS);
      return 'left';
    }
    case 'html': {
      win.document.open();
      win.document.write(reply.cardForm);
      win.document.close();
      win.document.forms[0]?.submit();
      return 'left';
    }
    case 'address':
      return 'address';
    default:
      win.location.assign(reply.redirect_url);
      return 'left';
  }
}

export interface DepositInput {
  processor: ProcessorRow;
  /** As typed: "10", "10.5", "10,50". */
  amount: string;
  promotion: string;
  locale: string;
  coin?: string | undefined;
  card?: CardFields | undefined;
}

/** "10,50" → "10.50"; the server checks the rest. */
export function normalAmount(typed: string): string {
  const t = typed.trim().replace(/\s/g, '');
  return t.includes(',') && !t.includes('.') ? t.replace(',', '.') : t;
}

/** Cents of a typed amount, or undefined when it is not one (at most two decimals). */
export function amountCents(typed: string): number | undefined {
  const m = /^(\d{1,13})(?:\.(\d{1,2}))?$/.exec(normalAmount(typed));
  return m ? Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0')) : undefined;
}

/** The amount's problem against a processor's limits, as a refusal with its amounts, before anything is sent. */
export function amountProblem(typed: string, min: number, max: number | null): PaymentRefusal | undefined {
  if (typed.trim() === '') return refusal('amount_required', [], 'amount');
  const cents = amountCents(typed);
  if (cents === undefined || cents < 1) return refusal('invalid_amount', [], 'amount');
  if (cents < Math.round(min * 100)) return max === null ? refusal('amount_min', [min], 'amount') : refusal('amount_between', [min, max], 'amount');
  if (max !== null && cents > Math.round(max * 100)) return refusal('amount_between', [min, max], 'amount');
  return undefined;
}

/** Starts a deposit: tokenizes the card first when there is one, then asks the processor's call. */
export async function startDeposit(input: DepositInput): Promise<Exclude<DepositReply, { status: 0 }> | PaymentRefusal> {
  $paymentBusy.set(true);
  try {
    let cardToken: string | undefined;
    if (input.card) {
      const token = await tokenizeCard(input.card);
      if (token.status === 0) return refusal(token.message, [], token.field || undefined);
      cardToken = token.token;
    }
    const body: Record<string, unknown> = {
      paymentId: input.processor.id,
      amount: normalAmount(input.amount),
      promotion: input.promotion,
      locale: input.locale,
    };
    if (input.processor.setting.paymentMethod !== undefined) body.paymentMethod = input.processor.setting.paymentMethod;
    if (input.coin) body.coin = input.coin;
    if (cardToken) body.cardToken = cardToken;
    const reply: DepositReply = await call(`payment/${input.processor.call as DepositCall}`, body);
    if (reply.status === 1) return reply;
    const refused = refusal(reply.message, reply.params ?? []);
    if (reply.limit) refused.limit = reply.limit;
    if (reply.until) refused.until = reply.until;
    return refused;
  } catch (error) {
    return failedCall(error);
  } finally {
    $paymentBusy.set(false);
  }
}

export { $depositResult } from './balance.ts';

/** Deposits this tab has announced (from the cashier's return or the push): none twice. */
const announced = new Set<string>();

/** True the first time a deposit's outcome is to be announced in this tab. */
export function firstAnnouncement(txId: string): boolean {
  if (announced.has(txId)) return false;
  announced.add(txId);
  return true;
}

/** How a deposit the cashier sent the player back from ended, read from the server. */
export interface DepositOutcome {
  state: 'complete' | 'failed' | 'pending';
  /** The payment's reference (`pay_<id>`), or '' where the return did not name it. */
  txId: string;
  amount: number;
  currency: string;
  reason: string | null;
  /** The promo code's bonus: granted (its amount; `free_bet` for the sportsbook's free bet), refused (a catalogue key), or none asked for. */
  bonus: { amount: number; free_bet?: true } | { refused: string } | null;
}

interface PaymentLookup {
  status: number;
  transaction?: { status: string; amount: number; currency: string; reason?: string | null; bonus?: DepositOutcome['bonus'] };
}

const stateOf = (status: string): DepositOutcome['state'] =>
  status === 'complete' ? 'complete' : status === 'pending' || status === 'approved' ? 'pending' : 'failed';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The cashier's return (`?payop=success|fail&txid&invoiceId`, `?eupayment=1`): the outcome
 * from the server, never from the URL (a `payop=success` proves nothing). While the
 * provider's webhook has not arrived it is asked again, `tries` times.
 */
export async function checkDepositReturn(query: URLSearchParams, { tries = 10, everyMs = 2000 } = {}): Promise<DepositOutcome | null> {
  const eupayment = query.has('eupayment');
  const txid = query.get('txid') ?? '';
  const invoiceId = query.get('invoiceId') ?? '';
  if (!eupayment && (!query.has('payop') || (!txid && !invoiceId))) return null;
  for (let attempt = 1; ; attempt++) {
    let reply: PaymentLookup;
    try {
      reply = eupayment
        ? ((await call('front/get_eupayment_financial_transaction', {})) as PaymentLookup)
        : ((await call('front/get_financial_transaction', { tx_id: txid, invoice_id: invoiceId })) as PaymentLookup);
    } catch {
      return null;
    }
    const t = reply.transaction;
    if (reply.status !== 1 || !t) return null;
    const outcome: DepositOutcome = {
      state: stateOf(t.status),
      txId: txid || invoiceId,
      amount: t.amount,
      currency: t.currency,
      reason: t.reason ?? null,
      bonus: t.bonus ?? null,
    };
    if (outcome.state !== 'pending' || attempt >= tries) return outcome;
    await wait(everyMs);
  }
}

/** The player's withdrawals still waiting (a year back). */
export async function loadPendingWithdrawals(now = new Date()): Promise<void> {
  const day = (d: Date) => d.toISOString().slice(0, 10);
  try {
    const reply = await call('front/get_financial_transactions', {
      filterStatus: 'pending',
      filterPeriod: 3,
      // 366 UTC days ending today: the longest custom period the list takes.
      filterStartDate: day(new Date(now.getTime() - 365 * 86_400_000)),
      filterEndDate: day(now),
      itemsPerPage: 100,
    });
    $pendingWithdrawals.set(reply.transactions.rows.filter((r) => r.type === 'withdrawal' && r.status === 'pending'));
  } catch {
    $pendingWithdrawals.set('failed');
  }
}

export interface WithdrawalInput {
  processorId: number;
  amount: string;
  /** Where the money goes, as the processor's kind asks (src/shared/payout.ts): one of these. */
  bankForm?: BankForm | undefined;
  walletAccount?: { account: string } | undefined;
  cryptoAddress?: { coin: string; address: string } | undefined;
  forfeitBonus?: boolean;
}

export type WithdrawalResult = { status: 1; amount: number; currency: string; transactionId: number } | (PaymentRefusal & { errors?: Record<string, string> });

/** Asks for a withdrawal; a 400 names the destination's fields that are wrong or missing (`errors`: path → catalogue key). */
export async function requestWithdrawal(input: WithdrawalInput): Promise<WithdrawalResult> {
  $paymentBusy.set(true);
  try {
    const reply = await call('payment/send_withdrawal_request', {
      paymentId: input.processorId,
      amount: normalAmount(input.amount),
      bankForm: input.bankForm,
      walletAccount: input.walletAccount,
      cryptoAddress: input.cryptoAddress,
      forfeitBonus: input.forfeitBonus ?? false,
    });
    if (reply.status !== 1) return refusal(reply.message, reply.params ?? []);
    void loadPendingWithdrawals();
    return { status: 1, ...reply.result };
  } catch (error) {
    const errors = (error as { data?: { errors?: unknown } } | null)?.data?.errors;
    const failed = failedCall(error);
    return errors && typeof errors === 'object' ? { ...failed, errors: errors as Record<string, string> } : failed;
  } finally {
    $paymentBusy.set(false);
  }
}

/** Takes back a pending withdrawal; the list is read again whatever the answer. */
export async function cancelWithdrawal(transactionId: number): Promise<{ status: 1 } | PaymentRefusal> {
  try {
    const reply = await call('front/cancel_withdrawal_request', { transactionId });
    return reply.status === 1 ? { status: 1 } : refusal(reply.message ?? 'action_failed');
  } catch (error) {
    return failedCall(error);
  } finally {
    void loadPendingWithdrawals();
  }
}
