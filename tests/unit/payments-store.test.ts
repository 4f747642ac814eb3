// The payments store (src/stores/payments.ts) with fetch stubbed: what each verb sends,
// where card data goes (the provider, never our API), and how replies are read.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAccessToken } from '../../src/lib/api.ts';
import type { ProcessorRow } from '../../src/shared/payments.ts';
import {
  $depositProcessors,
  $pendingWithdrawals,
  $withdrawalProcessors,
  AUTOPOST_DELAY_MS,
  amountProblem,
  CARD_TOKEN_URL,
  cancelWithdrawal,
  cardProblems,
  checkDepositReturn,
  firstAnnouncement,
  continueDeposit,
  loadProcessors,
  normalAmount,
  requestWithdrawal,
  startDeposit,
  tokenizeCard,
} from '../../src/stores/payments.ts';

interface Sent {
  url: string;
  body: Record<string, unknown>;
  headers: Headers;
  credentials: RequestCredentials | undefined;
}

let sent: Sent[] = [];
let answer: (url: string, body: Record<string, unknown>) => { status?: number; json: unknown };

beforeEach(() => {
  sent = [];
  setAccessToken('player-token');
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      const raw = init.body;
      const body = typeof raw === 'string' ? (JSON.parse(raw) as Record<string, unknown>) : ((raw ?? {}) as Record<string, unknown>);
      sent.push({ url, body, headers: new Headers(init.headers), credentials: init.credentials });
      const { status = 200, json } = answer(url, body);
      return new Response(JSON.stringify(json), { status, headers: { 'Content-Type': 'application/json' } });
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  setAccessToken(undefined);
});

const row = (id: number, kind: ProcessorRow['kind'], extra: Partial<ProcessorRow> = {}): ProcessorRow =>
  ({
    id,
    name: `P${id}`,
    call: `get_payment_p${id}_url`,
    kind,
    reply: 'redirect',
    logo: '',
    currency: 'EUR',
    setting: { min_deposit: 10, max_deposit: 5000, limit: 10000, fee_percent: 0, fee_fixed: 0 },
    withdraw_setting: { min_withdraw: 10, max_withdraw: 5000 },
    min_deposit: 10,
    max_deposit: 5000,
    limit: 10000,
    min_withdraw: 10,
    max_withdraw: 5000,
    fee: { percent: 0, fixed: 0 },
    ...extra,
  }) as ProcessorRow;

const CARD = { name: 'Ada Lovelace', number: '4242 4242 4242 4242', exp_month: '12', exp_year: '2030', cvc: '123' };

describe('processor lists', () => {
  it('lists deposit methods without the bank transfer (contract §14.1) and withdrawal methods as they come', async () => {
    answer = () => ({ json: { status: 1, processors: [row(2, 'bank'), row(46, 'card'), row(8, 'crypto')] } });
    await loadProcessors('deposit');
    expect(($depositProcessors.get() as ProcessorRow[]).map((p) => p.id)).toEqual([46, 8]);
    expect(sent[0]?.url).toBe('/api/front/get_processors');
    await loadProcessors('withdraw');
    expect(($withdrawalProcessors.get() as ProcessorRow[]).map((p) => p.id)).toEqual([2, 46, 8]);
    expect(sent[1]?.url).toBe('/api/front/get_withdrawal_processors');
  });

  it('says a list failed rather than showing it empty', async () => {
    answer = () => ({ status: 500, json: { status: 0, message: 'internal_error' } });
    await loadProcessors('deposit');
    expect($depositProcessors.get()).toBe('failed');
  });
});

