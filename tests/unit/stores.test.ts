// The domain stores are plain functions over nanostores: each test stubs fetch, calls an
// action and looks at what was sent, what came back and what the stores now hold.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { failureOf, setAccessToken } from '../../src/lib/api.ts';
import { checkPromoCode, checkUsername, register } from '../../src/stores/account.ts';
import { $balance } from '../../src/stores/balance.ts';
import { $unread, loadMessages, readMessage, saveChatEmail } from '../../src/stores/support.ts';
import { $visitor } from '../../src/stores/visitor.ts';
import { cancelWithdrawal, loadBets } from '../../src/stores/wallet.ts';

interface Sent {
  path: string;
  method: string;
  body: Record<string, unknown>;
  authorization: string | null;
}

let sent: Sent[];
/** Path → what the server answers (status 200 unless `http` says otherwise). */
let answers: Record<string, { http?: number; body: unknown }>;

beforeEach(() => {
  sent = [];
  answers = {};
  vi.stubGlobal('fetch', async (input: string | Request, init?: RequestInit) => {
    const request = new Request(new URL(typeof input === 'string' ? input : input.url, 'http://site.test'), init);
    const path = new URL(request.url).pathname.replace(/^\/api\//, '');
    const text = request.method === 'GET' ? '' : await request.text();
    sent.push({ path, method: request.method, body: text ? JSON.parse(text) : {}, authorization: request.headers.get('authorization') });
    const answer = answers[path];
    if (!answer) return new Response(JSON.stringify({ status: 0, message: 'not_found' }), { status: 404, headers: { 'content-type': 'application/json' } });
    return new Response(JSON.stringify(answer.body), { status: answer.http ?? 200, headers: { 'content-type': 'application/json' } });
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  setAccessToken(undefined);
  $unread.set(null);
  $balance.set(null);
});

const balance = { currency: 'EUR', total_balance: 10, real_balance: 10, bonus_balance: 0, locked_balance: 0 };

describe('wallet store', () => {
  it('loadBets posts the filter with the access token and answers the reply', async () => {
    setAccessToken('token-1');
    const reply = { status: 1, transactions: { count: 0, rows: [] } };
    answers['front/get_bet_list'] = { body: reply };
    expect(await loadBets({ filterPeriod: 0, page: 2, itemsPerPage: 10 })).toEqual(reply);
    expect(sent).toEqual([
      { path: 'front/get_bet_list', method: 'POST', body: { filterPeriod: 0, page: 2, itemsPerPage: 10 }, authorization: 'Bearer token-1' },
    ]);
  });

  it('cancelWithdrawal refreshes the balance after a cancel', async () => {
    answers['front/cancel_withdrawal_request'] = { body: { status: 1, player: balance } };
    answers['front/get_player_balance'] = { body: { status: 1, player: { ...balance, total_balance: 25, real_balance: 25 }, bonus: null } };
    const outcome = await cancelWithdrawal(7);
    expect(outcome.ok).toBe(true);
    await vi.waitFor(() => expect($balance.get()?.total_balance).toBe(25));
    expect(sent.map((s) => s.path)).toEqual(['front/cancel_withdrawal_request', 'front/get_player_balance']);
    expect(sent[0]?.body).toEqual({ transactionId: 7 });
  });

  it('cancelWithdrawal reports a refusal and asks for nothing more', async () => {
    answers['front/cancel_withdrawal_request'] = { body: { status: 0, message: 'withdrawal_not_pending' } };
    const outcome = await cancelWithdrawal(7);
    expect(outcome).toMatchObject({ ok: false, refused: true, message: 'withdrawal_not_pending', httpStatus: undefined });
    expect(sent).toHaveLength(1);
  });

  it('cancelWithdrawal reports 429 as an HTTP status, not a refusal', async () => {
    answers['front/cancel_withdrawal_request'] = { http: 429, body: { status: 0, message: 'too_many_attempts' } };
    expect(await cancelWithdrawal(7)).toMatchObject({ ok: false, refused: false, httpStatus: 429, message: 'too_many_attempts' });
  });
});

describe('account store', () => {
  it('checkUsername says why a name cannot be taken', async () => {
    answers['front/validate_player_name'] = { body: { status: 1 } };
    expect(await checkUsername('alice')).toBeUndefined();
    answers['front/validate_player_name'] = { body: { status: 0, message: 'username_mixed_scripts' } };
    expect(await checkUsername('аlice')).toBe('username_mixed_scripts');
    answers['front/validate_player_name'] = { body: { status: 0 } };
    expect(await checkUsername('demo')).toBe('username_duplicated');
    // An empty name is not asked about.
    expect(await checkUsername('  ')).toBeUndefined();
    expect(sent).toHaveLength(3);
  });

  it('checkUsername lets a failed check pass (the server decides at registration)', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    answers['front/validate_player_name'] = { http: 500, body: { status: 0, message: 'internal_error' } };
    expect(await checkUsername('alice')).toBeUndefined();
    expect(logged).toHaveBeenCalledOnce();
    logged.mockRestore();
  });

  it('checkPromoCode counts a failed check as invalid and passes on the currency refusal', async () => {
    answers['front/validate_promo_code'] = { body: { status: 0, message: 'promotion_not_in_currency' } };
    expect(await checkPromoCode(' TENFREE ')).toBe('promotion_not_in_currency');
    expect(sent[0]?.body).toEqual({ promo_code: 'TENFREE' });
    answers['front/validate_promo_code'] = { body: { status: 0 } };
    expect(await checkPromoCode('NOPE')).toBe('invalid_promo_code');
    answers['front/validate_promo_code'] = { http: 500, body: {} };
    expect(await checkPromoCode('TENFREE')).toBe('invalid_promo_code');
    answers['front/validate_promo_code'] = { body: { status: 1 } };
    expect(await checkPromoCode('TENFREE')).toBeUndefined();
  });

  it('register sends the visitor’s address and reads field errors of a 400', async () => {
    $visitor.setKey('ip', '203.0.113.9');
    answers['front/register_player'] = { http: 400, body: { status: 0, message: 'validation_failed', errors: { email: 'email_validation' } } };
    const outcome = await register({ username: 'alice' } as Parameters<typeof register>[0]);
    expect(sent[0]?.body).toEqual({ username: 'alice', ip_address: '203.0.113.9' });
    expect(outcome).toMatchObject({ ok: false, refused: false, httpStatus: 400, errors: { email: 'email_validation' } });
  });
});

describe('support store', () => {
  const message = { id: 3, subject: 'Hi', text: 'Hello', read: false, createdAt: '2026-01-01T00:00:00.000Z' };

  it('loadMessages keeps the unread count, readMessage lowers it for a new message', async () => {
    answers['front/get_player_messages'] = { body: { status: 1, playerMessages: { count: 1, rows: [message] }, unread: 2 } };
    await loadMessages(1, 10);
    expect($unread.get()).toBe(2);
    answers['front/read_player_message'] = { body: { status: 1, playerMessage: { ...message, read: true } } };
    const outcome = await readMessage(message);
    expect(outcome.ok && outcome.reply.playerMessage.read).toBe(true);
    expect($unread.get()).toBe(1);
    // Opening a message already read changes no count.
    await readMessage({ ...message, read: true });
    expect($unread.get()).toBe(1);
  });

  it('readMessage leaves the count alone when the message is refused', async () => {
    $unread.set(2);
    answers['front/read_player_message'] = { body: { status: 0, message: 'message_not_found' } };
    expect(await readMessage(message)).toMatchObject({ ok: false, refused: true, message: 'message_not_found' });
    expect($unread.get()).toBe(2);
  });

  it('saveChatEmail reads the email field’s error', async () => {
    answers['front/chat_email'] = { http: 400, body: { status: 0, message: 'validation_failed', errors: { email: 'email_validation' } } };
    expect(await saveChatEmail('chat-1', 'nope', 'en')).toMatchObject({ ok: false, errors: { email: 'email_validation' } });
  });
});

describe('failureOf', () => {
  it('reads a refusal reply and a call that got no answer', () => {
    expect(failureOf({ status: 0, message: 'wrong_old_password' })).toEqual({
      ok: false,
      refused: true,
      httpStatus: undefined,
      message: 'wrong_old_password',
      errors: undefined,
    });
    const offline = new TypeError('fetch failed');
    expect(failureOf(offline)).toMatchObject({ ok: false, refused: false, httpStatus: undefined, message: undefined, cause: offline });
  });
});
