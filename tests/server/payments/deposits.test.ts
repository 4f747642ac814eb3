// Deposits end to end through the sandbox providers: the processor lists, each test
// card's outcome, 3-D Secure, a hosted page approved or cancelled, crypto confirmations,
// limits and fees, and that a deposit is credited by the verified webhook once only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApi, testApi } from '../../helpers/app.ts';
import { markVerified } from '../../helpers/documents.ts';
import { createPlayers, tokenFor } from '../../helpers/wallet.ts';
import { sql } from 'drizzle-orm';
import { CARD_ADAPTER } from '../../../src/server/payments/sandbox/card.ts';
import { cardToken, follow, newPlayer, paymentIdOf, paymentRow, postWebhook, realBalance } from './helpers.ts';

let api: TestApi;
beforeAll(async () => {
  api = await testApi({}, { demo: false });
});
afterAll(() => api.close());

type Reply = Record<string, unknown> & { status: number; message?: string; redirect_url?: string; tx_id?: string };

async function cardDeposit(token: string, number: string, amount = '50.00') {
  const tok = await cardToken(api, number);
  const { body } = await api.json<Reply>('payment/get_payment_stripe_url', { amount, promotion: '', cardToken: tok, playerId: 1 }, { token });
  return body;
}

describe('front/get_processors and front/get_withdrawal_processors', () => {
  it("lists the player's processors in the contract's shape, setting as an object, by priority, only their country and currency", async () => {
    const de = await newPlayer(api);
    const { body } = await api.json<{ status: number; processors: Record<string, unknown>[] }>(
      'front/get_processors',
      { status: 'activated', country: 'FI' },
      { token: de.token },
    );
    expect(body.status).toBe(1);
    const ids = body.processors.map((p) => p.id);
    expect(ids[0]).toBe(46);
    expect(ids).toContain(17); // Sofort serves DE
    expect(ids).not.toContain(16); // EUTeller is Finland's (the body's country is not believed)
    expect(ids).not.toContain(30); // disabled
    const card = body.processors.find((p) => p.id === 46) as Record<string, unknown>;
    expect(card).toMatchObject({
      name: expect.any(String),
      setting: { min_deposit: 10, max_deposit: 5000, limit: 10000, fee_percent: 0 },
      min_deposit: 10,
      max_deposit: 5000,
      limit: 10000,
    });
    const w = await api.json<{ processors: Record<string, unknown>[] }>('front/get_withdrawal_processors', {}, { token: de.token });
    // A coin address (Bitpay), an e-wallet account (Advcash), a bank account (bank transfer, PwClick): every kind that pays out.
    expect(w.body.processors.map((p) => [p.id, p.kind])).toEqual([
      [8, 'crypto'],
      [4, 'wallet'],
      [2, 'bank'],
      [49, 'bank'],
    ]);
    expect(w.body.processors[0]).toMatchObject({ withdraw_setting: { min_withdraw: 10 }, min_withdraw: 10 });
  });

  it('tells the withdraw tab, before its form, that the default market wants a verified identity first; the deposit list does not', async () => {
    const p = await newPlayer(api);
    const ask = async (call: 'front/get_withdrawal_processors' | 'front/get_processors') =>
      (await api.json<{ status: number; verification?: unknown }>(call, {}, { token: p.token })).body;
    expect((await ask('front/get_withdrawal_processors')).verification).toEqual({ required: true, status: 'unverified' });
    expect((await ask('front/get_processors')).verification).toBeUndefined();
    await markVerified(api.ctx.database.db, p.id);
    expect((await ask('front/get_withdrawal_processors')).verification).toEqual({ required: false, status: 'verified' });
  });

  it('lists only processors of the wallet currency for a rupee player, in rupees', async () => {
    const inr = await newPlayer(api, 'INR');
    const { body } = await api.json<{ processors: Record<string, unknown>[] }>('front/get_processors', {}, { token: inr.token });
    const ids = body.processors.map((p) => p.id);
    expect(ids).toContain(46);
    expect(ids).not.toContain(33);
    expect(body.processors.find((p) => p.id === 46)).toMatchObject({ currency: 'INR', min_deposit: 1000 });
  });

  it('needs a login', async () => {
    expect((await api.call('front/get_processors', {})).status).toBe(401);
  });
});

