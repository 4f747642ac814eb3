// A withdrawal names where its money goes, as its processor's kind needs (a bank: the bank
// form; an e-wallet: the account there; crypto: a coin it pays in and a valid address of
// it): without it the request is refused naming each missing field, and nothing changes.
// A player cancels only their own withdrawal requests, which exist with their payment or
// not at all; a staff refund is never a pending withdrawal a player could cancel.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../../src/server/db/client.ts';
import { approveWithdrawal, refundDeposit } from '../../../src/server/payments/desk.ts';
import { readBalance, walletOf } from '../../../src/server/wallet/index.ts';
import { type TestApi, testApi } from '../../helpers/app.ts';
import { engine } from '../../helpers/db.ts';
import { newKey } from '../../helpers/wallet.ts';
import { BANK, follow, newPlayer, paymentIdOf, verifiedPlayer } from './helpers.ts';
import { expectBalancedLedger } from '../../helpers/studio.ts';

let api: TestApi;
beforeAll(async () => {
  api = await testApi({}, { demo: false });
});
afterAll(() => api.close());

const staff = { staffId: null, via: 'test' };
type Reply = { status: number; message?: string; errors?: Record<string, string>; result?: { transactionId: number } };

const fundedPlayer = (cents = 10_000) => verifiedPlayer(api, cents);

const withdraw = (token: string, body: Record<string, unknown>) => api.json<Reply>('payment/send_withdrawal_request', { amount: 20, ...body }, { token });

/** What a refused request must leave as it was: the balance and the player's payments. */
async function untouched(playerId: number) {
  const balance = await readBalance(api.ctx.database.db, playerId);
  const [n] = await rows<{ n: number }>(api.ctx.database.db, sql`select count(*)::int as n from payments where player_id = ${playerId}`);
  return { real: balance.real, locked: balance.locked, payments: n?.n };
}

const paymentOfTx = async (transactionId: number) =>
  Number((await rows<{ id: string }>(api.ctx.database.db, sql`select id from payments where wallet_tx_id = ${transactionId}`))[0]?.id);