describe('checks before anything is sent', () => {
  it('answers the SPEC card messages by field', () => {
    const now = new Date('2026-06-15T12:00:00Z');
    expect(cardProblems(CARD, now)).toEqual({});
    expect(cardProblems({ ...CARD, number: '4242 4242 4242 4241' }, now)).toEqual({ number: 'card_number_invalid' });
    expect(cardProblems({ ...CARD, cvc: '12' }, now)).toEqual({ cvc: 'cvv_digits' });
    expect(cardProblems({ ...CARD, cvc: '12345' }, now)).toEqual({ cvc: 'cvv_digits' });
    expect(cardProblems({ ...CARD, exp_month: '13' }, now)).toEqual({ exp_month: 'card_expiry_invalid' });
    expect(cardProblems({ ...CARD, exp_month: '5', exp_year: '2026' }, now)).toEqual({ exp_month: 'card_expiry_past' });
    expect(cardProblems({ ...CARD, exp_month: '6', exp_year: '26' }, now)).toEqual({});
    expect(cardProblems({ ...CARD, name: ' ' }, now)).toEqual({ name: 'card_holder_required' });
  });

  it('answers amounts against the method limits with the amounts in the message', () => {
    expect(amountProblem('', 10, 5000)?.message).toBe('amount_required');
    expect(amountProblem('ten', 10, 5000)?.message).toBe('invalid_amount');
    expect(amountProblem('10.123', 10, 5000)?.message).toBe('invalid_amount');
    expect(amountProblem('9.99', 10, 5000)).toMatchObject({ message: 'amount_between', params: [10, 5000] });
    expect(amountProblem('9.99', 10, null)).toMatchObject({ message: 'amount_min', params: [10] });
    expect(amountProblem('5000.01', 10, 5000)).toMatchObject({ message: 'amount_between', params: [10, 5000] });
    expect(amountProblem('10,50', 10, 5000)).toBeUndefined();
    expect(normalAmount(' 1 000,50 ')).toBe('1000.50');
  });
});

describe('a card deposit', () => {
  it('sends the card to the provider without our token, and only the token to our API', async () => {
    answer = (url) =>
      url === CARD_TOKEN_URL
        ? { json: { status: 1, token: 'tok_abcdefghijklmnop', last4: '4242' } }
        : { json: { status: 1, reply: 'redirect', redirect_url: '/api/sandbox/card/checkout/x', tx_id: 'pay_1' } };
    const reply = await startDeposit({ processor: row(46, 'card'), amount: '10,00', promotion: 'WELCOME100', locale: 'de', card: CARD });
    expect(reply).toMatchObject({ status: 1, reply: 'redirect' });
    const [token, deposit] = sent;
    expect(token?.url).toBe(CARD_TOKEN_URL);
    expect(token?.headers.get('Authorization')).toBeNull();
    expect(token?.credentials).toBe('omit');
    expect(token?.body).toMatchObject({ number: '4242424242424242', exp_month: '12', exp_year: '2030', cvc: '123' });
    expect(deposit?.url).toBe('/api/payment/get_payment_p46_url');
    expect(deposit?.headers.get('Authorization')).toBe('Bearer player-token');
    expect(deposit?.body).toEqual({ paymentId: 46, amount: '10.00', promotion: 'WELCOME100', locale: 'de', cardToken: 'tok_abcdefghijklmnop' });
    expect(JSON.stringify(deposit?.body)).not.toContain('4242');
  });

  it("stops at the provider's refusal of the card, naming the field, and asks our API nothing", async () => {
    answer = () => ({ status: 400, json: { status: 0, message: 'cvv_digits', field: 'cvc' } });
    expect(await startDeposit({ processor: row(46, 'card'), amount: '10', promotion: '', locale: 'en', card: CARD })).toEqual({
      status: 0,
      message: 'cvv_digits',
      params: [],
      field: 'cvc',
    });
    expect(sent).toHaveLength(1);
  });

  it("passes on the server's refusal with its amounts", async () => {
    answer = () => ({ json: { status: 0, message: 'deposit_daily_limit', params: [10000] } });
    expect(
      await startDeposit({
        processor: row(3, 'wallet', { setting: { ...row(3, 'wallet').setting, paymentMethod: 0 } }),
        amount: '10',
        promotion: '',
        locale: 'en',
      }),
    ).toEqual({
      status: 0,
      message: 'deposit_daily_limit',
      params: [10000],
    });
    expect(sent[0]?.body).toMatchObject({ paymentId: 3, paymentMethod: 0 });
  });

  it('says "too many attempts" on a 429 and "action failed" when the call fails', async () => {
    answer = () => ({ status: 429, json: { status: 0, message: 'too_many_attempts' } });
    expect(await startDeposit({ processor: row(3, 'wallet'), amount: '10', promotion: '', locale: 'en' })).toMatchObject({ message: 'too_many_attempts' });
    answer = () => ({ status: 502, json: null });
    expect(await startDeposit({ processor: row(3, 'wallet'), amount: '10', promotion: '', locale: 'en' })).toMatchObject({ message: 'action_failed' });
  });

  it('answers an unreachable provider with processor_error', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('offline')));
    expect(await tokenizeCard(CARD)).toEqual({ status: 0, message: 'processor_error', field: '' });
  });
});