describe('card deposits with the test cards', () => {
  it('4242 4242 4242 4242: credited by the webhook, once, and the return page shows it', async () => {
    const p = await newPlayer(api);
    const reply = await cardDeposit(p.token, '4242 4242 4242 4242');
    expect(reply).toMatchObject({ status: 1, reply: 'redirect', redirect_url: expect.stringMatching(/^\/api\/sandbox\/card\/checkout\//) });
    expect(await realBalance(api, p.id)).toBe(0);
    const hop = await follow(api, reply.redirect_url as string);
    expect(hop.status).toBe(303);
    expect(hop.location).toBe(`/user-management?payop=success&txid=${reply.tx_id}&invoiceId=${reply.tx_id}`);
    expect(await realBalance(api, p.id)).toBe(5_000);
    // The browser comes back twice (reload): nothing more is credited.
    await follow(api, reply.redirect_url as string);
    expect(await realBalance(api, p.id)).toBe(5_000);
    const { body } = await api.json<{ status: number; transaction: Record<string, unknown> }>(
      'front/get_financial_transaction',
      { tx_id: reply.tx_id, invoice_id: reply.tx_id },
      { token: p.token },
    );
    expect(body).toMatchObject({ status: 1, transaction: { amount: 50, status: 'complete', currency: 'EUR' } });
    const list = await api.json<{ transactions: { rows: Record<string, unknown>[] } }>('front/get_financial_transactions', {}, { token: p.token });
    expect(list.body.transactions.rows[0]).toMatchObject({ type: 'deposit', amount: 50, status: 'complete', name: 'Card (Visa / Mastercard)' });
  });

  it.each([
    ['4000 0000 0000 0002', 'card_declined'],
    ['4000 0000 0000 9995', 'insufficient_funds'],
    ['4000 0000 0000 0069', 'expired_card'],
    ['4000 0000 0000 0127', 'incorrect_cvc'],
    ['4000 0000 0000 0119', 'processing_error'],
  ])('%s: not credited, failed with %s, the return says so', async (number, reason) => {
    const p = await newPlayer(api);
    const reply = await cardDeposit(p.token, number);
    const hop = await follow(api, reply.redirect_url as string);
    expect(hop.location).toContain('payop=fail');
    expect(await realBalance(api, p.id)).toBe(0);
    expect(await paymentRow(api, paymentIdOf(reply.tx_id as string))).toMatchObject({ status: 'failed', reason });
    const { body } = await api.json('front/get_financial_transaction', { tx_id: reply.tx_id }, { token: p.token });
    expect(body).toMatchObject({ status: 1, transaction: { amount: 50, status: 'failed', reason } });
  });

  it('4000 0000 0000 3220: 3-D Secure challenge; completing credits, failing does not', async () => {
    const p = await newPlayer(api);
    const first = await cardDeposit(p.token, '4000000000003220');
    const challenge = await follow(api, first.redirect_url as string);
    expect(challenge.location).toMatch(/^\/api\/sandbox\/card\/3ds\//);
    const page = await follow(api, challenge.location as string);
    expect(page.text).toContain('Complete authentication');
    expect(await realBalance(api, p.id)).toBe(0);
    const done = await follow(api, challenge.location as string, { result: 'complete' });
    expect(done.location).toContain('payop=success');
    expect(await realBalance(api, p.id)).toBe(5_000);

    const second = await cardDeposit(p.token, '4000000000003220', '20');
    const c2 = await follow(api, second.redirect_url as string);
    const failed = await follow(api, c2.location as string, { result: 'fail' });
    expect(failed.location).toContain('payop=fail');
    expect(await realBalance(api, p.id)).toBe(5_000);
    expect(await paymentRow(api, paymentIdOf(second.tx_id as string))).toMatchObject({ status: 'failed', reason: 'authentication_failed' });
  });

  it('the tokenizing endpoint refuses a bad number, a past expiry and a short CVV with their messages', async () => {
    const bad = (card: Record<string, string>) =>
      api.json('sandbox/card/tokens', { number: '4242424242424242', exp_month: '12', exp_year: '2034', cvc: '123', name: 'A B', ...card });
    expect((await bad({ number: '4242424242424241' })).body).toMatchObject({ status: 0, message: 'card_number_invalid', field: 'number' });
    expect((await bad({ exp_year: '2001' })).body).toMatchObject({ status: 0, message: 'card_expiry_past' });
    expect((await bad({ cvc: '12' })).body).toMatchObject({ status: 0, message: 'cvv_digits', field: 'cvc' });
    expect((await bad({ cvc: '12345' })).body).toMatchObject({ status: 0, message: 'cvv_digits' });
    expect((await bad({ exp_month: '13' })).body).toMatchObject({ status: 0, message: 'card_expiry_invalid' });
  });

  it('without a token the player pays on the hosted card page; a wrong entry is refused there, a cancel credits nothing', async () => {
    const p = await newPlayer(api);
    const { body: reply } = await api.json<Reply>('payment/get_payment_stripe_url', { amount: 25 }, { token: p.token });
    const hosted = await follow(api, reply.redirect_url as string);
    expect(hosted.status).toBe(200);
    expect(hosted.text).toContain('<label for="number">Card number</label>');
    const wrong = await follow(api, reply.redirect_url as string, { name: 'A B', number: '4242424242424241', exp_month: '12', exp_year: '2034', cvc: '123' });
    expect(wrong.status).toBe(400);
    expect(wrong.text).toContain('Please enter a valid card number');
    const paid = await follow(api, reply.redirect_url as string, { name: 'A B', number: '4242424242424242', exp_month: '12', exp_year: '2034', cvc: '123' });
    expect(paid.location).toContain('payop=success');
    expect(await realBalance(api, p.id)).toBe(2_500);
    const { body: again } = await api.json<Reply>('payment/get_payment_stripe_url', { amount: 25 }, { token: p.token });
    const cancelled = await follow(api, `${again.redirect_url}/cancel`, {});
    expect(cancelled.location).toContain('payop=fail');
    expect(await realBalance(api, p.id)).toBe(2_500);
  });

  it('answers each reply kind of the contract: autopost (32), HTML (41), EUPayment (5)', async () => {
    const p = await newPlayer(api);
    const tok = await cardToken(api, '4242424242424242');
    const auto = await api.json<Reply>('payment/get_payment_fastcloudpay_url', { amount: '10', cardToken: tok }, { token: p.token });
    expect(auto.body).toMatchObject({ status: 1, reply: 'autopost', redirect_url: '/api/sandbox/card/checkout', cardForm: { session: expect.any(String) } });
    const posted = await follow(api, auto.body.redirect_url as string, auto.body.cardForm as Record<string, string>);
    expect(posted.location).toContain('payop=success');
    const html = await api.json<Reply>(
      'payment/get_payment_securepay_url',
      { amount: '10', cardToken: await cardToken(api, '4242424242424242') },
      { token: p.token },
    );
    expect(html.body).toMatchObject({ status: 1, reply: 'html', cardForm: expect.stringContaining('<form method="post" action="/api/sandbox/card/checkout"') });
    const eu = await api.json<Reply>('payment/get_eupayment_form', { amount: '10', cardToken: await cardToken(api, '4242424242424242') }, { token: p.token });
    expect(eu.body).toMatchObject({ status: 1, isDirectResult: false, redirectUrl: expect.stringMatching(/^\/api\/sandbox\/card\/checkout\//) });
    const euDone = await follow(api, eu.body.redirectUrl as string);
    expect(euDone.location).toBe('/user-management?eupayment=1');
    const { body } = await api.json('front/get_eupayment_financial_transaction', { playerId: 1 }, { token: p.token });
    expect(body).toMatchObject({ status: 1, transaction: { status: 'complete' } });
    expect(await realBalance(api, p.id)).toBe(2_000);
  });
});

describe('the transaction list tells the whole story of the deposits', () => {
  type Row = { id: number; type: string; createdAt: string; amount: number; name: string; status: string; source: string; reason: string | null };
  const list = async (token: string, filterStatus = 'all') =>
    (await api.json<{ status: number; transactions: { count: number; rows: Row[] } }>('front/get_financial_transactions', { filterStatus }, { token })).body
      .transactions;

  it('lists declined, cancelled, failed, pending and expired deposits beside the credited one, each status filterable; a late payment is listed once', async () => {
    const p = await newPlayer(api);
    const settle = async (number: string, amount: string) => {
      const reply = await cardDeposit(p.token, number, amount);
      await follow(api, reply.redirect_url as string);
      return reply;
    };
    await settle('4242 4242 4242 4242', '10');
    const declined = await settle('4000 0000 0000 0002', '11');
    await settle('4000 0000 0000 9995', '12');
    await settle('4000 0000 0000 0069', '13');
    await settle('4000 0000 0000 0119', '14');
    // Cancelled on the hosted card page; one started and not paid yet; one left unpaid for two hours.
    const { body: hosted } = await api.json<Reply>('payment/get_payment_stripe_url', { amount: 15 }, { token: p.token });
    await follow(api, `${hosted.redirect_url}/cancel`, {});
    await api.json<Reply>('payment/get_payment_stripe_url', { amount: 16 }, { token: p.token });
    const { body: stale } = await api.json<Reply>('payment/get_payment_stripe_url', { amount: 17 }, { token: p.token });
    await api.ctx.database.db.execute(sql`update payments set created_at = created_at - interval '2 hours' where id = ${paymentIdOf(stale.tx_id as string)}`);
    expect(await realBalance(api, p.id)).toBe(1_000);

    const all = await list(p.token);
    expect(all.count).toBe(8);
    const byAmount = Object.fromEntries(all.rows.map((r) => [r.amount, [r.status, r.reason, r.type, r.source]]));
    expect(byAmount).toEqual({
      10: ['complete', null, 'deposit', 'wallet'],
      11: ['declined', 'card_declined', 'deposit', 'payment'],
      12: ['declined', 'insufficient_funds', 'deposit', 'payment'],
      13: ['declined', 'expired_card', 'deposit', 'payment'],
      14: ['failed', 'processing_error', 'deposit', 'payment'],
      15: ['cancelled', 'payment_cancelled', 'deposit', 'payment'],
      16: ['pending', null, 'deposit', 'payment'],
      17: ['expired', 'expired', 'deposit', 'payment'],
    });
    expect(all.rows.every((r) => r.name === 'Card (Visa / Mastercard)')).toBe(true);
    // Newest first, as before.
    const times = all.rows.map((r) => r.createdAt);
    expect(times).toEqual([...times].sort().reverse());

    const amounts = async (status: string) => (await list(p.token, status)).rows.map((r) => r.amount).sort((a, b) => a - b);
    expect(await amounts('declined')).toEqual([11, 12, 13]);
    expect(await amounts('failed')).toEqual([14]);
    expect(await amounts('cancelled')).toEqual([15]);
    expect(await amounts('pending')).toEqual([16]);
    expect(await amounts('expired')).toEqual([17]);
    expect(await amounts('complete')).toEqual([10]);
    expect(await amounts('held')).toEqual([]);
    // A status the list does not know is refused, as before.
    expect((await api.json('front/get_financial_transactions', { filterStatus: 'lost' }, { token: p.token })).body).toMatchObject({ status: 0 });

    // The bank pays the declined one after all: credited once, listed once, complete.
    const id = paymentIdOf(declined.tx_id as string);
    const late = await postWebhook(api, 46, CARD_ADAPTER, {
      id: `evt_late_${id}`,
      type: 'payment.succeeded',
      reference: id,
      providerRef: `ch_${id}`,
      amount: 1_100,
      currency: 'EUR',
    });
    expect(late.status).toBe(200);
    expect(await realBalance(api, p.id)).toBe(2_100);
    const after = await list(p.token);
    expect(after.count).toBe(8);
    expect(after.rows.filter((r) => r.amount === 11).map((r) => [r.status, r.source])).toEqual([['complete', 'wallet']]);
    expect(await amounts('declined')).toEqual([12, 13]);
  });
});

describe('redirect wallets, autopost, popup and crypto', () => {
  it('Payop-style hosted page: approve credits, cancel does not; the return URL keeps the locale', async () => {
    const p = await newPlayer(api);
    const { body } = await api.json<Reply>('payment/get_payment_payop', { amount: '30', paymentMethod: 0, paymentId: 3, locale: 'de' }, { token: p.token });
    expect(body).toMatchObject({ status: 1, reply: 'redirect', redirect_url: expect.stringMatching(/^\/api\/sandbox\/wallet\/pay\//) });
    expect((await follow(api, body.redirect_url as string)).text).toContain('Approve payment');
    const ok = await follow(api, body.redirect_url as string, { action: 'approve' });
    expect(ok.location).toBe(`/de/user-management?payop=success&txid=${body.tx_id}&invoiceId=${body.tx_id}`);
    expect(await realBalance(api, p.id)).toBe(3_000);
    const second = await api.json<Reply>('payment/get_payment_payop', { amount: '30', paymentId: 3 }, { token: p.token });
    expect((await follow(api, second.body.redirect_url as string, { action: 'cancel' })).location).toContain('payop=fail');
    expect(await realBalance(api, p.id)).toBe(3_000);
  });

  it("SPEC's external-host processors (bitandpay, emerchantpay, paystrax, catalystpay, vialet) are listed and deposit end to end through their hosted pages", async () => {
    const p = await newPlayer(api);
    const listed = await api.json<{ processors: { id: number }[] }>('front/get_processors', {}, { token: p.token });
    expect(listed.body.processors.map((r) => r.id)).toEqual(expect.arrayContaining([55, 56, 57, 58, 59]));
    let expected = 0;
    for (const slug of ['bitandpay', 'emerchantpay', 'paystrax', 'catalystpay']) {
      // The hosted card page: the player types the card there (no token from our card fields).
      const { body } = await api.json<Reply>(`payment/get_payment_${slug}_url`, { amount: '25' }, { token: p.token });
      expect(body, slug).toMatchObject({ status: 1, reply: 'redirect', redirect_url: expect.stringMatching(/^\/api\/sandbox\/card\/checkout\//) });
      expect((await follow(api, body.redirect_url as string)).status).toBe(200);
      const paid = await follow(api, body.redirect_url as string, {
        number: '4242424242424242',
        exp_month: '12',
        exp_year: '2034',
        cvc: '123',
        name: 'Test Player',
      });
      expect(paid.location, slug).toContain('payop=success');
      expected += 2_500;
      expect(await realBalance(api, p.id), slug).toBe(expected);
      // The token of our own card fields goes the same way.
      const tok = await cardToken(api, '4242 4242 4242 4242');
      const again = await api.json<Reply>(`payment/get_payment_${slug}_url`, { amount: '10', cardToken: tok }, { token: p.token });
      await follow(api, again.body.redirect_url as string);
      expected += 1_000;
      expect(await realBalance(api, p.id), slug).toBe(expected);
    }
    // Vialet's e-wallet: approved or cancelled on its hosted page (another player: starts are limited per player).
    const v = await newPlayer(api);
    const vialet = await api.json<Reply>('payment/get_payment_vialet_url', { amount: '30' }, { token: v.token });
    expect(vialet.body).toMatchObject({ status: 1, reply: 'redirect', redirect_url: expect.stringMatching(/^\/api\/sandbox\/wallet\/pay\//) });
    expect((await follow(api, vialet.body.redirect_url as string, { action: 'cancel' })).location).toContain('payop=fail');
    expect(await realBalance(api, v.id)).toBe(0);
    const approved = await api.json<Reply>('payment/get_payment_vialet_url', { amount: '30' }, { token: v.token });
    expect((await follow(api, approved.body.redirect_url as string, { action: 'approve' })).location).toContain('payop=success');
    expect(await realBalance(api, v.id)).toBe(3_000);
  });

  it('Misterpay (19) answers the autopost form with the contract field names; a fee is kept from the credit', async () => {
    const p = await newPlayer(api);
    const { body } = await api.json<Reply>('payment/get_payment_misterpay_url', { amount: '40' }, { token: p.token });
    expect(body).toMatchObject({ status: 1, reply: 'autopost', redirect_url: '/api/sandbox/wallet/autopost' });
    expect(Object.keys(body.cardForm as object)).toEqual(
      expect.arrayContaining(['Amount', 'Currency', 'MerchantInternalOrderId', 'ReturnURL', 'AssetPaymentsKey']),
    );
    const page = await follow(api, body.redirect_url as string, body.cardForm as Record<string, string>);
    expect(page.location).toMatch(/^\/api\/sandbox\/wallet\/pay\//);
    await follow(api, page.location as string, { action: 'approve' });
    expect(await realBalance(api, p.id)).toBe(4_000);
    // Astropay (33) keeps 2.5 %.
    const fee = await api.json<Reply>('payment/get_payment_astropay_url', { amount: '100' }, { token: p.token });
    await follow(api, fee.body.redirect_url as string, { action: 'approve' });
    expect(await realBalance(api, p.id)).toBe(4_000 + 9_750);
    const row = await paymentRow(api, paymentIdOf(fee.body.tx_id as string));
    expect([row?.status, Number(row?.fee)]).toEqual(['complete', 250]);
  });

  it('PwClick (49) answers a popup; BitcoBrokers (6) a window', async () => {
    const p = await newPlayer(api);
    expect((await api.json('payment/get_payment_pwclick_url', { amount: '10' }, { token: p.token })).body).toMatchObject({ status: 1, reply: 'popup' });
    expect((await api.json('payment/get_payment_bitco_url', { amount: '10' }, { token: p.token })).body).toMatchObject({ status: 1, reply: 'address' });
  });

  it('crypto: one address per player and coin with a QR code; only that coin and at least the minimum is credited, once per chain transaction', async () => {
    const p = await newPlayer(api);
    const { body } = await api.json<Reply>('payment/get_payment_coinpay_url', { amount: '20', coin: 'LTC' }, { token: p.token });
    expect(body).toMatchObject({
      status: 1,
      reply: 'address',
      coin: 'LTC',
      min_amount: 10,
      address: expect.stringMatching(/^sbx1/),
      qr: expect.stringContaining('<svg'),
    });
    const again = await api.json<Reply>('payment/get_payment_coinpay_url', { amount: '20', coin: 'LTC' }, { token: p.token });
    expect(again.body.address).toBe(body.address);
    expect((await api.json('payment/get_payment_coinpay_url', { amount: '20', coin: 'DOGE' }, { token: p.token })).body).toEqual({
      status: 0,
      message: 'crypto_coin_unavailable',
    });
    const { confirmOnChain } = await import('../../../src/server/payments/sandbox/crypto.ts');
    expect((await confirmOnChain(api.ctx, body.address as string, 2_500)).status).toBe(200);
    expect(await realBalance(api, p.id)).toBe(2_500 - 25);
    expect((await confirmOnChain(api.ctx, body.address as string, 999)).body).toMatchObject({ status: 1, message: 'crypto_below_minimum' });
    expect((await confirmOnChain(api.ctx, body.address as string, 5_000, 'BTC')).body).toMatchObject({ status: 1, message: 'crypto_wrong_coin' });
    expect(await realBalance(api, p.id)).toBe(2_475);
    expect((await confirmOnChain(api.ctx, 'sbx1nothere', 5_000)).status).toBe(404);
  });
});

describe('refusals: never a 500, nothing moves', () => {
  it('unknown call, disabled, another country, another currency, wrong pairing of id and call', async () => {
    const p = await newPlayer(api);
    const inr = await newPlayer(api, 'INR');
    const ask = (path: string, body: object, token = p.token) => api.json(path, body, { token });
    expect(await ask('payment/get_payment_nosuch_url', { amount: 10 })).toEqual({ status: 200, body: { status: 0, message: 'processor_unavailable' } });
    expect((await ask('payment/get_payment_pacificpay_url', { amount: 10 })).body).toEqual({ status: 0, message: 'processor_unavailable' });
    expect((await ask('payment/get_payment_cryptopay_url', { amount: 10, paymentId: 16 })).body).toEqual({ status: 0, message: 'processor_not_in_country' });
    expect((await ask('payment/get_payment_astropay_url', { amount: 10 }, inr.token)).body).toEqual({ status: 0, message: 'processor_not_in_currency' });
    expect((await ask('payment/get_payment_stripe_url', { amount: 10, paymentId: 3 })).body).toEqual({ status: 0, message: 'processor_unavailable' });
    expect((await ask('payment/get_payment_stripe_url', { amount: 10, cardToken: 'not-a-token' })).body).toEqual({ status: 0, message: 'wrong_card' });
    expect((await api.call('payment/../front/get_setting', {}, { token: p.token })).status).not.toBe(500);
    expect((await ask('payment/send_money_to_me', {})).status).toBe(404);
  });

  it('minimum, maximum, daily limit and bad amounts', async () => {
    const p = await newPlayer(api);
    const ask = (amount: unknown) => api.json('payment/get_payment_payop', { amount, paymentId: 3 }, { token: p.token });
    expect((await ask('9.99')).body).toEqual({ status: 0, message: 'amount_min', params: [10] });
    expect((await ask(5000.01)).body).toEqual({ status: 0, message: 'amount_between', params: [10, 5000] });
    expect((await ask('12.345')).status).toBe(400);
    expect((await ask('-5')).status).toBe(400);
    expect((await ask('abc')).body).toMatchObject({ status: 0, message: 'validation_failed', errors: { amount: expect.any(String) } });
    for (let i = 0; i < 2; i++) {
      const { body } = await ask('5000');
      await follow(api, (body as Reply).redirect_url as string, { action: 'approve' });
    }
    expect(await realBalance(api, p.id)).toBe(1_000_000);
    expect((await ask('10')).body).toEqual({ status: 0, message: 'deposit_daily_limit', params: [10000] });
  });

  it("another player's tx_id or invoice_id answers like a missing one", async () => {
    const [a, b] = (await createPlayers(api.ctx.database.db, 2)) as [number, number];
    const ta = await tokenFor(api.ctx, a);
    const tb = await tokenFor(api.ctx, b);
    const tok = await cardToken(api, '4242424242424242');
    const { body } = await api.json<Reply>('payment/get_payment_stripe_url', { amount: '10', cardToken: tok }, { token: ta });
    const theirs = await api.json('front/get_financial_transaction', { tx_id: body.tx_id, invoice_id: body.tx_id }, { token: tb });
    expect(theirs.body).toEqual({ status: 0, message: 'transaction_not_found' });
    expect((await api.json('front/get_financial_transaction', { tx_id: 'pay_999999999' }, { token: ta })).body).toEqual({
      status: 0,
      message: 'transaction_not_found',
    });
  });
});