describe('where a withdrawal goes, by kind', () => {
  it('bank transfer: without the bank form every field is named and nothing changes; with it, staff pay it out', async () => {
    const p = await fundedPlayer();
    const before = await untouched(p.id);
    const missing = await withdraw(p.token, { paymentId: 2 });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({
      status: 0,
      message: 'validation_failed',
      errors: Object.fromEntries(
        ['country', 'accountNumber', 'beneficiaryName', 'swiftCode', 'bankName', 'city', 'zipCode', 'registrationAddress'].map((f) => [
          `bankForm.${f}`,
          'field_required',
        ]),
      ),
    });
    // Another kind's destination is not a bank's.
    expect((await withdraw(p.token, { paymentId: 2, walletAccount: { account: 'player@example.com' } })).status).toBe(400);
    expect(await untouched(p.id)).toEqual(before);
    const sent = await withdraw(p.token, { paymentId: 2, bankForm: BANK });
    expect(sent.body.status).toBe(1);
    const id = await paymentOfTx(sent.body.result?.transactionId as number);
    expect(await approveWithdrawal(api.ctx, staff, id)).toEqual({ ok: true, status: 'complete' });
  });

  it('e-wallet (Advcash): the account is required and must be an e-mail or an account number; then it is paid out there', async () => {
    const p = await fundedPlayer();
    const before = await untouched(p.id);
    const missing = await withdraw(p.token, { paymentId: 4 });
    expect([missing.status, missing.body.errors]).toEqual([400, { 'walletAccount.account': 'field_required' }]);
    const bad = await withdraw(p.token, { paymentId: 4, walletAccount: { account: 'not an account!' } });
    expect([bad.status, bad.body.errors]).toEqual([400, { 'walletAccount.account': 'wallet_account_invalid' }]);
    expect(await untouched(p.id)).toEqual(before);
    const sent = await withdraw(p.token, { paymentId: 4, walletAccount: { account: ' U 1234 5678 9012 ' } });
    expect(sent.body.status).toBe(1);
    const id = await paymentOfTx(sent.body.result?.transactionId as number);
    const [row] = await rows<{ details: unknown }>(api.ctx.database.db, sql`select details from payments where id = ${id}`);
    expect(row?.details).toEqual({ account: 'U 1234 5678 9012' });
    expect(await approveWithdrawal(api.ctx, staff, id)).toEqual({ ok: true, status: 'complete' });
  });

  it('crypto (Bitpay, BTC): coin and address are required, the coin must be one it pays in, the address must pass its checksum', async () => {
    const p = await fundedPlayer();
    const before = await untouched(p.id);
    const missing = await withdraw(p.token, { paymentId: 8 });
    expect([missing.status, missing.body.errors]).toEqual([400, { 'cryptoAddress.coin': 'field_required', 'cryptoAddress.address': 'field_required' }]);
    const otherCoin = await withdraw(p.token, { paymentId: 8, cryptoAddress: { coin: 'LTC', address: 'ltc1qg82mn0ln6f4ldgzs7ssqp3dzgg2pf7hlx0vlp0' } });
    expect(otherCoin.body.errors).toEqual({ 'cryptoAddress.coin': 'crypto_coin_unavailable' });
    // One character off: the shape is right, the checksum is not.
    const typo = await withdraw(p.token, { paymentId: 8, cryptoAddress: { coin: 'BTC', address: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5' } });
    expect(typo.body.errors).toEqual({ 'cryptoAddress.address': 'crypto_address_invalid' });
    const shape = await withdraw(p.token, { paymentId: 8, cryptoAddress: { coin: 'BTC', address: '0x52908400098527886E0F7030069857D2E4169EE7' } });
    expect(shape.body.errors).toEqual({ 'cryptoAddress.address': 'crypto_address_invalid' });
    expect(await untouched(p.id)).toEqual(before);
    for (const address of ['bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa']) {
      const sent = await withdraw(p.token, { paymentId: 8, cryptoAddress: { coin: 'BTC', address } });
      expect(sent.body.status).toBe(1);
      expect(await approveWithdrawal(api.ctx, staff, await paymentOfTx(sent.body.result?.transactionId as number))).toEqual({ ok: true, status: 'complete' });
    }
  });

  it('refuses to pay out a withdrawal stored without a destination, and a card processor pays out nowhere', async () => {
    const p = await fundedPlayer();
    const sent = await withdraw(p.token, { paymentId: 2, bankForm: BANK });
    const id = await paymentOfTx(sent.body.result?.transactionId as number);
    // A request from before destinations were required.
    await api.ctx.database.db.execute(sql`update payments set details = '{}'::jsonb where id = ${id}`);
    expect(await approveWithdrawal(api.ctx, staff, id)).toEqual({ ok: false, message: 'withdrawal_destination_missing' });
    await api.ctx.database.db.execute(sql`update payment_processors set withdraw = true where id = 46`);
    try {
      expect((await withdraw(p.token, { paymentId: 46, bankForm: BANK })).body).toEqual({ status: 0, message: 'processor_unavailable' });
    } finally {
      await api.ctx.database.db.execute(sql`update payment_processors set withdraw = false where id = 46`);
    }
  });
});

describe('what a player may cancel', () => {
  it('a withdrawal in the wallet with no withdrawal payment behind it (half made, or a refund) cannot be cancelled', async () => {
    const p = await fundedPlayer();
    const half = await walletOf(api.ctx).withdrawalRequest({ key: newKey('half'), playerId: p.id, amount: 3_000, provider: 'Refund' });
    if (!half.ok) throw new Error(half.code);
    expect((await api.json('front/cancel_withdrawal_request', { transactionId: half.operationId }, { token: p.token })).body).toEqual({
      status: 0,
      message: 'transaction_not_found',
    });
    expect(await readBalance(api.ctx.database.db, p.id)).toMatchObject({ real: 7_000, locked: 3_000 });
  });

  it('a refund is complete in one operation: never pending, never the player’s to cancel', async () => {
    const p = await newPlayer(api);
    const { body } = await api.json<{ tx_id: string; redirect_url: string }>('payment/get_payment_payop', { amount: 20, paymentId: 3 }, { token: p.token });
    await follow(api, body.redirect_url, { action: 'approve' });
    const deposit = paymentIdOf(body.tx_id);
    expect(await refundDeposit(api.ctx, staff, deposit)).toEqual({ ok: true, status: 'refunded' });
    const [refund] = await rows<{ id: string; status: string }>(
      api.ctx.database.db,
      sql`select id, status from financial_transactions where player_id = ${p.id} and type = 'withdrawal'`,
    );
    expect(refund?.status).toBe('complete');
    expect((await api.json('front/cancel_withdrawal_request', { transactionId: Number(refund?.id) }, { token: p.token })).body).toEqual({
      status: 0,
      message: 'transaction_not_found',
    });
    expect(await readBalance(api.ctx.database.db, p.id)).toMatchObject({ real: 0, locked: 0 });
    await expectBalancedLedger(api.ctx.database.db);
  });

  it('a request whose payment cannot be written holds no money: the request and its payment are one transaction', async () => {
    const p = await fundedPlayer();
    // A crash at the moment the payment is tied to the wallet's hold (a trigger stands for it): when
    // that were a step of its own, the hold would stay with no payment a player or staff could find.
    const db = api.ctx.database.db;
    await db.execute(sql.raw(`create function refuse_payment() returns trigger language plpgsql as $$ begin raise exception 'payments are down'; end $$`));
    await db.execute(
      sql.raw(
        'create trigger refuse_payment before insert or update on payments for each row when (new.amount = 1234 and new.wallet_tx_id is not null) execute function refuse_payment()',
      ),
    );
    try {
      const crashed = await withdraw(p.token, { paymentId: 2, amount: 12.34, bankForm: BANK });
      expect(crashed.status).toBe(500);
    } finally {
      await db.execute(sql.raw('drop trigger refuse_payment on payments'));
      await db.execute(sql.raw('drop function refuse_payment()'));
    }
    expect(await readBalance(api.ctx.database.db, p.id)).toMatchObject({ real: 10_000, locked: 0 });
    const [n] = await rows<{ n: number }>(
      api.ctx.database.db,
      sql`select count(*)::int as n from financial_transactions where player_id = ${p.id} and type = 'withdrawal'`,
    );
    expect(n?.n).toBe(0);
    await expectBalancedLedger(api.ctx.database.db);
  });

  it(`two tabs cancelling and the staff approving one request at once: one wins (${engine})`, async () => {
    const p = await fundedPlayer();
    const sent = await withdraw(p.token, { paymentId: 2, bankForm: BANK });
    const tx = sent.body.result?.transactionId as number;
    const id = await paymentOfTx(tx);
    const [a, b, approved] = await Promise.all([
      api.json<{ status: number }>('front/cancel_withdrawal_request', { transactionId: tx }, { token: p.token }),
      api.json<{ status: number }>('front/cancel_withdrawal_request', { transactionId: tx }, { token: p.token }),
      approveWithdrawal(api.ctx, staff, id),
    ]);
    const cancelled = a.body.status === 1 || b.body.status === 1;
    expect(cancelled !== approved.ok).toBe(true);
    expect(await readBalance(api.ctx.database.db, p.id)).toMatchObject({ real: cancelled ? 10_000 : 8_000, locked: 0 });
    await expectBalancedLedger(api.ctx.database.db);
  });
});