describe('where the browser goes next', () => {
  function fakeWindow(opened: boolean) {
    const submitted: string[] = [];
    const forms: { action: string; method: string; hidden: boolean; children: { name: string; value: string }[]; submit(): void }[] = [];
    const win = {
      location: { assign: vi.fn() },
      open: vi.fn(() => (opened ? {} : null)),
      document: {
        createElement: (tag: string) =>
          tag === 'form'
            ? {
                action: '',
                method: '',
                hidden: false,
                children: [] as { name: string; value: string }[],
                append(child: { name: string; value: string }) {
                  this.children.push(child);
                },
                submit() {
                  submitted.push(this.action);
                },
              }
            : { type: '', name: '', value: '' },
        body: { append: (form: (typeof forms)[number]) => forms.push(form) },
        open: vi.fn(),
        write: vi.fn(),
        close: vi.fn(),
        forms: [] as { submit(): void }[],
      },
    };
    return { win: win as unknown as Window, raw: win, submitted, forms };
  }

  it('follows a redirect and an EU-payment reply', () => {
    const { win, raw } = fakeWindow(true);
    expect(continueDeposit({ status: 1, reply: 'redirect', redirect_url: '/pay', tx_id: 'pay_1' }, win)).toBe('left');
    expect(continueDeposit({ status: 1, reply: 'eupayment', isDirectResult: false, redirectUrl: '/eu', tx_id: 'pay_2' }, win)).toBe('left');
    expect(raw.location.assign.mock.calls).toEqual([['/pay'], ['/eu']]);
  });

  it('opens a popup, and says when the browser blocked it', () => {
    expect(continueDeposit({ status: 1, reply: 'popup', redirect_url: '/pw', tx_id: 'pay_3' }, fakeWindow(true).win)).toBe('popup');
    expect(continueDeposit({ status: 1, reply: 'popup', redirect_url: '/pw', tx_id: 'pay_3' }, fakeWindow(false).win)).toBe('popup_blocked');
  });

  it('posts the autopost form after 500 ms, with the reply fields', () => {
    vi.useFakeTimers();
    const { win, submitted, forms } = fakeWindow(true);
    continueDeposit({ status: 1, reply: 'autopost', redirect_url: '/post', cardForm: { session: 's1', amount: '10.00' }, tx_id: 'pay_4' }, win);
    expect(forms[0]?.children).toEqual([
      { type: 'hidden', name: 'session', value: 's1' },
      { type: 'hidden', name: 'amount', value: '10.00' },
    ]);
    vi.advanceTimersByTime(AUTOPOST_DELAY_MS - 1);
    expect(submitted).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(submitted).toEqual(['/post']);
  });

  it('writes an HTML reply into the window and leaves an address on the page', () => {
    const { win, raw } = fakeWindow(true);
    expect(continueDeposit({ status: 1, reply: 'html', cardForm: '<form></form>', tx_id: 'pay_5' }, win)).toBe('left');
    expect(raw.document.write).toHaveBeenCalledWith('<form></form>');
    expect(
      continueDeposit({ status: 1, reply: 'address', redirect_url: '/i', address: 'sbx1', coin: 'BTC', qr: '<svg/>', min_amount: 10, currency: 'EUR' }, win),
    ).toBe('address');
  });
});

describe("the cashier's return", () => {
  it('believes the server, not the URL', async () => {
    answer = () => ({ json: { status: 1, transaction: { status: 'failed', amount: 10, currency: 'EUR', reason: 'card_declined' } } });
    expect(await checkDepositReturn(new URLSearchParams('payop=success&txid=pay_7&invoiceId=pay_7'))).toEqual({
      state: 'failed',
      txId: 'pay_7',
      amount: 10,
      currency: 'EUR',
      reason: 'card_declined',
      bonus: null,
    });
    expect(sent[0]).toMatchObject({ url: '/api/front/get_financial_transaction', body: { tx_id: 'pay_7', invoice_id: 'pay_7' } });
  });

  it('announces a deposit once per tab, whether the push or the return comes first', () => {
    expect(firstAnnouncement('pay_21')).toBe(true);
    expect(firstAnnouncement('pay_21')).toBe(false);
    expect(firstAnnouncement('pay_22')).toBe(true);
  });

  it('asks again while the webhook has not arrived', async () => {
    const states = ['pending', 'pending', 'complete'];
    answer = () => ({ json: { status: 1, transaction: { status: states.shift(), amount: 50, currency: 'INR' } } });
    expect(await checkDepositReturn(new URLSearchParams('payop=success&txid=pay_8'), { everyMs: 1 })).toMatchObject({
      state: 'complete',
      amount: 50,
      currency: 'INR',
    });
    expect(sent).toHaveLength(3);
  });

  it('reads the EU-payment return and ignores a page without a return', async () => {
    answer = () => ({ json: { status: 1, transaction: { status: 'complete', amount: 20, currency: 'EUR', reason: null } } });
    expect(await checkDepositReturn(new URLSearchParams('tab=2'))).toBeNull();
    expect(sent).toHaveLength(0);
    expect(await checkDepositReturn(new URLSearchParams('eupayment=1'))).toMatchObject({ state: 'complete' });
    expect(sent[0]?.url).toBe('/api/front/get_eupayment_financial_transaction');
    answer = () => ({ json: { status: 0, message: 'transaction_not_found' } });
    expect(await checkDepositReturn(new URLSearchParams('payop=success&txid=pay_99'))).toBeNull();
  });
});

describe('withdrawals', () => {
  const bankForm = {
    accountNumber: 'DE89 3704 0044 0532 0130 00',
    beneficiaryName: 'Ada Lovelace',
    swiftCode: 'COBADEFFXXX',
    bankName: 'Commerzbank',
    city: 'Berlin',
    zipCode: '10115',
    registrationAddress: 'Unter den Linden 1',
    country: 'DE',
  };

  it('asks for one and reads the pending list again', async () => {
    answer = (url) =>
      url.endsWith('send_withdrawal_request')
        ? { json: { status: 1, result: { amount: 25, currency: 'EUR', transactionId: 41 } } }
        : {
            json: {
              status: 1,
              transactions: {
                count: 1,
                rows: [
                  { id: 41, type: 'withdrawal', status: 'pending', amount: 25 },
                  { id: 40, type: 'deposit', status: 'pending', amount: 5 },
                ],
              },
            },
          };
    expect(await requestWithdrawal({ processorId: 2, amount: '25', bankForm })).toEqual({ status: 1, amount: 25, currency: 'EUR', transactionId: 41 });
    expect(sent[0]?.body).toEqual({ paymentId: 2, amount: '25', bankForm, forfeitBonus: false });
    await vi.waitFor(() => expect($pendingWithdrawals.get()).toEqual([{ id: 41, type: 'withdrawal', status: 'pending', amount: 25 }]));
    expect(sent[1]?.body).toMatchObject({ filterStatus: 'pending', filterPeriod: 3, itemsPerPage: 100 });
  });

  it("passes on the refusal code, and the bank form's field errors of a 400", async () => {
    answer = () => ({ json: { status: 0, message: 'not_meet_wager_requirement' } });
    expect(await requestWithdrawal({ processorId: 2, amount: '25', bankForm })).toEqual({ status: 0, message: 'not_meet_wager_requirement', params: [] });
    answer = (url) =>
      url.endsWith('send_withdrawal_request')
        ? { status: 400, json: { status: 0, message: 'validation_failed', errors: { 'bankForm.accountNumber': 'iban_invalid' } } }
        : { json: { status: 1, transactions: { count: 0, rows: [] } } };
    expect(await requestWithdrawal({ processorId: 2, amount: '25', bankForm })).toMatchObject({ errors: { 'bankForm.accountNumber': 'iban_invalid' } });
  });

  it('cancels by the transaction id and says when it was no longer pending', async () => {
    answer = (url) => (url.endsWith('cancel_withdrawal_request') ? { json: { status: 1 } } : { json: { status: 1, transactions: { count: 0, rows: [] } } });
    expect(await cancelWithdrawal(41)).toEqual({ status: 1 });
    expect(sent[0]).toMatchObject({ url: '/api/front/cancel_withdrawal_request', body: { transactionId: 41 } });
    answer = (url) =>
      url.endsWith('cancel_withdrawal_request')
        ? { json: { status: 0, message: 'withdrawal_not_pending' } }
        : { json: { status: 1, transactions: { count: 0, rows: [] } } };
    expect(await cancelWithdrawal(41)).toEqual({ status: 0, message: 'withdrawal_not_pending', params: [] });
  });
});
